package api_test

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"topup/store"
)

// giftCardCode is the shape of the demo store's codes (sql/seed demoCode).
var giftCardCode = regexp.MustCompile(`^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$`)

func TestPlaceOrderDeliversByKind(t *testing.T) {
	h := newShopHarness(t)
	tests := []struct {
		name       string
		sku        string
		uid, srv   any
		wantStatus string
		check      func(t *testing.T, r authResult)
	}{
		{name: "account", sku: "mlbb-acc-legend", wantStatus: "completed", check: func(t *testing.T, r authResult) {
			c := obj(r.json, "credentials")
			if c["email"] != "legend.96@mail.example" || c["email_password"] == "" || c["game_password"] == "" {
				t.Fatalf("credentials = %v", c)
			}
			if !reflect.DeepEqual(obj(r.json, "order", "meta"), c) {
				t.Fatalf("order.meta = %v, want the credentials", obj(r.json, "order", "meta"))
			}
			if _, ok := r.json["code"]; ok {
				t.Fatal("an account answer has a code")
			}
		}},
		{name: "code", sku: "steam-wallet-5", wantStatus: "completed", check: func(t *testing.T, r authResult) {
			if r.json["credentials"] != nil {
				t.Fatalf("credentials = %v, want null", r.json["credentials"])
			}
			if code, _ := r.json["code"].(string); !giftCardCode.MatchString(code) {
				t.Fatalf("code = %v", r.json["code"])
			}
		}},
		{name: "coin with server id", sku: "mobile-legends-86", uid: "123456789", srv: "2001", wantStatus: "pending", check: func(t *testing.T, r authResult) {
			o := obj(r.json, "order")
			if o["game_uid"] != "123456789" || o["server_id"] != "2001" || o["meta"] != nil {
				t.Fatalf("order = %v", o)
			}
		}},
		{name: "coin ids as numbers and Myanmar digits", sku: "mobile-legends-86", uid: 123456789, srv: "၂၀၀၁", wantStatus: "pending", check: func(t *testing.T, r authResult) {
			o := obj(r.json, "order")
			if o["game_uid"] != "123456789" || o["server_id"] != "2001" {
				t.Fatalf("order = %v", o)
			}
		}},
		{name: "coin without server id", sku: "pubg-coin-60", uid: "5550001", srv: nil, wantStatus: "pending", check: func(t *testing.T, r authResult) {
			if o := obj(r.json, "order"); o["server_id"] != "" {
				t.Fatalf("order = %v", o)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := h.buyer(t, 500000)
			pid := h.productID(t, tc.sku)
			var price int64
			if err := h.db.SQL().Get(&price, `SELECT price FROM products WHERE id = $1`, pid); err != nil {
				t.Fatal(err)
			}
			r := h.order(t, b, map[string]any{"product_id": pid, "game_uid": tc.uid, "server_id": tc.srv}, "").want(t, 201)
			if r.json["success"] != true || r.str("message") == "" {
				t.Fatalf("answer %s", r.body)
			}
			o := obj(r.json, "order")
			if o["payment_status"] != tc.wantStatus || o["total_price"] != float64(price+50) {
				t.Fatalf("order = %v", o)
			}
			if name, _ := obj(o, "product", "service")["name"].(string); name == "" {
				t.Fatalf("order.product.service.name missing: %v", o)
			}
			tc.check(t, r)
			if got := h.wallet(t, b.ID); got != 500000-price-50 {
				t.Fatalf("wallet = %d, want %d", got, 500000-price-50)
			}
		})
	}
	h.checkLedger(t)
}

func TestPlaceOrderFailures(t *testing.T) {
	h := newShopHarness(t)
	ctx := context.Background()
	inactive := h.productID(t, "mobile-legends-172")
	if _, err := h.db.SQL().Exec(`UPDATE products SET is_active = false WHERE id = $1`, inactive); err != nil {
		t.Fatal(err)
	}
	// A code product with its inventory gone.
	empty := h.productID(t, "google-play-10")
	if _, err := h.db.SQL().Exec(`DELETE FROM redeem_codes WHERE product_id = $1`, empty); err != nil {
		t.Fatal(err)
	}
	bannedBuyer := h.buyer(t, 100000)
	h.ban(t, bannedBuyer.User, nil)
	rich := h.buyer(t, 1000000)
	poor := h.buyer(t, 5000)

	tests := []struct {
		name      string
		who       buyer
		raw       string
		body      any
		noToken   bool
		status    int
		message   string // a part of the message
		field     string // the field the errors name, if any
		shortfall float64
	}{
		{name: "no token", who: rich, noToken: true, body: map[string]any{"product_id": 1}, status: 401, message: "Unauthenticated"},
		{name: "banned", who: bannedBuyer, body: map[string]any{"product_id": h.productID(t, "pubg-coin-60"), "game_uid": "1"}, status: 403, message: "banned"},
		{name: "malformed JSON", who: rich, raw: `{"product_id": 1,`, status: 400, message: "JSON object"},
		{name: "unknown field", who: rich, body: map[string]any{"product_id": 1, "price": 1}, status: 422, field: "price"},
		{name: "product id of the wrong type", who: rich, body: map[string]any{"product_id": true}, status: 422, field: "product_id"},
		{name: "no product", who: rich, body: map[string]any{"game_uid": "1"}, status: 422, field: "product_id", message: "choose a product"},
		{name: "unknown product", who: rich, body: map[string]any{"product_id": 999999}, status: 404, message: "not available"},
		{name: "inactive product", who: rich, body: map[string]any{"product_id": inactive, "game_uid": "1", "server_id": "1"}, status: 404, message: "not available"},
		{name: "insufficient balance", who: poor, body: map[string]any{"product_id": h.productID(t, "mobile-legends-86"), "game_uid": "1", "server_id": "2"},
			status: 422, message: "it costs 5,350 Ks and you have 5,000 Ks. Please top up at least 350 Ks", shortfall: 350},
		{name: "sold account", who: rich, body: map[string]any{"product_id": h.productID(t, "mlbb-acc-epic")}, status: 409, message: "sold out"},
		{name: "codes sold out", who: rich, body: map[string]any{"product_id": empty}, status: 409, message: "sold out"},
		{name: "coin without game id", who: rich, body: map[string]any{"product_id": h.productID(t, "mobile-legends-86"), "server_id": "2"}, status: 422, field: "game_uid", message: "Game ID is required"},
		{name: "coin with a letter in the game id", who: rich, body: map[string]any{"product_id": h.productID(t, "mobile-legends-86"), "game_uid": "12a", "server_id": "2"}, status: 422, field: "game_uid", message: "must be a number"},
		{name: "coin without server id", who: rich, body: map[string]any{"product_id": h.productID(t, "mobile-legends-86"), "game_uid": "12"}, status: 422, field: "server_id", message: "Server ID is required"},
		{name: "coin with a bad server id", who: rich, body: map[string]any{"product_id": h.productID(t, "mobile-legends-86"), "game_uid": "12", "server_id": "x1"}, status: 422, field: "server_id", message: "must be a number"},
		{name: "game id of the wrong type", who: rich, body: map[string]any{"product_id": h.productID(t, "mobile-legends-86"), "game_uid": []int{1}}, status: 422, field: "game_uid"},
	}
	before := h.wallet(t, rich.ID)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := authReq{method: "POST", path: "/api/order", body: tc.body, raw: tc.raw, token: tc.who.token}
			if tc.raw != "" {
				req.contentType = "application/json"
			}
			if tc.noToken {
				req.token = ""
			}
			r := h.do(t, req).want(t, tc.status)
			if r.json["success"] != false || !strings.Contains(r.str("message"), tc.message) {
				t.Fatalf("answer %s, want a message with %q", r.body, tc.message)
			}
			// docs/spec.md §7: on error data.message.
			if d := r.data(); d == nil || d["message"] != r.str("message") {
				t.Fatalf("data.message missing: %s", r.body)
			}
			if tc.field != "" && r.fieldError(tc.field) == "" {
				t.Fatalf("no error for %s: %s", tc.field, r.body)
			}
			if tc.shortfall != 0 && r.data()["shortfall"] != tc.shortfall {
				t.Fatalf("data.shortfall = %v, want %v", r.data()["shortfall"], tc.shortfall)
			}
		})
	}
	if got := h.wallet(t, rich.ID); got != before {
		t.Fatalf("failed orders charged the wallet: %d → %d", before, got)
	}
	if got := h.wallet(t, poor.ID); got != 5000 {
		t.Fatalf("poor wallet = %d", got)
	}
	n, err := h.db.OrdersOfUser(ctx, rich.ID, store.Paging{})
	if err != nil || n.Total != 0 {
		t.Fatalf("orders left behind: %d, %v", n.Total, err)
	}
	h.checkLedger(t)
}

