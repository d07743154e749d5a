package api_test

import (
	"context"
	"fmt"
	"testing"

	"topup/store"
)

func TestCancelTopupAPI(t *testing.T) {
	h := newTopupHarness(t)
	alice := h.userID(t, "alice")
	newTopup := func(n int64) int64 {
		t.Helper()
		tp, _, err := h.db.CreateTopup(context.Background(), store.NewTopup{UserID: alice, Amount: 5000, VerificationAmount: n,
			PaymentMethodID: h.kbz, UploadID: h.storedUpload(t, alice)})
		if err != nil {
			t.Fatal(err)
		}
		return tp.ID
	}
	cancel := func(token string, id any) authResult {
		return h.do(t, authReq{method: "POST", path: fmt.Sprintf("/api/topup-orders/%v/cancel", id), token: token})
	}

	pending := newTopup(1)
	for _, id := range []any{pending, 987654321, "x"} {
		if r := cancel(h.bob, id).want(t, 404); r.str("code") != "not_found" {
			t.Fatalf("bob cancels %v: %s", id, r.body)
		}
	}
	r := cancel(h.alice, pending).want(t, 200)
	if r.data()["status"] != "cancelled" || r.str("message") == "" {
		t.Fatalf("answer %s", r.body)
	}
	if r := cancel(h.alice, pending).want(t, 409); r.str("code") != "topup_decided" || r.json["success"] != false || r.str("message") == "" {
		t.Fatalf("second cancel %s", r.body)
	}
	confirmed := newTopup(2)
	if _, err := h.db.ConfirmTopup(context.Background(), confirmed, 0); err != nil {
		t.Fatal(err)
	}
	if r := cancel(h.alice, confirmed).want(t, 409); r.str("code") != "topup_decided" {
		t.Fatalf("cancel after confirm %s", r.body)
	}
	cancel("", pending).want(t, 401)

	// Every row says its status; the list pages past any fixed limit and
	// names each receipt, which only its owner may open.
	list := h.do(t, authReq{method: "GET", path: "/api/topup-orders?per_page=1&page=2", token: h.alice}).want(t, 200)
	items := pageData(list)
	if len(items) != 1 || num(list.data()["last_page"]) != 2 || items[0].(map[string]any)["status"] != "cancelled" {
		t.Fatalf("page 2: %s", list.body)
	}
	receipt := num(items[0].(map[string]any)["receipt_id"])
	if receipt == 0 {
		t.Fatalf("no receipt id: %s", list.body)
	}
	h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/uploads/%d", receipt), token: h.bob}).want(t, 404)
}
