package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rs/zerolog"

	"topup/api"
	"topup/store/storetest"
)

// gameIndex is index.html as the build leaves it: the game page's template
// once per language (web/index.html's, shortened to what the server fills).
func gameIndex() string {
	tmpl := func(lang string) string {
		return `<template data-first-screen="detail" data-fill="server" lang="` + lang + `"><div id="first-screen">` +
			`<p>{{.Game}}</p><h1>{{.Service}}</h1><ul>{{range .Products}}<li><img src="{{.Image}}" fetchpriority="{{.Priority}}"><h2>{{.Name}}</h2>` +
			`{{if .Was}}<s>{{.Was}} Ks</s>{{end}}<b>{{.Total}} Ks</b><i>incl. {{$.Charge}} Ks</i>{{if .Popular}}<em>Popular</em>{{end}}</li>{{end}}</ul></div></template>`
	}
	return "<!doctype html><head><title>app</title></head><body>" + tmpl("en") + tmpl("my") + "<div id=root></div></body>"
}

func TestGamePageFirstScreen(t *testing.T) {
	index := gameIndex()
	h := newAdminHarness(t)
	// The harness's options with this index.html; admin requests go to it too,
	// so that it hears their forgetting the catalogue.
	pages := api.New(h.opts)
	if err := pages.MountWeb(fstest.MapFS{"index.html": {Data: []byte(index)}}, nil); err != nil {
		t.Fatal(err)
	}
	guests := api.New(api.Options{Store: h.db, Log: zerolog.Nop(), Public: api.PublicConfig{GuestBrowsing: true}})
	if err := guests.MountWeb(fstest.MapFS{"index.html": {Data: []byte(index)}}, nil); err != nil {
		t.Fatal(err)
	}
	getFrom := func(t *testing.T, srv *api.Server, path, cookie string) string {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		res := send(t, srv.App(), req)
		if res.status != http.StatusOK {
			t.Fatalf("status %d", res.status)
		}
		return res.body
	}
	get := func(t *testing.T, path string) string { return getFrom(t, pages, path, "token=abc") }
	copyIn := func(t *testing.T, body, lang string) string {
		t.Helper()
		_, rest, ok := strings.Cut(body, `<template data-first-screen="detail" lang="`+lang+`"`)
		if !ok {
			t.Fatalf("body %q: no filled %s copy", body, lang)
		}
		copy, _, _ := strings.Cut(rest, "</template>")
		return copy
	}

	t.Run("a signed-in visitor's game page shows its first six products in each language", func(t *testing.T) {
		body := get(t, "/detail/top-up/mobile-legends")
		if strings.Contains(body, "data-fill") {
			t.Fatalf("body %q: a template left unfilled", body)
		}
		en, my := copyIn(t, body, "en"), copyIn(t, body, "my")
		if n := strings.Count(en, "<li>"); n != 6 {
			t.Fatalf("en copy %q: %d products, want 6", en, n)
		}
		// Passes first (the catalogue's order), the service charge in every total, Latin digits in both languages.
		for _, want := range []string{
			`<p>Mobile Legends</p><h1>Top Up</h1>`,
			`<li><img src="/media/products/pass-weekly.svg" fetchpriority="high"><h2>Weekly Diamond Pass</h2><s>7,350 Ks</s><b>6,550 Ks</b><i>incl. 50 Ks</i></li>`,
			`<li><img src="/media/products/pass-season.svg" fetchpriority="auto"><h2>Twilight Pass</h2><b>35,050 Ks</b>`,
			`<h2>86 Diamonds</h2><b>5,350 Ks</b><i>incl. 50 Ks</i><em>Popular</em>`,
		} {
			if !strings.Contains(en, want) {
				t.Errorf("en copy %q lacks %q", en, want)
			}
		}
		if !strings.Contains(my, `<h2>အပတ်စဉ် စိန်ပတ်စ်</h2><s>7,350 Ks</s>`) || !strings.Contains(my, `<h2>စိန် 86</h2>`) {
			t.Errorf("my copy %q: want the Burmese names", my)
		}
		if !strings.Contains(body, `<link rel="preload" as="image" href="/media/products/pass-weekly.svg" fetchpriority="high"></head>`) {
			t.Errorf("body %q: want the first image preloaded", body)
		}
		if !strings.Contains(body, `lang="en" data-service="`) {
			t.Errorf("body %q: want the products' one service named for the script", body)
		}
		copyIn(t, get(t, "/detail/top-up/mobile-legends?page=1"), "en") // the list's first page, named
	})

	for _, tt := range []struct{ name, path string }{
		{"an unknown game", "/detail/top-up/no-such-game"},
		{"a slug no game can have", "/detail/top-up/Mobile_Legends"},
		{"a game of accounts (their cards are not in the template)", "/detail/account/mlbb-accounts"},
		{"not a game's page", "/detail/mobile-legends"},
		{"a later page of the list (index.html's script shows no copy there, so no preload either)", "/detail/top-up/mobile-legends?page=2"},
		{"a page param that is not 1", "/detail/top-up/mobile-legends?sort=x&page="},
	} {
		t.Run(tt.name+": index.html as built", func(t *testing.T) {
			if body := get(t, tt.path); body != index {
				t.Fatalf("body %q, want index.html as built", body)
			}
		})
	}

	t.Run("a guest is sent to /login: none, unless guest browsing is on", func(t *testing.T) {
		if body := getFrom(t, pages, "/detail/top-up/mobile-legends", ""); body != index {
			t.Fatalf("body %q, want index.html as built", body)
		}
		copyIn(t, getFrom(t, guests, "/detail/top-up/mobile-legends", ""), "en")
	})

	t.Run("names typed by an admin are escaped, and the change shows at once", func(t *testing.T) {
		var id int64
		if err := h.db.SQL().Get(&id, `SELECT p.id FROM products p JOIN games g ON g.id = p.game_id WHERE g.slug = 'free-fire' AND p.name = 'Weekly Membership'`); err != nil {
			t.Fatal(err)
		}
		get(t, "/detail/top-up/free-fire") // kept for the next visitor
		hostile := `</h2></template><script>alert(1)</script><img src=x onerror="alert(2)">&`
		h.do(t, authReq{method: "PATCH", path: fmt.Sprintf("/api/admin/products/%d", id), token: h.boss.token, node: pages,
			body: map[string]any{"name": hostile, "name_my": hostile}}).want(t, 200)
		body := get(t, "/detail/top-up/free-fire")
		if strings.Contains(body, "<script>") || strings.Contains(body, "<img src=x") {
			t.Fatalf("body %q: the name is markup", body)
		}
		escaped := `<h2>&lt;/h2&gt;&lt;/template&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&#34;alert(2)&#34;&gt;&amp;</h2>`
		if en, my := copyIn(t, body, "en"), copyIn(t, body, "my"); !strings.Contains(en, escaped) || !strings.Contains(my, escaped) {
			t.Fatalf("copies %q, %q: want the name escaped", en, my)
		}
	})

	t.Run("an image address that is not a URL is not followed", func(t *testing.T) {
		var id int64
		if err := h.db.SQL().Get(&id, `SELECT p.id FROM products p JOIN games g ON g.id = p.game_id WHERE g.slug = 'genshin-impact' AND p.is_pass`); err != nil {
			t.Fatal(err)
		}
		h.db.SQL().MustExec(`UPDATE products SET img_url = $1 WHERE id = $2`, `javascript:alert(1)" onload="alert(2)`, id)
		body := get(t, "/detail/top-up/genshin-impact")
		if strings.Contains(body, "javascript:") || strings.Contains(body, `" onload=`) {
			t.Fatalf("body %q: the address is followed or breaks out of its attribute", body)
		}
	})

	t.Run("the store failing: index.html as built", func(t *testing.T) {
		closed := storetest.New(t)
		srv := api.New(api.Options{Store: closed, Log: zerolog.Nop()})
		if err := srv.MountWeb(fstest.MapFS{"index.html": {Data: []byte(index)}}, nil); err != nil {
			t.Fatal(err)
		}
		if err := closed.Close(); err != nil {
			t.Fatal(err)
		}
		if body := getFrom(t, srv, "/detail/top-up/mobile-legends", "token=abc"); body != index {
			t.Fatalf("body %q, want index.html as built", body)
		}
	})
}
