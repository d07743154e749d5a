package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

// Whatever happened to a wallet, its statement adds up to it: every page
// walked with the cursor, every kind and month filter a subset in order.
func TestStatementSumsToTheWallet(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	u := newUser(t, db, "09791112233")
	rng := rand.New(rand.NewPCG(1, 2))
	balance := int64(0)
	for i := range 120 {
		amount := int64(rng.IntN(50_000) + 1)
		if balance > 0 && rng.IntN(3) == 0 {
			amount = -min(amount, balance)
		}
		if _, err := db.AdjustWallet(ctx, u.ID, amount, 0, "test", fmt.Sprintf("st-%d", i)); err != nil {
			t.Fatal(err)
		}
		balance += amount
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
	if seen != 120 || sum != balance {
		t.Fatalf("statement: %d entries summing to %d; want 120 summing to the wallet's %d", seen, sum, balance)
	}

	adjustments, err := db.Statement(ctx, u.ID, store.StatementFilter{Kind: store.LedgerAdjustment}, 500)
	if err != nil || len(adjustments) != 120 {
		t.Fatalf("adjustments: %d, %v", len(adjustments), err)
	}
	if none, err := db.Statement(ctx, u.ID, store.StatementFilter{Kind: store.LedgerTopup}, 500); err != nil || len(none) != 0 {
		t.Fatalf("top-ups: %d, %v", len(none), err)
	}
	if this, err := db.Statement(ctx, u.ID, store.StatementFilter{Month: time.Now()}, 500); err != nil || len(this) != 120 {
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
