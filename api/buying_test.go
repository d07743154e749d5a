package api_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"topup/store"
)

// productNames lists the names of a game's products as GET /api/products
// answers them (one page), with the page's size and count.
func productNames(t *testing.T, h *adminHarness, slug, extra string) (names []string, perPage, lastPage int64) {
	t.Helper()
	r := h.do(t, authReq{method: "GET", path: "/api/products?game_slug=" + slug + extra}).want(t, 200)
	for _, p := range pageData(r) {
		names = append(names, p.(map[string]any)["name"].(string))
	}
	return names, num(r.data()["per_page"]), num(r.data()["last_page"])
}

// Issue 25, "packs sorted": passes and subscriptions first, then the
// admin's sort, then the pack's size (data.amount), then the price; a
// game's whole list in one page of up to 50.
func TestGamePriceListOrder(t *testing.T) {
	h := newAdminHarness(t)
	tok := h.boss.token

	seeded := []struct {
		slug  string
		first []string // the list's first names, in order
		total int
	}{
		{"mobile-legends", []string{"Weekly Diamond Pass", "Twilight Pass", "11 Diamonds", "22 Diamonds", "56 Diamonds", "86 Diamonds"}, 15},
		{"free-fire", []string{"Weekly Membership", "Monthly Membership", "100 Diamonds", "210 Diamonds"}, 9},
		{"genshin-impact", []string{"Blessing of the Welkin Moon", "60 Genesis Crystals", "330 Genesis Crystals"}, 7},
		{"clash-of-clans", []string{"Gold Pass", "80 Gems", "500 Gems"}, 6},
		{"pubg-coin", []string{"60 UC", "120 UC", "180 UC"}, 10},
		{"steam-wallet", []string{"$5 Steam Wallet Code", "$10 Steam Wallet Code", "$20 Steam Wallet Code"}, 4},
	}
	for _, tc := range seeded {
		t.Run(tc.slug, func(t *testing.T) {
			names, perPage, last := productNames(t, h, tc.slug, "")
			if len(names) != tc.total || perPage != 50 || last != 1 {
				t.Fatalf("%d products (per page %d, %d pages), want all %d on one page: %v", len(names), perPage, last, tc.total, names)
			}
			if got := strings.Join(names[:len(tc.first)], " | "); got != strings.Join(tc.first, " | ") {
				t.Fatalf("order %s\nwant    %s", got, strings.Join(tc.first, " | "))
			}
		})
	}

	// A game the admin builds: no sort set, so the size decides; a pass
	// goes first; a sort the admin sets wins over the size.
	var service int64
	if err := h.db.SQL().Get(&service, `SELECT id FROM services WHERE slug = 'top-up'`); err != nil {
		t.Fatal(err)
	}
	game := num(h.call(t, tok, "POST", "/api/admin/games", map[string]any{"service_id": service, "name": "Sorted Game", "slug": "sorted-game"}).want(t, 201).data()["id"])
	product := func(name string, amount any, price int, pass bool) int64 {
		return num(h.call(t, tok, "POST", "/api/admin/products", map[string]any{"game_id": game, "name": name, "price": price,
			"is_pass": pass, "data": map[string]any{"amount": amount}}).want(t, 201).data()["id"])
	}
	product("3000 Coins", 3000, 90000, false)
	product("30 Coins", 30, 900, false)
	product("No size, cheap", "lots", 100, false)
	product("No size, dear", nil, 200, false)
	pass := product("Season Pass", 0, 30000, true)
	big := product("300 Coins", 300, 9000, false)
	if r := h.call(t, tok, "GET", fmt.Sprintf("/api/admin/products/%d", pass), nil).want(t, 200); r.data()["is_pass"] != true {
		t.Fatalf("admin product %s", r.body)
	}

	steps := []struct {
		name string
		edit map[int64]map[string]any
		want string
	}{
		{"by size, sizeless last by price", nil, "Season Pass | 30 Coins | 300 Coins | 3000 Coins | No size, cheap | No size, dear"},
		{"the admin's sort first", map[int64]map[string]any{big: {"sort": -1}}, "Season Pass | 300 Coins | 30 Coins | 3000 Coins | No size, cheap | No size, dear"},
		{"a pass no more", map[int64]map[string]any{pass: {"is_pass": false, "sort": 5}}, "300 Coins | 30 Coins | 3000 Coins | No size, cheap | No size, dear | Season Pass"},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			for id, body := range st.edit {
				h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/products/%d", id), body).want(t, 200)
			}
			names, _, _ := productNames(t, h, "sorted-game", "")
			if got := strings.Join(names, " | "); got != st.want {
				t.Fatalf("order %s\nwant  %s", got, st.want)
			}
		})
	}

	t.Run("more than 50 packs page by 50", func(t *testing.T) {
		for i := range 46 {
			product(fmt.Sprintf("%d Extra", 4000+i), 4000+i, 100000+i, false)
		}
		names, perPage, last := productNames(t, h, "sorted-game", "")
		if len(names) != 50 || perPage != 50 || last != 2 {
			t.Fatalf("%d on page 1 of %d (per page %d)", len(names), last, perPage)
		}
		if names, _, _ := productNames(t, h, "sorted-game", "&page=2"); len(names) != 2 {
			t.Fatalf("page 2: %v", names)
		}
		if names, perPage, _ := productNames(t, h, "sorted-game", "&per_page=12"); len(names) != 12 || perPage != 12 {
			t.Fatalf("an asked page size: %d, %d", len(names), perPage)
		}
	})
}

