package store_test

import (
	"context"
	"errors"
	"strings"
	"sync"
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
	page, err := s.db.Reviews(ctx, store.ReviewFilter{})
	if err != nil || page.Total != 1 || page.Items[0].Comment != "Fast and cheap" {
		t.Fatalf("%+v %v", page, err)
	}
}

// Two tabs submitting the same order's review at once: one review is
// written, the other is told the order is reviewed already.
func TestOneReviewPerOrderConcurrently(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	u := s.buyer(1_000_000)
	o, _, err := s.db.PlaceOrder(ctx, u.ID, s.product("steam-wallet-10").ID, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	const n = 6
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.db.CreateReview(ctx, u.ID, o.ID, 1+i%5, "tab")
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, store.ErrAlreadyReviewed):
			t.Fatalf("err = %v, want ErrAlreadyReviewed", err)
		}
	}
	var count int
	if err := s.db.SQL().Get(&count, `SELECT count(*) FROM reviews WHERE order_id = $1`, o.ID); err != nil || won != 1 || count != 1 {
		t.Fatalf("won %d, rows %d (%v)", won, count, err)
	}
	if _, err := s.db.CreateReview(ctx, u.ID, o.ID, 5, strings.Repeat("မ", store.MaxReviewComment+1)); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("long comment: %v", err)
	}
}
