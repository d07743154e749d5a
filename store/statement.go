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
// filtered by f, from the cursor on, so a page costs the same on the first
// and the thousandth page. Without a month it walks an index by id
// (wallet_ledger_user_idx, or wallet_ledger_user_kind_idx for a kind; the
// planner may take the primary key when the customer's entries are the
// newest); a month takes only that month's entries by
// wallet_ledger_user_created_idx and sorts them: the planner, assuming a
// customer's entries spread evenly, would otherwise walk every newer entry
// of the shop (docs/benchmarks.md, the statement).
func (s *DB) Statement(ctx context.Context, userID int64, f StatementFilter, limit int) ([]LedgerEntry, error) {
	out := []LedgerEntry{}
	err := s.db.SelectContext(ctx, &out, statementQuery(f), statementArgs(userID, f, limit)...)
	return out, wrap(err, "statement of user %d", userID)
}

const statementWhere = `
	WHERE user_id = $1 AND id < $2 AND ($3 = '' OR kind = $3)
	  AND created_at >= $4 AND created_at < $5`

// The month's entries are materialised first, so the LIMIT cannot pull
// the scan back onto an index ordered by id.
const (
	statementSQL      = `SELECT ` + ledgerColumns + ` FROM wallet_ledger` + statementWhere + ` ORDER BY id DESC LIMIT $6`
	statementMonthSQL = `WITH month AS MATERIALIZED (SELECT ` + ledgerColumns + ` FROM wallet_ledger` + statementWhere + `)
	SELECT ` + ledgerColumns + ` FROM month ORDER BY id DESC LIMIT $6`
)

func statementQuery(f StatementFilter) string {
	if f.Month.IsZero() {
		return statementSQL
	}
	return statementMonthSQL
}

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
	err := s.db.SelectContext(ctx, &plan, `EXPLAIN (ANALYZE, BUFFERS) `+statementQuery(f), statementArgs(userID, f, limit)...)
	return plan, wrap(err, "explain statement of user %d", userID)
}
