package receipts_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"topup/internal/images"
	"topup/internal/receipts"
)

func sampleImage() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 64, 40))
	for x := 0; x < 64; x++ {
		for y := 0; y < 40; y++ {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 6), 120, 255})
		}
	}
	return img
}

func pngBytes(t *testing.T) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, sampleImage()); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegBytes(t *testing.T) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, sampleImage(), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// hugePNG is a valid PNG header declaring w × h pixels (a decompression
// bomb needs nothing more to be dangerous).
func hugePNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

func zipBytes(t *testing.T) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	f, err := w.Create("payload.html")
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("<script>alert(1)</script>"))
	w.Close()
	return b.Bytes()
}

func padTo(b []byte, size int) []byte {
	return append(append([]byte{}, b...), make([]byte, size-len(b))...)
}

func TestSave(t *testing.T) {
	ctx := context.Background()
	elf, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		body  []byte
		err   error
		ctype string
	}{
		{"png", pngBytes(t), nil, "image/png"},
		{"jpeg", jpegBytes(t), nil, "image/jpeg"},
		{"an executable (whatever its name)", elf, images.ErrUnsupported, ""},
		{"html", []byte("<html><script>alert(1)</script></html>"), images.ErrUnsupported, ""},
		{"gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), images.ErrUnsupported, ""},
		{"png magic with garbage", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 100)...), images.ErrUnsupported, ""},
		{"empty", nil, images.ErrEmpty, ""},
		{"jpeg/zip polyglot is stored as the image alone", append(jpegBytes(t), zipBytes(t)...), nil, "image/jpeg"},
		{"just under 10 MB", padTo(pngBytes(t), receipts.MaxBytes-1), nil, "image/png"},
		{"exactly 10 MB", padTo(pngBytes(t), receipts.MaxBytes), images.ErrTooLarge, ""},
		{"10 MB + 1 byte", padTo(pngBytes(t), receipts.MaxBytes+1), images.ErrTooLarge, ""},
		{"huge dimensions", hugePNG(100000, 100000), images.ErrDimensions, ""},
		{"too many pixels within the side limit", hugePNG(9000, 9000), images.ErrDimensions, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			d, err := receipts.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			got, err := d.Save(ctx, bytes.NewReader(tt.body))
			if !errors.Is(err, tt.err) {
				t.Fatalf("Save error = %v, want %v", err, tt.err)
			}
			files, _ := os.ReadDir(dir)
			if err != nil {
				if len(files) != 0 {
					t.Fatalf("a refused file left %d files behind", len(files))
				}
				return
			}
			if got.ContentType != tt.ctype || got.Size != int64(len(tt.body)) || len(got.SHA256) != 32 || got.Width != 64 || got.Height != 40 {
				t.Fatalf("Save = %+v", got)
			}
			if len(files) != 1 || files[0].Name() != got.Name {
				t.Fatalf("folder holds %v, want only %s", files, got.Name)
			}
			stored, err := d.Read(ctx, got.Name)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(stored, []byte("PK\x03\x04")) || bytes.Contains(stored, []byte("<script>")) {
				t.Fatal("stored file still carries the appended payload")
			}
			if _, format, err := image.Decode(bytes.NewReader(stored)); err != nil || "image/"+format != tt.ctype {
				t.Fatalf("stored file is not a clean %s: %v", tt.ctype, err)
			}
			if info, _ := os.Stat(filepath.Join(dir, got.Name)); info.Mode().Perm()&0o077 != 0 {
				t.Fatalf("stored file mode %v is readable by others", info.Mode())
			}
		})
	}
}

func TestSameReceiptHashesAlike(t *testing.T) {
	ctx := context.Background()
	d, err := receipts.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	body := pngBytes(t)
	a, err1 := d.Save(ctx, bytes.NewReader(body))
	b, err2 := d.Save(ctx, bytes.NewReader(body))
	if err1 != nil || err2 != nil || !bytes.Equal(a.SHA256, b.SHA256) || a.Name == b.Name {
		t.Fatalf("a=%+v b=%+v (%v, %v)", a, b, err1, err2)
	}
}

func TestReadAndDeleteRefuseOtherNames(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	d, err := receipts.Open(filepath.Join(dir, "r"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("x"), 0o600)
	for _, name := range []string{"../secret.txt", "secret.txt", "", "/etc/passwd", "0123456789abcdef0123456789abcdeg"} {
		if _, err := d.Read(ctx, name); !errors.Is(err, images.ErrNotFound) {
			t.Errorf("Read(%q) = %v, want ErrNotFound", name, err)
		}
		if err := d.Delete(ctx, name); !errors.Is(err, images.ErrNotFound) {
			t.Errorf("Delete(%q) = %v, want ErrNotFound", name, err)
		}
	}
	saved, err := d.Save(ctx, bytes.NewReader(pngBytes(t)))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Delete(ctx, saved.Name); err != nil {
		t.Fatal(err)
	}
	if err := d.Delete(ctx, saved.Name); err != nil {
		t.Fatalf("deleting twice: %v", err)
	}
	if _, err := d.Read(ctx, saved.Name); !errors.Is(err, images.ErrNotFound) {
		t.Fatalf("Read after delete = %v", err)
	}
}

// endless is a body that never ends, like a 2 GB upload would seem.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	e.read += int64(len(p))
	return len(p), nil
}

func TestEndlessBodyIsCutOff(t *testing.T) {
	ctx := context.Background()
	d, err := receipts.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	body := &endless{}
	if _, err := d.Save(ctx, body); !errors.Is(err, images.ErrTooLarge) {
		t.Fatalf("Save = %v, want ErrTooLarge", err)
	}
	if body.read > receipts.MaxBytes+64*1024 {
		t.Fatalf("read %d bytes of an endless body", body.read)
	}
}
