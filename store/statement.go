package store

import (
	"context"
	"strconv"
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
// and the thousandth page. The page's ids come from an index that starts
// with the customer (wallet_ledger_user_idx (user_id, id DESC), or
// wallet_ledger_user_kind_idx for a kind) read alone, then their rows by
// the primary key: asked for whole rows at once, the planner prices the
// index's scattered heap reads above walking the primary key back from the
// shop's newest entry, and reads every other customer's entries first when
// this customer's are old. A month takes only that month's entries by
// wallet_ledger_user_created_idx and sorts them, for the same reason
// (docs/benchmarks.md, the statement).
func (s *DB) Statement(ctx context.Context, userID int64, f StatementFilter, limit int) ([]LedgerEntry, error) {
	out := []LedgerEntry{}
	query, args := statementQuery(userID, f, limit)
	err := s.db.SelectContext(ctx, &out, query, args...)
	return out, wrap(err, "statement of user %d", userID)
}

// statementQuery writes the statement's query for f with its arguments.
func statementQuery(userID int64, f StatementFilter, limit int) (string, []any) {
	args := []any{userID}
	where := ` WHERE user_id = $1`
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if f.Before > 0 {
		where += ` AND id < ` + arg(f.Before)
	}
	if f.Kind != "" {
		where += ` AND kind = ` + arg(f.Kind)
	}
	if f.Month.IsZero() {
		// The page's ids first, from the index alone, then their rows.
		return `SELECT ` + ledgerColumns + ` FROM wallet_ledger WHERE id IN (
			SELECT id FROM wallet_ledger` + where + ` ORDER BY id DESC LIMIT ` + arg(limit) + `)
		ORDER BY id DESC`, args
	}
	from, to := MonthRange(f.Month)
	where += ` AND created_at >= ` + arg(from) + ` AND created_at < ` + arg(to)
	// Materialised first, so the LIMIT cannot pull the scan back onto an
	// index ordered by id.
	return `WITH month AS MATERIALIZED (SELECT ` + ledgerColumns + ` FROM wallet_ledger` + where + `)
	SELECT ` + ledgerColumns + ` FROM month ORDER BY id DESC LIMIT ` + arg(limit), args
}

// ExplainStatement runs Statement's query under EXPLAIN (ANALYZE, BUFFERS)
// and answers the plan's lines, for docs/benchmarks.md.
func (s *DB) ExplainStatement(ctx context.Context, userID int64, f StatementFilter, limit int) ([]string, error) {
	var plan []string
	query, args := statementQuery(userID, f, limit)
	err := s.db.SelectContext(ctx, &plan, `EXPLAIN (ANALYZE, BUFFERS) `+query, args...)
	return plan, wrap(err, "explain statement of user %d", userID)
}
