// Package receipts keeps the payment receipts customers upload: it decides
// what a file is by its content, refuses anything but a plain JPEG or PNG of
// sane dimensions, and stores it under a random name in a blobs.Store no
// web route serves (a private folder, or PostgreSQL for a cluster).
//
// Policy for files that are more than an image (a JPEG with a ZIP appended,
// a PNG with trailing data, EXIF with the phone's GPS position): the image
// is decoded and re-encoded, and only the re-encoding is stored. What an
// admin opens is therefore exactly the pixels the customer showed, and
// nothing else the file carried. Size, type and SHA-256 are recorded of the
// original bytes, so the same receipt uploaded twice is recognised.
package receipts

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"

	"topup/internal/blobs"
)

// MaxBytes is SPEC's limit: a receipt must be less than 10 MB.
const MaxBytes = 10 * 1024 * 1024

// Dimension bounds: a phone screenshot or photo is far below them, while a
// decompression bomb (a tiny file declaring 100k × 100k pixels) is refused
// before any pixel is decoded.
const (
	maxSide   = 10000
	maxPixels = 25_000_000
)

// decodeSlots bounds concurrent decodes: each can hold ~100 MB of pixels at
// the limit, and the machine has two cores to decode with anyway.
const decodeSlots = 2

// jpegQuality keeps re-encoded photos of receipts legible.
const jpegQuality = 90

var (
	ErrEmpty       = errors.New("receipts: empty file")
	ErrTooLarge    = errors.New("receipts: file is 10 MB or larger")
	ErrUnsupported = errors.New("receipts: not a JPEG or PNG image")
	ErrDimensions  = errors.New("receipts: image dimensions out of bounds")
	ErrNotFound    = errors.New("receipts: no such file")
)

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
type Store struct {
	blobs blobs.Store
	slots chan struct{}
}

// New keeps receipts in b.
func New(b blobs.Store) *Store {
	return &Store{blobs: b, slots: make(chan struct{}, decodeSlots)}
}

// Open keeps receipts in the folder at path, created private to this user.
func Open(path string) (*Store, error) {
	d, err := blobs.OpenDir(path, 0o600)
	if err != nil {
		return nil, fmt.Errorf("receipts: %w", err)
	}
	return New(d), nil
}

// Save reads at most MaxBytes from r, checks it and stores the image.
func (d *Store) Save(ctx context.Context, r io.Reader) (Receipt, error) {
	// Reading one byte past the limit tells "exactly at the limit" from
	// "over it" without ever holding more than MaxBytes+1.
	raw, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return Receipt{}, fmt.Errorf("receipts: read: %w", err)
	}
	switch {
	case len(raw) == 0:
		return Receipt{}, ErrEmpty
	case len(raw) >= MaxBytes:
		return Receipt{}, ErrTooLarge
	}
	ctype := http.DetectContentType(raw)
	if ctype != "image/jpeg" && ctype != "image/png" {
		return Receipt{}, ErrUnsupported
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil || "image/"+format != ctype {
		return Receipt{}, ErrUnsupported
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxSide || cfg.Height > maxSide || cfg.Width*cfg.Height > maxPixels {
		return Receipt{}, ErrDimensions
	}
	clean, err := d.reencode(raw, ctype)
	if err != nil {
		return Receipt{}, err
	}
	name, err := randomName()
	if err != nil {
		return Receipt{}, err
	}
	if err := d.blobs.Put(ctx, name, clean); err != nil {
		return Receipt{}, fmt.Errorf("receipts: %w", err)
	}
	sum := sha256.Sum256(raw)
	return Receipt{Name: name, Size: int64(len(raw)), ContentType: ctype, SHA256: sum[:], Width: cfg.Width, Height: cfg.Height}, nil
}

func (d *Store) reencode(raw []byte, ctype string) ([]byte, error) {
	d.slots <- struct{}{}
	defer func() { <-d.slots }()
	img, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, ErrUnsupported
	}
	var clean bytes.Buffer
	if ctype == "image/png" {
		err = png.Encode(&clean, img)
	} else {
		err = jpeg.Encode(&clean, img, &jpeg.Options{Quality: jpegQuality})
	}
	if err != nil {
		return nil, fmt.Errorf("receipts: re-encode: %w", err)
	}
	return clean.Bytes(), nil
}

// Read returns a stored receipt's bytes.
func (d *Store) Read(ctx context.Context, name string) ([]byte, error) {
	if !validName(name) {
		return nil, ErrNotFound
	}
	b, err := d.blobs.Get(ctx, name)
	if errors.Is(err, blobs.ErrNotFound) {
		return nil, ErrNotFound
	}
	return b, err
}

// Delete removes a stored receipt; deleting a missing one is not an error,
// so the retention job can run on several nodes at once.
func (d *Store) Delete(ctx context.Context, name string) error {
	if !validName(name) {
		return ErrNotFound
	}
	return d.blobs.Delete(ctx, name)
}

// randomName is 128 random bits in hex: unguessable, and free of anything
// the customer typed (no path, no extension to trust).
func randomName() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("receipts: random name: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

func validName(name string) bool {
	if len(name) != 32 {
		return false
	}
	_, err := hex.DecodeString(name)
	return err == nil
}
