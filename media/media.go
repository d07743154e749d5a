// Package media keeps the public images admins upload (game logos, product
// pictures, banners, payment-method icons). Unlike receipts they are meant
// to be seen by everyone, so they are served read-only under
// /media/uploads/ with a long cache; like receipts, what a file is is
// decided by its content (PNG, JPEG or WebP), never by its name or declared
// type, and it is stored under a random name that is never reused, so a
// cached copy can never go stale.
//
// PNG and JPEG are decoded and re-encoded, which drops anything the file
// carried besides pixels (EXIF positions, appended archives). WebP has no
// decoder in the standard library; it is accepted when its RIFF container
// and first chunk are well formed and its dimensions are in bounds, and
// served as image/webp with nosniff and a sandboxing policy, so a browser
// renders it as an image or not at all.
package media

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"regexp"
	"strings"

	"topup/internal/blobs"
)

// MaxBytes bounds an image: logos and banners are far smaller.
const MaxBytes = 5 * 1024 * 1024

const (
	maxSide   = 8000
	maxPixels = 20_000_000
)

var (
	ErrEmpty       = errors.New("media: empty file")
	ErrTooLarge    = errors.New("media: file is too large")
	ErrUnsupported = errors.New("media: not a PNG, JPEG or WebP image")
	ErrDimensions  = errors.New("media: image dimensions out of bounds")
	ErrNotFound    = errors.New("media: no such file")
)

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

// Save reads at most MaxBytes from r, checks the image and stores it.
func (d *Store) Save(ctx context.Context, r io.Reader) (Image, error) {
	raw, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return Image{}, fmt.Errorf("media: read: %w", err)
	}
	switch {
	case len(raw) == 0:
		return Image{}, ErrEmpty
	case len(raw) > MaxBytes:
		return Image{}, ErrTooLarge
	}
	ctype := http.DetectContentType(raw)
	var w, h int
	body := raw
	switch ctype {
	case "image/png", "image/jpeg":
		cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
		if err != nil || "image/"+format != ctype {
			return Image{}, ErrUnsupported
		}
		w, h = cfg.Width, cfg.Height
		if !inBounds(w, h) {
			return Image{}, ErrDimensions
		}
		img, _, err := image.Decode(bytes.NewReader(raw))
		if err != nil {
			return Image{}, ErrUnsupported
		}
		var clean bytes.Buffer
		if ctype == "image/png" {
			err = png.Encode(&clean, img)
		} else {
			err = jpeg.Encode(&clean, img, &jpeg.Options{Quality: 90})
		}
		if err != nil {
			return Image{}, fmt.Errorf("media: re-encode: %w", err)
		}
		body = clean.Bytes()
	case "image/webp":
		if w, h, err = webpSize(raw); err != nil {
			return Image{}, err
		}
		if !inBounds(w, h) {
			return Image{}, ErrDimensions
		}
	default:
		return Image{}, ErrUnsupported
	}
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return Image{}, fmt.Errorf("media: random name: %w", err)
	}
	name := hex.EncodeToString(b[:]) + extOf[ctype]
	if err := d.blobs.Put(ctx, name, body); err != nil {
		return Image{}, fmt.Errorf("media: %w", err)
	}
	return Image{Name: name, ContentType: ctype, Size: int64(len(body)), Width: w, Height: h}, nil
}

func inBounds(w, h int) bool {
	return w > 0 && h > 0 && w <= maxSide && h <= maxSide && w*h <= maxPixels
}

// webpSize reads the canvas size from a WebP's first chunk (VP8, VP8L or
// VP8X) after checking the RIFF header against the file's length.
func webpSize(b []byte) (int, int, error) {
	if len(b) < 30 && !(len(b) >= 25 && string(b[12:16]) == "VP8L") {
		return 0, 0, ErrUnsupported
	}
	if string(b[0:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return 0, 0, ErrUnsupported
	}
	if riff := binary.LittleEndian.Uint32(b[4:8]); int64(riff)+8 != int64(len(b)) {
		return 0, 0, ErrUnsupported
	}
	chunk := b[12:16]
	switch string(chunk) {
	case "VP8 ":
		// Frame tag (3 bytes), start code 9d 01 2a, then 14-bit sizes.
		if b[23] != 0x9d || b[24] != 0x01 || b[25] != 0x2a {
			return 0, 0, ErrUnsupported
		}
		w := int(binary.LittleEndian.Uint16(b[26:28]) & 0x3fff)
		h := int(binary.LittleEndian.Uint16(b[28:30]) & 0x3fff)
		return w, h, nil
	case "VP8L":
		if b[20] != 0x2f {
			return 0, 0, ErrUnsupported
		}
		bits := binary.LittleEndian.Uint32(b[21:25])
		return int(bits&0x3fff) + 1, int((bits>>14)&0x3fff) + 1, nil
	case "VP8X":
		w := int(uint32(b[24])|uint32(b[25])<<8|uint32(b[26])<<16) + 1
		h := int(uint32(b[27])|uint32(b[28])<<8|uint32(b[29])<<16) + 1
		return w, h, nil
	}
	return 0, 0, ErrUnsupported
}

var nameRE = regexp.MustCompile(`^[0-9a-f]{32}\.(png|jpg|webp)$`)

// Read returns a stored image and its content type.
func (d *Store) Read(ctx context.Context, name string) ([]byte, string, error) {
	if !nameRE.MatchString(name) {
		return nil, "", ErrNotFound
	}
	b, err := d.blobs.Get(ctx, name)
	if errors.Is(err, blobs.ErrNotFound) {
		return nil, "", ErrNotFound
	}
	if err != nil {
		return nil, "", fmt.Errorf("media: %w", err)
	}
	ctype := map[string]string{"png": "image/png", "jpg": "image/jpeg", "webp": "image/webp"}[name[strings.LastIndexByte(name, '.')+1:]]
	return b, ctype, nil
}
