package store_test

import (
	"context"
	"errors"
	"testing"

	"topup/store"
	"topup/store/storetest"
)

// The audit entry and the change it records commit together: an entry that
// cannot be written undoes the change, and a refused change writes no
// entry.
func TestAuditSharesTheTransaction(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	admin := newUser(t, db, "09420000091")
	alice := newUser(t, db, "09420000092")
	kbz := newPaymentMethod(t, db, "KBZPay", true)
	tp, _, err := db.CreateTopup(ctx, store.NewTopup{UserID: alice.ID, Amount: 5000, VerificationAmount: 7, PaymentMethodID: kbz,
		UploadID: newUpload(t, db, alice.ID, "r1").ID})
	if err != nil {
		t.Fatal(err)
	}
	count := func(q string, args ...any) int {
		t.Helper()
		var n int
		if err := db.SQL().Get(&n, q, args...); err != nil {
			t.Fatal(err)
		}
		return n
	}
	outbox := count(`SELECT count(*) FROM outbox`)

	if _, err := db.ConfirmTopupWithBrokenAudit(ctx, tp.ID, admin.ID); err == nil {
		t.Fatal("confirm with an unwritable audit entry succeeded")
	}
	u, _ := db.UserByID(ctx, alice.ID)
	if u.WalletAmount != 0 || count(`SELECT count(*) FROM topup_orders WHERE status = 'pending'`) != 1 ||
		count(`SELECT count(*) FROM outbox`) != outbox || count(`SELECT count(*) FROM messages`) != 0 {
		t.Fatal("the change outlived its failed audit entry")
	}

	a := store.Actor{ID: admin.ID, IP: "203.0.113.9", RequestID: "req-1"}
	if _, err := db.AdminConfirmTopup(ctx, a, tp.ID, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AdminConfirmTopup(ctx, a, tp.ID, nil); !errors.Is(err, store.ErrInvalidState) {
		t.Fatalf("second confirm = %v", err)
	}
	if n := count(`SELECT count(*) FROM audit_log WHERE action = 'topup.confirm' AND target_id = $1 AND request_id = 'req-1'
		AND ip = '203.0.113.9' AND before->>'status' = 'pending' AND after->>'status' = 'confirmed'`, tp.ID); n != 1 {
		t.Fatalf("%d entries", n)
	}
	// A store call outside any admin wrapper writes no entry.
	if _, err := db.AdjustWallet(ctx, alice.ID, 1, 0, "r", "plain"); err != nil {
		t.Fatal(err)
	}
	if n := count(`SELECT count(*) FROM audit_log`); n != 1 {
		t.Fatalf("%d entries after a plain store call", n)
	}
}
