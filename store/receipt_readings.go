package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"
)

// Receipt reading: every stored receipt gets a job (CreateUpload writes it
// with the upload); workers on any node claim jobs, read the receipt, and
// save what they learnt (internal/receiptjob). See migration 00011.

// Reading statuses: the reader's (read, not_available, failed), and
// pending for a receipt whose job has not finished.
const (
	ReadingPending      = "pending"
	ReadingRead         = "read"
	ReadingNotAvailable = "not_available"
	ReadingFailed       = "failed"
)

// ReceiptReading is what was learnt from one receipt.
type ReceiptReading struct {
	UploadID                int64      `db:"upload_id"`
	Status                  string     `db:"status"`
	Problem                 string     `db:"problem"`
	RawText                 string     `db:"raw_text"` // "" once the receipt is past retention
	Amount                  *int64     `db:"amount"`
	AmountConfidence        float64    `db:"amount_confidence"`
	TransactionID           *string    `db:"transaction_id"`
	TransactionKey          *string    `db:"transaction_key"` // the canonical form ids are compared in
	TransactionIDConfidence float64    `db:"transaction_id_confidence"`
	PaidAt                  *time.Time `db:"paid_at"`
	PaidAtConfidence        float64    `db:"paid_at_confidence"`
	App                     string     `db:"app"`
	AppConfidence           float64    `db:"app_confidence"`
	Fingerprint             []byte     `db:"fingerprint"`
	CPUMillis               int64      `db:"cpu_ms"`
	ReadAt                  time.Time  `db:"read_at"`
}

const readingColumns = `upload_id, status, problem, raw_text, amount, amount_confidence, transaction_id,
	transaction_key, transaction_id_confidence, paid_at, paid_at_confidence, app, app_confidence,
	fingerprint, cpu_ms, read_at`

// ReceiptJob is a receipt to read.
type ReceiptJob struct {
	UploadID    int64  `db:"upload_id"`
	StorageName string `db:"storage_name"`
	// Deleted: the file is past retention and gone.
	Deleted bool `db:"deleted"`
	// Attempts counts claims, this one included: more than one means an
	// earlier worker died or gave the job back.
	Attempts int `db:"attempts"`
}

// ClaimReceiptJob takes the receipt that has waited longest and hides it
// from other workers for lease; ok is false when none is waiting. New jobs
// come before ones whose lease ran out, so a receipt that kills its
// worker every time cannot hold up the others.
func (s *DB) ClaimReceiptJob(ctx context.Context, lease time.Duration) (job ReceiptJob, ok bool, err error) {
	err = s.db.GetContext(ctx, &job, `
		WITH next AS (
			SELECT upload_id FROM receipt_read_jobs
			WHERE leased_until <= now()
			ORDER BY leased_until, created_at, upload_id
			LIMIT 1
			FOR UPDATE SKIP LOCKED)
		UPDATE receipt_read_jobs j
		SET leased_until = now() + make_interval(secs => $1), attempts = j.attempts + 1
		FROM next, uploads u
		WHERE j.upload_id = next.upload_id AND u.id = j.upload_id
		RETURNING j.upload_id, u.storage_name, u.deleted_at IS NOT NULL AS deleted, j.attempts`, lease.Seconds())
	if errors.Is(err, sql.ErrNoRows) {
		return ReceiptJob{}, false, nil
	}
	return job, err == nil, wrap(err, "claim receipt job")
}

