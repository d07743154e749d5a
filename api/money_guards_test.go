package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// Approving a refund of an order another admin is delivering is refused in
// the contract's shape; the request stays open and the delivery completes.
func TestAdminRefundInDeliveryAPI(t *testing.T) {
	h := newAdminHarness(t)
	b := h.buyer(t, 100_000)
	o := h.coinOrder(t, b)
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/orders/%d/claim", o), nil).want(t, 200)
	r := h.call(t, b.token, "POST", fmt.Sprintf("/api/orders/%d/refund", o), map[string]any{"reason": "not received"}).want(t, 201)
	id := num(r.data()["id"])
	before := h.wallet(t, b.ID)

	ans := h.call(t, h.boss2.token, "POST", fmt.Sprintf("/api/admin/refunds/%d/approve", id), nil)
	failsInShape(t, ans, 409, "refund_order_in_delivery", "")
	if want := "This order is being delivered right now; decide after its delivery ends."; ans.str("message") != want {
		t.Fatalf("message %q", ans.str("message"))
	}
	if w := h.wallet(t, b.ID); w != before {
		t.Fatalf("wallet %d, want %d", w, before)
	}
	queue := pageData(h.call(t, h.boss.token, "GET", "/api/admin/refunds?status=requested", nil).want(t, 200))
	if len(queue) != 1 {
		t.Fatalf("queue of %d, want the request still open", len(queue))
	}
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/orders/%d/complete", o), nil).want(t, 200)
	h.checkLedger(t)
}

// Completing the deletion of an account with an order still to deliver is
// refused in the contract's shape, and the account stays as it was.
func TestAdminDeletionWithOpenOrderAPI(t *testing.T) {
	h := newAdminHarness(t)
	ctx := context.Background()
	b := h.buyer(t, 100_000)
	h.coinOrder(t, b)
	if _, err := h.db.AdjustWallet(ctx, b.ID, -h.wallet(t, b.ID), h.boss.ID, "paid out", "leaver-out"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.db.RequestDeletion(ctx, b.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	ans := h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/users/%d/delete", b.ID), nil)
	failsInShape(t, ans, 409, "deletion_has_open_business", "")
	if got, err := h.db.UserByID(ctx, b.ID); err != nil || got.Username != b.Username {
		t.Fatalf("account changed by a refused deletion: %+v %v", got, err)
	}
}

// A deleted account's top-up cannot be confirmed nor its refund approved
// (its wallet stays empty): both are refused in the contract's shape, and
// rejecting and denying still close them. Such requests are left from
// before the guards that keep a deletion and new business apart.
func TestAdminDecisionsOnDeletedAccountAPI(t *testing.T) {
	h := newAdminHarness(t)
	b := h.buyer(t, 100_000)
	o := h.coinOrder(t, b)
	r := h.call(t, b.token, "POST", fmt.Sprintf("/api/orders/%d/refund", o), map[string]any{"reason": "not received"}).want(t, 201)
	refund := num(r.data()["id"])
	tp := h.topup(t, b.User, 5000, time.Minute, "deleted-receipt")
	h.db.SQL().MustExec(`UPDATE users SET deletion_requested_at = now(), deleted_at = now() WHERE id = $1`, b.ID)
	before := h.wallet(t, b.ID)

	confirm := h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/topups/%d/confirm", tp.ID), nil)
	failsInShape(t, confirm, 409, "deleted_account", "")
	if want := "This account was deleted: no money can go into its wallet and nothing new can be opened on it."; confirm.str("message") != want {
		t.Fatalf("message %q", confirm.str("message"))
	}
	failsInShape(t, h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/refunds/%d/approve", refund), nil), 409, "deleted_account", "")
	if w := h.wallet(t, b.ID); w != before {
		t.Fatalf("wallet %d, want %d", w, before)
	}
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/topups/%d/reject", tp.ID), map[string]any{"reason": "account deleted"}).want(t, 200)
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/refunds/%d/deny", refund), map[string]any{"reason": "account deleted"}).want(t, 200)
	h.checkLedger(t)
}
