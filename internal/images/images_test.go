package images_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"testing"
	"time"

	"topup/internal/images"
	"topup/internal/images/imagestest"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestCheckWaitsForADecodeSlot(t *testing.T) {
	policy := images.Policy{MaxBytes: 1 << 20, MaxSide: 100, MaxPixels: 10000}
	releaseOne := imagestest.HoldDecodeSlots(t)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := policy.Check(ctx, bytes.NewReader(pngBytes(t))); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Check with every slot taken = %v, want it to wait until its context ends", err)
	}
	releaseOne()
	if _, err := policy.Check(context.Background(), bytes.NewReader(pngBytes(t))); err != nil {
		t.Fatalf("Check with a free slot = %v", err)
	}
}

func TestPolicy(t *testing.T) {
	// A lossless WebP's header declaring 64 × 32 pixels.
	webp := []byte("RIFF\x13\x00\x00\x00WEBPVP8L\x05\x00\x00\x00\x2f\x3f\xc0\x07\x00\x00\x00")
	tests := []struct {
		name   string
		policy images.Policy
		in     []byte
		err    error
	}{
		{"within bounds", images.Policy{MaxBytes: 1 << 20, MaxSide: 8, MaxPixels: 64}, pngBytes(t), nil},
		{"a side too long", images.Policy{MaxBytes: 1 << 20, MaxSide: 7, MaxPixels: 64}, pngBytes(t), images.ErrDimensions},
		{"too many pixels", images.Policy{MaxBytes: 1 << 20, MaxSide: 8, MaxPixels: 63}, pngBytes(t), images.ErrDimensions},
		{"one byte over", images.Policy{MaxBytes: len(pngBytes(t)) - 1, MaxSide: 8, MaxPixels: 64}, pngBytes(t), images.ErrTooLarge},
		{"exactly at the limit", images.Policy{MaxBytes: len(pngBytes(t)), MaxSide: 8, MaxPixels: 64}, pngBytes(t), nil},
		{"webp refused by default", images.Policy{MaxBytes: 1 << 20, MaxSide: 100, MaxPixels: 10000}, webp, images.ErrUnsupported},
		{"webp when accepted", images.Policy{MaxBytes: 1 << 20, MaxSide: 100, MaxPixels: 10000, WebP: true}, webp, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := tt.policy.Check(context.Background(), bytes.NewReader(tt.in))
			if !errors.Is(err, tt.err) {
				t.Fatalf("Check = %v, want %v", err, tt.err)
			}
			if err == nil && (img.Width == 0 || !bytes.Equal(img.Raw, tt.in)) {
				t.Fatalf("Check = %+v", img)
			}
		})
	}
}

func TestValidName(t *testing.T) {
	for name, want := range map[string]bool{
		"0123456789abcdef0123456789abcdef":   true,
		"0123456789ABCDEF0123456789abcdef":   false,
		"0123456789abcdef0123456789abcdeg":   false,
		"0123456789abcdef0123456789abcde":    false,
		"../3456789abcdef0123456789abcdef":   false,
		"0123456789abcdef0123456789abcdef.x": false,
	} {
		if got := images.ValidName(name); got != want {
			t.Errorf("ValidName(%q) = %v", name, got)
		}
	}
}
