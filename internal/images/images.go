// Package images is the one pipeline every uploaded picture goes through,
// payment receipts (internal/receipts) and admins' public images
// (internal/media) alike; those two packages only choose a Policy.
//
//   - What a file is is decided by its content, never by its name or
//     declared type.
//   - Dimensions are checked from the header before any pixel is decoded,
//     so a decompression bomb (a tiny file declaring 100k × 100k pixels)
//     costs nothing.
//   - PNG and JPEG are decoded and re-encoded, and only the re-encoding is
//     kept: anything the file carried besides pixels (EXIF with the phone's
//     GPS position, a ZIP appended to a JPEG) is dropped. At most
//     DecodeSlots decodes run at once in the process, whichever package
//     asks.
//   - WebP has no decoder in the standard library; a policy may accept it
//     when its RIFF container and first chunk are well formed (webp.go).
//   - The result is stored whole under a random name in a blobs.Store
//     (blobs.Dir writes a temporary file, fsyncs it, then renames it).
package images

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
)

var (
	ErrEmpty       = errors.New("images: empty file")
	ErrTooLarge    = errors.New("images: file is too large")
	ErrUnsupported = errors.New("images: not an accepted image type")
	ErrDimensions  = errors.New("images: image dimensions out of bounds")
	ErrNotFound    = errors.New("images: no such file")
)

// Policy is what one kind of upload accepts.
type Policy struct {
	MaxBytes  int  // the largest file accepted, in bytes
	MaxSide   int  // the longest side accepted, in pixels
	MaxPixels int  // width × height accepted
	WebP      bool // accept WebP (checked, not decoded)
}

// Image is an upload that passed its policy.
type Image struct {
	Raw         []byte // what was sent, for its size and hash
	Body        []byte // what to store: the re-encoding, or a checked WebP as sent
	ContentType string // image/png, image/jpeg or image/webp
	Width       int
	Height      int
}

// jpegQuality keeps re-encoded photos of receipts legible.
const jpegQuality = 90

// Check reads at most p.MaxBytes from r, decides what it is and returns it
// cleaned, or ErrEmpty, ErrTooLarge, ErrUnsupported or ErrDimensions.
func (p Policy) Check(ctx context.Context, r io.Reader) (Image, error) {
	// Reading one byte past the limit tells "exactly at the limit" from
	// "over it" without ever holding more than MaxBytes+1.
	raw, err := io.ReadAll(io.LimitReader(r, int64(p.MaxBytes)+1))
	if err != nil {
		return Image{}, fmt.Errorf("images: read: %w", err)
	}
	switch {
	case len(raw) == 0:
		return Image{}, ErrEmpty
	case len(raw) > p.MaxBytes:
		return Image{}, ErrTooLarge
	}
	img := Image{Raw: raw, Body: raw, ContentType: http.DetectContentType(raw)}
	switch img.ContentType {
	case "image/png", "image/jpeg":
		cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
		if err != nil || "image/"+format != img.ContentType {
			return Image{}, ErrUnsupported
		}
		img.Width, img.Height = cfg.Width, cfg.Height
		if !p.inBounds(img.Width, img.Height) {
			return Image{}, ErrDimensions
		}
		if img.Body, err = reencode(ctx, raw, img.ContentType); err != nil {
			return Image{}, err
		}
	case "image/webp":
		if !p.WebP {
			return Image{}, ErrUnsupported
		}
		if img.Width, img.Height, err = webpSize(raw); err != nil {
			return Image{}, err
		}
		if !p.inBounds(img.Width, img.Height) {
			return Image{}, ErrDimensions
		}
	default:
		return Image{}, ErrUnsupported
	}
	return img, nil
}

func (p Policy) inBounds(w, h int) bool {
	return w > 0 && h > 0 && w <= p.MaxSide && h <= p.MaxSide && w*h <= p.MaxPixels
}

// reencode decodes raw and encodes its pixels again in the same format,
// holding one of DecodeSlots while the pixels are in memory.
func reencode(ctx context.Context, raw []byte, ctype string) ([]byte, error) {
	if err := DecodeSlots.Acquire(ctx); err != nil {
		return nil, err
	}
	defer DecodeSlots.Release()
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
		return nil, fmt.Errorf("images: re-encode: %w", err)
	}
	return clean.Bytes(), nil
}
