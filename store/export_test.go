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
