package store

import (
	"context"
	"time"
)

// StatementFilter narrows a customer's wallet statement.
type StatementFilter struct {
	// Kind is one of the Ledger* kinds, or "" for all.
	Kind string
	// Month is any time in the month (Asia/Yangon) to show; zero for all.
	Month time.Time
	// Before is the id of the last entry already shown (the cursor); 0
	// starts from the newest.
	Before int64
}

// MonthRange is the month holding t, as the customer's calendar (Asia/Yangon)
// counts it: [start, end).
func MonthRange(t time.Time) (start, end time.Time) {
	t = t.In(Zone)
	start = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, Zone)
	return start, start.AddDate(0, 1, 0)
}

// Statement returns a user's ledger entries newest first, at most limit,
// filtered by f. It walks wallet_ledger_user_idx (user_id, id DESC) from
// the cursor, so a page costs the same on the first and the thousandth
// page; a month is a range on created_at checked on the way.
func (s *DB) Statement(ctx context.Context, userID int64, f StatementFilter, limit int) ([]LedgerEntry, error) {
	out := []LedgerEntry{}
	err := s.db.SelectContext(ctx, &out, statementSQL, statementArgs(userID, f, limit)...)
	return out, wrap(err, "statement of user %d", userID)
}

const statementSQL = `
	SELECT ` + ledgerColumns + ` FROM wallet_ledger
	WHERE user_id = $1 AND id < $2 AND ($3 = '' OR kind = $3)
	  AND created_at >= $4 AND created_at < $5
	ORDER BY id DESC LIMIT $6`

func statementArgs(userID int64, f StatementFilter, limit int) []any {
	before := f.Before
	if before <= 0 {
		before = 1<<63 - 1
	}
	from, to := time.Time{}, time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
	if !f.Month.IsZero() {
		from, to = MonthRange(f.Month)
	}
	return []any{userID, before, f.Kind, from, to, limit}
}

// ExplainStatement runs Statement's query under EXPLAIN (ANALYZE, BUFFERS)
// and answers the plan's lines, for docs/benchmarks.md.
func (s *DB) ExplainStatement(ctx context.Context, userID int64, f StatementFilter, limit int) ([]string, error) {
	var plan []string
	err := s.db.SelectContext(ctx, &plan, `EXPLAIN (ANALYZE, BUFFERS) `+statementSQL, statementArgs(userID, f, limit)...)
	return plan, wrap(err, "explain statement of user %d", userID)
}
