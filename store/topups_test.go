package store_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"topup/store"
	"topup/store/storetest"
)

func newPaymentMethod(t *testing.T, db *store.DB, name string, active bool) int64 {
	t.Helper()
	var id int64
	err := db.SQL().Get(&id, `INSERT INTO payment_methods (name, holder_name, phone, kind, is_active)
		VALUES ($1, 'U Test', '09000000999', 'wallet', $2) RETURNING id`, name, active)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

var uploadSeq int

func newUpload(t *testing.T, db *store.DB, userID int64, content string) store.Upload {
	t.Helper()
	uploadSeq++
	sum := sha256.Sum256([]byte(content))
	u, err := db.CreateUpload(context.Background(), store.NewUpload{
		UserID: userID, StorageName: fmt.Sprintf("%032x", uploadSeq), Size: int64(len(content)) + 1,
		ContentType: "image/png", SHA256: sum[:], Width: 10, Height: 10,
	})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestCreateTopup(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000011")
	bob := newUser(t, db, "09420000012")
	kbz := newPaymentMethod(t, db, "KBZPay", true)
	closed := newPaymentMethod(t, db, "Closed Pay", false)

	receipt := newUpload(t, db, alice.ID, "receipt-a")
	first, replayed, err := db.CreateTopup(ctx, store.NewTopup{UserID: alice.ID, Amount: 5000, VerificationAmount: 37, PaymentMethodID: kbz, UploadID: receipt.ID, IdempotencyKey: "k1"})
	if err != nil || replayed {
		t.Fatalf("CreateTopup = %v (replayed %v)", err, replayed)
	}
	if first.Total != 5037 || first.Status != store.TopupPending || first.PaymentMethodName != "KBZPay" {
		t.Fatalf("top-up = %+v", first)
	}

	again, replayed, err := db.CreateTopup(ctx, store.NewTopup{UserID: alice.ID, Amount: 5000, VerificationAmount: 37, PaymentMethodID: kbz, UploadID: receipt.ID, IdempotencyKey: "k1"})
	if err != nil || !replayed || again.ID != first.ID {
		t.Fatalf("replay = %+v, %v, %v", again, replayed, err)
	}

	tests := []struct {
		name string
		nt   store.NewTopup
		want error
	}{
		{"same key, another request", store.NewTopup{UserID: alice.ID, Amount: 9000, VerificationAmount: 37, PaymentMethodID: kbz, UploadID: receipt.ID, IdempotencyKey: "k1"}, store.ErrConflict},
		{"receipt already used", store.NewTopup{UserID: alice.ID, Amount: 6000, VerificationAmount: 12, PaymentMethodID: kbz, UploadID: receipt.ID}, store.ErrUploadUsed},
		{"another customer's receipt", store.NewTopup{UserID: bob.ID, Amount: 6000, VerificationAmount: 12, PaymentMethodID: kbz, UploadID: newUpload(t, db, alice.ID, "receipt-b").ID}, store.ErrNotFound},
		{"no such receipt", store.NewTopup{UserID: bob.ID, Amount: 6000, VerificationAmount: 12, PaymentMethodID: kbz, UploadID: 999999}, store.ErrNotFound},
		{"same open total on one account", store.NewTopup{UserID: bob.ID, Amount: 5000, VerificationAmount: 37, PaymentMethodID: kbz, UploadID: newUpload(t, db, bob.ID, "receipt-c").ID}, store.ErrTotalTaken},
		{"inactive payment method", store.NewTopup{UserID: bob.ID, Amount: 6000, VerificationAmount: 12, PaymentMethodID: closed, UploadID: newUpload(t, db, bob.ID, "receipt-d").ID}, store.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := db.CreateTopup(ctx, tt.nt); !errors.Is(err, tt.want) {
				t.Fatalf("CreateTopup = %v, want %v", err, tt.want)
			}
		})
	}

	list, err := db.TopupsOfUser(ctx, alice.ID, 50)
	if err != nil || len(list) != 1 || list[0].ID != first.ID {
		t.Fatalf("TopupsOfUser = %+v, %v", list, err)
	}
	if list, _ := db.TopupsOfUser(ctx, bob.ID, 50); len(list) != 0 {
		t.Fatalf("bob sees %d top-ups", len(list))
	}
}

func TestUploadDuplicates(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000021")
	bob := newUser(t, db, "09420000022")
	a := newUpload(t, db, alice.ID, "same receipt")
	b := newUpload(t, db, bob.ID, "same receipt")
	c := newUpload(t, db, bob.ID, "another receipt")

	dups, err := db.UploadDuplicates(ctx, b.ID)
	if err != nil || len(dups) != 1 || dups[0].ID != a.ID {
		t.Fatalf("duplicates of b = %+v, %v", dups, err)
	}
	if dups, _ := db.UploadDuplicates(ctx, c.ID); len(dups) != 0 {
		t.Fatalf("a unique receipt has duplicates %+v", dups)
	}
	got, err := db.UploadByID(ctx, a.ID)
	if err != nil || got.UserID != alice.ID || got.ContentType != "image/png" {
		t.Fatalf("UploadByID = %+v, %v", got, err)
	}
	if _, err := db.UploadByID(ctx, 424242); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("missing upload: %v", err)
	}
}

