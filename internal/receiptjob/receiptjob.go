// Package receiptjob reads stored receipts in the background: it takes the
// jobs that storing a receipt queues (store.ClaimReceiptJob), reads each
// receipt with internal/receiptocr, and saves what it learnt with the
// fingerprint matches against earlier receipts. The customer never waits
// for it; a node that is killed mid-read leaves a lease that runs out, and
// whichever node looks next reads the receipt again. Every node of a
// cluster may run a Worker: jobs are claimed with FOR UPDATE SKIP LOCKED
// and a reading is saved once.
package receiptjob

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/rs/zerolog"

	"topup/internal/images"
	"topup/internal/receiptcheck"
	"topup/internal/receiptocr"
	"topup/store"
)

// Store is what a Worker needs of the database (*store.DB).
type Store interface {
	ClaimReceiptJob(ctx context.Context, lease time.Duration) (store.ReceiptJob, bool, error)
	ReleaseReceiptJob(ctx context.Context, uploadID int64) error
	SaveReceiptReading(ctx context.Context, r store.ReceiptReading, near store.NearFunc) (bool, error)
}

// Files reads a stored receipt (*receipts.Store).
type Files interface {
	Read(ctx context.Context, name string) ([]byte, error)
}

// Reader reads one receipt (*receiptocr.Reader).
type Reader interface {
	Read(ctx context.Context, image []byte) receiptocr.Reading
}

// Options tune a Worker; zero values take the defaults.
type Options struct {
	// Idle is the wait between looks at an empty queue (2 s).
	Idle time.Duration
	// Lease hides a claimed job from other workers (2 min): longer than a
	// reading may take (the reader's 30 s limit and its wait for a slot).
	Lease time.Duration
	// MaxAttempts is how many claims a receipt gets before it is saved as
	// failed without another read (3): one that kills its worker each time
	// must not be read for ever.
	MaxAttempts int
	// Log receives failures; the zero Logger discards them.
	Log zerolog.Logger
}

// Worker reads queued receipts.
type Worker struct {
	store  Store
	files  Files
	reader Reader
	opts   Options
}

// New returns a worker; start it with Run.
func New(st Store, files Files, reader Reader, o Options) *Worker {
	if o.Idle <= 0 {
		o.Idle = 2 * time.Second
	}
	if o.Lease <= 0 {
		o.Lease = 2 * time.Minute
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 3
	}
	return &Worker{store: st, files: files, reader: reader, opts: o}
}

// Run reads receipts until ctx ends. A receipt being read then is given
// back for the next worker.
func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		if _, err := w.Drain(ctx); err != nil && ctx.Err() == nil {
			w.opts.Log.Error().Err(err).Msg("receipt reading")
		}
		select {
		case <-ctx.Done():
		case <-time.After(w.opts.Idle):
		}
	}
}

// Drain reads receipts until none is waiting (or ctx ends) and returns
// how many it saved.
func (w *Worker) Drain(ctx context.Context) (int, error) {
	n := 0
	for ctx.Err() == nil {
		job, ok, err := w.store.ClaimReceiptJob(ctx, w.opts.Lease)
		if err != nil || !ok {
			return n, err
		}
		saved, err := w.process(ctx, job)
		if err != nil {
			return n, err
		}
		if saved {
			n++
		}
	}
	return n, nil
}

// Problems saved with a failed reading that never reached the reader.
const (
	problemGone     = "the receipt was deleted before it was read"
	problemGaveUpOn = "reading was abandoned after %d attempts"
)

func (w *Worker) process(ctx context.Context, job store.ReceiptJob) (bool, error) {
	failed := func(problem string) (bool, error) {
		return w.store.SaveReceiptReading(ctx, store.ReceiptReading{UploadID: job.UploadID, Status: store.ReadingFailed, Problem: problem}, nil)
	}
	if job.Attempts > w.opts.MaxAttempts {
		return failed(fmt.Sprintf(problemGaveUpOn, job.Attempts-1))
	}
	if job.Deleted {
		return failed(problemGone)
	}
	image, err := w.files.Read(ctx, job.StorageName)
	if errors.Is(err, images.ErrNotFound) {
		return failed(problemGone)
	}
	if err != nil {
		// The lease runs out and the receipt is tried again.
		return false, fmt.Errorf("receiptjob: upload %d: %w", job.UploadID, err)
	}
	rd := w.reader.Read(ctx, image)
	if ctx.Err() != nil {
		// Shutting down: the reading was cut short, not failed.
		release, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		return false, w.store.ReleaseReceiptJob(release, job.UploadID)
	}
	r := stored(job.UploadID, rd)
	var near store.NearFunc
	if rd.Fingerprint.Rows > 0 {
		near = func(other []byte) (float64, bool) {
			var fp receiptocr.Fingerprint
			if fp.UnmarshalBinary(other) != nil {
				return 1, false // an older fingerprint version
			}
			d := receiptocr.Distance(rd.Fingerprint, fp)
			return d, d <= receiptcheck.MaxThreshold
		}
	}
	if rd.Status == receiptocr.StatusFailed {
		w.opts.Log.Warn().Int64("upload_id", job.UploadID).Str("problem", rd.Problem).Msg("receipt could not be read")
	}
	return w.store.SaveReceiptReading(ctx, r, near)
}

// maxText bounds the text kept of one receipt (the column's limit).
const maxText = 20000

// stored is a reading as the store keeps it.
func stored(uploadID int64, rd receiptocr.Reading) store.ReceiptReading {
	f := rd.Fields
	r := store.ReceiptReading{
		UploadID: uploadID, Status: string(rd.Status), Problem: truncate(rd.Problem, 500), RawText: truncate(rd.Text, maxText),
		AmountConfidence: f.Amount.Confidence, TransactionIDConfidence: f.TransactionID.Confidence,
		PaidAtConfidence: f.Time.Confidence, App: f.App.Value, AppConfidence: f.App.Confidence,
		CPUMillis: rd.Usage.CPU.Milliseconds(),
	}
	if f.Amount.Found() && f.Amount.Value > 0 {
		amount := f.Amount.Value
		r.Amount = &amount
	}
	if f.TransactionID.Found() && f.TransactionID.Value != "" {
		id, key := f.TransactionID.Value, receiptocr.CanonicalID(f.TransactionID.Value)
		r.TransactionID, r.TransactionKey = &id, &key
	}
	if f.Time.Found() {
		paid := f.Time.Value
		r.PaidAt = &paid
	}
	if rd.Fingerprint.Rows > 0 {
		r.Fingerprint, _ = rd.Fingerprint.MarshalBinary() // cannot fail
	}
	return r
}

// truncate cuts s to at most n bytes on a character boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
