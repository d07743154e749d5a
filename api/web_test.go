package api_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
	"github.com/rs/zerolog"

	"topup/api"
	"topup/store/storetest"
)

func TestStaticCompression(t *testing.T) {
	js := []byte(strings.Repeat("export const greeting = 'mingalaba';\n", 200))
	site := fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><title>app</title>")},
		"assets/vendor-1.js":   {Data: js},
		"assets/font-1.woff2":  {Data: bytes.Repeat([]byte{0}, 4096)},
		"assets/small-1.js":    {Data: []byte("console.log(1)")},
		"assets/picture-1.svg": {Data: []byte(strings.Repeat("<path d='M0 0h10v10z'/>", 100))},
	}
	srv := api.New(api.Options{Log: zerolog.Nop()})
	if err := srv.MountWeb(site, nil); err != nil {
		t.Fatal(err)
	}
	get := func(t *testing.T, path string, header ...string) (response, []byte) {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		res := send(t, srv.App(), req)
		return res, []byte(res.body)
	}
	decode := func(t *testing.T, enc string, body []byte) []byte {
		t.Helper()
		var r io.Reader
		switch enc {
		case "br":
			r = brotli.NewReader(bytes.NewReader(body))
		case "gzip":
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			r = zr
		default:
			return body
		}
		out, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}

	tests := []struct {
		name, path, accept, wantEncoding string
		wantVary                         bool
	}{
		{"brotli preferred", "/assets/vendor-1.js", "gzip, deflate, br, zstd", "br", true},
		{"gzip when brotli is not accepted", "/assets/vendor-1.js", "gzip, deflate", "gzip", true},
		{"client's q-values win", "/assets/vendor-1.js", "br;q=0.5, gzip", "gzip", true},
		{"q=0 refuses a coding the star would allow", "/assets/vendor-1.js", "br;q=0, *", "gzip", true},
		{"identity without Accept-Encoding", "/assets/vendor-1.js", "", "", true},
		{"unknown codings only", "/assets/vendor-1.js", "zstd", "", true},
		{"svg is text", "/assets/picture-1.svg", "br", "br", true},
		{"fonts are left alone", "/assets/font-1.woff2", "br, gzip", "", false},
		{"tiny files are left alone", "/assets/small-1.js", "br, gzip", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, body := get(t, tt.path, "Accept-Encoding", tt.accept)
			if res.status != http.StatusOK {
				t.Fatalf("status = %d", res.status)
			}
			if got := res.header.Get("Content-Encoding"); got != tt.wantEncoding {
				t.Fatalf("Content-Encoding = %q, want %q", got, tt.wantEncoding)
			}
			if got := strings.Contains(res.header.Get("Vary"), "Accept-Encoding"); got != tt.wantVary {
				t.Errorf("Vary = %q, want Accept-Encoding: %v", res.header.Get("Vary"), tt.wantVary)
			}
			want := site[strings.TrimPrefix(tt.path, "/")].Data
			if got := decode(t, tt.wantEncoding, body); !bytes.Equal(got, want) {
				t.Fatalf("decoded body is %d bytes, want the file's %d", len(got), len(want))
			}
			if tt.wantEncoding != "" && len(body) >= len(want) {
				t.Errorf("compressed body %d bytes is not smaller than %d", len(body), len(want))
			}
		})
	}

	t.Run("each encoding has its own validator", func(t *testing.T) {
		br, _ := get(t, "/assets/vendor-1.js", "Accept-Encoding", "br")
		gz, _ := get(t, "/assets/vendor-1.js", "Accept-Encoding", "gzip")
		plain, _ := get(t, "/assets/vendor-1.js")
		tags := map[string]bool{br.header.Get("ETag"): true, gz.header.Get("ETag"): true, plain.header.Get("ETag"): true}
		if len(tags) != 3 {
			t.Fatalf("ETags br %q, gzip %q, identity %q: want three different", br.header.Get("ETag"), gz.header.Get("ETag"), plain.header.Get("ETag"))
		}
		again, _ := get(t, "/assets/vendor-1.js", "Accept-Encoding", "br", "If-None-Match", br.header.Get("ETag"))
		if again.status != http.StatusNotModified {
			t.Errorf("revalidating br: status %d, want 304", again.status)
		}
		cross, _ := get(t, "/assets/vendor-1.js", "Accept-Encoding", "gzip", "If-None-Match", br.header.Get("ETag"))
		if cross.status != http.StatusOK {
			t.Errorf("br validator on a gzip request: status %d, want 200", cross.status)
		}
	})
}