func TestPlaceOrderIdempotencyKey(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 100000)
	code := h.productID(t, "steam-wallet-5")
	coin := h.productID(t, "mobile-legends-86")

	first := h.order(t, b, map[string]any{"product_id": code}, "key-1").want(t, 201)
	again := h.order(t, b, map[string]any{"product_id": code}, "key-1").want(t, 201)
	if again.body != first.body {
		t.Fatalf("replay answered\n%s\nfirst answer\n%s", again.body, first.body)
	}
	if again.header.Get("Idempotent-Replayed") != "true" || first.header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("replay header: first %q, again %q", first.header.Get("Idempotent-Replayed"), again.header.Get("Idempotent-Replayed"))
	}
	if got := h.wallet(t, b.ID); got != 100000-22550 {
		t.Fatalf("wallet = %d, want one charge", got)
	}

	t.Run("another product with the same key", func(t *testing.T) {
		r := h.order(t, b, map[string]any{"product_id": coin, "game_uid": "1", "server_id": "2"}, "key-1").want(t, 409)
		if !strings.Contains(r.str("message"), "Idempotency-Key") || obj(r.json, "data")["message"] == nil {
			t.Fatalf("answer %s", r.body)
		}
	})
	t.Run("a new key is a new order", func(t *testing.T) {
		r := h.order(t, b, map[string]any{"product_id": code}, "key-2").want(t, 201)
		if obj(r.json, "order")["id"] == obj(first.json, "order")["id"] {
			t.Fatal("same order for a new key")
		}
	})
	t.Run("a key is per user", func(t *testing.T) {
		other := h.buyer(t, 100000)
		r := h.order(t, other, map[string]any{"product_id": code}, "key-1").want(t, 201)
		if obj(r.json, "order")["id"] == obj(first.json, "order")["id"] {
			t.Fatal("another user's key replayed")
		}
	})
	t.Run("a failed order can be retried with its key", func(t *testing.T) {
		poor := h.buyer(t, 1000)
		h.order(t, poor, map[string]any{"product_id": coin, "game_uid": "1", "server_id": "2"}, "retry").want(t, 422)
		if _, err := h.db.AdjustWallet(context.Background(), poor.ID, 10000, 0, "top-up", fmt.Sprintf("more:%d", poor.ID)); err != nil {
			t.Fatal(err)
		}
		h.order(t, poor, map[string]any{"product_id": coin, "game_uid": "1", "server_id": "2"}, "retry").want(t, 201)
		h.order(t, poor, map[string]any{"product_id": coin, "game_uid": "1", "server_id": "2"}, "retry").want(t, 201)
		if got := h.wallet(t, poor.ID); got != 11000-5350 {
			t.Fatalf("wallet = %d", got)
		}
	})
	t.Run("a key over 255 characters", func(t *testing.T) {
		r := h.order(t, b, map[string]any{"product_id": code}, strings.Repeat("k", 256)).want(t, 422)
		if r.fieldError("idempotency_key") == "" {
			t.Fatalf("answer %s", r.body)
		}
	})
	h.checkLedger(t)
}

