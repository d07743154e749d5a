package receiptocr

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"topup/internal/receiptocr/receiptcorpus"
)

// TestReadsTheCorpus runs the real Tesseract on a third of the corpus:
// every app in English, in Burmese with Latin digits and in Burmese with
// Myanmar digits, light and dark alternating. cmd/receiptbench measures the
// whole corpus (docs/benchmarks.md).
func TestReadsTheCorpus(t *testing.T) {
	r := New(context.Background(), Options{Slots: 2})
	if ok, langs := r.Available(); !ok || langs != "eng+mya" {
		t.Fatalf("Tesseract with English and Myanmar data is needed here (apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-mya); found %q", langs)
	}
	m, err := receiptcorpus.Load(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"en-latin-light-1": true, "my-latin-dark-1": true, "my-myanmar-light-2": true}
	var picked []receiptcorpus.Receipt
	for _, rc := range m.Receipts {
		for suffix := range want {
			if rc.Of == "" && rc.File == rc.App+"-"+suffix+".png" {
				picked = append(picked, rc)
			}
		}
	}
	if len(picked) != 15 {
		t.Fatalf("picked %d receipts, want 15", len(picked))
	}
	readings := make([]Reading, len(picked))
	var wg sync.WaitGroup
	for i, rc := range picked {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := os.ReadFile(filepath.Join(corpusDir, rc.File))
			if err != nil {
				t.Error(err)
				return
			}
			readings[i] = r.Read(context.Background(), b)
		}()
	}
	wg.Wait()
	both := 0
	for i, rc := range picked {
		rd, f := readings[i], readings[i].Fields
		if rd.Status != StatusRead {
			t.Errorf("%s: %s %s", rc.File, rd.Status, rd.Problem)
			continue
		}
		amountOK := f.Amount.Value == rc.Amount
		idOK := f.TransactionID.Value == rc.TransactionID
		timeOK := f.Time.Value.Truncate(time.Minute).Equal(rc.Time.Truncate(time.Minute))
		if amountOK && idOK {
			both++
		}
		app := rc.App
		if app == "bank" {
			app = AppBankTransfer
		}
		if f.App.Value != app {
			t.Errorf("%s: app %q, want %q", rc.File, f.App.Value, app)
		}
		// A confident reading must be a right one: admins are shown the
		// confidence, and a check that trusts it must not be misled.
		for _, c := range []struct {
			name string
			ok   bool
			conf float64
		}{{"amount", amountOK, f.Amount.Confidence}, {"transaction id", idOK, f.TransactionID.Confidence}, {"time", timeOK, f.Time.Confidence}} {
			if !c.ok && c.conf >= trustworthy {
				t.Errorf("%s: %s read wrong with confidence %.2f\n%s", rc.File, c.name, c.conf, rd.Text)
			}
		}
	}
	// All 15 today (95 % on the whole corpus: docs/benchmarks.md); fewer is
	// a regression.
	t.Logf("amount and transaction id both right on %d of %d", both, len(picked))
	if both < len(picked) {
		t.Errorf("amount and transaction id both right on %d of %d receipts, want all", both, len(picked))
	}
}
