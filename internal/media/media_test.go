package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"time"

	"topup/internal/images"
	"topup/internal/images/imagestest"
)

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{1, 2, 3, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// webp builds a minimal lossless WebP header of w × h.
func webp(w, h int) []byte {
	body := []byte("WEBPVP8L")
	body = binary.LittleEndian.AppendUint32(body, 5)
	body = append(body, 0x2f)
	body = binary.LittleEndian.AppendUint32(body, uint32(w-1)|uint32(h-1)<<14)
	body = append(body, 0, 0) // padding
	out := []byte("RIFF")
	out = binary.LittleEndian.AppendUint32(out, uint32(len(body)))
	return append(out, body...)
}

var validName = regexp.MustCompile(`^[0-9a-f]{32}\.(png|jpg|webp)$`).MatchString

func TestSave(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, image.NewGray(image.Rect(0, 0, 20, 10)), nil); err != nil {
		t.Fatal(err)
	}
	zipTail := append(pngBytes(t, 4, 4), []byte("PK\x03\x04 a zip archive")...)
	tests := []struct {
		name  string
		in    []byte
		err   error
		ctype string
	}{
		{"png", pngBytes(t, 30, 20), nil, "image/png"},
		{"jpeg", jpg.Bytes(), nil, "image/jpeg"},
		{"webp", webp(64, 32), nil, "image/webp"},
		{"png with a zip appended is cleaned", zipTail, nil, "image/png"},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`), images.ErrUnsupported, ""},
		{"html", []byte("<html><script>alert(1)</script>"), images.ErrUnsupported, ""},
		{"truncated webp", webp(64, 32)[:20], images.ErrUnsupported, ""},
		{"webp with a wrong length", append(webp(64, 32), 0), images.ErrUnsupported, ""},
		{"huge webp", webp(16000, 16000), images.ErrDimensions, ""},
		{"empty", nil, images.ErrEmpty, ""},
		{"too large", make([]byte, MaxBytes+1), images.ErrTooLarge, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := d.Save(context.Background(), bytes.NewReader(tt.in))
			if !errors.Is(err, tt.err) {
				t.Fatalf("Save = %v, want %v", err, tt.err)
			}
			if err != nil {
				return
			}
			if img.ContentType != tt.ctype || !validName(img.Name) {
				t.Fatalf("image %+v", img)
			}
			body, ctype, err := d.Read(context.Background(), img.Name)
			if err != nil || ctype != tt.ctype {
				t.Fatalf("Read = %q, %v", ctype, err)
			}
			if bytes.Contains(body, []byte("PK\x03\x04")) {
				t.Fatal("the appended archive was kept")
			}
		})
	}
	for _, name := range []string{"../x.png", "0123456789abcdef0123456789abcdef.svg", strings.Repeat("a", 32) + ".png"} {
		if _, _, err := d.Read(context.Background(), name); !errors.Is(err, images.ErrNotFound) {
			t.Fatalf("Read(%q) = %v", name, err)
		}
	}
}

// Several large admin uploads at once decode no more images together than
// images.DecodeSlots allows, shared with receipts (media once decoded with
// no cap at all).
func TestSaveWaitsForADecodeSlot(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	releaseOne := imagestest.HoldDecodeSlots(t)
	done := make(chan error, 1)
	body := pngBytes(t, 30, 20)
	go func() {
		_, err := d.Save(ctx, bytes.NewReader(body))
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("Save finished (%v) while every decode slot was taken", err)
	case <-time.After(200 * time.Millisecond):
	}
	releaseOne()
	if err := <-done; err != nil {
		t.Fatalf("Save after a slot was freed: %v", err)
	}
}
