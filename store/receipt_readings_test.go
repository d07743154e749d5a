package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

func TestReceiptJobsAreClaimedOnceAndSurviveACrash(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000061")
	up := newUpload(t, db, alice.ID, "queued")
	if n, err := db.ReceiptJobsWaiting(ctx); err != nil || n != 1 {
		t.Fatalf("storing a receipt queued %d jobs (%v), want 1", n, err)
	}

	// Eight workers look at once: one gets the receipt.
	var wg sync.WaitGroup
	var mu sync.Mutex
	var got []store.ReceiptJob
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			job, ok, err := db.ClaimReceiptJob(ctx, time.Hour)
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				got = append(got, job)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(got) != 1 || got[0].UploadID != up.ID || got[0].Attempts != 1 || got[0].StorageName != up.StorageName || got[0].Deleted {
		t.Fatalf("claims = %+v, want one of upload %d", got, up.ID)
	}
	if _, ok, _ := db.ClaimReceiptJob(ctx, time.Minute); ok {
		t.Fatal("a leased job was claimed again before its lease ran out")
	}

	// The worker died: once its lease has run out (an hour passes), the
	// next one reads the receipt.
	db.SQL().MustExec(`UPDATE receipt_read_jobs SET leased_until = now() - interval '1 second'`)
	again, ok, err := db.ClaimReceiptJob(ctx, time.Minute)
	if err != nil || !ok {
		t.Fatalf("the job did not come back after its lease: %v %v", ok, err)
	}
	if again.UploadID != up.ID || again.Attempts != 2 {
		t.Fatalf("re-claimed %+v, want upload %d on attempt 2", again, up.ID)
	}

	// A worker that shuts down gives it back without using an attempt.
	if err := db.ReleaseReceiptJob(ctx, up.ID); err != nil {
		t.Fatal(err)
	}
	third, ok, err := db.ClaimReceiptJob(ctx, time.Minute)
	if err != nil || !ok || third.Attempts != 2 {
		t.Fatalf("after a release: %+v %v %v, want attempt 2 again", third, ok, err)
	}

	// Two workers that both read it (the first was slow past its lease)
	// save it once.
	r := store.ReceiptReading{UploadID: up.ID, Status: store.ReadingRead, RawText: "first",
		Amount: ptr[int64](5037), AmountConfidence: 0.9}
	if saved, err := db.SaveReceiptReading(ctx, r, nil); err != nil || !saved {
		t.Fatalf("first save = %v, %v", saved, err)
	}
	r.RawText = "second"
	if saved, err := db.SaveReceiptReading(ctx, r, nil); err != nil || saved {
		t.Fatalf("second save = %v, %v; want not saved", saved, err)
	}
	kept, err := db.ReceiptReadingOf(ctx, up.ID)
	if err != nil || kept.RawText != "first" || val(kept.Amount) != 5037 {
		t.Fatalf("kept %+v (%v)", kept, err)
	}
	if n, _ := db.ReceiptJobsWaiting(ctx); n != 0 {
		t.Fatalf("%d jobs left after the save", n)
	}
}

func TestRetentionIsNotHeldUpByReading(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice := newUser(t, db, "09420000062")
	read := newUpload(t, db, alice.ID, "read before")
	reading := newUpload(t, db, alice.ID, "being read")
	db.SQL().MustExec(`UPDATE uploads SET created_at = now() - interval '2 days'`)
	if _, err := db.SaveReceiptReading(ctx, store.ReceiptReading{UploadID: read.ID, Status: store.ReadingRead, RawText: "U Aung 09*****123",
		TransactionID: ptr("FT1"), TransactionKey: ptr("FT1"),
		Fingerprint: []byte{1, 2, 3}}, nil); err != nil {
		t.Fatal(err)
	}
	// A worker holds the other receipt's job while the retention job runs.
	if _, ok, err := db.ClaimReceiptJob(ctx, time.Hour); err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	done := make(chan int, 1)
	go func() {
		n, err := db.ExpireReceipts(ctx, time.Now(), 100, func(string) error { return nil })
		if err != nil {
			t.Error(err)
		}
		done <- n
	}()
	select {
	case n := <-done:
		if n != 2 {
			t.Fatalf("expired %d receipts, want both abandoned ones", n)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("retention waited for a receipt being read")
	}
	// The text went with the file; the fields and fingerprint stayed.
	kept, err := db.ReceiptReadingOf(ctx, read.ID)
	if err != nil || kept.RawText != "" || val(kept.TransactionID) != "FT1" || len(kept.Fingerprint) != 3 {
		t.Fatalf("after retention: %+v (%v)", kept, err)
	}
	// The reading that finishes after its file was deleted keeps no text.
	if saved, err := db.SaveReceiptReading(ctx, store.ReceiptReading{UploadID: reading.ID, Status: store.ReadingRead, RawText: "U Aung"}, nil); err != nil || !saved {
		t.Fatalf("late save: %v %v", saved, err)
	}
	if late, _ := db.ReceiptReadingOf(ctx, reading.ID); late.RawText != "" {
		t.Fatalf("a receipt past retention kept its text %q", late.RawText)
	}
}
