package store_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
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
