package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// failsInShape checks an error answer is {success:false, code, message}
// with the code given, and names field when one is given.
func failsInShape(t *testing.T, r authResult, status int, code, field string) {
	t.Helper()
	r.want(t, status)
	if r.json["success"] != false || r.str("message") == "" || r.str("code") != code {
		t.Fatalf("answer %s, want success false, a message and code %q", r.body, code)
	}
	if field != "" && r.fieldError(field) == "" {
		t.Fatalf("answer %s names no error for %s", r.body, field)
	}
}

// A customer asks for refunds of their own orders only, within the rules,
// and every refusal is in the contract's shape with its code.
func TestRequestRefundAPI(t *testing.T) {
	h := newAdminHarness(t)
	b := h.buyer(t, 100_000)
	other := h.buyer(t, 100_000)
	order := h.coinOrder(t, b)
	aged := h.coinOrder(t, b)
	h.db.SQL().MustExec(`UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = $1`, aged)
	othersOrder := h.coinOrder(t, other)
	othersShot := h.topup(t, other.User, 5000, 0, "others").UploadID
	path := func(id int64) string { return fmt.Sprintf("/api/orders/%d/refund", id) }
	ask := func(token string, id int64, body any) authResult {
		return h.call(t, token, "POST", path(id), body)
	}

	failsInShape(t, ask("", order, map[string]any{"reason": "x"}), 401, "unauthenticated", "")
	failsInShape(t, ask(b.token, order, map[string]any{"reason": "  "}), 422, "invalid", "reason")
	failsInShape(t, ask(b.token, order, map[string]any{"reason": strings.Repeat("a", 1001)}), 422, "invalid", "reason")
	failsInShape(t, ask(b.token, order, map[string]any{"reason": "x", "amount": 5}), 422, "invalid", "amount")
	failsInShape(t, ask(b.token, order, map[string]any{"reason": "x", "screenshot_id": -1}), 422, "invalid", "screenshot_id")
	failsInShape(t, ask(b.token, order, map[string]any{"reason": "x", "screenshot_id": othersShot}), 422, "refund_screenshot_invalid", "screenshot_id")
	failsInShape(t, ask(b.token, othersOrder, map[string]any{"reason": "x"}), 404, "not_found", "")
	failsInShape(t, ask(b.token, 987654, map[string]any{"reason": "x"}), 404, "not_found", "")
	failsInShape(t, h.call(t, b.token, "POST", "/api/orders/abc/refund", map[string]any{"reason": "x"}), 404, "not_found", "")
	failsInShape(t, ask(b.token, aged, map[string]any{"reason": "late"}), 422, "refund_window_closed", "")

	r := ask(b.token, order, map[string]any{"reason": "ငွေ မရောက်သေးပါ"}).want(t, 201)
	if d := r.data(); d["status"] != "requested" || d["ground"] != "undelivered" || num(d["order_id"]) != order || d["reason"] != "ငွေ မရောက်သေးပါ" {
		t.Fatalf("request %s", r.body)
	}
	failsInShape(t, ask(b.token, order, map[string]any{"reason": "again"}), 409, "refund_already_open", "")

	mine := h.call(t, b.token, "GET", "/api/refunds", nil).want(t, 200).json["data"].([]any)
	theirs := h.call(t, other.token, "GET", "/api/refunds", nil).want(t, 200).json["data"].([]any)
	if len(mine) != 1 || len(theirs) != 0 {
		t.Fatalf("own list %d, another's %d; want 1 and 0", len(mine), len(theirs))
	}
	failsInShape(t, h.call(t, "", "GET", "/api/refunds", nil), 401, "unauthenticated", "")
}

// An admin works the queue: approve credits once and tells the customer,
// a second decision is 409, a denial needs a reason; customers are refused.
func TestAdminRefundAPI(t *testing.T) {
	h := newAdminHarness(t)
	b := h.buyer(t, 100_000)
	start := h.wallet(t, b.ID)
	approveMe, denyMe := h.coinOrder(t, b), h.coinOrder(t, b)
	refundID := func(order int64) int64 {
		r := h.call(t, b.token, "POST", fmt.Sprintf("/api/orders/%d/refund", order), map[string]any{"reason": "not received"}).want(t, 201)
		return num(r.data()["id"])
	}
	ra, rd := refundID(approveMe), refundID(denyMe)
	decide := func(token string, id int64, verb string, body any) authResult {
		return h.call(t, token, "POST", fmt.Sprintf("/api/admin/refunds/%d/%s", id, verb), body)
	}

	failsInShape(t, h.call(t, b.token, "GET", "/api/admin/refunds", nil), 403, "forbidden", "")
	failsInShape(t, decide(b.token, ra, "approve", nil), 403, "forbidden", "")
	failsInShape(t, h.call(t, h.boss.token, "GET", "/api/admin/refunds?status=maybe", nil), 422, "invalid", "status")
	queue := pageData(h.call(t, h.boss.token, "GET", "/api/admin/refunds?status=requested", nil).want(t, 200))
	if len(queue) != 2 {
		t.Fatalf("queue of %d, want 2", len(queue))
	}
	first := queue[0].(map[string]any)
	if num(obj(first, "order")["id"]) != approveMe || num(obj(first, "history")["orders"]) != 2 || obj(first, "user")["username"] != b.Username {
		t.Fatalf("queue item %v", first)
	}

	failsInShape(t, decide(h.boss.token, ra, "approve", map[string]any{"restock": true}), 422, "refund_restock_unavailable", "restock")
	failsInShape(t, decide(h.boss.token, 987654, "approve", nil), 404, "not_found", "")
	r := decide(h.boss.token, ra, "approve", map[string]any{"reason": "Sorry for the wait"}).want(t, 200)
	if d := r.data(); d["status"] != "approved" || obj(d, "order")["status"] != "refunded" {
		t.Fatalf("approved %s", r.body)
	}
	failsInShape(t, decide(h.boss2.token, ra, "approve", nil), 409, "refund_already_decided", "")
	failsInShape(t, decide(h.boss2.token, ra, "deny", map[string]any{"reason": "late"}), 409, "refund_already_decided", "")
	if w := h.wallet(t, b.ID); w != start-num(first["amount"]) {
		// One order refunded, the other still paid for.
		t.Fatalf("wallet %d, want %d", w, start-num(first["amount"]))
	}

	failsInShape(t, decide(h.boss.token, rd, "deny", map[string]any{"reason": " "}), 422, "invalid", "reason")
	failsInShape(t, decide(h.boss.token, rd, "deny", nil), 415, "unsupported_media_type", "")
	failsInShape(t, decide(h.boss.token, rd, "deny", map[string]any{"reason": "x", "restock": true}), 422, "invalid", "restock")
	decide(h.boss.token, rd, "deny", map[string]any{"reason": "Delivered at 10:02"}).want(t, 200)
	failsInShape(t, decide(h.boss.token, rd, "approve", nil), 409, "refund_already_decided", "")

	failsInShape(t, h.call(t, b.token, "POST", fmt.Sprintf("/api/orders/%d/refund", approveMe), map[string]any{"reason": "again"}),
		409, "order_already_refunded", "")

	msgs, err := h.db.MessagesOfUser(context.Background(), b.ID)
	if err != nil || len(msgs) < 2 || !strings.Contains(msgs[0].Body, "Delivered at 10:02") || !strings.Contains(msgs[1].Body, "Sorry for the wait") {
		t.Fatalf("messages %+v (%v): want the denial's and the approval's reasons", msgs, err)
	}
	h.checkLedger(t)
}
