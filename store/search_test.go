package store_test

import (
	"context"
	"strings"
	"testing"

	"topup/store"
)

func TestSearch(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	tests := []struct {
		name       string
		q          string
		firstGame  string // slug of the best game, "" for none
		firstProd  string // substring of the best product's name, "" for none
		minProduct int
	}{
		{"english game", "mobile legends", "mobile-legends", "Diamonds", 15},
		{"case-insensitive", "MOBILE LEGENDS", "mobile-legends", "Diamonds", 15},
		{"burmese game", "မိုဘိုင်း", "mobile-legends", "", 15},
		{"burmese product", "စတီးမ်", "steam-wallet", "Steam", 4},
		{"words in any order", "code steam $5", "", "$5 Steam Wallet Code", 1},
		{"exact name first", "weekly diamond pass", "", "Weekly Diamond Pass", 1},
		{"like wildcards are literal", "%", "", "", 0},
		{"nothing", "zzzz-nothing", "", "", 0},
		{"blank", "   ", "", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := s.db.Search(ctx, tt.q, store.Paging{PerPage: 50})
			if err != nil {
				t.Fatal(err)
			}
			if tt.firstGame == "" && tt.firstProd == "" && (len(res.Games) > 0 || res.Products.Total > 0) {
				t.Fatalf("found %d games, %d products", len(res.Games), res.Products.Total)
			}
			if tt.firstGame != "" && (len(res.Games) == 0 || res.Games[0].Slug != tt.firstGame) {
				t.Fatalf("games %+v", res.Games)
			}
			if res.Products.Total < tt.minProduct || len(res.Products.Items) > res.Products.Total {
				t.Fatalf("%d products", res.Products.Total)
			}
			if tt.firstProd != "" && !strings.Contains(res.Products.Items[0].Name, tt.firstProd) {
				t.Fatalf("best product %q", res.Products.Items[0].Name)
			}
		})
	}
}
