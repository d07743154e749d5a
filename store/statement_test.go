package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"topup/store"
)

// Whatever happened to a wallet — top-ups, purchases, failed orders
// refunded, refunds approved and denied, admin adjustments either way, in a
// random order — its statement adds up to it: every page walked with the
// cursor, every kind and month filter a subset in order.
func TestStatementSumsToTheWallet(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	db := s.db
	u := s.buyer(0)
	admin := s.admin()
	coin := s.product("pubg-coin-325")
	rng := rand.New(rand.NewPCG(1, 2))
	balance := int64(0)
	entries := 0
	byKind := map[string]int{}
	post := func(kind string, amount int64) {
		balance += amount
		entries++
		byKind[kind]++
	}
	var open []store.Order // coin orders not yet decided
	for i := range 160 {
		switch op := rng.IntN(6); {
		case op == 0 || balance == 0:
			amount := int64(rng.IntN(50_000) + 1)
			credit(t, db, u.ID, amount, fmt.Sprintf("st-topup-%d", i))
			post(store.LedgerTopup, amount)
		case op == 1:
			amount := int64(rng.IntN(50_000) + 1)
			if rng.IntN(2) == 0 {
				amount = -min(amount, balance)
			}
			if _, _, err := db.AdminAdjustWallet(ctx, admin, u.ID, amount, "test", fmt.Sprintf("st-adj-%d", i)); err != nil {
				t.Fatal(err)
			}
			post(store.LedgerAdjustment, amount)
		case op == 2 && balance >= coin.Price+store.ServiceCharge:
			o, _, err := db.PlaceOrder(ctx, u.ID, coin.ID, "42", "", "")
			if err != nil {
				t.Fatal(err)
			}
			open = append(open, o)
			post(store.LedgerOrder, -o.TotalPrice)
		case op >= 3 && len(open) > 0:
			k := rng.IntN(len(open))
			o := open[k]
			open = append(open[:k], open[k+1:]...)
			switch op {
			case 3:
				if _, err := db.FailOrder(ctx, o.ID, admin.ID, "test"); err != nil {
					t.Fatal(err)
				}
				post(store.LedgerRefund, o.TotalPrice)
			case 4, 5:
				r, err := db.RequestRefund(ctx, store.NewRefund{UserID: u.ID, OrderID: o.ID, Reason: "test"})
				if err != nil {
					t.Fatal(err)
				}
				d := store.RefundDecision{Approve: op == 4, Reason: "test"}
				if _, err := db.DecideRefund(ctx, admin, r.ID, d); err != nil {
					t.Fatal(err)
				}
				if d.Approve {
					post(store.LedgerRefund, o.TotalPrice)
				}
			}
		}
	}
	if byKind[store.LedgerRefund] == 0 || byKind[store.LedgerOrder] == 0 || byKind[store.LedgerAdjustment] == 0 {
		t.Fatalf("the sequence missed a kind: %v", byKind)
	}
	if w := s.wallet(u.ID); w != balance {
		t.Fatalf("wallet %d, the sequence adds up to %d", w, balance)
	}

	var sum int64
	seen := 0
	cursor := int64(0)
	for {
		page, err := db.Statement(ctx, u.ID, store.StatementFilter{Before: cursor}, 25)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range page {
			if e.UserID != u.ID || (i > 0 && e.ID >= page[i-1].ID) {
				t.Fatalf("page out of order or someone else's: %+v", e)
			}
			sum += e.Amount
		}
		seen += len(page)
		if len(page) < 25 {
			break
		}
		cursor = page[len(page)-1].ID
	}
	if seen != entries || sum != balance {
		t.Fatalf("statement: %d entries summing to %d; want %d summing to the wallet's %d", seen, sum, entries, balance)
	}

	for kind, want := range byKind {
		list, err := db.Statement(ctx, u.ID, store.StatementFilter{Kind: kind}, 500)
		if err != nil || len(list) != want {
			t.Fatalf("%s: %d entries (%v), want %d", kind, len(list), err, want)
		}
	}
	if this, err := db.Statement(ctx, u.ID, store.StatementFilter{Month: time.Now()}, 500); err != nil || len(this) != entries {
		t.Fatalf("this month: %d, %v", len(this), err)
	}
	// The month before this one (AddDate(0, -1, 0) on the 31st can land in
	// this month).
	thisMonth, _ := store.MonthRange(time.Now())
	if last, err := db.Statement(ctx, u.ID, store.StatementFilter{Month: thisMonth.Add(-time.Hour)}, 500); err != nil || len(last) != 0 {
		t.Fatalf("last month: %d, %v", len(last), err)
	}
}

// A month is Myanmar's: 23:45 UTC on the 31st is already the 1st in Yangon.
func TestMonthRangeIsYangons(t *testing.T) {
	start, end := store.MonthRange(time.Date(2026, 10, 31, 23, 45, 0, 0, time.UTC))
	if want := time.Date(2026, 11, 1, 0, 0, 0, 0, store.Zone); !start.Equal(want) || !end.Equal(want.AddDate(0, 1, 0)) {
		t.Fatalf("month of 2026-10-31 23:45 UTC: [%v, %v)", start, end)
	}
}