// ReleaseReceiptJob gives a claimed job back at once without counting the
// attempt (the worker is shutting down).
func (s *DB) ReleaseReceiptJob(ctx context.Context, uploadID int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE receipt_read_jobs
		SET leased_until = now(), attempts = greatest(0, attempts - 1) WHERE upload_id = $1`, uploadID)
	return wrap(err, "release receipt job %d", uploadID)
}

// ReceiptJobsWaiting counts receipts not read yet.
func (s *DB) ReceiptJobsWaiting(ctx context.Context) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, `SELECT count(*) FROM receipt_read_jobs`)
	return n, wrap(err, "receipt jobs waiting")
}

// FingerprintWindow is how far back a new receipt's picture is compared:
// a transfer older than this that comes back is recognised by its
// transaction id instead, and the comparison's cost stays bounded.
const FingerprintWindow = 90 * 24 * time.Hour

// NearFunc compares the saved receipt's fingerprint with another receipt's
// and says whether they are near enough to keep as a match.
type NearFunc func(other []byte) (distance float64, keep bool)

// SaveReceiptReading stores a reading and ends its job, once: when another
// worker saved this receipt first (its lease had run out), nothing changes
// and saved is false. With a fingerprint, it is compared (near) with the
// fingerprints read within FingerprintWindow and the near ones are kept as
// matches; saves that compare run one at a time across the cluster, so of
// two copies read at once the later always sees the earlier.
//
// A receipt past retention keeps no text: the reading of a file deleted
// while it was being read is stored without it.
func (s *DB) SaveReceiptReading(ctx context.Context, r ReceiptReading, near NearFunc) (saved bool, err error) {
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// FOR SHARE keeps the retention job from deleting the file between
		// this check and COMMIT; it skips locked rows, so it is never held
		// up, and takes this receipt on its next round.
		var deleted bool
		err := tx.GetContext(ctx, &deleted, `SELECT deleted_at IS NOT NULL FROM uploads WHERE id = $1 FOR SHARE`, r.UploadID)
		if err != nil {
			return wrap(err, "reading of upload %d", r.UploadID)
		}
		if deleted {
			r.RawText = ""
		}
		if len(r.Fingerprint) > 0 && near != nil {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('receipt-fingerprints', 0))`); err != nil {
				return wrap(err, "lock fingerprints")
			}
		}
		res, err := tx.NamedExecContext(ctx, `
			INSERT INTO receipt_readings (upload_id, status, problem, raw_text, amount, amount_confidence,
				transaction_id, transaction_key, transaction_id_confidence, paid_at, paid_at_confidence,
				app, app_confidence, fingerprint, cpu_ms)
			VALUES (:upload_id, :status, :problem, :raw_text, :amount, :amount_confidence,
				:transaction_id, :transaction_key, :transaction_id_confidence, :paid_at, :paid_at_confidence,
				:app, :app_confidence, :fingerprint, :cpu_ms)
			ON CONFLICT (upload_id) DO NOTHING`, r)
		if err != nil {
			return wrap(err, "save reading of upload %d", r.UploadID)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		saved = true
		if len(r.Fingerprint) > 0 && near != nil {
			if err := matchFingerprint(ctx, tx, r.UploadID, near); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM receipt_read_jobs WHERE upload_id = $1`, r.UploadID)
		return wrap(err, "end receipt job %d", r.UploadID)
	})
	return saved, err
}

// matchFingerprint compares one receipt's fingerprint with the recent
// others, streaming them, and records the near ones.
func matchFingerprint(ctx context.Context, tx *sqlx.Tx, uploadID int64, near NearFunc) error {
	rows, err := tx.QueryContext(ctx, `SELECT upload_id, fingerprint FROM receipt_readings
		WHERE fingerprint IS NOT NULL AND upload_id <> $1 AND read_at > now() - make_interval(secs => $2)`,
		uploadID, FingerprintWindow.Seconds())
	if err != nil {
		return wrap(err, "fingerprints")
	}
	type match struct {
		other    int64
		distance float64
	}
	var found []match
	for rows.Next() {
		var other int64
		var fp []byte
		if err := rows.Scan(&other, &fp); err != nil {
			rows.Close()
			return wrap(err, "fingerprints")
		}
		if d, keep := near(fp); keep {
			found = append(found, match{other, d})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return wrap(err, "fingerprints")
	}
	for _, m := range found {
		_, err := tx.ExecContext(ctx, `INSERT INTO receipt_image_matches (upload_id, other_upload_id, distance)
			VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, uploadID, m.other, m.distance)
		if err != nil {
			return wrap(err, "save fingerprint match")
		}
	}
	return nil
}

// ReceiptReadingOf returns an upload's reading; ErrNotFound when it has
// none yet.
func (s *DB) ReceiptReadingOf(ctx context.Context, uploadID int64) (ReceiptReading, error) {
	var r ReceiptReading
	err := s.db.GetContext(ctx, &r, `SELECT `+readingColumns+` FROM receipt_readings WHERE upload_id = $1`, uploadID)
	return r, wrap(err, "reading of upload %d", uploadID)
}

// clearReadingText drops the text read from a receipt whose file is
// deleted; the fields and fingerprint stay.
func clearReadingText(ctx context.Context, tx *sqlx.Tx, uploadID int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE receipt_readings SET raw_text = '' WHERE upload_id = $1 AND raw_text <> ''`, uploadID)
	return wrap(err, "clear reading text of upload %d", uploadID)
}
