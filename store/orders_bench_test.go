package store_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"

	"topup/internal/password"
	"topup/sql/seed"
	"topup/store"
	"topup/store/storetest"
)

// benchBuyers is the concurrency of BenchmarkPlaceOrderContended: 50
// customers buying at once, each from their own goroutine (the issue's
// "50 concurrent buyers"), the same concurrency scripts/bench-orders.sh
// gives pgbench.
const benchBuyers = 50

// BenchmarkPlaceOrderContended measures whole purchases (the transaction
// PlaceOrder runs: product snapshot, order insert, conditional debit with
// its ledger row, delivery, three outbox events) with 50 buyers at once on
// one coin product, and checks the wallet invariant afterwards: a
// benchmark that broke the ledger would fail, not report. pool=20 is the
// pool `topup serve` runs with; pool=50 gives every buyer a connection, as
// pgbench -c 50 has.
//
//	TEST_DATABASE_URL=$(scripts/devdb.sh) go test ./store -run '^$' \
//	    -bench PlaceOrderContended -benchtime 15s
func BenchmarkPlaceOrderContended(b *testing.B) {
	for _, pool := range []int{20, 50} {
		b.Run(fmt.Sprintf("pool=%d", pool), func(b *testing.B) { benchPlaceOrder(b, pool) })
	}
}

func benchPlaceOrder(b *testing.B, pool int) {
	ctx := context.Background()
	db, err := store.Open(ctx, storetest.NewDSN(b), store.WithSecretBox(storetest.Box()), store.WithMaxOpenConns(pool))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if err := db.SeedDemo(ctx, seed.Demo(), password.Hash); err != nil {
		b.Fatal(err)
	}
	var productID, price int64
	if err := db.SQL().QueryRow(`SELECT id, price FROM products WHERE sku = 'pubg-coin-60'`).Scan(&productID, &price); err != nil {
		b.Fatal(err)
	}
	// Diagnostic: BENCH_NO_NOTIFY=1 measures without the outbox's NOTIFY
	// trigger (whose commit-time lock serialises notifying transactions).
	if os.Getenv("BENCH_NO_NOTIFY") != "" {
		db.SQL().MustExec(`ALTER TABLE outbox DISABLE TRIGGER outbox_notify`)
	}
	buyers := make([]int64, benchBuyers)
	for i := range buyers {
		u, err := db.CreateUser(ctx, store.NewUser{
			Username: fmt.Sprintf("bench%d", i), Phone: fmt.Sprintf("0945%07d", i), PasswordHash: buyerHash,
		})
		if err != nil {
			b.Fatal(err)
		}
		// Enough for every order of the round: goroutines do not share
		// the work evenly.
		fund := int64(b.N+1) * (price + store.ServiceCharge)
		if _, err := db.AdjustWallet(ctx, u.ID, fund, 0, "bench funds", fmt.Sprintf("bench:%d", u.ID)); err != nil {
			b.Fatal(err)
		}
		buyers[i] = u.ID
	}

	var next atomic.Int64
	var failed atomic.Int64
	var firstErr error
	var errOnce sync.Once
	var wg sync.WaitGroup
	b.ResetTimer()
	for _, userID := range buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(b.N) {
				if _, _, err := db.PlaceOrder(ctx, userID, productID, "5123456789", "", ""); err != nil {
					failed.Add(1)
					errOnce.Do(func() { firstErr = err })
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	if firstErr != nil {
		b.Fatalf("%d of %d orders failed; first: %v", failed.Load(), b.N, firstErr)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "orders/s")

	bad, err := db.CheckLedger(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if len(bad) > 0 {
		b.Fatalf("ledger invariant broken after %d orders: %+v", b.N, bad)
	}
	var orders int
	if err := db.SQL().Get(&orders, `SELECT count(*) FROM orders WHERE product_id = $1`, productID); err != nil {
		b.Fatal(err)
	}
	if orders != b.N {
		b.Fatalf("orders = %d, want %d", orders, b.N)
	}
}
