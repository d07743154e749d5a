// Package receiptcorpus is the test corpus of payment receipts: screenshots
// laid out the way the common Myanmar payment apps show a completed
// transfer (KBZPay, WavePay, AYA Pay, CB Pay, a bank's mobile banking), in
// English and Burmese, with Latin or Myanmar digits, light and dark.
//
// The images are rendered once by headless Chromium from HTML templates
// (Render) and committed with a manifest of what each one shows, so tests
// and the benchmark read the same pixels on every machine without a
// browser; `go run ./cmd/receiptcorpus` regenerates them.
package receiptcorpus

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"
)

// Yangon is the payment apps' time zone: receipts show local time.
var Yangon = time.FixedZone("MMT", 6*3600+1800)

// Receipt is one rendered image and what it shows.
type Receipt struct {
	File          string    `json:"file"` // relative to the corpus folder
	App           string    `json:"app"`  // kbzpay, wavepay, ayapay, cbpay, bank
	Lang          string    `json:"lang"` // en or my
	Digits        string    `json:"digits"`
	Theme         string    `json:"theme"`
	Amount        int64     `json:"amount"`
	TransactionID string    `json:"transaction_id"`
	Time          time.Time `json:"time"`
	// Of names the base receipt a re-screenshot was made from; empty for a
	// base receipt.
	Of string `json:"of,omitempty"`
	// Fee, when not zero, is shown next to the amount (a bank's charge),
	// and must not be read as the amount.
	Fee int64 `json:"fee,omitempty"`
}

// Manifest lists a corpus folder's images.
type Manifest struct {
	Receipts []Receipt `json:"receipts"`
}

// ManifestName is the manifest's file name inside a corpus folder.
const ManifestName = "manifest.json"

// Load reads a corpus folder's manifest.
func Load(dir string) (Manifest, error) {
	var m Manifest
	b, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if err != nil {
		return m, fmt.Errorf("receiptcorpus: %w", err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("receiptcorpus: %s: %w", ManifestName, err)
	}
	return m, nil
}

// Apps are the payment apps the corpus imitates.
var Apps = []string{"kbzpay", "wavepay", "ayapay", "cbpay", "bank"}

// CorpusSeed draws the committed corpus.
const CorpusSeed = 2024

// variants are the language and digit combinations customers' phones show:
// Burmese screens use Latin digits as often as Myanmar ones.
var variants = []struct{ lang, digits string }{
	{"en", "latin"}, {"my", "latin"}, {"my", "myanmar"},
}

// Specs returns the base receipts: every app × language/digits × theme,
// perApp times each, with contents drawn from seed so the corpus is
// reproducible (CorpusSeed made the committed one; another seed gives a
// held-out set that no extraction rule was tuned on). File names are
// filled in, Time is in Yangon.
func Specs(perApp int, seed uint64) []Receipt {
	r := rand.New(rand.NewPCG(24, seed))
	var out []Receipt
	for _, app := range Apps {
		for _, v := range variants {
			for _, theme := range []string{"light", "dark"} {
				for n := 1; n <= perApp; n++ {
					rc := Receipt{App: app, Lang: v.lang, Digits: v.digits, Theme: theme}
					rc.Amount = drawAmount(r)
					rc.TransactionID = drawTransactionID(r, app)
					rc.Time = time.Date(2024+r.IntN(2), time.Month(1+r.IntN(12)), 1+r.IntN(28),
						r.IntN(24), r.IntN(60), r.IntN(60), 0, Yangon)
					if app == "bank" && r.IntN(2) == 0 {
						rc.Fee = 100 * int64(1+r.IntN(5))
					}
					rc.File = fmt.Sprintf("%s-%s-%s-%s-%d.png", app, v.lang, v.digits, theme, n)
					out = append(out, rc)
				}
			}
		}
	}
	return out
}

// drawAmount is a quoted total: a round amount plus the store's random
// verification tail, as customers transfer it.
func drawAmount(r *rand.Rand) int64 {
	base := int64(2+r.IntN(300)) * 1000
	if base >= 100_000 {
		return base + int64(500+r.IntN(501))
	}
	return base + int64(1+r.IntN(500))
}

// drawTransactionID imitates each app's reference format.
func drawTransactionID(r *rand.Rand, app string) string {
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
		}
		return string(b)
	}
	upper := func(n int) string {
		const set = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
		b := make([]byte, n)
		for i := range b {
			b[i] = set[r.IntN(len(set))]
		}
		return string(b)
	}
	switch app {
	case "kbzpay":
		return "0100" + digits(16)
	case "wavepay":
		return digits(10)
	case "ayapay":
		return "AYA" + digits(13)
	case "cbpay":
		return "CBP" + digits(12)
	default:
		return "FT" + digits(5) + upper(5)
	}
}
