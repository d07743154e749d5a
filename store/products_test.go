package store_test

import (
	"context"
	"reflect"
	"testing"

	"topup/store"
)

func TestProductsPagingAndFilters(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	var mlbbService int64
	if err := s.db.SQL().Get(&mlbbService, `SELECT service_id FROM games WHERE slug = 'mlbb-accounts'`); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		filter    store.ProductFilter
		total     int
		items     int
		lastPage  int
		allGame   string
		wantSold  bool
		serviceID int64
	}{
		{name: "game, page 1", filter: store.ProductFilter{GameSlug: "mobile-legends"}, total: 15, items: 12, lastPage: 2, allGame: "mobile-legends"},
		{name: "game, page 2", filter: store.ProductFilter{GameSlug: "mobile-legends", Paging: store.Paging{Page: 2}}, total: 15, items: 3, lastPage: 2, allGame: "mobile-legends"},
		{name: "past the end", filter: store.ProductFilter{GameSlug: "mobile-legends", Paging: store.Paging{Page: 9}}, total: 15, items: 0, lastPage: 2},
		{name: "accounts keep sold ones", filter: store.ProductFilter{GameSlug: "mlbb-accounts", ServiceID: mlbbService}, total: 5, items: 5, lastPage: 1, allGame: "mlbb-accounts", wantSold: true, serviceID: mlbbService},
		{name: "service only", filter: store.ProductFilter{ServiceID: mlbbService, Paging: store.Paging{PerPage: 50}}, total: 9, items: 9, lastPage: 1, serviceID: mlbbService, wantSold: true},
		{name: "unknown game", filter: store.ProductFilter{GameSlug: "no-such-game"}, total: 0, items: 0, lastPage: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page, err := s.db.Products(ctx, tt.filter)
			if err != nil {
				t.Fatal(err)
			}
			if page.Total != tt.total || len(page.Items) != tt.items || page.LastPage != tt.lastPage || page.PerPage == 0 {
				t.Fatalf("total %d items %d last %d per %d", page.Total, len(page.Items), page.LastPage, page.PerPage)
			}
			sawSold, sawPlain := false, false // plain: not a pass
			for _, p := range page.Items {
				if tt.allGame != "" && p.GameSlug != tt.allGame {
					t.Errorf("product of %s", p.GameSlug)
				}
				if tt.serviceID != 0 && p.ServiceID != tt.serviceID {
					t.Errorf("product of service %d", p.ServiceID)
				}
				sawSold = sawSold || p.IsSold
				// Passes and subscriptions come first (issue 25).
				if !p.IsPass {
					sawPlain = true
				} else if sawPlain {
					t.Errorf("pass %q after a plain pack", p.Name)
				}
			}
			if sawSold != tt.wantSold {
				t.Errorf("sold listed = %v, want %v", sawSold, tt.wantSold)
			}
		})
	}

	t.Run("inactive products are hidden", func(t *testing.T) {
		s.db.SQL().MustExec(`UPDATE products SET is_active = false WHERE sku = 'mobile-legends-11'`)
		page, err := s.db.Products(ctx, store.ProductFilter{GameSlug: "mobile-legends"})
		if err != nil || page.Total != 14 {
			t.Fatalf("%d %v", page.Total, err)
		}
	})
}

// FirstProducts is Products' first page without its count, for the server's
// first screen of a game's page: the same products in the same order.
func TestFirstProductsArePageOne(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	for _, slug := range []string{"mobile-legends", "mlbb-accounts", "no-such-game"} {
		page, err := s.db.Products(ctx, store.ProductFilter{GameSlug: slug, Paging: store.Paging{Page: 1, PerPage: 6}})
		if err != nil {
			t.Fatal(err)
		}
		first, err := s.db.FirstProducts(ctx, slug, 6)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(first, page.Items) {
			t.Errorf("%s: FirstProducts %+v, want Products' first page %+v", slug, first, page.Items)
		}
	}
}
