package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gofiber/fiber/v2"
	"github.com/rs/zerolog"

	"topup/api"
	"topup/internal/i18n"
	"topup/store"
	"topup/store/storetest"
)

var webFiles = fstest.MapFS{
	"index.html":         {Data: []byte("<!doctype html><title>app</title>")},
	"assets/app-1a2b.js": {Data: []byte("console.log(1)")},
	"favicon.svg":        {Data: []byte("<svg/>")},
	".gitkeep":           {Data: nil},
}

var mediaFiles = fstest.MapFS{"games/mlbb.svg": {Data: []byte("<svg/>")}}

func newServer(t *testing.T, ready map[string]func(context.Context) error) *api.Server {
	t.Helper()
	srv := api.New(api.Options{
		Log:    zerolog.Nop(),
		Public: api.PublicConfig{StoreName: "Shwe Top-Up", Pusher: api.PusherClient{Key: "k", Cluster: "mt1"}},
		Ready:  ready,
	})
	if err := srv.MountWeb(webFiles, mediaFiles); err != nil {
		t.Fatal(err)
	}
	return srv
}

type response struct {
	status int
	header http.Header
	body   string
}

func do(t *testing.T, app *fiber.App, method, target string) response {
	t.Helper()
	return send(t, app, httptest.NewRequest(method, target, nil))
}

// send runs req through app and reads the whole answer.
func send(t *testing.T, app *fiber.App, req *http.Request) response {
	t.Helper()
	res, err := app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{status: res.StatusCode, header: res.Header, body: string(b)}
}

