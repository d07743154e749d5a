package store

import (
	"context"
	"time"
)

// Overview is the dashboard's first screen.
type Overview struct {
	SalesTotal      int64
	SalesCount      int64
	TopupsWaiting   int64
	TopupsOverdue   int64 // waiting longer than the promise
	OldestTopupAt   *time.Time
	OrdersWaiting   int64
	OldestOrderAt   *time.Time
	WalletLiability int64
	Users           int64
	Mismatches      []LedgerMismatch
	WaitingTopups   []AdminTopup // the oldest few
}

// Overview sums completed sales in [dayStart, dayEnd), counts the queues
// (a top-up is overdue when created before overdueBefore) and checks the
// ledger.
func (s *DB) Overview(ctx context.Context, dayStart, dayEnd, overdueBefore time.Time, waitingLimit int) (Overview, error) {
	var o Overview
	err := s.db.QueryRowxContext(ctx, `
		SELECT
		  (SELECT COALESCE(sum(total_price), 0)::bigint FROM orders
		     WHERE status = 'completed' AND completed_at >= $1 AND completed_at < $2),
		  (SELECT count(*) FROM orders WHERE status = 'completed' AND completed_at >= $1 AND completed_at < $2),
		  (SELECT count(*) FROM topup_orders WHERE status = 'pending'),
		  (SELECT count(*) FROM topup_orders WHERE status = 'pending' AND created_at < $3),
		  (SELECT min(created_at) FROM topup_orders WHERE status = 'pending'),
		  (SELECT count(*) FROM orders WHERE status IN ('pending', 'processing') AND product_kind = 'coin'),
		  (SELECT min(created_at) FROM orders WHERE status IN ('pending', 'processing') AND product_kind = 'coin'),
		  (SELECT COALESCE(sum(wallet_amount), 0)::bigint FROM users),
		  (SELECT count(*) FROM users)`, dayStart, dayEnd, overdueBefore).
		Scan(&o.SalesTotal, &o.SalesCount, &o.TopupsWaiting, &o.TopupsOverdue, &o.OldestTopupAt,
			&o.OrdersWaiting, &o.OldestOrderAt, &o.WalletLiability, &o.Users)
	if err != nil {
		return Overview{}, wrap(err, "overview")
	}
	if o.Mismatches, err = s.CheckLedger(ctx); err != nil {
		return Overview{}, err
	}
	page, err := s.AdminTopups(ctx, AdminTopupFilter{Status: TopupPending, Paging: Paging{Page: 1, PerPage: waitingLimit}})
	if err != nil {
		return Overview{}, err
	}
	o.WaitingTopups = page.Items
	return o, nil
}
