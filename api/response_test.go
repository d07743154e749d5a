package api

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/store"
)

// The helpers write the bytes handlers used to write by hand: clients and
// the web app read these exact shapes.
func TestResponseHelpers(t *testing.T) {
	info := store.PageInfo{CurrentPage: 2, LastPage: 3, PerPage: 1, Total: 3}
	tests := []struct {
		name    string
		handler fiber.Handler
		status  int
		body    string
		cache   string
	}{
		{"ok", func(c *fiber.Ctx) error { return ok(c, []int{1}) }, 200, `{"data":[1],"success":true}`, ""},
		{"ok nil", func(c *fiber.Ctx) error { return ok(c, nil) }, 200, `{"data":null,"success":true}`, ""},
		{"created", func(c *fiber.Ctx) error { return created(c, fiber.Map{"id": 7}) }, 201, `{"data":{"id":7},"success":true}`, ""},
		{"okMessage", func(c *fiber.Ctx) error { return okMessage(c, i18n.LoggedOut) }, 200, `{"code":"logged_out","message":"Logged out.","success":true}`, ""},
		{"reply", func(c *fiber.Ctx) error {
			return reply(c, http.StatusCreated, fiber.Map{"message": "Sent.", "data": 1, "extra": true})
		}, 201, `{"data":1,"extra":true,"message":"Sent.","success":true}`, ""},
		{"paged", func(c *fiber.Ctx) error { return paged(c, []string{"a"}, info) }, 200,
			`{"data":{"data":["a"],"current_page":2,"last_page":3,"per_page":1,"total":3},"success":true}`, ""},
		{"adminOK", func(c *fiber.Ctx) error { return adminOK(c, 1) }, 200, `{"data":1,"success":true}`, "no-store"},
		{"adminPaged", func(c *fiber.Ctx) error { return adminPaged(c, []int{}, info) }, 200,
			`{"data":{"data":[],"current_page":2,"last_page":3,"per_page":1,"total":3},"success":true}`, "no-store"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := fiber.New()
			app.Get("/", tt.handler)
			res, err := app.Test(httptest.NewRequest("GET", "/", nil))
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.status || string(b) != tt.body {
				t.Errorf("got %d %s, want %d %s", res.StatusCode, b, tt.status, tt.body)
			}
			if got := res.Header.Get("Content-Type"); got != "application/json" {
				t.Errorf("content type %q", got)
			}
			if got := res.Header.Get("Cache-Control"); got != tt.cache {
				t.Errorf("cache control %q, want %q", got, tt.cache)
			}
		})
	}
}
