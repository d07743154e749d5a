package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/rs/zerolog"

	"topup/api"
	"topup/sql/seed"
	"topup/store/storetest"
)

func TestGamesAndServicesFromSeededStore(t *testing.T) {
	db := storetest.New(t)
	if err := db.SeedDemo(context.Background(), seed.Demo(), storetest.PasswordHash); err != nil {
		t.Fatal(err)
	}
	srv := api.New(api.Options{Store: db, Log: zerolog.Nop()})

	res := do(t, srv.App(), http.MethodGet, "/api/games")
	if res.status != http.StatusOK {
		t.Fatalf("status %d: %s", res.status, res.body)
	}
	var games struct {
		Success bool `json:"success"`
		Data    []struct {
			ID        int64  `json:"id"`
			Name      string `json:"name"`
			Slug      string `json:"slug"`
			LogoURL   string `json:"logo_url"`
			IsHot     bool   `json:"is_hot"`
			ServiceID int64  `json:"service_id"`
			Service   struct {
				Name string `json:"name"`
			} `json:"service"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(res.body), &games); err != nil {
		t.Fatal(err)
	}
	if !games.Success || len(games.Data) != len(seed.Demo().Games) {
		t.Fatalf("got %d games, want %d", len(games.Data), len(seed.Demo().Games))
	}
	sawCold := false
	for _, g := range games.Data {
		if g.ID == 0 || g.Name == "" || g.Slug == "" || g.LogoURL == "" || g.ServiceID == 0 || g.Service.Name == "" {
			t.Errorf("incomplete game %+v", g)
		}
		if !g.IsHot {
			sawCold = true
		} else if sawCold {
			t.Errorf("hot game %q listed after a game that is not hot", g.Slug)
		}
	}
	if cc := res.header.Get("Cache-Control"); cc == "" {
		t.Error("catalogue answer carries no Cache-Control")
	}

	res = do(t, srv.App(), http.MethodGet, "/api/services")
	var services struct {
		Data []struct {
			Name, Kind string
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(res.body), &services); err != nil || len(services.Data) != len(seed.Demo().Services) {
		t.Fatalf("services: %v %s", err, res.body)
	}
}
