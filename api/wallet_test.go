package api_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A customer reads their own statement, a page at a time, filtered, and
// downloads a month as CSV; bad filters are 422 naming the field.
func TestWalletStatement(t *testing.T) {
	ctx := context.Background()
	h := newShopHarness(t)
	b := h.buyer(t, 200_000)
	other := h.buyer(t, 5_000)
	pid := h.productID(t, "pubg-coin-60")
	for i := range 34 {
		h.order(t, b, map[string]any{"product_id": pid, "game_uid": "5123456789"}, fmt.Sprintf("st-%d", i)).want(t, 201)
	}
	if _, err := h.db.AdjustWallet(ctx, b.ID, 700, 0, "=HYPERLINK(\"x\") ငွေပြန်အမ်း", "st-adj"); err != nil {
		t.Fatal(err)
	}
	balance := h.wallet(t, b.ID)

	get := func(query string) authResult {
		return h.do(t, authReq{method: "GET", path: "/api/wallet/ledger" + query, token: b.token})
	}
	var sum int64
	var kinds []string
	cursor, pages := "", 0
	for {
		r := get("?cursor="+cursor).want(t, 200)
		pages++
		if r.json["balance"].(float64) != float64(balance) {
			t.Fatalf("balance %v, want %d", r.json["balance"], balance)
		}
		for _, e := range r.json["data"].([]any) {
			entry := e.(map[string]any)
			sum += int64(entry["amount"].(float64))
			kinds = append(kinds, entry["kind"].(string))
			if entry["kind"] == "order" && entry["order_id"] == nil {
				t.Fatalf("an order entry without its order: %v", entry)
			}
		}
		next, _ := r.json["next_cursor"].(string)
		if next == "" {
			break
		}
		cursor = next
	}
	if sum != balance || len(kinds) != 36 || pages != 2 || kinds[0] != "adjustment" {
		t.Fatalf("statement: %d entries in %d pages summing to %d (newest %s); want 36 in 2 summing to the wallet's %d", len(kinds), pages, sum, kinds[0], balance)
	}

	adj := get("?kind=adjustment").want(t, 200).json["data"].([]any)
	if len(adj) != 2 || adj[0].(map[string]any)["reason"] != "=HYPERLINK(\"x\") ငွေပြန်အမ်း" {
		t.Fatalf("adjustments: %v", adj)
	}
	month := time.Now().In(time.FixedZone("MMT", 390*60)).Format("2006-01")
	if got := get("?month="+month).want(t, 200).json["data"].([]any); len(got) != 30 {
		t.Fatalf("this month's first page: %d entries", len(got))
	}
	if got := get("?month=2020-01").want(t, 200).json["data"].([]any); len(got) != 0 {
		t.Fatalf("a month without entries: %d", len(got))
	}
	if got := h.do(t, authReq{method: "GET", path: "/api/wallet/ledger", token: other.token}).want(t, 200).json["data"].([]any); len(got) != 1 {
		t.Fatalf("another customer sees %d entries, want only their own 1", len(got))
	}

	for _, tc := range []struct{ query, field string }{
		{"?kind=salary", "kind"}, {"?month=2026-13", "month"}, {"?month=26-01", "month"},
		{"?cursor=-4", "cursor"}, {"?cursor=abc", "cursor"}, {"?cursor=99999999999999999999", "cursor"},
	} {
		if r := get(tc.query).want(t, 422); r.fieldError(tc.field) == "" || r.str("code") == "" {
			t.Errorf("%s: %s", tc.query, r.body)
		}
	}
	h.do(t, authReq{method: "GET", path: "/api/wallet/ledger"}).want(t, 401)

	// The month as CSV: a BOM, Burmese intact, oldest first, no formula.
	res := h.do(t, authReq{method: "GET", path: "/api/wallet/statement.csv?month=" + month, token: b.token}).want(t, 200)
	if !strings.HasPrefix(res.header.Get("Content-Type"), "text/csv") || !strings.Contains(res.header.Get("Content-Disposition"), "statement-"+month+".csv") {
		t.Fatalf("csv headers: %v", res.header)
	}
	if !strings.HasPrefix(res.body, "\uFEFF") {
		t.Fatal("the CSV has no byte-order mark: Excel would garble Burmese")
	}
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(res.body, "\uFEFF"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 37 || rows[0][0] != "date" || rows[1][6] != "test funds" || rows[36][6] != "'=HYPERLINK(\"x\") ငွေပြန်အမ်း" {
		t.Fatalf("csv: %d rows, first %v, last %v", len(rows), rows[1], rows[len(rows)-1])
	}
	if r := h.do(t, authReq{method: "GET", path: "/api/wallet/statement.csv", token: b.token}); r.status != http.StatusUnprocessableEntity || r.fieldError("month") == "" {
		t.Fatalf("csv without a month: %d %s", r.status, r.body)
	}
}
