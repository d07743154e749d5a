package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"topup/store"
)

// A customer's session stays usable for a moment after an admin completes
// the deletion (another node may still hold it), so a top-up or a refund
// request can arrive while CompleteDeletion is between its check for open
// business and its commit. It must then wait for the deletion and refuse
// (ErrAccountDeleted), never open business on an account no one can use.
func TestNewBusinessWaitsForADeletionInFlight(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		sku  string // bought before the deletion request, or ""
		open func(s *shop, u store.User, o store.Order) error
	}{
		{"top-up", "", func(s *shop, u store.User, _ store.Order) error {
			kbz := newPaymentMethod(s.t, s.db, "Race Wallet Pay", true)
			_, _, err := s.db.CreateTopup(ctx, store.NewTopup{UserID: u.ID, Amount: 12000, VerificationAmount: 73,
				PaymentMethodID: kbz, UploadID: newUpload(s.t, s.db, u.ID, "racing receipt").ID})
			return err
		}},
		{"refund request", "steam-wallet-5", func(s *shop, u store.User, o store.Order) error {
			_, err := s.db.RequestRefund(ctx, store.NewRefund{UserID: u.ID, OrderID: o.ID, Reason: "The code does not work"})
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newShop(t)
			admin := s.admin()
			u := s.buyer(100_000)
			var o store.Order
			if tc.sku != "" {
				o = s.order(u, tc.sku)
			}
			if w := s.wallet(u.ID); w > 0 {
				if _, err := s.db.AdjustWallet(ctx, u.ID, -w, admin.ID, "paid out", "leaver-out"); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := s.db.RequestDeletion(ctx, u.ID, time.Now()); err != nil {
				t.Fatal(err)
			}
			if _, err := s.db.CreateMessage(ctx, store.NewMessage{UserID: u.ID, Title: "Welcome"}); err != nil {
				t.Fatal(err)
			}

			// Hold the deletion after its checks: it locks the user row,
			// finds nothing open, then waits to delete the messages this
			// transaction holds.
			hold, err := s.db.SQL().BeginTxx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer hold.Rollback()
			if _, err := hold.ExecContext(ctx, `SELECT id FROM messages WHERE user_id = $1 FOR UPDATE`, u.ID); err != nil {
				t.Fatal(err)
			}
			deleted := make(chan error, 1)
			go func() { deleted <- s.db.CompleteDeletion(ctx, admin, u.ID) }()
			waitForLockWaits(t, s, 1, nil)

			opened := make(chan error, 1)
			go func() { opened <- tc.open(s, u, o) }()
			// The new business waits for the deletion (on the user row) or
			// ends first; either way the deletion goes on after.
			waitForLockWaits(t, s, 2, opened)
			if err := hold.Rollback(); err != nil {
				t.Fatal(err)
			}
			if err := <-deleted; err != nil {
				t.Fatalf("deletion: %v", err)
			}
			if err := <-opened; !errors.Is(err, store.ErrAccountDeleted) {
				t.Fatalf("%s on an account deleted meanwhile: %v, want ErrAccountDeleted", tc.name, err)
			}
			var open bool
			if err := s.db.SQL().Get(&open, `
				SELECT EXISTS (SELECT 1 FROM topup_orders WHERE user_id = $1 AND status = 'pending')
				    OR EXISTS (SELECT 1 FROM refund_requests WHERE user_id = $1 AND status = 'requested')`, u.ID); err != nil || open {
				t.Fatalf("a deleted account has open business: %v (%v)", open, err)
			}
		})
	}
}

// waitForLockWaits waits until n sessions of the test's database wait on a
// lock, or until done has a value (left in it).
func waitForLockWaits(t *testing.T, s *shop, n int, done chan error) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		select {
		case err := <-done:
			done <- err
			return
		default:
		}
		var waiting int
		if err := s.db.SQL().Get(&waiting, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`); err != nil {
			t.Fatal(err)
		}
		if waiting >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions wait on a lock after 10 s, want %d", waiting, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
