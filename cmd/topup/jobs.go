package main

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"topup/internal/receiptjob"
	"topup/internal/receiptocr"
	"topup/internal/receipts"
	"topup/store"
)

// startReceiptReading runs a receipt-reading worker (docs/receipt-checks.md)
// until ctx ends; the channel closes once it has stopped. Without Tesseract
// it still fingerprints every receipt, and the checks say "not read".
func startReceiptReading(ctx context.Context, db *store.DB, dir *receipts.Store, log zerolog.Logger) <-chan struct{} {
	log = log.With().Str("component", "receiptjob").Logger()
	reader := receiptocr.New(ctx, receiptocr.Options{})
	if ok, langs := reader.Available(); ok {
		log.Info().Str("languages", langs).Msg("receipts are read with Tesseract")
	} else {
		log.Warn().Msg("Tesseract was not found: receipts are fingerprinted, not read (install tesseract-ocr and tesseract-ocr-mya)")
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		receiptjob.New(db, dir, reader, receiptjob.Options{Log: log}).Run(ctx)
	}()
	return done
}

// receiptSweepEvery is how often expired receipts are looked for; a receipt
// may outlive its 30 days by at most this much.
const receiptSweepEvery = time.Hour

// expireReceipts deletes receipts past their retention, in batches, until
// none is due. Safe on every node at once (see store.ExpireReceipts).
func expireReceipts(ctx context.Context, db *store.DB, files *receipts.Store, log zerolog.Logger) {
	const batch = 200
	for {
		n, err := db.ExpireReceipts(ctx, time.Now(), batch, func(name string) error { return files.Delete(ctx, name) })
		if err != nil {
			if ctx.Err() != nil {
				return // stopped by shutdown, not a failure
			}
			log.Error().Err(err).Msg("receipt retention")
			return
		}
		if n > 0 {
			log.Info().Int("deleted", n).Msg("receipts past retention deleted")
		}
		if n < batch {
			return
		}
	}
}

// every runs job now and then at each interval until ctx ends.
func every(ctx context.Context, interval time.Duration, job func(context.Context)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		job(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
