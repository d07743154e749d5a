package store

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// Test-only access to unexported helpers, for the store_test package.
// PostLedger is postLedger for tests, answering the ledger row.
func PostLedger(ctx context.Context, tx *sqlx.Tx, e LedgerEntry) (LedgerEntry, error) {
	return postLedger(ctx, tx, e)
}

// ConfirmTopupWithBrokenAudit confirms a top-up under an audit hook whose
// entry cannot be written (an empty action breaks audit_log's CHECK), to
// prove the change and its entry commit or roll back together.
func (s *DB) ConfirmTopupWithBrokenAudit(ctx context.Context, topupID, actorID int64) (Topup, error) {
	ctx = withAuditHook(ctx, &auditHook{actor: Actor{ID: actorID}, record: auditRecord{Action: ""}})
	return s.ConfirmTopup(ctx, topupID, actorID)
}

// MapErr is mapErr for tests.
func MapErr(err error) error { return mapErr(err) }

// Seal seals b with the store's secret box, as a sealed message title is stored.
func (s *DB) Seal(b []byte) ([]byte, error) {
	box, err := s.needBox()
	if err != nil {
		return nil, err
	}
	return box.Seal(b), nil
}
