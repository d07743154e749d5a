// Command receiptcorpus renders the receipt test corpus into
// internal/receiptocr/testdata/corpus with Debian's headless Chromium: each
// base receipt as a PNG on one phone, and a re-screenshot of it (the same
// transaction shown again on another phone, saved as a JPEG) under
// rescreen/. The images and manifest are committed; run this only to change
// them.
//
//	go run ./cmd/receiptcorpus
//
// With -one it renders a single receipt described in JSON (the manifest's
// fields) to -to instead: the end-to-end tests draw a receipt of the exact
// total their quote asked for, dated now.
//
//	go run ./cmd/receiptcorpus -one '{"app":"kbzpay","lang":"en","digits":"latin","theme":"light","amount":51234,"transaction_id":"01001234567890123456","time":"2026-11-24T16:00:00+06:30"}' -to receipt.png
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"topup/internal/receiptocr/receiptcorpus"
)

func main() {
	out := flag.String("out", "internal/receiptocr/testdata/corpus", "corpus folder (replaced)")
	perApp := flag.Int("n", 2, "receipts per app, language/digits and theme")
	chromium := flag.String("chromium", "/usr/bin/chromium", "Chromium binary")
	workers := flag.Int("j", 2, "parallel renders")
	seed := flag.Uint64("seed", receiptcorpus.CorpusSeed, "draws the receipts' contents; another seed than the committed corpus's gives a held-out set")
	one := flag.String("one", "", "render only this receipt (JSON, the manifest's fields) to -to")
	to := flag.String("to", "receipt.png", "where -one writes its PNG")
	flag.Parse()
	var err error
	if *one != "" {
		err = renderSpec(*chromium, *one, *to)
	} else {
		err = run(*out, *perApp, *seed, *chromium, *workers)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(out string, perApp int, seed uint64, chromium string, workers int) error {
	// Without the font Chromium draws Burmese as empty boxes and the corpus
	// silently measures nothing.
	if fonts, err := exec.Command("fc-list", ":family=Noto Sans Myanmar").Output(); err != nil || len(fonts) == 0 {
		return fmt.Errorf("receiptcorpus: the font Noto Sans Myanmar is not installed (apt-get install fonts-noto-core)")
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(out, "rescreen"), 0o755); err != nil {
		return err
	}
	specs := receiptcorpus.Specs(perApp, seed)
	var m receiptcorpus.Manifest
	for _, rc := range specs {
		m.Receipts = append(m.Receipts, rc)
	}
	for _, rc := range specs {
		again := rc
		again.Of = rc.File
		again.File = "rescreen/" + strings.TrimSuffix(rc.File, ".png") + ".jpg"
		m.Receipts = append(m.Receipts, again)
	}
	jobs := make(chan receiptcorpus.Receipt)
	errs := make(chan error, len(m.Receipts))
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for rc := range jobs {
				errs <- renderOne(chromium, out, rc)
			}
		}()
	}
	for _, rc := range m.Receipts {
		jobs <- rc
	}
	close(jobs)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return err
		}
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	fmt.Printf("%d receipts in %s\n", len(m.Receipts), out)
	return os.WriteFile(filepath.Join(out, receiptcorpus.ManifestName), append(b, '\n'), 0o644)
}

// renderSpec draws the receipt spec describes on phone A as a PNG at to.
func renderSpec(chromium, spec, to string) error {
	var rc receiptcorpus.Receipt
	if err := json.Unmarshal([]byte(spec), &rc); err != nil {
		return fmt.Errorf("-one: %w", err)
	}
	return receiptcorpus.Render(context.Background(), chromium, rc, receiptcorpus.PhoneA, to)
}

// renderOne draws a base receipt on phone A as a PNG, or a re-screenshot on
// phone B, recompressed as a JPEG the way a messenger forwards it.
func renderOne(chromium, out string, rc receiptcorpus.Receipt) error {
	path := filepath.Join(out, rc.File)
	if rc.Of == "" {
		return receiptcorpus.Render(context.Background(), chromium, rc, receiptcorpus.PhoneA, path)
	}
	tmp := path + ".png"
	defer os.Remove(tmp)
	if err := receiptcorpus.Render(context.Background(), chromium, rc, receiptcorpus.PhoneB, tmp); err != nil {
		return err
	}
	f, err := os.Open(tmp)
	if err != nil {
		return err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return err
	}
	w, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := jpeg.Encode(w, img, &jpeg.Options{Quality: 80}); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
