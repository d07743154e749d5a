package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"topup/store"
)

// An account is not deleted while business with it is open: a top-up that
// is confirmed later, an order still to deliver or a refund still to decide
// would move money on an account no one can use any more.
func TestAccountDeletionWaitsForOpenBusiness(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	admin := s.admin()
	u := s.buyer(100_000)
	o := s.order(u, "pubg-coin-325")
	if _, err := s.db.AdjustWallet(ctx, u.ID, -s.wallet(u.ID), admin.ID, "paid out", "leaver-out"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.RequestDeletion(ctx, u.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	refused := func(what string) {
		t.Helper()
		if err := s.db.CompleteDeletion(ctx, admin, u.ID); !errors.Is(err, store.ErrDeletionHasOpenBusiness) {
			t.Fatalf("%s: %v, want ErrDeletionHasOpenBusiness", what, err)
		}
		var deleted bool
		if err := s.db.SQL().Get(&deleted, `SELECT deleted_at IS NOT NULL FROM users WHERE id = $1`, u.ID); err != nil || deleted {
			t.Fatalf("%s: deleted %v (%v)", what, deleted, err)
		}
	}
	refused("pending order")
	if _, err := s.db.ClaimOrder(ctx, admin, o.ID); err != nil {
		t.Fatal(err)
	}
	refused("order being delivered")
	r := s.request(u, o)
	if _, err := s.db.CompleteOrder(ctx, o.ID, admin.ID); err != nil {
		t.Fatal(err)
	}
	refused("open refund request")
	if _, err := s.db.DecideRefund(ctx, admin, r.ID, store.RefundDecision{Reason: "delivered"}); err != nil {
		t.Fatal(err)
	}
	kbz := newPaymentMethod(t, s.db, "Test Wallet Pay", true)
	tp, _, err := s.db.CreateTopup(ctx, store.NewTopup{UserID: u.ID, Amount: 12000, VerificationAmount: 51,
		PaymentMethodID: kbz, UploadID: newUpload(t, s.db, u.ID, "late receipt").ID})
	if err != nil {
		t.Fatal(err)
	}
	refused("pending top-up")
	if _, err := s.db.RejectTopup(ctx, tp.ID, admin.ID, "not received"); err != nil {
		t.Fatal(err)
	}
	if err := s.db.CompleteDeletion(ctx, admin, u.ID); err != nil {
		t.Fatalf("nothing open any more: %v", err)
	}
}
