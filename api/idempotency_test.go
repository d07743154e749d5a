package api_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
)

func digest(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

func TestIdempotencyKeysAreOpaque(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 100_000)
	product := map[string]any{"product_id": h.productID(t, "steam-wallet-5")}

	// Bytes that cannot be text are refused before anything is read or
	// charged (they used to reach PostgreSQL and fail there with a 500).
	for _, key := range []string{"\xff\xfe", "a\x00b", "ok\xc3"} {
		r := h.order(t, b, product, key).want(t, http.StatusBadRequest)
		if r.str("code") != "invalid_encoding" {
			t.Fatalf("key %q: %s", key, r.body)
		}
	}
	if w := h.wallet(t, b.ID); w != 100_000 {
		t.Fatalf("wallet %d after refused requests", w)
	}

	// Any text is a key, compared exactly, and only its digest is stored.
	key := `ကီး'; DROP TABLE orders;-- ` + strings.Repeat("k", 200)
	first := h.order(t, b, product, key).want(t, http.StatusCreated)
	again := h.order(t, b, product, key).want(t, http.StatusCreated)
	if again.header.Get("Idempotent-Replayed") != "true" || obj(again.json, "order")["id"] != obj(first.json, "order")["id"] {
		t.Fatalf("replay %s", again.body)
	}
	var stored string
	if err := h.db.SQL().Get(&stored, `SELECT idempotency_key FROM orders WHERE user_id = $1`, b.ID); err != nil {
		t.Fatal(err)
	}
	if stored != digest(strings.TrimSpace(key)) {
		t.Fatalf("stored key %q, want the digest of the key", stored)
	}
	if r := h.order(t, b, product, strings.Repeat("k", 256)).want(t, 422); r.fieldError("idempotency_key") == "" {
		t.Fatalf("long key: %s", r.body)
	}
}

func TestAdminAdjustmentKeysAreScoped(t *testing.T) {
	h := newAdminHarness(t)
	c1, c2 := h.buyer(t, 0), h.buyer(t, 0)
	adjust := func(admin buyer, user buyer, amount int64, key string, header map[string]string) authResult {
		hdr := map[string]string{}
		for k, v := range header {
			hdr[k] = v
		}
		if key != "" {
			hdr["Idempotency-Key"] = key
		}
		return h.do(t, authReq{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/wallet", user.ID), token: admin.token,
			body: map[string]any{"amount": amount, "reason": "Goodwill"}, header: hdr})
	}
	// Key "1" from two admins, and from one admin for two users: three
	// adjustments, no collision.
	first := adjust(h.boss, c1, 1000, "1", nil).want(t, 200)
	adjust(h.boss2, c1, 1000, "1", nil).want(t, 200)
	adjust(h.boss, c2, 1000, "1", nil).want(t, 200)
	if w1, w2 := h.wallet(t, c1.ID), h.wallet(t, c2.ID); w1 != 2000 || w2 != 1000 {
		t.Fatalf("wallets %d and %d, want 2000 and 1000", w1, w2)
	}

	// A retry answers the first entry with 200 and writes nothing.
	audits := len(h.audits(t, "user.wallet.adjust", c1.ID))
	replay := adjust(h.boss, c1, 1000, "1", nil).want(t, 200)
	if replay.data()["id"] != first.data()["id"] || replay.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay %s, want entry %v", replay.body, first.data()["id"])
	}
	if h.wallet(t, c1.ID) != 2000 || len(h.audits(t, "user.wallet.adjust", c1.ID)) != audits {
		t.Fatal("a replay moved money or wrote an audit entry")
	}
	if r := adjust(h.boss, c1, 500, "1", nil).want(t, http.StatusConflict); r.str("code") != "idempotency_key_reused" {
		t.Fatalf("same key, another amount: %s", r.body)
	}

	// Ten retries at once: one entry, ten answers with it.
	var wg sync.WaitGroup
	ids := make([]any, 10)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := adjust(h.boss, c2, 700, "double-click", nil)
			if r.status != 200 {
				t.Errorf("concurrent retry: %d %s", r.status, r.body)
			}
			ids[i] = r.data()["id"]
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if id != ids[0] {
			t.Fatalf("concurrent retries answered entries %v", ids)
		}
	}
	if w := h.wallet(t, c2.ID); w != 1700 {
		t.Fatalf("wallet %d after ten retries of +700, want 1700", w)
	}

	// Without a key the reference is the server's: two adjustments that
	// share a client-chosen request id both happen.
	same := map[string]string{"X-Request-ID": "fixed-id"}
	adjust(h.boss, c2, 100, "", same).want(t, 200)
	adjust(h.boss, c2, 100, "", same).want(t, 200)
	if w := h.wallet(t, c2.ID); w != 1900 {
		t.Fatalf("wallet %d, want 1900", w)
	}
	h.checkLedger(t)
}
