package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"topup/store"
	"topup/store/storetest"
)

func TestCancelTopup(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000031")
	bob := newUser(t, db, "09420000032")
	kbz := newPaymentMethod(t, db, "KBZPay", true)
	topup := func(u store.User, n int) store.Topup {
		t.Helper()
		tp, _, err := db.CreateTopup(ctx, store.NewTopup{UserID: u.ID, Amount: 5000, VerificationAmount: int64(n), PaymentMethodID: kbz,
			UploadID: newUpload(t, db, u.ID, fmt.Sprintf("receipt %d", n)).ID})
		if err != nil {
			t.Fatal(err)
		}
		return tp
	}

	t.Run("the owner cancels a pending top-up once, which frees its total", func(t *testing.T) {
		tp := topup(alice, 1)
		if _, err := db.CancelTopup(ctx, bob.ID, tp.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another's cancel: %v, want ErrNotFound", err)
		}
		got, err := db.CancelTopup(ctx, alice.ID, tp.ID)
		if err != nil || got.Status != store.TopupCancelled || got.DecidedAt == nil || got.DecidedBy != nil {
			t.Fatalf("%+v %v", got, err)
		}
		if _, err := db.CancelTopup(ctx, alice.ID, tp.ID); !errors.Is(err, store.ErrTopupDecided) {
			t.Fatalf("second cancel: %v", err)
		}
		if _, err := db.ConfirmTopup(ctx, tp.ID, 0); !errors.Is(err, store.ErrInvalidState) {
			t.Fatalf("confirm after cancel: %v", err)
		}
		// The same total on the same account can be asked for again.
		if _, _, err := db.CreateTopup(ctx, store.NewTopup{UserID: bob.ID, Amount: 5000, VerificationAmount: 1, PaymentMethodID: kbz,
			UploadID: newUpload(t, db, bob.ID, "bob receipt").ID}); err != nil {
			t.Fatalf("total still held: %v", err)
		}
	})

	t.Run("a decided top-up cannot be cancelled", func(t *testing.T) {
		tp := topup(alice, 2)
		if _, err := db.RejectTopup(ctx, tp.ID, 0, "no transfer arrived"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CancelTopup(ctx, alice.ID, tp.ID); !errors.Is(err, store.ErrTopupDecided) {
			t.Fatalf("cancel after reject: %v", err)
		}
	})

	// The customer cancels while an admin confirms: one of them wins, and
	// the wallet is credited exactly when the confirm won.
	t.Run("cancel racing confirm", func(t *testing.T) {
		for i := range 20 {
			u := newUser(t, db, fmt.Sprintf("094201%05d", i))
			tp := topup(u, 100+i)
			var cancelErr, confirmErr error
			var wg sync.WaitGroup
			wg.Add(2)
			go func() { defer wg.Done(); _, cancelErr = db.CancelTopup(ctx, u.ID, tp.ID) }()
			go func() { defer wg.Done(); _, confirmErr = db.ConfirmTopup(ctx, tp.ID, 0) }()
			wg.Wait()
			if (cancelErr == nil) == (confirmErr == nil) {
				t.Fatalf("round %d: cancel %v, confirm %v: exactly one must win", i, cancelErr, confirmErr)
			}
			if cancelErr != nil && !errors.Is(cancelErr, store.ErrTopupDecided) {
				t.Fatalf("round %d: cancel lost with %v", i, cancelErr)
			}
			if confirmErr != nil && !errors.Is(confirmErr, store.ErrInvalidState) {
				t.Fatalf("round %d: confirm lost with %v", i, confirmErr)
			}
			after, err := db.UserByID(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := int64(0)
			if confirmErr == nil {
				want = tp.Total
			}
			if after.WalletAmount != want {
				t.Fatalf("round %d: wallet %d, want %d", i, after.WalletAmount, want)
			}
		}
		checkLedger(t, db)
	})

	t.Run("the history pages beyond any limit", func(t *testing.T) {
		page, err := db.TopupPageOfUser(ctx, alice.ID, store.Paging{Page: 2, PerPage: 1})
		if err != nil || page.Total != 2 || page.LastPage != 2 || len(page.Items) != 1 || page.Items[0].VerificationAmount != 1 {
			t.Fatalf("%+v %v", page, err)
		}
	})
}
