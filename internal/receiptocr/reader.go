// Package receiptocr reads payment receipts on the server: the text of the
// screenshot by the Tesseract command-line program, the transfer it
// describes (amount, transaction id, date and time, payment app, each with a
// confidence), and a perceptual fingerprint that survives a re-screenshot,
// a crop, a resize or a recompression.
//
// Tesseract never sees the customer's file: the image is decoded here,
// turned into a clean grayscale PNG, and only that is piped to the program.
// A run has a time limit and the runs of one process share a small number
// of slots, so a hostile or huge image costs one slot for a bounded time and
// nothing else. Where Tesseract or its English language data is not
// installed, a Reading says StatusUnavailable; callers never get an error
// for it.
package receiptocr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Status says whether a receipt's text was read.
type Status string

const (
	StatusRead        Status = "read"
	StatusUnavailable Status = "not_available" // no Tesseract or no language data here
	StatusFailed      Status = "failed"        // the image or the program failed; Problem says how
)

// Reading is what was learnt from one receipt.
type Reading struct {
	Status  Status
	Problem string // for StatusFailed
	Text    string // Tesseract's text, lines in reading order
	Fields  Fields
	// Fingerprint is computed from the pixels alone, so it is there even
	// when Tesseract is not.
	Fingerprint Fingerprint
	Usage       Usage
}

// Usage is what one Tesseract run cost.
type Usage struct {
	Wall   time.Duration // including the wait for a slot
	Wait   time.Duration
	CPU    time.Duration // user + system of the tesseract process
	MaxRSS int64         // bytes, the tesseract process's peak resident memory
	Runs   int           // 1, plus a second look or two when the first reading was unsure
}

// Options configure a Reader. Zero values take the defaults.
type Options struct {
	// Program is the tesseract binary; default "tesseract" on PATH.
	Program string
	// Timeout bounds one run; default 30 s.
	Timeout time.Duration
	// Slots bounds concurrent runs in this process; default 1. Each run
	// uses one core (OpenMP is limited to one thread).
	Slots int
}

// Reader runs Tesseract. Make one per process and share it: its slots are
// the process-wide bound.
type Reader struct {
	program   string
	languages string // "eng+mya", or "eng" without the Myanmar data
	timeout   time.Duration
	slots     chan struct{}
}

// New finds Tesseract and its language data. It never fails: without them
// the Reader reports StatusUnavailable for every receipt.
func New(ctx context.Context, o Options) *Reader {
	if o.Program == "" {
		o.Program = "tesseract"
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.Slots <= 0 {
		o.Slots = 1
	}
	r := &Reader{timeout: o.Timeout, slots: make(chan struct{}, o.Slots)}
	path, err := exec.LookPath(o.Program)
	if err != nil {
		return r
	}
	langs, err := listLanguages(ctx, path)
	if err != nil || !langs["eng"] {
		return r
	}
	r.program, r.languages = path, "eng"
	if langs["mya"] {
		r.languages = "eng+mya"
	}
	return r
}

// Available reports whether receipts can be read here, and with which
// Tesseract languages.
func (r *Reader) Available() (bool, string) { return r.program != "", r.languages }

func listLanguages(ctx context.Context, program string) (map[string]bool, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, program, "--list-langs").CombinedOutput()
	if err != nil {
		return nil, err
	}
	langs := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if l := strings.TrimSpace(line); l != "" && !strings.Contains(l, " ") {
			langs[l] = true
		}
	}
	return langs, nil
}

// Read learns what it can from a receipt image (JPEG or PNG bytes, already
// accepted by the receipts package). It returns when the run is done, the
// time limit passed or ctx ended; the result always carries a Status.
func (r *Reader) Read(ctx context.Context, image []byte) (rd Reading) {
	start := time.Now()
	// Decoding and preparing the image take memory too (tens of MB for a
	// large screenshot), so they happen inside a slot.
	select {
	case r.slots <- struct{}{}:
	case <-ctx.Done():
		return Reading{Status: StatusFailed, Problem: ctx.Err().Error()}
	}
	defer func() { <-r.slots }()
	wait := time.Since(start)
	img, err := decode(image)
	if err != nil {
		return Reading{Status: StatusFailed, Problem: err.Error()}
	}
	rd = Reading{Fingerprint: FingerprintOf(img)}
	if r.program == "" {
		rd.Status = StatusUnavailable
		return rd
	}
	input, second := ocrInput(img, ocrWidth), ocrInput(img, secondLookWidth)
	img = nil // the decoded pixels are no longer needed while Tesseract runs
	tsv, usage, err := r.run(ctx, input, r.languages)
	usage.Wait, usage.Runs = wait, 1
	// rd is the named result, so every return below reports the runs' cost.
	defer func() { usage.Wall = time.Since(start); rd.Usage = usage }()
	switch {
	case errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist):
		rd.Status = StatusUnavailable // uninstalled while we ran
		return rd
	case err != nil:
		rd.Status, rd.Problem = StatusFailed, err.Error()
		return rd
	}
	lines := parseTSV(tsv)
	rd.Status, rd.Text, rd.Fields = StatusRead, joinLines(lines), Extract(lines)
	for _, l := range secondLooks(r.languages, rd) {
		tsv, again, err := r.run(ctx, second, l.languages)
		usage.Runs++
		usage.CPU += again.CPU
		usage.MaxRSS = max(usage.MaxRSS, again.MaxRSS)
		if err != nil {
			continue // a failed look leaves what was read
		}
		lines = parseTSV(tsv)
		rd.Text += "\n\n" + joinLines(lines)
		rd.Fields = surer(rd.Fields, l.keep(Extract(lines)))
	}
	return rd
}

// run pipes a PNG to tesseract and returns its TSV output. The caller
// holds a slot.
func (r *Reader) run(ctx context.Context, png []byte, languages string) ([]byte, Usage, error) {
	var u Usage
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	// psm 6: one uniform block, so a row's label and value come out as one
	// line, which is how the fields are found.
	cmd := exec.CommandContext(ctx, r.program, "stdin", "stdout", "-l", languages, "--psm", "6", "tsv")
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	cmd.Stdin = bytes.NewReader(png)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		return nil, u, fmt.Errorf("receiptocr: tesseract: %w", err)
	}
	peak := watchPeakRSS(cmd.Process.Pid)
	err := cmd.Wait()
	u.MaxRSS = peak()
	if ps := cmd.ProcessState; ps != nil {
		u.CPU = ps.UserTime() + ps.SystemTime()
	}
	if ctx.Err() == context.DeadlineExceeded {
		return nil, u, fmt.Errorf("receiptocr: tesseract took longer than %s", r.timeout)
	}
	if err != nil {
		return nil, u, fmt.Errorf("receiptocr: tesseract: %w: %s", err, firstLine(stderr.String()))
	}
	return stdout.Bytes(), u, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
