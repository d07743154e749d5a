package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Receipt retention (docs/spec.md §1: receipts are deleted after 30 days).
const (
	// ReceiptKeep is how long a receipt stays after its top-up (or a
	// refund request's screenshot after the request) is decided.
	ReceiptKeep = 30 * 24 * time.Hour
	// AbandonedUploadKeep is how long a receipt that never backed a top-up
	// or a refund request stays: the customer gave up, and we should not keep their bank
	// screenshot.
	AbandonedUploadKeep = 24 * time.Hour
)

// ExpireReceipts deletes up to limit receipt files that are due at now,
// calling remove for each stored name, and marks their rows deleted with an
// audit entry; hash, size and type stay, and so do the fields and the
// fingerprint read from it, while the text read from it goes. It returns
// how many it expired.
//
// Rows are claimed with FOR UPDATE SKIP LOCKED, so several nodes can run it
// at once without doing the same work. Files go before the commit: if the
// commit then fails, the rows stay live, and the next run removes the
// (already missing) files again and marks them — remove must treat a
// missing file as done.
func (s *DB) ExpireReceipts(ctx context.Context, now time.Time, limit int, remove func(name string) error) (int, error) {
	n := 0
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var due []struct {
			ID   int64  `db:"id"`
			Name string `db:"storage_name"`
			Why  string `db:"why"`
		}
		err := tx.SelectContext(ctx, &due, `
			SELECT u.id, u.storage_name,
			       CASE WHEN t.id IS NULL AND r.id IS NULL THEN 'abandoned' ELSE 'retention' END AS why
			FROM uploads u
			LEFT JOIN topup_orders t ON t.upload_id = u.id
			LEFT JOIN refund_requests r ON r.upload_id = u.id
			WHERE u.deleted_at IS NULL
			  AND ((t.id IS NULL AND r.id IS NULL AND u.created_at < $1) OR t.decided_at < $2 OR r.decided_at < $2)
			ORDER BY u.id
			LIMIT $3
			FOR UPDATE OF u SKIP LOCKED`,
			now.Add(-AbandonedUploadKeep), now.Add(-ReceiptKeep), limit)
		if err != nil {
			return wrap(err, "receipts due")
		}
		for _, d := range due {
			if err := remove(d.Name); err != nil {
				return fmt.Errorf("store: expire receipt %d: %w", d.ID, err)
			}
			if _, err := tx.ExecContext(ctx, `UPDATE uploads SET deleted_at = $2 WHERE id = $1`, d.ID, now); err != nil {
				return wrap(err, "mark receipt %d deleted", d.ID)
			}
			if err := clearReadingText(ctx, tx, d.ID); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `
				INSERT INTO audit_log (action, target_type, target_id, reason)
				VALUES ('receipt.deleted', 'upload', $1, $2)`, fmt.Sprint(d.ID), d.Why)
			if err != nil {
				return wrap(err, "audit receipt %d", d.ID)
			}
		}
		n = len(due)
		return nil
	})
	return n, err
}
