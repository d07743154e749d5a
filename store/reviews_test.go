package store_test

import (
	"context"
	"errors"
	"testing"

	"topup/store"
)

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
	page, err := s.db.Reviews(ctx, store.Paging{})
	if err != nil || page.Total != 1 || page.Items[0].Comment != "Fast and cheap" {
		t.Fatalf("%+v %v", page, err)
	}
}
