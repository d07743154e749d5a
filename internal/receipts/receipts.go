// Package receipts keeps the payment receipts customers upload in a
// blobs.Store no web route serves (a private folder, or PostgreSQL for a
// cluster). The checks, the cleaning and the random names are
// internal/images'; this package is the policy: a JPEG or PNG under 10 MB
// and 10000 pixels a side, files private to the server.
//
// What an admin opens is the re-encoding, exactly the pixels the customer
// showed and nothing else the file carried. Size, type and SHA-256 are
// recorded of the original bytes, so the same receipt uploaded twice is
// recognised.
package receipts

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"

	"topup/internal/blobs"
	"topup/internal/images"
)

// MaxBytes is docs/spec.md's limit: a receipt must be less than 10 MB.
const MaxBytes = 10 * 1024 * 1024

// policy accepts up to one byte under MaxBytes; the bounds are far above a
// phone screenshot or photo.
var policy = images.Policy{MaxBytes: MaxBytes - 1, MaxSide: 10000, MaxPixels: 25_000_000}

// Receipt describes a stored file. Size, ContentType and SHA256 are of what
// the customer sent.
type Receipt struct {
	Name        string // random storage name, also the file's name on disk
	Size        int64
	ContentType string // image/jpeg or image/png
	SHA256      []byte
	Width       int
	Height      int
}

// Store checks receipts and keeps them in a blobs.Store.
type Store struct{ blobs blobs.Store }

// New keeps receipts in b.
func New(b blobs.Store) *Store { return &Store{blobs: b} }

// Open keeps receipts in the folder at path, created private to this user.
func Open(path string) (*Store, error) {
	d, err := blobs.OpenDir(path, 0o600)
	if err != nil {
		return nil, fmt.Errorf("receipts: %w", err)
	}
	return New(d), nil
}

// Save reads at most MaxBytes from r, checks it and stores the image under
// a name without extension (nothing to trust).
func (d *Store) Save(ctx context.Context, r io.Reader) (Receipt, error) {
	img, err := policy.Check(ctx, r)
	if err != nil {
		return Receipt{}, err
	}
	name, err := images.Put(ctx, d.blobs, img.Body, "")
	if err != nil {
		return Receipt{}, err
	}
	sum := sha256.Sum256(img.Raw)
	return Receipt{Name: name, Size: int64(len(img.Raw)), ContentType: img.ContentType, SHA256: sum[:], Width: img.Width, Height: img.Height}, nil
}

// Read returns a stored receipt's bytes.
func (d *Store) Read(ctx context.Context, name string) ([]byte, error) {
	if !images.ValidName(name) {
		return nil, images.ErrNotFound
	}
	return images.Get(ctx, d.blobs, name)
}

// Delete removes a stored receipt; deleting a missing one is not an error,
// so the retention job can run on several nodes at once.
func (d *Store) Delete(ctx context.Context, name string) error {
	if !images.ValidName(name) {
		return images.ErrNotFound
	}
	return d.blobs.Delete(ctx, name)
}
