package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rs/zerolog"

	"topup/api"
)

// The service worker and the manifests must be revalidated on every load, or
// a phone keeps running an old build (and its caching rules) for an hour;
// the worker must be a script at the site's root, so its scope is the whole
// app without a Service-Worker-Allowed header.
func TestInstallableAppFiles(t *testing.T) {
	site := fstest.MapFS{
		"index.html":              {Data: []byte("<!doctype html><title>app</title>")},
		"sw.js":                   {Data: []byte(strings.Repeat("self.addEventListener('fetch', () => {});\n", 40))},
		"manifest.en.webmanifest": {Data: []byte(`{"name":"Shwe Top-Up","id":"/","start_url":"/home"}`)},
		"manifest.my.webmanifest": {Data: []byte(`{"name":"Shwe Top-Up","id":"/","start_url":"/home","lang":"my"}`)},
		"icons/icon-192.png":      {Data: []byte("\x89PNG\r\n\x1a\n")},
	}
	srv := api.New(api.Options{Log: zerolog.Nop()})
	if err := srv.MountWeb(site, nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, wantType, wantCache string
	}{
		{"/sw.js", "text/javascript; charset=utf-8", "no-cache"},
		{"/manifest.en.webmanifest", "application/manifest+json", "no-cache"},
		{"/manifest.my.webmanifest", "application/manifest+json", "no-cache"},
		{"/icons/icon-192.png", "image/png", "public, max-age=3600"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := do(t, srv.App(), http.MethodGet, tt.path)
			if res.status != http.StatusOK {
				t.Fatalf("status = %d", res.status)
			}
			if got := res.header.Get("Content-Type"); got != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
			if got := res.header.Get("Cache-Control"); got != tt.wantCache {
				t.Errorf("Cache-Control = %q, want %q", got, tt.wantCache)
			}
			if tt.path == "/sw.js" && !strings.Contains(res.body, "addEventListener") {
				t.Errorf("/sw.js answered something else: %.60q", res.body)
			}
		})
	}
	t.Run("the worker's scope needs no header", func(t *testing.T) {
		res := do(t, srv.App(), http.MethodGet, "/sw.js")
		if got := res.header.Get("Service-Worker-Allowed"); got != "" {
			t.Errorf("Service-Worker-Allowed = %q: sw.js sits at the root, its scope is / already", got)
		}
	})
	t.Run("revalidation answers 304", func(t *testing.T) {
		first := do(t, srv.App(), http.MethodGet, "/sw.js")
		req := httptest.NewRequest(http.MethodGet, "/sw.js", nil)
		req.Header.Set("If-None-Match", first.header.Get("ETag"))
		if res := send(t, srv.App(), req); res.status != http.StatusNotModified {
			t.Errorf("status = %d, want 304", res.status)
		}
	})
}