func TestListOrders(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 1000000)
	other := h.buyer(t, 100000)
	acc := h.productID(t, "mlbb-acc-starter")
	code := h.productID(t, "valorant-points-475")
	coin := h.productID(t, "pubg-coin-60")
	h.order(t, other, map[string]any{"product_id": coin, "game_uid": "9"}, "").want(t, 201)
	var ids []float64
	for _, body := range []map[string]any{
		{"product_id": acc}, {"product_id": code}, {"product_id": coin, "game_uid": "77"},
	} {
		r := h.order(t, b, body, "").want(t, 201)
		ids = append(ids, obj(r.json, "order")["id"].(float64))
	}

	tests := []struct {
		name    string
		path    string
		token   string
		status  int
		wantIDs []float64
		last    float64
	}{
		{name: "newest first", path: "/api/orders", token: b.token, status: 200, wantIDs: []float64{ids[2], ids[1], ids[0]}, last: 1},
		{name: "paged", path: "/api/orders?per_page=2&page=2", token: b.token, status: 200, wantIDs: []float64{ids[0]}, last: 2},
		{name: "bad page", path: "/api/orders?page=0", token: b.token, status: 422},
		{name: "no token", path: "/api/orders", status: 401},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := h.do(t, authReq{method: "GET", path: tc.path, token: tc.token}).want(t, tc.status)
			if tc.status != 200 {
				return
			}
			list, _ := r.data()["data"].([]any)
			var got []float64
			for _, o := range list {
				got = append(got, o.(map[string]any)["id"].(float64))
			}
			if !reflect.DeepEqual(got, tc.wantIDs) || r.data()["last_page"] != tc.last {
				t.Fatalf("ids = %v (last page %v), want %v (%v)", got, r.data()["last_page"], tc.wantIDs, tc.last)
			}
		})
	}

	r := h.do(t, authReq{method: "GET", path: "/api/orders", token: b.token}).want(t, 200)
	list := r.data()["data"].([]any)
	coinO, codeO, accO := list[0].(map[string]any), list[1].(map[string]any), list[2].(map[string]any)
	if m := obj(accO, "meta"); m["email"] != "grandmaster.18@mail.example" || m["game_password"] == "" {
		t.Fatalf("account meta = %v", accO["meta"])
	}
	if codeO["meta"] != nil || !giftCardCode.MatchString(fmt.Sprint(codeO["code"])) {
		t.Fatalf("code order = %v", codeO)
	}
	if coinO["payment_status"] != "pending" || coinO["total_price"] != float64(4550) || obj(coinO, "product", "service")["name"] != "Top Up" ||
		obj(coinO, "product")["name"] != "60 UC" || coinO["created_at"] == nil {
		t.Fatalf("coin order = %v", coinO)
	}
	if r.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("Cache-Control = %q", r.header.Get("Cache-Control"))
	}

	banned := h.buyer(t, 0)
	h.ban(t, banned.User, nil)
	h.do(t, authReq{method: "GET", path: "/api/orders", token: banned.token}).want(t, 403)
}
