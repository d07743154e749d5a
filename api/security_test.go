package api_test

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rs/zerolog"

	"topup/api"
)

const themeScript = "\n      (function () { document.documentElement.classList.add('dark'); })();\n    "

func TestSecurityHeaders(t *testing.T) {
	srv := api.New(api.Options{Log: zerolog.Nop()})
	index := "<!doctype html><head><script>" + themeScript + "</script>" +
		`<script type="module" crossorigin src="/assets/index-1.js"></script></head>`
	if err := srv.MountWeb(fstest.MapFS{"index.html": {Data: []byte(index)}}, nil); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(themeScript))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"

	for _, path := range []string{"/home", "/api/config", "/api/no-such-thing", "/assets/missing-1.js"} {
		t.Run(path, func(t *testing.T) {
			res := do(t, srv.App(), "GET", path)
			for header, want := range map[string]string{
				"X-Content-Type-Options": "nosniff",
				"Referrer-Policy":        "strict-origin-when-cross-origin",
				"X-Frame-Options":        "DENY",
			} {
				if got := res.header.Get(header); got != want {
					t.Errorf("%s = %q, want %q", header, got, want)
				}
			}
			csp := res.header.Get("Content-Security-Policy")
			for _, part := range []string{"default-src 'self'", "script-src 'self' " + hash + ";", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"} {
				if !strings.Contains(csp, part) {
					t.Errorf("CSP %q lacks %q", csp, part)
				}
			}
			if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
				t.Errorf("CSP allows unsafe sources: %q", csp)
			}
			if res.header.Get("Strict-Transport-Security") != "" {
				t.Error("HSTS over plain HTTP")
			}
		})
	}

	t.Run("chat widget sources only when configured", func(t *testing.T) {
		csp := do(t, srv.App(), "GET", "/home").header.Get("Content-Security-Policy")
		if strings.Contains(csp, "tawk.to") || !strings.Contains(csp, "frame-src 'none'") {
			t.Fatalf("CSP without a widget: %q", csp)
		}
		chat := api.New(api.Options{Log: zerolog.Nop(), Public: api.PublicConfig{ChatWidgetID: "abc/def"}})
		if err := chat.MountWeb(fstest.MapFS{"index.html": {Data: []byte(index)}}, nil); err != nil {
			t.Fatal(err)
		}
		csp = do(t, chat.App(), "GET", "/home").header.Get("Content-Security-Policy")
		for _, part := range []string{"script-src 'self' " + hash + " https://embed.tawk.to", "frame-src https://*.tawk.to", "connect-src 'self' https://*.tawk.to wss://*.tawk.to"} {
			if !strings.Contains(csp, part) {
				t.Errorf("CSP with a widget %q lacks %q", csp, part)
			}
		}
		// The dashboard's page never admits the widget's hosts, so a
		// third-party script cannot run next to an admin's token.
		for _, path := range []string{"/dashboard", "/dashboard/topups/3"} {
			csp = do(t, chat.App(), "GET", path).header.Get("Content-Security-Policy")
			if strings.Contains(csp, "tawk.to") || !strings.Contains(csp, "script-src 'self' "+hash+";") {
				t.Errorf("CSP of %s admits the chat widget: %q", path, csp)
			}
		}
	})

	t.Run("HSTS and override", func(t *testing.T) {
		srv := api.New(api.Options{Log: zerolog.Nop(), HSTS: true, ContentSecurityPolicy: "default-src 'none'"})
		res := do(t, srv.App(), "GET", "/api/config")
		if res.header.Get("Strict-Transport-Security") == "" || res.header.Get("Content-Security-Policy") != "default-src 'none'" {
			t.Fatalf("%v", res.header)
		}
	})
}

func TestCORS(t *testing.T) {
	tests := []struct {
		name    string
		origins []string
		origin  string
		method  string
		allowed bool
	}{
		{"closed by default", nil, "https://shop.example", "GET", false},
		{"closed preflight by default", nil, "https://shop.example", "OPTIONS", false},
		{"allowed origin", []string{"https://shop.example"}, "https://shop.example", "GET", true},
		{"allowed origin, other case", []string{"https://shop.example"}, "https://SHOP.example", "GET", true},
		{"allowed preflight", []string{"https://shop.example"}, "https://shop.example", "OPTIONS", true},
		{"other origin", []string{"https://shop.example"}, "https://evil.example", "GET", false},
		{"other origin preflight", []string{"https://shop.example"}, "https://evil.example", "OPTIONS", false},
		{"null origin", []string{"https://shop.example"}, "null", "GET", false},
		{"suffix trick", []string{"https://shop.example"}, "https://shop.example.evil.example", "GET", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newAuthHarness(t, func(o *api.Options) { o.CORSOrigins = tt.origins })
			r := h.do(t, authReq{method: tt.method, path: "/api/login", header: map[string]string{
				"Origin": tt.origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type"}})
			acao := r.header.Get("Access-Control-Allow-Origin")
			if tt.allowed != (acao != "") {
				t.Fatalf("Access-Control-Allow-Origin = %q, allowed %v", acao, tt.allowed)
			}
			if acao == "*" || r.header.Get("Access-Control-Allow-Credentials") != "" {
				t.Fatalf("wildcard or credentials: %v", r.header)
			}
			if tt.allowed && tt.method == "OPTIONS" {
				if r.status != 204 || !strings.Contains(r.header.Get("Access-Control-Allow-Headers"), "Authorization") {
					t.Fatalf("preflight %d %v", r.status, r.header)
				}
			}
			if !strings.Contains(r.header.Get("Vary"), "Origin") {
				t.Fatalf("no Vary: Origin")
			}
		})
	}
}

func TestParseCORSOrigins(t *testing.T) {
	got, err := api.ParseCORSOrigins(" https://Shop.Example , http://localhost:5173/,")
	if err != nil || len(got) != 2 || got[0] != "https://shop.example" || got[1] != "http://localhost:5173" {
		t.Fatalf("got %v, %v", got, err)
	}
	if got, err := api.ParseCORSOrigins(""); err != nil || len(got) != 0 {
		t.Fatalf("empty: %v %v", got, err)
	}
	for _, bad := range []string{"*", "null", "https://*.shop.example", "shop.example", "ftp://shop.example", "https://shop.example/path", "https://u:p@shop.example"} {
		if _, err := api.ParseCORSOrigins(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}