func outboxEvents(t *testing.T, db *store.DB, event string) int {
	t.Helper()
	var n int
	if err := db.SQL().Get(&n, `SELECT count(*) FROM outbox WHERE event = $1`, event); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestDecideTopup(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000041")
	admin := newUser(t, db, "09420000042")
	kbz := newPaymentMethod(t, db, "KBZPay", true)
	create := func(content string, verification int64) store.Topup {
		top, _, err := db.CreateTopup(ctx, store.NewTopup{UserID: alice.ID, Amount: 10000, VerificationAmount: verification, PaymentMethodID: kbz, UploadID: newUpload(t, db, alice.ID, content).ID})
		if err != nil {
			t.Fatal(err)
		}
		return top
	}
	first := create("r1", 123)
	if n := outboxEvents(t, db, store.EventTopupCreated); n != 1 {
		t.Fatalf("%d topup.created events, want 1", n)
	}

	// 30 admins press Confirm at once: the wallet is credited once.
	var wg sync.WaitGroup
	var ok, stale atomic.Int32
	for range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := db.ConfirmTopup(ctx, first.ID, admin.ID)
			switch {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, store.ErrInvalidState):
				stale.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 1 || stale.Load() != 29 {
		t.Fatalf("%d confirms succeeded and %d were stale, want 1 and 29", ok.Load(), stale.Load())
	}
	u, err := db.UserByID(ctx, alice.ID)
	if err != nil || u.WalletAmount != 10123 {
		t.Fatalf("wallet = %d (%v), want the transferred total 10123", u.WalletAmount, err)
	}
	for event, want := range map[string]int{store.EventTopupUpdated: 1, store.EventUserUpdated: 1, store.EventMessageSent: 1} {
		if n := outboxEvents(t, db, event); n != want {
			t.Errorf("%d %s events, want %d", n, event, want)
		}
	}

	second := create("r2", 77)
	if _, err := db.RejectTopup(ctx, second.ID, admin.ID, "  "); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("reject without a reason = %v, want ErrInvalid", err)
	}
	rejected, err := db.RejectTopup(ctx, second.ID, admin.ID, "Receipt amount does not match")
	if err != nil || rejected.Status != store.TopupRejected || val(rejected.RejectReason) != "Receipt amount does not match" {
		t.Fatalf("reject = %+v, %v", rejected, err)
	}
	if _, err := db.ConfirmTopup(ctx, second.ID, admin.ID); !errors.Is(err, store.ErrInvalidState) {
		t.Fatalf("confirm after reject = %v, want ErrInvalidState", err)
	}
	if _, err := db.ConfirmTopup(ctx, 987654, admin.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("confirm of a missing top-up = %v, want ErrNotFound", err)
	}
	if u, _ := db.UserByID(ctx, alice.ID); u.WalletAmount != 10123 {
		t.Fatalf("wallet changed to %d by a rejected top-up", u.WalletAmount)
	}
	if bad, err := db.CheckLedger(ctx); err != nil || len(bad) != 0 {
		t.Fatalf("ledger invariant: %+v, %v", bad, err)
	}
}

func TestTopupTotalHeldForADay(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000051")
	bob := newUser(t, db, "09420000052")
	admin := newUser(t, db, "09420000053")
	kbz := newPaymentMethod(t, db, "KBZPay", true)
	wave := newPaymentMethod(t, db, "WavePay", true)
	create := func(u store.User, method, verification int64) (store.Topup, error) {
		top, _, err := db.CreateTopup(ctx, store.NewTopup{UserID: u.ID, Amount: 5000, VerificationAmount: verification,
			PaymentMethodID: method, UploadID: newUpload(t, db, u.ID, fmt.Sprint(u.ID, method, verification)+t.Name()).ID})
		return top, err
	}
	first, err := create(alice, kbz, 37)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ConfirmTopup(ctx, first.ID, admin.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := create(bob, kbz, 37); !errors.Is(err, store.ErrTotalTaken) {
		t.Fatalf("same total on the same account, confirmed an hour ago: %v, want ErrTotalTaken", err)
	}
	if _, err := create(bob, wave, 37); err != nil {
		t.Fatalf("same total on another account: %v", err)
	}
	if taken, err := db.TakenTotals(ctx, 5001, 5500); err != nil || len(taken) != 1 || taken[0] != 5037 {
		t.Fatalf("TakenTotals = %v, %v; want [5037]", taken, err)
	}
	db.SQL().MustExec(`UPDATE topup_orders SET decided_at = now() - interval '25 hours' WHERE id = $1`, first.ID)
	if _, err := create(bob, wave, 38); err != nil {
		t.Fatal(err)
	}
	if _, err := create(bob, kbz, 37); err != nil {
		t.Fatalf("same total confirmed over a day ago: %v", err)
	}

	rejected, err := create(alice, kbz, 99)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.RejectTopup(ctx, rejected.ID, admin.ID, "no transfer"); err != nil {
		t.Fatal(err)
	}
	if _, err := create(alice, kbz, 99); err != nil {
		t.Fatalf("same total as a rejected top-up: %v", err)
	}
}

func TestTopupQuoteNonceAndOpenCap(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000061")
	kbz := newPaymentMethod(t, db, "KBZPay", true)
	nonce := func(b byte) []byte { n := make([]byte, 16); n[0] = b; return n }
	create := func(verification int64, n []byte, key string) (store.Topup, bool, error) {
		return db.CreateTopup(ctx, store.NewTopup{UserID: alice.ID, Amount: 5000, VerificationAmount: verification,
			PaymentMethodID: kbz, UploadID: newUpload(t, db, alice.ID, fmt.Sprint(verification, key)).ID, QuoteNonce: n, IdempotencyKey: key})
	}
	if _, _, err := create(1, nonce(1), "a"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := create(2, nonce(1), "b"); !errors.Is(err, store.ErrQuoteUsed) {
		t.Fatalf("second use of a quote: %v, want ErrQuoteUsed", err)
	}
	if _, _, err := create(2, nonce(2), "b"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := create(3, nonce(3), "c"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := create(4, nonce(4), "d"); !errors.Is(err, store.ErrTooManyOpenTopups) {
		t.Fatalf("fourth open top-up: %v, want ErrTooManyOpenTopups", err)
	}
}
