package main

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"

	"topup/internal/blobs"
	"topup/store"
)

// Where uploads live (BLOB_STORE).
const (
	blobStoreDir      = "dir"
	blobStorePostgres = "postgres"
)

// openBlobs gives the homes of receipts and public images: folders on this
// machine (BLOB_STORE=dir: UPLOAD_DIR, and MEDIA_DIR or UPLOAD_DIR/public),
// or the database every node shares (BLOB_STORE=postgres), where no node
// writes an upload to its disk.
func openBlobs(db *store.DB, kind, uploadDir, mediaDir string) (receipts, media blobs.Store, err error) {
	switch kind {
	case blobStorePostgres:
		return db.Blobs(store.BlobReceipt), db.Blobs(store.BlobMedia), nil
	case blobStoreDir:
		if mediaDir == "" {
			mediaDir = filepath.Join(uploadDir, "public")
		}
		r, err := blobs.OpenDir(uploadDir, 0o600)
		if err != nil {
			return nil, nil, err
		}
		m, err := blobs.OpenDir(mediaDir, 0o644)
		if err != nil {
			return nil, nil, err
		}
		return r, m, nil
	}
	return nil, nil, fmt.Errorf("BLOB_STORE must be %s or %s, not %q", blobStoreDir, blobStorePostgres, kind)
}

// copyBlobs moves a shop's uploads between homes:
// `topup blobs copy -from dir -to postgres` (or back). It copies what the
// destination lacks, so it can be run again after a failure, and deletes
// nothing: switch BLOB_STORE after it, then remove the old copies yourself.
func copyBlobs(ctx context.Context, args []string, e env) error {
	if len(args) == 0 || args[0] != "copy" {
		return fmt.Errorf("usage: topup blobs copy -from dir|postgres -to dir|postgres")
	}
	fs := flag.NewFlagSet("blobs copy", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	from := fs.String("from", blobStoreDir, "where the uploads are now (dir or postgres)")
	to := fs.String("to", blobStorePostgres, "where they should be (dir or postgres)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *from == *to {
		return fmt.Errorf("-from and -to are both %q", *from)
	}
	cfg, db, err := openConfigured(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	srcReceipts, srcMedia, err := openBlobs(db, *from, cfg.UploadDir, e.getenv("MEDIA_DIR"))
	if err != nil {
		return err
	}
	dstReceipts, dstMedia, err := openBlobs(db, *to, cfg.UploadDir, e.getenv("MEDIA_DIR"))
	if err != nil {
		return err
	}
	for _, c := range []struct {
		what     string
		src, dst blobs.Store
	}{{"receipts", srcReceipts, dstReceipts}, {"public images", srcMedia, dstMedia}} {
		n, err := blobs.Copy(ctx, c.src, c.dst)
		if err != nil {
			return fmt.Errorf("copying %s: %w (%d copied; run again to resume)", c.what, err, n)
		}
		fmt.Fprintf(e.stdout, "%s: %d copied from %s to %s\n", c.what, n, *from, *to)
	}
	return nil
}
