package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // receipts and media are PNG or JPEG (or WebP, checked by type only)
	_ "image/png"
	"net/http"
	"path"

	"topup/internal/blobs"
	"topup/internal/media"
	"topup/store"
)

// mediaTypes is the type each public image's extension promises
// (internal/media names them so).
var mediaTypes = map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".webp": "image/webp"}

// verifyFiles checks every file the database points at against the blob
// store the nodes use (BLOB_STORE): it must be there, match the SHA-256
// PostgreSQL keeps beside it (BLOB_STORE=postgres), and be the image its
// row says. A directory keeps no hash of what it stores, so there the
// decode is the check: PNG carries checksums of its own, a JPEG cut short
// does not decode. It returns one line per bad file.
func verifyFiles(ctx context.Context, db *store.DB, cfg Config, e env) ([]string, error) {
	receipts, images, err := openBlobs(db, cfg.BlobStore, cfg.UploadDir, e.getenv("MEDIA_DIR"))
	if err != nil {
		return nil, err
	}
	var problems []string
	counts := map[string]int{}
	err = db.BlobRefs(ctx, media.URLPrefix, func(ref store.BlobRef) error {
		home := receipts
		if ref.Kind == store.BlobMedia {
			home = images
		}
		problem, err := checkFile(ctx, home, ref)
		if err != nil {
			return fmt.Errorf("%s %s (%s): %w", ref.Kind, ref.Name, ref.Where, err)
		}
		if problem != "" {
			problems = append(problems, fmt.Sprintf("%s %s (%s): %s", ref.Kind, ref.Name, ref.Where, problem))
		} else {
			counts[ref.Kind]++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(e.stdout, "files (BLOB_STORE=%s): %d receipts and %d public images intact, %d missing or damaged\n",
		cfg.BlobStore, counts[store.BlobReceipt], counts[store.BlobMedia], len(problems))
	return problems, nil
}

// checkFile says what is wrong with one file ("" when nothing is); an error
// is a failure to look (the database or the disk), not a bad file.
func checkFile(ctx context.Context, home blobs.Store, ref store.BlobRef) (string, error) {
	body, err := home.Get(ctx, ref.Name)
	switch {
	case errors.Is(err, blobs.ErrNotFound):
		return "missing", nil
	case errors.Is(err, blobs.ErrCorrupt):
		return "does not match its SHA-256", nil
	case err != nil:
		return "", err
	}
	want := ref.ContentType
	if ref.Kind == store.BlobMedia {
		want = mediaTypes[path.Ext(ref.Name)]
	}
	if got := http.DetectContentType(body); want == "" || got != want {
		return fmt.Sprintf("holds %s, its name or row says %q", got, want), nil
	}
	if want == "image/webp" {
		return "", nil
	}
	img, _, err := image.Decode(bytes.NewReader(body))
	if err != nil {
		return fmt.Sprintf("damaged: %v", err), nil
	}
	if b := img.Bounds(); ref.Width > 0 && (b.Dx() != ref.Width || b.Dy() != ref.Height) {
		return fmt.Sprintf("is %d×%d pixels, its row says %d×%d", b.Dx(), b.Dy(), ref.Width, ref.Height), nil
	}
	return "", nil
}
