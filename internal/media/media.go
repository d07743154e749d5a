// Package media keeps the public images admins upload (game logos, product
// pictures, banners, payment-method icons). Unlike receipts they are meant
// to be seen by everyone, so they are served read-only under
// /media/uploads/ with a long cache; the checks, the cleaning and the
// random names are internal/images'. This package is the policy: PNG, JPEG
// or WebP up to 5 MB and 8000 pixels a side, files readable by all.
//
// A WebP is stored as sent (it is checked, not decoded) and served as
// image/webp with nosniff and a sandboxing policy, so a browser renders it
// as an image or not at all.
package media

import (
	"context"
	"fmt"
	"io"
	"path"
	"strings"

	"topup/internal/blobs"
	"topup/internal/images"
)

// MaxBytes bounds an image: logos and banners are far smaller.
const MaxBytes = 5 * 1024 * 1024

var policy = images.Policy{MaxBytes: MaxBytes, MaxSide: 8000, MaxPixels: 20_000_000, WebP: true}

// Image is a stored file.
type Image struct {
	Name        string // e.g. 3f2a….png; the URL is URLPrefix + Name
	ContentType string
	Size        int64
	Width       int
	Height      int
}

// URLPrefix is where the API serves the files.
const URLPrefix = "/media/uploads/"

// Store checks images and keeps them in a blobs.Store.
type Store struct{ blobs blobs.Store }

// New keeps images in b.
func New(b blobs.Store) *Store { return &Store{blobs: b} }

// Open keeps images in the folder at path (readable by all: a web server in
// front may serve it).
func Open(path string) (*Store, error) {
	d, err := blobs.OpenDir(path, 0o644)
	if err != nil {
		return nil, fmt.Errorf("media: %w", err)
	}
	return New(d), nil
}

var extOf = map[string]string{"image/png": ".png", "image/jpeg": ".jpg", "image/webp": ".webp"}
var typeOf = map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".webp": "image/webp"}

// Save reads at most MaxBytes from r, checks the image and stores it.
func (d *Store) Save(ctx context.Context, r io.Reader) (Image, error) {
	img, err := policy.Check(ctx, r)
	if err != nil {
		return Image{}, err
	}
	name, err := images.Put(ctx, d.blobs, img.Body, extOf[img.ContentType])
	if err != nil {
		return Image{}, err
	}
	return Image{Name: name, ContentType: img.ContentType, Size: int64(len(img.Body)), Width: img.Width, Height: img.Height}, nil
}

// Read returns a stored image and its content type.
func (d *Store) Read(ctx context.Context, name string) ([]byte, string, error) {
	ext := path.Ext(name)
	ctype := typeOf[ext]
	if ctype == "" || !images.ValidName(strings.TrimSuffix(name, ext)) {
		return nil, "", images.ErrNotFound
	}
	b, err := images.Get(ctx, d.blobs, name)
	if err != nil {
		return nil, "", err
	}
	return b, ctype, nil
}
