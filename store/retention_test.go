package store_test

import (
	"context"
	"errors"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/lib/pq"

	"topup/store"
	"topup/store/storetest"
)

func TestExpireReceipts(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000031")
	kbz := newPaymentMethod(t, db, "KBZPay", true)
	now := time.Now()

	abandonedOld := newUpload(t, db, alice.ID, "abandoned old")
	abandonedNew := newUpload(t, db, alice.ID, "abandoned new")
	pending := newUpload(t, db, alice.ID, "pending")
	decidedOld := newUpload(t, db, alice.ID, "decided old")
	decidedNew := newUpload(t, db, alice.ID, "decided new")
	db.SQL().MustExec(`UPDATE uploads SET created_at = $2 WHERE id = ANY($1)`,
		int64s(abandonedOld.ID, pending.ID, decidedOld.ID, decidedNew.ID), now.Add(-40*24*time.Hour))
	for i, up := range []store.Upload{pending, decidedOld, decidedNew} {
		if _, _, err := db.CreateTopup(ctx, store.NewTopup{UserID: alice.ID, Amount: 5000, VerificationAmount: int64(i + 1), PaymentMethodID: kbz, UploadID: up.ID}); err != nil {
			t.Fatal(err)
		}
	}
	decide := func(uploadID int64, at time.Time) {
		db.SQL().MustExec(`UPDATE topup_orders SET status = 'rejected', reject_reason = 'test', decided_at = $2 WHERE upload_id = $1`, uploadID, at)
	}
	decide(decidedOld.ID, now.Add(-31*24*time.Hour))
	decide(decidedNew.ID, now.Add(-29*24*time.Hour))

	// Two nodes run the job at once; each file is removed exactly once.
	var mu sync.Mutex
	var removed []string
	remove := func(name string) error {
		mu.Lock()
		defer mu.Unlock()
		removed = append(removed, name)
		return nil
	}
	var wg sync.WaitGroup
	counts := make([]int, 2)
	for i := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := db.ExpireReceipts(ctx, now, 100, remove)
			if err != nil {
				t.Error(err)
			}
			counts[i] = n
		}()
	}
	wg.Wait()
	sort.Strings(removed)
	want := []string{abandonedOld.StorageName, decidedOld.StorageName}
	sort.Strings(want)
	if len(removed) != 2 || removed[0] != want[0] || removed[1] != want[1] || counts[0]+counts[1] != 2 {
		t.Fatalf("removed %v (counts %v), want %v", removed, counts, want)
	}
	for _, up := range []store.Upload{abandonedOld, decidedOld} {
		got, err := db.UploadByID(ctx, up.ID)
		if err != nil || got.DeletedAt == nil || len(got.SHA256) != 32 || got.Size != up.Size {
			t.Fatalf("expired upload %+v, %v: want deleted_at set and hash/size kept", got, err)
		}
	}
	for _, up := range []store.Upload{abandonedNew, pending, decidedNew} {
		if got, _ := db.UploadByID(ctx, up.ID); got.DeletedAt != nil {
			t.Fatalf("upload %d expired too early", up.ID)
		}
	}
	var audits int
	db.SQL().Get(&audits, `SELECT count(*) FROM audit_log WHERE action = 'receipt.deleted'`)
	if audits != 2 {
		t.Fatalf("%d audit rows, want 2", audits)
	}

	// A file that cannot be removed keeps its row live for the next run.
	late := newUpload(t, db, alice.ID, "late")
	db.SQL().MustExec(`UPDATE uploads SET created_at = $2 WHERE id = $1`, late.ID, now.Add(-2*24*time.Hour))
	if _, err := db.ExpireReceipts(ctx, now, 100, func(string) error { return errors.New("disk gone") }); err == nil {
		t.Fatal("a failed removal was not reported")
	}
	if got, _ := db.UploadByID(ctx, late.ID); got.DeletedAt != nil {
		t.Fatal("row marked deleted although its file was not removed")
	}
	if n, err := db.ExpireReceipts(ctx, now, 100, remove); err != nil || n != 1 {
		t.Fatalf("retry expired %d, %v", n, err)
	}
}

func int64s(v ...int64) any { return pq.Array(v) }
