package api_test

import (
	"context"
	"fmt"
	"testing"
)

func TestShowOrder(t *testing.T) {
	h := newShopHarness(t)
	ctx := context.Background()
	owner, other := h.buyer(t, 500000), h.buyer(t, 500000)
	admin := h.buyer(t, 0)

	coin := h.order(t, owner, map[string]any{"product_id": h.productID(t, "pubg-coin-60"), "game_uid": "5550001"}, "").want(t, 201)
	coinID := num(obj(coin.json, "order")["id"])
	if _, err := h.db.FailOrder(ctx, coinID, admin.ID, "Game ID does not exist"); err != nil {
		t.Fatal(err)
	}
	code := h.order(t, owner, map[string]any{"product_id": h.productID(t, "steam-wallet-5")}, "").want(t, 201)
	codeID := num(obj(code.json, "order")["id"])

	get := func(b buyer, id any) authResult {
		return h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/orders/%v", id), token: b.token})
	}

	t.Run("a failed coin order shows its reason and timeline", func(t *testing.T) {
		r := get(owner, coinID).want(t, 200)
		o := obj(r.data(), "order")
		if o["payment_status"] != "failed" || o["fail_reason"] != "Game ID does not exist" || o["game_uid"] != "5550001" {
			t.Fatalf("order = %v", o)
		}
		var steps []string
		for _, s := range r.data()["timeline"].([]any) {
			st := s.(map[string]any)
			if st["at"] == "" || st["at"] == nil {
				t.Fatalf("step without a time: %v", st)
			}
			steps = append(steps, st["step"].(string))
		}
		if fmt.Sprint(steps) != "[placed paid processing failed]" {
			t.Fatalf("timeline = %v", steps)
		}
		if r.data()["reviewable"] != false {
			t.Fatal("a failed order is reviewable")
		}
		if cc := r.header.Get("Cache-Control"); cc != "private, no-store" {
			t.Fatalf("Cache-Control = %q", cc)
		}
	})

	t.Run("a code order re-shows its code to its buyer", func(t *testing.T) {
		r := get(owner, codeID).want(t, 200)
		if obj(r.data(), "order")["code"] != code.json["code"] || r.data()["reviewable"] != true {
			t.Fatalf("detail = %v", r.data())
		}
	})

	t.Run("another buyer's order is not found, like an unknown one", func(t *testing.T) {
		for _, id := range []any{codeID, coinID, 987654321, "abc", -1} {
			r := get(other, id).want(t, 404)
			if r.json["success"] != false || r.str("code") != "not_found" || r.str("message") == "" {
				t.Fatalf("%v: %s", id, r.body)
			}
			if r.body != get(other, 987654321).body {
				t.Fatalf("%v answers differently from an unknown id: %s", id, r.body)
			}
		}
	})

	t.Run("signed out is 401", func(t *testing.T) {
		h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/orders/%d", codeID)}).want(t, 401)
	})
}

func TestPlaceOrderPriceChanged(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 500000)
	pid := h.productID(t, "pubg-coin-60")
	var price int64
	if err := h.db.SQL().Get(&price, `SELECT price FROM products WHERE id = $1`, pid); err != nil {
		t.Fatal(err)
	}
	shown := price + 50
	if _, err := h.db.SQL().Exec(`UPDATE products SET price = price + 1000 WHERE id = $1`, pid); err != nil {
		t.Fatal(err)
	}
	body := map[string]any{"product_id": pid, "game_uid": "5550001", "total_price": shown}
	r := h.order(t, b, body, "key-1").want(t, 409)
	data := obj(r.json, "data")
	if r.json["success"] != false || r.str("code") != "price_changed" || r.str("message") == "" ||
		num(data["total_price"]) != shown+1000 || num(data["price"]) != price+1000 || num(data["service_charge"]) != 50 || data["message"] != r.str("message") {
		t.Fatalf("answer %s", r.body)
	}
	if got := h.wallet(t, b.ID); got != 500000 {
		t.Fatalf("wallet = %d after a refused order", got)
	}
	// The page asks again with the new total: the same key now buys.
	body["total_price"] = num(data["total_price"])
	r = h.order(t, b, body, "key-1").want(t, 201)
	after := 500000 - shown - 1000
	if num(obj(r.json, "order")["total_price"]) != shown+1000 || num(r.json["wallet_amount"]) != after {
		t.Fatalf("answer %s", r.body)
	}
	// A replay charges nothing and answers the balance as it is.
	if r := h.order(t, b, body, "key-1").want(t, 201); num(r.json["wallet_amount"]) != after {
		t.Fatalf("replay %s", r.body)
	}
	h.order(t, b, map[string]any{"product_id": pid, "game_uid": "5550001", "total_price": -5}, "").want(t, 422)
	h.checkLedger(t)
}
