package store_test

import (
	"context"
	"errors"
	"testing"

	"topup/store"
)

func TestOrderOfUser(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	admin := s.buyer(0)

	t.Run("a failed coin order has its reason and the time its money came back", func(t *testing.T) {
		u := s.buyer(100000)
		o, _, err := s.db.PlaceOrder(ctx, u.ID, s.product("pubg-coin-325").ID, "42", "", "")
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.db.OrderOfUser(ctx, u.ID, o.ID)
		if err != nil || d.PaidAt == nil || d.ReturnedAt != nil || d.ClaimedAt != nil || d.Reviewed {
			t.Fatalf("pending: %+v %v", d, err)
		}
		if _, err := s.db.FailOrder(ctx, o.ID, admin.ID, "wrong player id"); err != nil {
			t.Fatal(err)
		}
		d, err = s.db.OrderOfUser(ctx, u.ID, o.ID)
		if err != nil || d.Status != store.OrderFailed || val(d.FailReason) != "wrong player id" || d.ReturnedAt == nil || d.ClaimedAt == nil {
			t.Fatalf("failed: %+v %v", d, err)
		}
		if d.ReturnedAt.Before(*d.PaidAt) {
			t.Fatalf("returned %v before paid %v", d.ReturnedAt, d.PaidAt)
		}
	})

	t.Run("a code order shows its code to its buyer only", func(t *testing.T) {
		u, other := s.buyer(100000), s.buyer(100000)
		o, _, err := s.db.PlaceOrder(ctx, u.ID, s.product("steam-wallet-5").ID, "", "", "")
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.db.OrderOfUser(ctx, u.ID, o.ID)
		if err != nil || d.Code == "" || d.Code != o.Code || d.CompletedAt == nil {
			t.Fatalf("%+v %v", d, err)
		}
		if _, err := s.db.OrderOfUser(ctx, other.ID, o.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another's order: %v, want ErrNotFound", err)
		}
		if _, err := s.db.OrderOfUser(ctx, u.ID, 987654321); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown order: %v, want ErrNotFound", err)
		}
		if _, err := s.db.CreateReview(ctx, u.ID, o.ID, 5, "fast"); err != nil {
			t.Fatal(err)
		}
		if d, err := s.db.OrderOfUser(ctx, u.ID, o.ID); err != nil || !d.Reviewed {
			t.Fatalf("after the review: %+v %v", d, err)
		}
	})
}

func TestPlaceOrderAtShownTotal(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	for _, sku := range []string{"pubg-coin-325", "steam-wallet-5"} {
		t.Run(sku, func(t *testing.T) {
			u := s.buyer(500000)
			p := s.product(sku)
			shown := p.Price + store.ServiceCharge
			if _, err := s.db.SQL().Exec(`UPDATE products SET price = price + 100 WHERE id = $1`, p.ID); err != nil {
				t.Fatal(err)
			}
			_, _, err := s.db.PlaceOrderAt(ctx, u.ID, p.ID, "42", "", "", shown)
			var changed *store.PriceChangedError
			if !errors.As(err, &changed) || changed.Total != shown+100 || changed.Price != p.Price+100 || !errors.Is(err, store.ErrConflict) {
				t.Fatalf("err = %v (%+v), want the new total %d", err, changed, shown+100)
			}
			if got := s.wallet(u.ID); got != 500000 {
				t.Fatalf("wallet = %d after a refused order", got)
			}
			o, _, err := s.db.PlaceOrderAt(ctx, u.ID, p.ID, "42", "", "", changed.Total)
			if err != nil || o.TotalPrice != changed.Total {
				t.Fatalf("at the new total: %+v %v", o, err)
			}
		})
	}
	checkLedger(t, s.db)
}