// Issue 25, search: abbreviations (the initials of a game's English name),
// the admin's aliases, Burmese names and Zawgyi typing find the game.
func TestSearchAbbreviationsAndAliases(t *testing.T) {
	h := newAdminHarness(t)
	tok := h.boss.token
	games := func(t *testing.T, q string) []string {
		t.Helper()
		r := h.do(t, authReq{method: "GET", path: "/api/search?q=" + url.QueryEscape(q)}).want(t, 200)
		var out []string
		for _, g := range r.data()["games"].([]any) {
			out = append(out, g.(map[string]any)["slug"].(string))
		}
		return out
	}

	var ml int64
	if err := h.db.SQL().Get(&ml, `SELECT id FROM games WHERE slug = 'mobile-legends'`); err != nil {
		t.Fatal(err)
	}
	// The admin's aliases are tidied: lowercased, Zawgyi as Unicode,
	// split on commas (Burmese ၊ too), blanks and repeats dropped.
	r := h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/games/%d", ml), map[string]any{
		"search_aliases": "MLBB,  Mobile  Legend ,mlbb,,ေရႊ ဂိမ္း၊ bang bang"}).want(t, 200)
	if r.data()["search_aliases"] != "mlbb, mobile legend, ရွှေ ဂိမ်း, bang bang" || r.data()["search_initials"] != "ml" {
		t.Fatalf("aliases stored as %q, initials %q", r.data()["search_aliases"], r.data()["search_initials"])
	}
	h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/games/%d", ml), map[string]any{"search_aliases": strings.Repeat("x", 501)}).want(t, 422)

	tests := []struct {
		q     string
		first string // the best game
		also  []string
	}{
		{"ml", "mobile-legends", []string{"mlbb-accounts"}},
		{"ML", "mobile-legends", nil},
		{"pubg", "pubg-coin", []string{"pubg-accounts"}},
		{"ff", "free-fire", nil},
		{"coc", "clash-of-clans", nil},
		{"hok", "honor-of-kings", nil},
		{"mlbb", "mobile-legends", []string{"mlbb-accounts"}},
		{"bang bang", "mobile-legends", nil},
		{"ရွှေ ဂိမ်း", "mobile-legends", nil},              // the admin's Burmese alias
		{"ေရႊ ဂိမ္း", "mobile-legends", nil},               // the same, typed in Zawgyi
		{"မိုဘိုင်း", "mobile-legends", nil},               // part of the Burmese name
		{"ဖရီးဖိုင်ယာ", "free-fire", nil},                  // the Burmese name
		{"ပပ်ဂျီ", "pubg-coin", []string{"pubg-accounts"}}, // the seed's Burmese spelling
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) {
			got := games(t, tc.q)
			if len(got) == 0 || got[0] != tc.first {
				t.Fatalf("found %v, want %s first", got, tc.first)
			}
			for _, a := range tc.also {
				if !strings.Contains(strings.Join(got, " "), a) {
					t.Errorf("found %v, want %s too", got, a)
				}
			}
		})
	}

	t.Run("products of a game found by its abbreviation", func(t *testing.T) {
		r := h.do(t, authReq{method: "GET", path: "/api/search?q=" + url.QueryEscape("ml 86")}).want(t, 200)
		list := pageData(authResult{json: map[string]any{"data": r.data()["products"]}})
		if len(list) != 1 || list[0].(map[string]any)["name"] != "86 Diamonds" {
			t.Fatalf("ml 86 found %v", list)
		}
	})
	t.Run("no abbreviation matches nothing", func(t *testing.T) {
		if got := games(t, "qqz"); len(got) != 0 {
			t.Fatalf("found %v", got)
		}
	})
}

