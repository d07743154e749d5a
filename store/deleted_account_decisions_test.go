package store_test

import (
	"context"
	"errors"
	"testing"

	"topup/store"
)

// A deleted account's wallet stays empty: confirming its top-up or
// approving its refund is ErrAccountDeleted and changes nothing, while
// rejecting and denying still close them (the money goes back outside the
// shop, docs/architecture.md "The money path"), without a message to an
// inbox the deletion emptied. Completing a deletion refuses open business
// and new business waits for a deletion in flight, so such a request is
// one left from before those guards (or made by hand in SQL), as here.
func TestDecisionsOnADeletedAccount(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	admin := s.admin()
	u := s.buyer(100_000)
	code := s.order(u, "steam-wallet-5")
	r1 := s.request(u, code)
	r2 := s.request(u, s.order(u, "steam-wallet-5"))
	if _, err := s.db.AdjustWallet(ctx, u.ID, -s.wallet(u.ID), admin.ID, "paid out", "leaver-out"); err != nil {
		t.Fatal(err)
	}
	kbz := newPaymentMethod(t, s.db, "Deleted Wallet Pay", true)
	var topups []store.Topup
	for i, receipt := range []string{"receipt one", "receipt two"} {
		tp, _, err := s.db.CreateTopup(ctx, store.NewTopup{UserID: u.ID, Amount: 12000, VerificationAmount: int64(31 + i),
			PaymentMethodID: kbz, UploadID: newUpload(t, s.db, u.ID, receipt).ID})
		if err != nil {
			t.Fatal(err)
		}
		topups = append(topups, tp)
	}
	if _, err := s.db.SQL().Exec(`DELETE FROM messages WHERE user_id = $1`, u.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.SQL().Exec(`UPDATE users SET deletion_requested_at = now(), deleted_at = now(), password_hash = '!deleted' WHERE id = $1`, u.ID); err != nil {
		t.Fatal(err)
	}

	if _, err := s.db.ConfirmTopup(ctx, topups[0].ID, admin.ID); !errors.Is(err, store.ErrAccountDeleted) {
		t.Fatalf("confirm: %v, want ErrAccountDeleted", err)
	}
	if _, err := s.db.AdminConfirmTopup(ctx, admin, topups[1].ID, nil); !errors.Is(err, store.ErrAccountDeleted) {
		t.Fatalf("admin confirm: %v, want ErrAccountDeleted", err)
	}
	if _, err := s.db.DecideRefund(ctx, admin, r1.ID, store.RefundDecision{Approve: true}); !errors.Is(err, store.ErrAccountDeleted) {
		t.Fatalf("approve: %v, want ErrAccountDeleted", err)
	}
	// Nor does an admin's hand credit it (a wallet no one can spend).
	if _, _, err := s.db.AdminAdjustWallet(ctx, admin, u.ID, 5000, "goodwill", ""); !errors.Is(err, store.ErrAccountDeleted) {
		t.Fatalf("adjust: %v, want ErrAccountDeleted", err)
	}
	if w := s.wallet(u.ID); w != 0 {
		t.Fatalf("a deleted account's wallet holds %d", w)
	}
	var open int
	if err := s.db.SQL().Get(&open, `SELECT (SELECT count(*) FROM topup_orders WHERE user_id = $1 AND status = 'pending')
		+ (SELECT count(*) FROM refund_requests WHERE user_id = $1 AND status = 'requested')`, u.ID); err != nil || open != 4 {
		t.Fatalf("%d open after the refusals, want all 4 (%v)", open, err)
	}

	if _, err := s.db.RejectTopup(ctx, topups[0].ID, admin.ID, "Account deleted: transfer returned by KBZPay"); err != nil {
		t.Fatalf("reject: %v", err)
	}
	if _, err := s.db.AdminRejectTopup(ctx, admin, topups[1].ID, "Account deleted: transfer returned"); err != nil {
		t.Fatalf("admin reject: %v", err)
	}
	for _, r := range []store.Refund{r1, r2} {
		if _, err := s.db.DecideRefund(ctx, admin, r.ID, store.RefundDecision{Reason: "Account deleted: paid back by hand"}); err != nil {
			t.Fatalf("deny: %v", err)
		}
	}
	var messages int
	if err := s.db.SQL().Get(&messages, `SELECT count(*) FROM messages WHERE user_id = $1`, u.ID); err != nil || messages != 0 {
		t.Fatalf("%d messages written to a deleted account (%v)", messages, err)
	}
	if err := s.db.SQL().Get(&open, `SELECT (SELECT count(*) FROM topup_orders WHERE user_id = $1 AND status = 'pending')
		+ (SELECT count(*) FROM refund_requests WHERE user_id = $1 AND status = 'requested')`, u.ID); err != nil || open != 0 {
		t.Fatalf("%d still open (%v)", open, err)
	}
}
