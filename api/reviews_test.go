package api_test

import (
	"context"
	"strings"
	"testing"

	"topup/store"
)

func TestCreateReview(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 1000000)
	other := h.buyer(t, 0)
	banned := h.buyer(t, 0)
	h.ban(t, banned.User, nil)
	done := h.order(t, b, map[string]any{"product_id": h.productID(t, "steam-wallet-5")}, "").want(t, 201)
	doneID := obj(done.json, "order")["id"]
	pending := h.order(t, b, map[string]any{"product_id": h.productID(t, "pubg-coin-60"), "game_uid": "1"}, "").want(t, 201)
	pendingID := obj(pending.json, "order")["id"]

	tests := []struct {
		name   string
		token  string
		body   any
		raw    string
		status int
		field  string
		code   string
	}{
		{name: "no token", body: map[string]any{"order_id": doneID, "rating": 5}, status: 401},
		{name: "banned", token: banned.token, body: map[string]any{"order_id": doneID, "rating": 5}, status: 403},
		{name: "bad JSON", token: b.token, raw: `[1]`, status: 400},
		{name: "no order", token: b.token, body: map[string]any{"rating": 5}, status: 422, field: "order_id"},
		{name: "no rating", token: b.token, body: map[string]any{"order_id": doneID}, status: 422, field: "rating"},
		{name: "rating 6", token: b.token, body: map[string]any{"order_id": doneID, "rating": 6}, status: 422, field: "rating"},
		{name: "rating as text", token: b.token, body: map[string]any{"order_id": doneID, "rating": "5"}, status: 422, field: "rating"},
		{name: "long comment", token: b.token, body: map[string]any{"order_id": doneID, "rating": 5, "comment": strings.Repeat("a", 501)}, status: 422, field: "comment"},
		{name: "long Burmese comment", token: b.token, body: map[string]any{"order_id": doneID, "rating": 5, "comment": strings.Repeat("မ", 501)}, status: 422, field: "comment"},
		{name: "another's order", token: other.token, body: map[string]any{"order_id": doneID, "rating": 5}, status: 404},
		{name: "unknown order", token: b.token, body: map[string]any{"order_id": 999999, "rating": 5}, status: 404},
		{name: "pending order", token: b.token, body: map[string]any{"order_id": pendingID, "rating": 5}, status: 409},
		{name: "reviewed", token: b.token, body: map[string]any{"order_id": doneID, "rating": 4, "comment": " Fast delivery ! "}, status: 201},
		{name: "reviewed twice", token: b.token, body: map[string]any{"order_id": doneID, "rating": 5}, status: 409, code: "already_reviewed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := authReq{method: "POST", path: "/api/reviews", token: tc.token, body: tc.body, raw: tc.raw}
			if tc.raw != "" {
				req.contentType = "application/json"
			}
			r := h.do(t, req).want(t, tc.status)
			if tc.code != "" && (r.str("code") != tc.code || r.json["success"] != false || r.str("message") == "") {
				t.Fatalf("answer %s, want code %s", r.body, tc.code)
			}
			if tc.field != "" && r.fieldError(tc.field) == "" {
				t.Fatalf("no error for %s: %s", tc.field, r.body)
			}
			if tc.status == 201 {
				d := r.data()
				if d["rating"] != float64(4) || d["comment"] != "Fast delivery !" || obj(d, "user")["username"] != b.Username {
					t.Fatalf("review = %v", d)
				}
			}
		})
	}
	page, err := h.db.Reviews(context.Background(), store.ReviewFilter{})
	if err != nil || page.Total != 1 {
		t.Fatalf("reviews = %d, %v", page.Total, err)
	}
}

func TestListReviewsOfGame(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 1000000)
	for _, sku := range []string{"steam-wallet-5", "mlbb-acc-legend"} {
		r := h.order(t, b, map[string]any{"product_id": h.productID(t, sku)}, "").want(t, 201)
		h.do(t, authReq{method: "POST", path: "/api/reviews", token: b.token,
			body: map[string]any{"order_id": obj(r.json, "order")["id"], "rating": 5, "comment": sku}}).want(t, 201)
	}
	var slug string
	if err := h.db.SQL().Get(&slug, `SELECT g.slug FROM products p JOIN games g ON g.id = p.game_id WHERE p.sku = 'mlbb-acc-legend'`); err != nil {
		t.Fatal(err)
	}
	all := h.do(t, authReq{method: "GET", path: "/api/reviews"}).want(t, 200)
	one := h.do(t, authReq{method: "GET", path: "/api/reviews?game_slug=" + slug}).want(t, 200)
	if len(pageData(all)) != 2 || len(pageData(one)) != 1 || pageData(one)[0].(map[string]any)["comment"] != "mlbb-acc-legend" {
		t.Fatalf("all %s\none %s", all.body, one.body)
	}
	if r := h.do(t, authReq{method: "GET", path: "/api/reviews?game_slug=Bad_Slug"}).want(t, 422); r.fieldError("game_slug") == "" {
		t.Fatalf("answer %s", r.body)
	}
}