func TestIndexFirstScreen(t *testing.T) {
	const template = `<template id="first-screen-template"><div id="first-screen"><img src="" alt="" class="w-full"></div></template>`
	index := "<!doctype html><head><title>app</title></head><body>" + template + "<div id=root></div></body>"
	db := storetest.New(t)
	// GUEST_BROWSING on makes /home public, so a guest gets the first screen too.
	servers := map[bool]*api.Server{}
	for _, guests := range []bool{false, true} {
		srv := api.New(api.Options{Store: db, Log: zerolog.Nop(), Public: api.PublicConfig{GuestBrowsing: guests}})
		if err := srv.MountWeb(fstest.MapFS{"index.html": {Data: []byte(index)}}, nil); err != nil {
			t.Fatal(err)
		}
		servers[guests] = srv
	}
	getFrom := func(t *testing.T, guests bool, path, cookie string) string {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		res := send(t, servers[guests].App(), req)
		if res.status != http.StatusOK {
			t.Fatalf("status %d", res.status)
		}
		return res.body
	}
	get := func(t *testing.T, path, cookie string) string { return getFrom(t, false, path, cookie) }
	db.SQL().MustExec(`INSERT INTO banners (title, image_url) VALUES ('Double diamonds', '/media/banners/a.svg?x=1&y="2"')`)
	filled := template + `<div id="first-screen"><img src="/media/banners/a.svg?x=1&amp;y=&#34;2&#34;" alt="" class="w-full"></div><div id=root>`
	tests := []struct {
		name, path, cookie string
		guests, want       bool
	}{
		{"signed in on /home", "/home", "token=abc", false, true},
		{"signed in on /", "/", "lang=my; token=abc", false, true},
		{"guest on /home goes to /login: none", "/home", "", false, false},
		{"signed in elsewhere", "/top-up", "token=abc", false, false},
		{"guest browsing: guest on /home", "/home", "", true, true},
		{"guest browsing: guest on /", "/", "lang=my", true, true},
		{"guest browsing: guest elsewhere", "/top-up", "", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := getFrom(t, tt.guests, tt.path, tt.cookie)
			if got := strings.Contains(body, filled); got != tt.want {
				t.Fatalf("body %q: first screen %v, want %v", body, got, tt.want)
			}
			if !tt.want && body != index {
				t.Fatalf("body %q, want index.html as built", body)
			}
		})
	}

	t.Run("a new banner image is sent, not the page kept for the last one", func(t *testing.T) {
		db.SQL().MustExec(`UPDATE banners SET image_url = '/media/banners/b.svg'`)
		if body := get(t, "/home", "token=abc"); !strings.Contains(body, `<img src="/media/banners/b.svg"`) {
			t.Fatalf("body %q, want the new banner", body)
		}
	})
	t.Run("a slow store: the page as built, without waiting for the database", func(t *testing.T) {
		// banners held by another transaction (an ALTER TABLE in a migration would):
		// the banner's query waits, the page must not.
		tx, err := db.SQL().Beginx()
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		tx.MustExec(`LOCK TABLE banners IN ACCESS EXCLUSIVE MODE`)
		done := make(chan string, 1)
		go func() {
			req := httptest.NewRequest(http.MethodGet, "/home", nil)
			req.Header.Set("Cookie", "token=abc")
			res, err := servers[false].App().Test(req, -1)
			if err != nil {
				done <- err.Error()
				return
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			done <- string(b)
		}()
		select {
		case body := <-done:
			if body != index {
				t.Fatalf("body %q, want index.html as built", body)
			}
		case <-time.After(5 * time.Second):
			_ = tx.Rollback()
			t.Fatal("/home waited for the database")
		}
	})
	t.Run("no active banner, none", func(t *testing.T) {
		db.SQL().MustExec(`UPDATE banners SET is_active = false`)
		if body := get(t, "/home", "token=abc"); body != index {
			t.Fatalf("body %q, want index.html as built", body)
		}
	})
}