// Issue 25, "Where is my ID?": the admin sets a game's help picture (an
// uploaded image's URL), products and games carry it, and it can be
// removed; it is one of the media files `topup verify` checks.
func TestGameIDHelpImage(t *testing.T) {
	h := newAdminHarness(t)
	tok := h.boss.token
	var ff int64
	if err := h.db.SQL().Get(&ff, `SELECT id FROM games WHERE slug = 'free-fire'`); err != nil {
		t.Fatal(err)
	}
	helpOf := func(t *testing.T) (game, product any) {
		t.Helper()
		for _, g := range h.do(t, authReq{method: "GET", path: "/api/games"}).want(t, 200).json["data"].([]any) {
			if g.(map[string]any)["slug"] == "free-fire" {
				game = g.(map[string]any)["id_help_url"]
			}
		}
		p := pageData(h.do(t, authReq{method: "GET", path: "/api/products?game_slug=free-fire"}).want(t, 200))[0]
		return game, obj(p.(map[string]any), "game")["id_help_url"]
	}
	if g, p := helpOf(t); g != "/media/help/free-fire.svg" || p != g {
		t.Fatalf("seeded help %v / %v", g, p)
	}
	h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/games/%d", ff), map[string]any{"id_help_url": "javascript:alert(1)"}).want(t, 422)
	up := "/media/uploads/0123456789abcdef0123456789abcdef.png"
	r := h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/games/%d", ff), map[string]any{"id_help_url": up}).want(t, 200)
	if r.data()["id_help_url"] != up {
		t.Fatalf("patch %s", r.body)
	}
	if g, p := helpOf(t); g != up || p != up {
		t.Fatalf("replaced help %v / %v", g, p)
	}
	refs := h.mediaRefs(t)
	if !strings.Contains(refs, "games.id_help_url "+fmt.Sprint(ff)) {
		t.Fatalf("media refs %s", refs)
	}
	h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/games/%d", ff), map[string]any{"id_help_url": ""}).want(t, 200)
	if g, p := helpOf(t); g != "" || p != "" {
		t.Fatalf("removed help %v / %v", g, p)
	}
}

// mediaRefs lists the rows `topup verify` finds pointing at uploaded media.
func (h *adminHarness) mediaRefs(t *testing.T) string {
	t.Helper()
	var rows []string
	err := h.db.BlobRefs(context.Background(), "/media/uploads/", func(r store.BlobRef) error {
		if r.Kind == store.BlobMedia {
			rows = append(rows, r.Where)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(rows, "; ")
}
