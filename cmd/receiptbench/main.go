// Command receiptbench measures receipt reading on the committed corpus
// (internal/receiptocr/testdata/corpus): how often the amount, transaction
// id, date/time and app are read right, the time and memory of a Tesseract
// run per receipt, and the fingerprint's false-positive and false-negative
// rates. docs/benchmarks.md has its figures.
//
//	go run ./cmd/receiptbench
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"topup/internal/receiptocr"
	"topup/internal/receiptocr/receiptcorpus"
)

func main() {
	dir := flag.String("corpus", "internal/receiptocr/testdata/corpus", "corpus folder")
	slots := flag.Int("slots", 1, "concurrent Tesseract runs")
	only := flag.String("only", "", "only files containing this")
	verbose := flag.Bool("v", false, "print every miss")
	hashOnly := flag.Bool("hash", false, "only the fingerprint measurements (no Tesseract)")
	threshold := flag.Float64("threshold", receiptocr.NearDuplicate, "fingerprint distance counted as a near-duplicate")
	flag.Parse()
	if *hashOnly {
		m, err := receiptcorpus.Load(*dir)
		if err == nil {
			err = hashReport(*dir, m, *threshold, nil)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if err := run(*dir, *slots, *only, *verbose, *threshold); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

type outcome struct {
	rc receiptcorpus.Receipt
	rd receiptocr.Reading
}

func run(dir string, slots int, only string, verbose bool, threshold float64) error {
	m, err := receiptcorpus.Load(dir)
	if err != nil {
		return err
	}
	reader := receiptocr.New(context.Background(), receiptocr.Options{Slots: slots})
	if ok, langs := reader.Available(); !ok {
		return fmt.Errorf("tesseract is not installed here (apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-mya)")
	} else {
		fmt.Printf("tesseract languages %s, %d slot(s), %d CPUs\n", langs, slots, runtime.NumCPU())
	}
	var list []receiptcorpus.Receipt
	for _, rc := range m.Receipts {
		if strings.Contains(rc.File, only) {
			list = append(list, rc)
		}
	}
	outs := make([]outcome, len(list))
	var wg sync.WaitGroup
	start := time.Now()
	for i, rc := range list {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := os.ReadFile(filepath.Join(dir, rc.File))
			if err != nil {
				panic(err)
			}
			outs[i] = outcome{rc, reader.Read(context.Background(), b)}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	report(outs, elapsed, verbose)
	if only != "" {
		return nil
	}
	readings := map[string]receiptocr.Reading{}
	for _, o := range outs {
		readings[o.rc.File] = o.rd
	}
	return hashReport(dir, m, threshold, readings)
}

// score is right/total per field for one group of receipts.
type score struct{ n, amount, id, when, app, both int }

func (s *score) add(o outcome) {
	f := o.rd.Fields
	s.n++
	a := f.Amount.Found() && f.Amount.Value == o.rc.Amount
	id := f.TransactionID.Found() && f.TransactionID.Value == o.rc.TransactionID
	if a {
		s.amount++
	}
	if id {
		s.id++
	}
	if a && id {
		s.both++
	}
	if f.Time.Found() && f.Time.Value.Truncate(time.Minute).Equal(o.rc.Time.Truncate(time.Minute)) {
		s.when++
	}
	wantApp := o.rc.App
	if wantApp == "bank" {
		wantApp = receiptocr.AppBankTransfer
	}
	if f.App.Value == wantApp {
		s.app++
	}
}

func pct(k, n int) string { return fmt.Sprintf("%d/%d (%.0f %%)", k, n, 100*float64(k)/float64(n)) }

func report(outs []outcome, elapsed time.Duration, verbose bool) {
	groups := map[string]*score{}
	var keys []string
	get := func(k string) *score {
		if groups[k] == nil {
			groups[k] = &score{}
			keys = append(keys, k)
		}
		return groups[k]
	}
	var walls, cpus []time.Duration
	secondLooks := 0
	var rss []int64
	for _, o := range outs {
		kind := "base"
		if o.rc.Of != "" {
			kind = "re-screenshot"
		}
		get("all").add(o)
		get(kind).add(o)
		get("app " + o.rc.App).add(o)
		get(o.rc.Lang + "/" + o.rc.Digits).add(o)
		get("theme " + o.rc.Theme).add(o)
		walls = append(walls, o.rd.Usage.Wall-o.rd.Usage.Wait)
		cpus = append(cpus, o.rd.Usage.CPU)
		rss = append(rss, o.rd.Usage.MaxRSS)
		if o.rd.Usage.Runs > 1 {
			secondLooks++
		}
		if verbose {
			printMiss(o)
		}
	}
	sort.Strings(keys[1:])
	fmt.Println("\n| set | images | amount | transaction id | both | date/time | app |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	for _, k := range keys {
		s := groups[k]
		fmt.Printf("| %s | %d | %s | %s | %s | %s | %s |\n", k, s.n, pct(s.amount, s.n), pct(s.id, s.n), pct(s.both, s.n), pct(s.when, s.n), pct(s.app, s.n))
	}
	fmt.Printf("\nper receipt (tesseract runs): wall p50 %s p95 %s max %s; CPU p50 %s p95 %s; peak RSS p50 %.0f MB max %.0f MB; a second look for %d of %d; %d receipts in %s\n",
		quantile(walls, 0.5), quantile(walls, 0.95), quantile(walls, 1), quantile(cpus, 0.5), quantile(cpus, 0.95),
		float64(quantileInt(rss, 0.5))/1e6, float64(quantileInt(rss, 1))/1e6, secondLooks, len(outs), len(outs), elapsed.Round(time.Millisecond))
}

func printMiss(o outcome) {
	f := o.rd.Fields
	if f.Amount.Value == o.rc.Amount && f.TransactionID.Value == o.rc.TransactionID &&
		f.Time.Value.Truncate(time.Minute).Equal(o.rc.Time.Truncate(time.Minute)) {
		return
	}
	fmt.Printf("--- %s (%s): want %d %s %s\n    got %d(%.2f) %s(%.2f) %s(%.2f) %s\n%s\n", o.rc.File, o.rd.Status,
		o.rc.Amount, o.rc.TransactionID, o.rc.Time.Format("2006-01-02 15:04"),
		f.Amount.Value, f.Amount.Confidence, f.TransactionID.Value, f.TransactionID.Confidence,
		f.Time.Value.Format("2006-01-02 15:04"), f.Time.Confidence, f.App.Value, indent(o.rd.Text))
}

func indent(s string) string { return "    | " + strings.ReplaceAll(s, "\n", "\n    | ") }

func quantile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[int(q*float64(len(s)-1))].Round(time.Millisecond)
}

func quantileInt(d []int64, q float64) int64 {
	if len(d) == 0 {
		return 0
	}
	s := append([]int64(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[int(q*float64(len(s)-1))]
}
