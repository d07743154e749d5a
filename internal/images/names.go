package images

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"

	"topup/internal/blobs"
)

// Put stores body in b under a fresh name, 128 random bits in hex followed
// by ext: unguessable, never reused (so a cached copy never goes stale),
// and free of anything the uploader typed.
func Put(ctx context.Context, b blobs.Store, body []byte, ext string) (string, error) {
	var r [16]byte
	if _, err := rand.Read(r[:]); err != nil {
		return "", fmt.Errorf("images: random name: %w", err)
	}
	name := hex.EncodeToString(r[:]) + ext
	if err := b.Put(ctx, name, body); err != nil {
		return "", fmt.Errorf("images: %w", err)
	}
	return name, nil
}

// Get reads what Put stored under name (whose random part was checked with
// ValidName by the caller), or ErrNotFound.
func Get(ctx context.Context, b blobs.Store, name string) ([]byte, error) {
	body, err := b.Get(ctx, name)
	if errors.Is(err, blobs.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("images: %w", err)
	}
	return body, nil
}

// ValidName reports whether random is a name Put could have chosen before
// its extension: 32 lowercase hex digits, so nothing a client sends can
// name another file.
func ValidName(random string) bool {
	if len(random) != 32 {
		return false
	}
	for _, c := range random {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
