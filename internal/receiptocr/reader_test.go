package receiptocr

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"topup/internal/receiptocr/ocrtest"
)

// fakeTesseract stands in for a hung or crashing tesseract program; the
// real program is tested in corpus_test.go.
var fakeTesseract = ocrtest.FakeTesseract

// receiptBytes is a small PNG with some content: the reader's handling of
// the program is under test here, not its reading.
func receiptBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 200, 300))
	for i := range img.Pix {
		img.Pix[i] = 240
	}
	for y := 40; y < 260; y += 20 {
		for x := 20; x < 180; x++ {
			img.Pix[y*img.Stride+x] = uint8(x % 64)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestMissingTesseractIsNotAvailableNotAnError(t *testing.T) {
	r := New(context.Background(), Options{Program: filepath.Join(t.TempDir(), "no-such-tesseract")})
	if ok, _ := r.Available(); ok {
		t.Fatal("available without a program")
	}
	rd := r.Read(context.Background(), receiptBytes(t))
	if rd.Status != StatusUnavailable {
		t.Fatalf("status %q, want %q", rd.Status, StatusUnavailable)
	}
	if rd.Fingerprint.Rows == 0 {
		t.Error("no fingerprint: it needs no Tesseract")
	}
	if rd.Text != "" || rd.Fields.Amount.Found() {
		t.Error("fields without a reading")
	}
}

func TestTesseractWithoutEnglishIsNotAvailable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tesseract")
	if err := os.WriteFile(path, []byte("#!/bin/sh\necho 'List of available languages (1):'; echo osd\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if ok, _ := New(context.Background(), Options{Program: path}).Available(); ok {
		t.Error("available without the English language data")
	}
}

func TestAHungTesseractIsStoppedAtTheTimeout(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	r := New(context.Background(), Options{Program: fakeTesseract(t, "echo $$ > "+pidFile+"; exec sleep 600"), Timeout: 300 * time.Millisecond})
	rd := r.Read(context.Background(), receiptBytes(t))
	if rd.Status != StatusFailed || !strings.Contains(rd.Problem, "longer than") {
		t.Fatalf("status %q (%s), want failed for the time limit", rd.Status, rd.Problem)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	// Read has reaped it: signalling the pid finds no process.
	if err := syscall.Kill(pid, 0); err == nil {
		t.Errorf("tesseract (pid %d) still runs after Read returned", pid)
	}
}

func TestACrashingTesseractFailsTheReadingOnly(t *testing.T) {
	r := New(context.Background(), Options{Program: fakeTesseract(t, "echo 'Error in pixReadMem' >&2; exit 1")})
	rd := r.Read(context.Background(), receiptBytes(t))
	if rd.Status != StatusFailed || !strings.Contains(rd.Problem, "pixReadMem") {
		t.Fatalf("status %q (%s), want failed with the program's message", rd.Status, rd.Problem)
	}
}

func TestNotAnImageFailsTheReadingOnly(t *testing.T) {
	r := New(context.Background(), Options{Program: fakeTesseract(t, "exit 0")})
	for _, b := range [][]byte{nil, []byte("not an image"), receiptBytes(t)[:200]} {
		if rd := r.Read(context.Background(), b); rd.Status != StatusFailed {
			t.Errorf("%d bytes: status %q, want failed", len(b), rd.Status)
		}
	}
}

func TestRunsNeverExceedTheSlots(t *testing.T) {
	dir := t.TempDir()
	// mkdir is atomic: a second run inside the first one's window fails it
	// and leaves a mark.
	body := "mkdir " + dir + "/running || touch " + dir + "/overlap\nsleep 0.2\nrmdir " + dir + "/running\nexit 0"
	r := New(context.Background(), Options{Program: fakeTesseract(t, body), Slots: 1})
	img := receiptBytes(t)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if rd := r.Read(context.Background(), img); rd.Status != StatusRead {
				t.Errorf("status %q (%s)", rd.Status, rd.Problem)
			}
		}()
	}
	wg.Wait()
	if _, err := os.Stat(filepath.Join(dir, "overlap")); err == nil {
		t.Error("two tesseract runs overlapped with one slot")
	}
}

func TestAWaitingReadGivesUpWithItsContext(t *testing.T) {
	r := New(context.Background(), Options{Program: fakeTesseract(t, "sleep 1"), Slots: 1})
	img := receiptBytes(t)
	go r.Read(context.Background(), img)
	time.Sleep(100 * time.Millisecond) // let it take the slot
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if rd := r.Read(ctx, img); rd.Status != StatusFailed {
		t.Errorf("status %q, want failed once the context ended", rd.Status)
	}
}