func TestWebAndFallbacks(t *testing.T) {
	app := newServer(t, nil).App()
	tests := []struct {
		name, path   string
		status       int
		contentType  string
		cacheControl string
		bodyHas      string
	}{
		{"client route gets index.html", "/home", 200, "text/html", "no-cache", "<title>app</title>"},
		{"deep client route", "/detail/mobile-legends/mlbb", 200, "text/html", "no-cache", "<title>app</title>"},
		{"root", "/", 200, "text/html", "no-cache", "<title>app</title>"},
		{"hashed asset is immutable", "/assets/app-1a2b.js", 200, "javascript", "immutable", "console.log"},
		{"missing hashed asset is 404, not html", "/assets/gone-9z.js", 404, "", "", ""},
		{"other static file", "/favicon.svg", 200, "image/svg+xml", "max-age=3600", "<svg/>"},
		{"dotfiles are not served", "/.gitkeep", 200, "text/html", "no-cache", "<title>app</title>"},
		{"media", "/media/games/mlbb.svg", 200, "image/svg+xml", "max-age=86400", "<svg/>"},
		{"missing media", "/media/games/nope.svg", 404, "application/json", "", `"success":false`},
		{"unknown api path is JSON 404", "/api/no-such-thing", 404, "application/json", "", `"success":false`},
		{"config", "/api/config", 200, "application/json", "max-age=60", `"store_name":"Shwe Top-Up"`},
		{"healthz", "/healthz", 200, "application/json", "", `"ok"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := do(t, app, http.MethodGet, tt.path)
			if res.status != tt.status {
				t.Fatalf("status = %d, want %d (body %q)", res.status, tt.status, res.body)
			}
			if ct := res.header.Get("Content-Type"); !strings.Contains(ct, tt.contentType) {
				t.Errorf("Content-Type = %q, want it to contain %q", ct, tt.contentType)
			}
			if cc := res.header.Get("Cache-Control"); !strings.Contains(cc, tt.cacheControl) {
				t.Errorf("Cache-Control = %q, want it to contain %q", cc, tt.cacheControl)
			}
			if !strings.Contains(res.body, tt.bodyHas) {
				t.Errorf("body = %q, want it to contain %q", res.body, tt.bodyHas)
			}
		})
	}
}

func TestErrorShape(t *testing.T) {
	s := api.New(api.Options{Log: zerolog.Nop()})
	s.App().Get("/sold-out", func(c *fiber.Ctx) error { return fmt.Errorf("wrapped: %w", store.ErrSoldOut) })
	s.App().Get("/own-code", func(c *fiber.Ctx) error {
		return api.Fail(http.StatusConflict, i18n.TopupQuoteUsed)
	})
	s.App().Get("/boom", func(c *fiber.Ctx) error { return errors.New("boom") })
	if err := s.MountWeb(webFiles, mediaFiles); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path string
		status       int
		code         string
	}{
		{http.MethodPost, "/api/unknown", 404, "not_found"},
		{http.MethodGet, "/sold-out", 409, "sold_out"},
		{http.MethodGet, "/own-code", 409, "quote_used"},
		{http.MethodGet, "/boom", 500, "internal_error"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := do(t, s.App(), tt.method, tt.path)
			var body struct {
				Success *bool  `json:"success"`
				Code    string `json:"code"`
				Message string `json:"message"`
			}
			if err := json.Unmarshal([]byte(res.body), &body); err != nil {
				t.Fatalf("not JSON: %q", res.body)
			}
			if res.status != tt.status || body.Success == nil || *body.Success || body.Message == "" || body.Code != tt.code {
				t.Fatalf("%d %s, want %d with success false, a message and code %q", res.status, res.body, tt.status, tt.code)
			}
		})
	}
}

func TestETagRevalidation(t *testing.T) {
	app := newServer(t, nil).App()
	first := do(t, app, http.MethodGet, "/assets/app-1a2b.js")
	req := httptest.NewRequest(http.MethodGet, "/assets/app-1a2b.js", nil)
	req.Header.Set("If-None-Match", first.header.Get("ETag"))
	res, err := app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusNotModified {
		t.Fatalf("status = %d, want 304", res.StatusCode)
	}
}

func TestReadyz(t *testing.T) {
	db := storetest.New(t)
	t.Run("database reachable", func(t *testing.T) {
		res := do(t, newServer(t, map[string]func(context.Context) error{"database": db.Ping}).App(), http.MethodGet, "/readyz")
		if res.status != 200 || !strings.Contains(res.body, `"database":"ok"`) {
			t.Fatalf("got %d %s", res.status, res.body)
		}
	})
	t.Run("database closed", func(t *testing.T) {
		closed := storetest.New(t)
		if err := closed.Close(); err != nil {
			t.Fatal(err)
		}
		res := do(t, newServer(t, map[string]func(context.Context) error{"database": closed.Ping}).App(), http.MethodGet, "/readyz")
		if res.status != http.StatusServiceUnavailable || !strings.Contains(res.body, `"database":"failing"`) {
			t.Fatalf("got %d %s", res.status, res.body)
		}
	})
	// Redis is shared by every node: failing it would take them all out
	// of rotation at once, though each still serves the shop correctly.
	t.Run("redis unreachable", func(t *testing.T) {
		srv := api.New(api.Options{
			Log:      zerolog.Nop(),
			Ready:    map[string]func(context.Context) error{"database": db.Ping},
			Degraded: map[string]func(context.Context) error{"redis": func(context.Context) error { return errors.New("dial tcp: refused") }},
		})
		res := do(t, srv.App(), http.MethodGet, "/readyz")
		if res.status != 200 || !strings.Contains(res.body, `"status":"degraded"`) ||
			!strings.Contains(res.body, `"redis":"failing"`) || !strings.Contains(res.body, `"database":"ok"`) {
			t.Fatalf("got %d %s", res.status, res.body)
		}
	})
}

func TestNoInternalErrorTextLeaks(t *testing.T) {
	s := api.New(api.Options{Log: zerolog.Nop()})
	s.App().Get("/boom", func(c *fiber.Ctx) error {
		return errors.New("pq: password authentication failed for user secret_user")
	})
	s.App().Get("/panic", func(c *fiber.Ctx) error { panic("nil map write in secret code") })
	s.App().Get("/missing", func(c *fiber.Ctx) error { return store.ErrNotFound })
	tests := []struct {
		path   string
		status int
	}{{"/boom", 500}, {"/panic", 500}, {"/missing", 404}}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := do(t, s.App(), http.MethodGet, tt.path)
			if res.status != tt.status {
				t.Fatalf("status = %d, want %d", res.status, tt.status)
			}
			if strings.Contains(res.body, "secret") || strings.Contains(res.body, "pq:") {
				t.Fatalf("internal detail leaked: %s", res.body)
			}
			if !strings.Contains(res.body, `"success":false`) {
				t.Fatalf("body not in the error shape: %s", res.body)
			}
		})
	}
}
