package store_test

import (
	"context"
	"errors"
	"strings"
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
		{name: "game, page 2", filter: store.ProductFilter{GameSlug: "mobile-legends", Page: store.Page{Page: 2}}, total: 15, items: 3, lastPage: 2, allGame: "mobile-legends"},
		{name: "past the end", filter: store.ProductFilter{GameSlug: "mobile-legends", Page: store.Page{Page: 9}}, total: 15, items: 0, lastPage: 2},
		{name: "accounts keep sold ones", filter: store.ProductFilter{GameSlug: "mlbb-accounts", ServiceID: mlbbService}, total: 5, items: 5, lastPage: 1, allGame: "mlbb-accounts", wantSold: true, serviceID: mlbbService},
		{name: "service only", filter: store.ProductFilter{ServiceID: mlbbService, Page: store.Page{PerPage: 50}}, total: 9, items: 9, lastPage: 1, serviceID: mlbbService, wantSold: true},
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
			sawSold, sawPlain := false, false
			for _, p := range page.Items {
				if tt.allGame != "" && p.GameSlug != tt.allGame {
					t.Errorf("product of %s", p.GameSlug)
				}
				if tt.serviceID != 0 && p.ServiceID != tt.serviceID {
					t.Errorf("product of service %d", p.ServiceID)
				}
				sawSold = sawSold || p.IsSold
				if !p.IsPopular {
					sawPlain = true
				} else if sawPlain && tt.filter.Page.Page <= 1 {
					t.Errorf("popular %q after a plain one", p.Name)
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
			res, err := s.db.Search(ctx, tt.q, store.Page{PerPage: 50})
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

func TestMessages(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	a, b := s.buyer(0), s.buyer(0)
	admin := s.buyer(0)
	m, err := s.db.CreateMessage(ctx, store.NewMessage{UserID: a.ID, Title: "Hello", Body: "Welcome", SenderID: admin.ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.CreateMessage(ctx, store.NewMessage{UserID: a.ID, Title: " "}); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("blank title: %v", err)
	}
	tests := []struct {
		name string
		do   func() error
		want error
	}{
		{"other user cannot mark read", func() error { return s.db.MarkMessageRead(ctx, b.ID, m.ID) }, store.ErrNotFound},
		{"owner marks read", func() error { return s.db.MarkMessageRead(ctx, a.ID, m.ID) }, nil},
		{"marking again is fine", func() error { return s.db.MarkMessageRead(ctx, a.ID, m.ID) }, nil},
		{"other user cannot delete", func() error { return s.db.DeleteMessage(ctx, b.ID, m.ID) }, store.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.do(); !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
	list, err := s.db.MessagesOfUser(ctx, a.ID)
	if err != nil || len(list) != 1 || !list[0].IsRead || list[0].Title != "Hello" {
		t.Fatalf("%+v %v", list, err)
	}
	if other, _ := s.db.MessagesOfUser(ctx, b.ID); len(other) != 0 {
		t.Fatalf("b sees %+v", other)
	}
	if err := s.db.DeleteMessage(ctx, a.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.db.DeleteMessage(ctx, a.ID, m.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatal(err)
	}
}

func TestReviews(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	u, other := s.buyer(1_000_000), s.buyer(0)
	code := s.product("steam-wallet-10")
	coin := s.product("free-fire-100")
	done, _, err := s.db.PlaceOrder(ctx, u.ID, code.ID, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	pending, _, err := s.db.PlaceOrder(ctx, u.ID, coin.ID, "77", "", "")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		user    int64
		order   int64
		rating  int
		comment string
		want    error
	}{
		{"someone else's order", other.ID, done.ID, 5, "", store.ErrNotFound},
		{"pending order", u.ID, pending.ID, 5, "", store.ErrNotReviewable},
		{"bad rating", u.ID, done.ID, 6, "", store.ErrInvalid},
		{"completed order", u.ID, done.ID, 5, "Fast and cheap", nil},
		{"twice", u.ID, done.ID, 4, "again", store.ErrAlreadyReviewed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := s.db.CreateReview(ctx, tt.user, tt.order, tt.rating, tt.comment)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if err == nil && (r.Username != u.Username || r.ProductName != code.Name || r.Rating != 5) {
				t.Fatalf("%+v", r)
			}
		})
	}
	page, err := s.db.Reviews(ctx, store.Page{})
	if err != nil || page.Total != 1 || page.Items[0].Comment != "Fast and cheap" {
		t.Fatalf("%+v %v", page, err)
	}
}

func TestBannerAndPaymentMethods(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	b, ok, err := s.db.ActiveBanner(ctx)
	if err != nil || !ok || b.Title == "" {
		t.Fatalf("%+v %v %v", b, ok, err)
	}
	s.db.SQL().MustExec(`UPDATE banners SET ends_at = now() - interval '1 minute', starts_at = now() - interval '1 day'`)
	if _, ok, err := s.db.ActiveBanner(ctx); ok || err != nil {
		t.Fatalf("expired banner shown: %v %v", ok, err)
	}
	methods, err := s.db.PaymentMethods(ctx)
	if err != nil || len(methods) != 2 || methods[0].Name != "KBZPay" || methods[0].HolderName == "" {
		t.Fatalf("%+v %v", methods, err)
	}
}
