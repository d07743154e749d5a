package store_test

import (
	"context"
	"errors"
	"testing"

	"topup/store"
)

// An order an admin has claimed (processing: the coins are being entered
// in the game) cannot be refunded under the deliverer: the approval is
// refused and the request stays open, so the delivery can finish and the
// money is not both in the game and back in the wallet.
func TestRefundApprovalWaitsForDelivery(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	u := s.buyer(2_000_000)
	deliverer, decider := s.admin(), s.admin()
	o := s.order(u, "pubg-coin-325")
	if _, err := s.db.ClaimOrder(ctx, deliverer, o.ID); err != nil {
		t.Fatal(err)
	}
	// The customer may still ask while the order is being delivered.
	r := s.request(u, o)
	before := s.wallet(u.ID)

	if _, err := s.db.DecideRefund(ctx, decider, r.ID, store.RefundDecision{Approve: true}); !errors.Is(err, store.ErrRefundOrderInDelivery) {
		t.Fatalf("approve during delivery: %v, want ErrRefundOrderInDelivery", err)
	}
	if w := s.wallet(u.ID); w != before {
		t.Fatalf("wallet %d after a refused approval, want %d", w, before)
	}
	var status string
	if err := s.db.SQL().Get(&status, `SELECT status FROM refund_requests WHERE id = $1`, r.ID); err != nil || status != store.RefundRequested {
		t.Fatalf("request is %q (%v), want it left open", status, err)
	}
	if _, err := s.db.CompleteOrder(ctx, o.ID, deliverer.ID); err != nil {
		t.Fatalf("the deliverer's complete after a refused approval: %v", err)
	}
	// Denying during delivery stays possible (no money moves).
	o2 := s.order(u, "pubg-coin-325")
	if _, err := s.db.ClaimOrder(ctx, deliverer, o2.ID); err != nil {
		t.Fatal(err)
	}
	r2 := s.request(u, o2)
	if _, err := s.db.DecideRefund(ctx, decider, r2.ID, store.RefundDecision{Reason: "being delivered"}); err != nil {
		t.Fatalf("deny during delivery: %v", err)
	}
}
