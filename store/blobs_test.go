package store_test

import (
	"context"
	"strings"
	"testing"

	"topup/internal/blobs"
	"topup/internal/blobs/blobstest"
	"topup/store"
	"topup/store/storetest"
)

func TestBlobs(t *testing.T) {
	blobstest.Run(t, func(t *testing.T) blobs.Store { return storetest.New(t).Blobs(store.BlobReceipt) })
}

// Kinds do not see each other's blobs, and a body damaged at rest is an
// error, never served.
func TestBlobKindsAndDamage(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	receipts, media := db.Blobs(store.BlobReceipt), db.Blobs(store.BlobMedia)
	if err := receipts.Put(ctx, "same", []byte("receipt")); err != nil {
		t.Fatal(err)
	}
	if err := media.Put(ctx, "same", []byte("logo")); err != nil {
		t.Fatal(err)
	}
	if got, err := media.Get(ctx, "same"); err != nil || string(got) != "logo" {
		t.Fatalf("media blob: %q, %v", got, err)
	}
	if err := receipts.Put(ctx, "same", []byte("again")); err == nil {
		t.Fatal("a second blob took an existing name")
	}
	if _, err := db.SQL().Exec(`UPDATE blobs SET body = 'tampered' WHERE kind = 'receipt'`); err != nil {
		t.Fatal(err)
	}
	if _, err := receipts.Get(ctx, "same"); err == nil || !strings.Contains(err.Error(), "SHA-256") {
		t.Fatalf("a damaged blob was read: %v", err)
	}
}
