package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"topup/api"
	"topup/sql/seed"
	"topup/store/storetest"
)

func TestCatalogueEndpoints(t *testing.T) {
	db := storetest.New(t)
	if err := db.SeedDemo(context.Background(), seed.Demo(), storetest.PasswordHash); err != nil {
		t.Fatal(err)
	}
	app := api.New(api.Options{Store: db, Log: zerolog.Nop()}).App()

	type page struct {
		Data        []map[string]any `json:"data"`
		CurrentPage int              `json:"current_page"`
		LastPage    int              `json:"last_page"`
		PerPage     int              `json:"per_page"`
		Total       int              `json:"total"`
	}
	tests := []struct {
		name   string
		target string
		status int
		check  func(t *testing.T, body []byte)
	}{
		{"products of a game", "/api/products?game_slug=mobile-legends", 200, func(t *testing.T, b []byte) {
			var r struct {
				Success bool `json:"success"`
				Data    page `json:"data"`
			}
			mustJSON(t, b, &r)
			// A game's whole price list is one page (issue 25).
			if !r.Success || r.Data.CurrentPage != 1 || r.Data.LastPage != 1 || r.Data.Total != 15 || r.Data.PerPage != 50 || len(r.Data.Data) != 15 {
				t.Fatalf("%s", b)
			}
			p := r.Data.Data[0]
			for _, k := range []string{"id", "name", "name_my", "description", "img_url", "preview_img", "price", "fake_price",
				"discount_percent", "is_sold", "is_popular", "is_pass", "service_id", "game", "data"} {
				if _, ok := p[k]; !ok {
					t.Errorf("product lacks %s", k)
				}
			}
			if p["game"].(map[string]any)["name"] != "Mobile Legends" || p["is_pass"] != true ||
				p["game"].(map[string]any)["id_help_url"] != "/media/help/mobile-legends.svg" {
				t.Errorf("first product %v", p)
			}
			if _, ok := p["data"].(map[string]any)["amount"]; !ok {
				t.Errorf("data %v", p["data"])
			}
		}},
		{"page 2 of an asked page size", "/api/products?game_slug=mobile-legends&page=2&per_page=12", 200, func(t *testing.T, b []byte) {
			var r struct{ Data page }
			mustJSON(t, b, &r)
			if r.Data.CurrentPage != 2 || len(r.Data.Data) != 3 {
				t.Fatalf("%s", b)
			}
		}},
		{"accounts with sold", "/api/products?game_slug=mlbb-accounts", 200, func(t *testing.T, b []byte) {
			var r struct{ Data page }
			mustJSON(t, b, &r)
			sold := 0
			for _, p := range r.Data.Data {
				if p["is_sold"] == true {
					sold++
				}
				if d := p["data"].(map[string]any); d["rank"] == nil || d["skin_count"] == nil || d["hero_count"] == nil {
					t.Errorf("account data %v", d)
				}
			}
			if sold != 1 {
				t.Fatalf("%d sold", sold)
			}
		}},
		{"bad page", "/api/products?page=0", 422, wantField("page")},
		{"bad page text", "/api/products?page=abc", 422, wantField("page")},
		{"bad service", "/api/products?service_id=-1", 422, wantField("service_id")},
		{"bad slug", "/api/products?game_slug=" + url.QueryEscape("x'; drop"), 422, wantField("game_slug")},
		{"one product", "/api/products/1", 200, nil},
		{"missing product", "/api/products/999999", 404, nil},
		{"banner", "/api/banner", 200, func(t *testing.T, b []byte) {
			var r struct{ Data map[string]any }
			mustJSON(t, b, &r)
			if r.Data == nil || r.Data["title"] == "" {
				t.Fatalf("%s", b)
			}
		}},
		{"reviews", "/api/reviews", 200, func(t *testing.T, b []byte) {
			var r struct{ Data page }
			mustJSON(t, b, &r)
			if r.Data.LastPage != 1 || r.Data.Data == nil {
				t.Fatalf("%s", b)
			}
		}},
		{"search english", "/api/search?q=steam", 200, func(t *testing.T, b []byte) {
			var r struct {
				Data struct {
					Games    []map[string]any `json:"games"`
					Products page             `json:"products"`
				}
			}
			mustJSON(t, b, &r)
			if len(r.Data.Games) != 1 || r.Data.Games[0]["slug"] != "steam-wallet" || r.Data.Products.Total != 4 {
				t.Fatalf("%s", b)
			}
		}},
		{"search burmese", "/api/search?q=" + url.QueryEscape("ဂူဂယ်"), 200, func(t *testing.T, b []byte) {
			var r struct {
				Data struct {
					Games    []map[string]any `json:"games"`
					Products page             `json:"products"`
				}
			}
			mustJSON(t, b, &r)
			if len(r.Data.Games) != 1 || r.Data.Games[0]["slug"] != "google-play" || r.Data.Products.Total != 3 {
				t.Fatalf("%s", b)
			}
		}},
		{"search too long", "/api/search?q=" + strings.Repeat("a", 101), 422, wantField("q")},
		{"payment methods", "/api/payment-methods", 200, func(t *testing.T, b []byte) {
			var r struct{ Data []map[string]any }
			mustJSON(t, b, &r)
			if len(r.Data) != 2 || r.Data[0]["holderName"] == "" || r.Data[0]["phone"] == "" {
				t.Fatalf("%s", b)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := do(t, app, http.MethodGet, tt.target)
			if res.status != tt.status {
				t.Fatalf("status %d, want %d: %s", res.status, tt.status, res.body)
			}
			if tt.status == 200 && res.header.Get("Cache-Control") == "" {
				t.Error("no Cache-Control")
			}
			if tt.check != nil {
				tt.check(t, []byte(res.body))
			}
		})
	}
}

func mustJSON(t *testing.T, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
}

func wantField(field string) func(t *testing.T, b []byte) {
	return func(t *testing.T, b []byte) {
		var r struct {
			Success bool                `json:"success"`
			Message string              `json:"message"`
			Errors  map[string][]string `json:"errors"`
		}
		mustJSON(t, b, &r)
		if r.Success || r.Message == "" || len(r.Errors[field]) == 0 {
			t.Fatalf("want an error on %s: %s", field, b)
		}
	}
}
