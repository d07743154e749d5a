package store_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

// quoteReq asks for userID's quote of amount by method at now, drawing
// the lowest free verification amount in 1..500 when a new one is needed.
func quoteReq(userID, amount, method int64, now time.Time) store.QuoteRequest {
	nonce := make([]byte, 16)
	_, _ = rand.Read(nonce)
	return store.QuoteRequest{UserID: userID, Amount: amount, PaymentMethodID: method, Lo: 1, Hi: 500,
		Now: now, TTL: 30 * time.Minute, Nonce: nonce, Pick: lowestFree(amount, 1, 500)}
}

func lowestFree(amount, lo, hi int64) func([]int64) (int64, bool, error) {
	return func(taken []int64) (int64, bool, error) {
		held := map[int64]bool{}
		for _, t := range taken {
			held[t] = true
		}
		for v := lo; v <= hi; v++ {
			if !held[amount+v] {
				return v, true, nil
			}
		}
		return 0, false, nil
	}
}

func TestOpenTopupQuoteIsStable(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000021")
	bob := newUser(t, db, "09420000022")
	kbz := newPaymentMethod(t, db, "KBZPay", true)
	aya := newPaymentMethod(t, db, "AYA Pay", true)
	now := time.Now().UTC().Truncate(time.Second)

	first, err := db.OpenTopupQuote(ctx, quoteReq(alice.ID, 10_000, kbz, now))
	if err != nil || first.Total != 10_000+first.VerificationAmount || !first.ExpiresAt.Equal(now.Add(30*time.Minute)) {
		t.Fatalf("first quote %+v, %v", first, err)
	}
	// Asked again (a reload after paying in the banking app): the same
	// total, nonce and deadline.
	again, err := db.OpenTopupQuote(ctx, quoteReq(alice.ID, 10_000, kbz, now.Add(20*time.Minute)))
	if err != nil || again.Total != first.Total || !bytes.Equal(again.Nonce, first.Nonce) || !again.ExpiresAt.Equal(first.ExpiresAt) {
		t.Fatalf("same request: %+v, %v; want %+v", again, err, first)
	}

	// Another method, amount or customer is another quote, with another
	// total: an open quote holds its total.
	others := map[int64]bool{first.Total: true}
	for _, r := range []store.QuoteRequest{quoteReq(alice.ID, 10_000, aya, now), quoteReq(alice.ID, 10_000, 0, now), quoteReq(bob.ID, 10_000, kbz, now)} {
		q, err := db.OpenTopupQuote(ctx, r)
		if err != nil || others[q.Total] {
			t.Fatalf("quote %+v, %v: total already quoted to someone (%v)", q, err, others)
		}
		others[q.Total] = true
	}

	// Expired: a new one.
	late, err := db.OpenTopupQuote(ctx, quoteReq(alice.ID, 10_000, kbz, now.Add(30*time.Minute)))
	if err != nil || bytes.Equal(late.Nonce, first.Nonce) {
		t.Fatalf("after expiry: %+v, %v; want a new quote", late, err)
	}

	// Used by a top-up: a new one, and the top-up holds the old total.
	used, _, err := db.CreateTopup(ctx, store.NewTopup{UserID: alice.ID, Amount: 10_000, VerificationAmount: late.VerificationAmount,
		PaymentMethodID: kbz, UploadID: newUpload(t, db, alice.ID, "quote-receipt").ID, QuoteNonce: late.Nonce})
	if err != nil {
		t.Fatal(err)
	}
	next, err := db.OpenTopupQuote(ctx, quoteReq(alice.ID, 10_000, kbz, now.Add(31*time.Minute)))
	if err != nil || bytes.Equal(next.Nonce, late.Nonce) || next.Total == used.Total {
		t.Fatalf("after use: %+v, %v; want a new quote with another total than %d", next, err, used.Total)
	}
}

// Requests at once (a double tap, two tabs) get one quote.
func TestOpenTopupQuoteConcurrent(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000023")
	kbz := newPaymentMethod(t, db, "KBZPay", true)
	now := time.Now().UTC().Truncate(time.Second)

	const n = 12
	quotes := make([]store.TopupQuote, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := quoteReq(alice.ID, 10_000, kbz, now)
			r.Pick = func([]int64) (int64, bool, error) { return int64(100 + i), true, nil }
			quotes[i], errs[i] = db.OpenTopupQuote(ctx, r)
		}()
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil || quotes[i].Total != quotes[0].Total || !bytes.Equal(quotes[i].Nonce, quotes[0].Nonce) {
			t.Fatalf("request %d: %+v, %v; request 0: %+v", i, quotes[i], errs[i], quotes[0])
		}
	}
	var rows int
	if err := db.SQL().Get(&rows, `SELECT count(*) FROM topup_quotes`); err != nil || rows != 1 {
		t.Fatalf("%d quotes stored (%v), want 1", rows, err)
	}

	// Customers asking at once are never given the same total.
	users := make([]int64, n)
	for i := range users {
		users[i] = newUser(t, db, fmt.Sprintf("094200003%02d", i)).ID
	}
	totals := make([]int64, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q, err := db.OpenTopupQuote(ctx, quoteReq(users[i], 20_000, kbz, now))
			if err != nil {
				t.Error(err)
			}
			totals[i] = q.Total
		}()
	}
	wg.Wait()
	seen := map[int64]bool{}
	for _, total := range totals {
		if seen[total] {
			t.Fatalf("two customers quoted %d: %v", total, totals)
		}
		seen[total] = true
	}
}

func TestOpenTopupQuoteLimits(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000024")
	bob := newUser(t, db, "09420000025")
	kbz := newPaymentMethod(t, db, "KBZPay", true)
	now := time.Now().UTC().Truncate(time.Second)

	// One customer keeps MaxOpenQuotes totals; the next frees the oldest.
	var oldest store.TopupQuote
	for i := range store.MaxOpenQuotes + 1 {
		q, err := db.OpenTopupQuote(ctx, quoteReq(alice.ID, int64(5000+1000*i), kbz, now.Add(time.Duration(i)*time.Second)))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			oldest = q
		}
	}
	var open int
	if err := db.SQL().Get(&open, `SELECT count(*) FROM topup_quotes WHERE user_id = $1`, alice.ID); err != nil || open != store.MaxOpenQuotes {
		t.Fatalf("%d open quotes (%v), want %d", open, err, store.MaxOpenQuotes)
	}
	if q, err := db.OpenTopupQuote(ctx, quoteReq(alice.ID, 5000, kbz, now.Add(time.Minute))); err != nil || bytes.Equal(q.Nonce, oldest.Nonce) {
		t.Fatalf("the oldest quote was kept: %+v, %v", q, err)
	}

	// Every total held by open quotes: no quote, nothing stored.
	r := quoteReq(bob.ID, 2000, kbz, now)
	r.Pick = func([]int64) (int64, bool, error) { return 0, false, nil }
	if _, err := db.OpenTopupQuote(ctx, r); !errors.Is(err, store.ErrNoFreeTotal) {
		t.Fatalf("no free total: %v, want ErrNoFreeTotal", err)
	}
	if err := db.SQL().Get(&open, `SELECT count(*) FROM topup_quotes WHERE user_id = $1`, bob.ID); err != nil || open != 0 {
		t.Fatalf("%d quotes stored for bob (%v), want 0", open, err)
	}
}
