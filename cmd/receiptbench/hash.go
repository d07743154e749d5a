package main

import (
	"fmt"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"path/filepath"
	"sort"

	"topup/internal/receiptocr"
	"topup/internal/receiptocr/receiptcorpus"
)

// hashReport measures the fingerprint: every base receipt against each of
// its re-screenshots (should be near) and against every other base receipt
// (should be far, and most share an app, a language and a theme).
func hashReport(dir string, m receiptcorpus.Manifest, threshold float64, readings map[string]receiptocr.Reading) error {
	load := func(name string) (image.Image, error) {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		img, _, err := image.Decode(f)
		return img, err
	}
	type base struct {
		rc  receiptcorpus.Receipt
		img image.Image
		fp  receiptocr.Fingerprint
	}
	var bases []base
	relayout := map[string]receiptocr.Fingerprint{}
	for _, rc := range m.Receipts {
		img, err := load(rc.File)
		if err != nil {
			return err
		}
		if rc.Of != "" {
			relayout[rc.Of] = receiptocr.FingerprintOf(img)
			continue
		}
		bases = append(bases, base{rc, img, receiptocr.FingerprintOf(img)})
	}
	var same []float64
	perVariant := map[string][]float64{}
	var names []string
	for _, v := range receiptcorpus.Variants {
		names = append(names, v.Name)
		for _, b := range bases {
			d := receiptocr.Distance(b.fp, receiptocr.FingerprintOf(v.Apply(b.img)))
			perVariant[v.Name] = append(perVariant[v.Name], d)
			same = append(same, d)
		}
	}
	var relaid []float64
	for _, b := range bases {
		relaid = append(relaid, receiptocr.Distance(b.fp, relayout[b.rc.File]))
	}
	var diff, diffSameLook, diffWithIDs []float64
	for i := range bases {
		for j := i + 1; j < len(bases); j++ {
			d := receiptocr.Distance(bases[i].fp, bases[j].fp)
			diff = append(diff, d)
			a, b := bases[i].rc, bases[j].rc
			if a.App == b.App && a.Lang == b.Lang && a.Digits == b.Digits && a.Theme == b.Theme {
				diffSameLook = append(diffSameLook, d)
			}
			if readings != nil {
				// Two readings of different transaction ids are two
				// transfers, however alike the pictures.
				x, y := readings[a.File].Fields.TransactionID, readings[b.File].Fields.TransactionID
				if x.Found() && y.Found() && receiptocr.CanonicalID(x.Value) != receiptocr.CanonicalID(y.Value) {
					d = 1
				}
				diffWithIDs = append(diffWithIDs, d)
			}
		}
	}
	fmt.Printf("\nfingerprint distance (0 = same picture), near-duplicate when ≤ %.2f\n\n", threshold)
	fmt.Println("| pairs | n | min | median | max | flagged |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	row := func(name string, ds []float64) {
		s := append([]float64(nil), ds...)
		sort.Float64s(s)
		flagged := 0
		for _, d := range s {
			if d <= threshold {
				flagged++
			}
		}
		fmt.Printf("| %s | %d | %.3f | %.3f | %.3f | %s |\n", name, len(s), s[0], s[len(s)/2], s[len(s)-1], pct(flagged, len(s)))
	}
	for _, n := range names {
		row("re-screenshot: "+n, perVariant[n])
	}
	row("all re-screenshots above", same)
	row("same transaction re-displayed on another phone (re-laid out)", relaid)
	row("different receipts, same app, language, digits and theme", diffSameLook)
	row("different receipts, all pairs", diff)
	if readings != nil {
		row("different receipts, all pairs, unless the OCR read two different transaction ids", diffWithIDs)
	}
	return nil
}
