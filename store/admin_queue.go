package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"topup/internal/phone"
)

// The admin queues (issue 10): top-ups to confirm, coin orders to deliver,
// and the overview. Decisions reuse the customer-facing store functions
// (ConfirmTopup, CompleteOrder, AdjustWallet, …) with an audit hook, so
// the money rules live in one place and the audit entry commits with them.

// AdminTopup is a top-up with its customer, for the queue.
type AdminTopup struct {
	Topup
	Username      string         `db:"username"`
	Phone         string         `db:"phone"`
	DecidedByName sql.NullString `db:"decided_by_name"`
}

const adminTopupSelect = `
	SELECT ` + `t.id, t.user_id, t.amount, t.verification_amount, t.total, t.payment_method_id,
	       t.payment_method_name, t.upload_id, t.status, t.reject_reason, t.decided_by, t.decided_at,
	       t.idempotency_key, t.created_at,
	       u.username, u.phone, d.username AS decided_by_name
	FROM topup_orders t JOIN users u ON u.id = t.user_id LEFT JOIN users d ON d.id = t.decided_by`

// AdminTopupFilter narrows AdminTopups; Status "" lists all, pending first.
type AdminTopupFilter struct {
	Status string
	UserID int64
	Page
}

// AdminTopupPage is one page of the top-up queue.
type AdminTopupPage struct {
	Items []AdminTopup
	PageInfo
}

// AdminTopups lists top-ups: pending first and oldest first among them (the
// queue), then decided ones newest first.
func (s *DB) AdminTopups(ctx context.Context, f AdminTopupFilter) (AdminTopupPage, error) {
	pg := f.Page.norm()
	where := ` WHERE ($1::text = '' OR t.status = $1) AND ($2::bigint = 0 OR t.user_id = $2)`
	args := []any{f.Status, f.UserID}
	var total int
	if err := s.db.GetContext(ctx, &total, `SELECT count(*) FROM topup_orders t`+where, args...); err != nil {
		return AdminTopupPage{}, wrap(err, "count top-ups")
	}
	items := []AdminTopup{}
	err := s.db.SelectContext(ctx, &items, adminTopupSelect+where+`
		ORDER BY (t.status = 'pending') DESC,
		         CASE WHEN t.status = 'pending' THEN t.created_at END ASC,
		         t.created_at DESC, t.id DESC
		LIMIT $3 OFFSET $4`, append(args, pg.PerPage, pg.offset())...)
	if err != nil {
		return AdminTopupPage{}, wrap(err, "top-ups")
	}
	return AdminTopupPage{Items: items, PageInfo: pageInfo(pg, total)}, nil
}

// AdminTopupByID returns one top-up with its customer.
func (s *DB) AdminTopupByID(ctx context.Context, id int64) (AdminTopup, error) {
	var t AdminTopup
	err := s.db.GetContext(ctx, &t, adminTopupSelect+` WHERE t.id = $1`, id)
	return t, wrap(err, "top-up %d", id)
}

// ReceiptDuplicate is another upload of the same receipt bytes and the
// top-up it backs, if any.
type ReceiptDuplicate struct {
	UploadID    int64          `db:"upload_id"`
	UserID      int64          `db:"user_id"`
	Username    string         `db:"username"`
	TopupID     sql.NullInt64  `db:"topup_id"`
	TopupStatus sql.NullString `db:"topup_status"`
	CreatedAt   time.Time      `db:"created_at"`
}

// ReceiptDuplicates lists the other uploads of a top-up's receipt
// (UploadDuplicates) with the top-ups they back.
func (s *DB) ReceiptDuplicates(ctx context.Context, uploadID int64) ([]ReceiptDuplicate, error) {
	dups, err := s.UploadDuplicates(ctx, uploadID)
	if err != nil {
		return nil, err
	}
	out := []ReceiptDuplicate{}
	if len(dups) == 0 {
		return out, nil
	}
	ids := make([]int64, len(dups))
	for i, d := range dups {
		ids[i] = d.ID
	}
	err = s.db.SelectContext(ctx, &out, `
		SELECT up.id AS upload_id, up.user_id, u.username, t.id AS topup_id, t.status AS topup_status, up.created_at
		FROM uploads up JOIN users u ON u.id = up.user_id
		LEFT JOIN topup_orders t ON t.upload_id = up.id
		WHERE up.id = ANY($1) ORDER BY up.created_at, up.id`, pq.Array(ids))
	return out, wrap(err, "receipt duplicates")
}

func topupSnapshot(lock bool) func(int64) func(context.Context, *sqlx.Tx) (json.RawMessage, error) {
	q := `SELECT to_jsonb(t) - 'idempotency_key' FROM topup_orders t WHERE id = $1`
	if lock {
		q += ` FOR UPDATE`
	}
	return func(id int64) func(context.Context, *sqlx.Tx) (json.RawMessage, error) {
		return func(ctx context.Context, tx *sqlx.Tx) (json.RawMessage, error) { return rowJSON(ctx, tx, q, id) }
	}
}

// AdminRejectTopup is RejectTopup with its audit entry.
func (s *DB) AdminRejectTopup(ctx context.Context, a Actor, id int64, reason string) (Topup, error) {
	ctx = withAuditHook(ctx, &auditHook{
		actor:  a,
		record: auditRecord{Action: "topup.reject", TargetType: "topup", TargetID: id, Reason: reason},
		before: topupSnapshot(true)(id), after: topupSnapshot(false)(id),
	})
	return s.RejectTopup(ctx, id, a.ID, reason)
}

// AdminOrder is an order with its buyer and who claimed it.
type AdminOrder struct {
	Order
	ClaimedBy     sql.NullInt64  `db:"claimed_by"`
	ClaimedAt     sql.NullTime   `db:"claimed_at"`
	ClaimedByName sql.NullString `db:"claimed_by_name"`
	Username      string         `db:"username"`
	Phone         string         `db:"phone"`
}

var adminOrderSelect = `SELECT ` + prefixed("o.", orderColumns) + `,
	o.claimed_by, o.claimed_at, cb.username AS claimed_by_name, u.username, u.phone
	FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN users cb ON cb.id = o.claimed_by`

// AdminOrderFilter narrows AdminOrders. Queue lists coin orders waiting
// for delivery (pending or processing), oldest first; otherwise newest
// first. Q matches an order id, the buyer's phone (any form), username or
// e-mail, a game id, or part of the product name.
type AdminOrderFilter struct {
	Queue  bool
	Status string
	UserID int64
	Q      string
	Page
}

// AdminOrderPage is one page of orders.
type AdminOrderPage struct {
	Items []AdminOrder
	PageInfo
}

// AdminOrders lists and searches orders. What was delivered stays sealed.
func (s *DB) AdminOrders(ctx context.Context, f AdminOrderFilter) (AdminOrderPage, error) {
	pg := f.Page.norm()
	q := strings.TrimSpace(f.Q)
	var id int64
	if n, err := strconv.ParseInt(strings.TrimPrefix(q, "#"), 10, 64); err == nil && n > 0 {
		id = n
	}
	normPhone := ""
	if n, err := phone.Normalize(q); err == nil {
		normPhone = n
	}
	where := ` WHERE ($1::bool = false OR (o.product_kind = 'coin' AND o.status IN ('pending', 'processing')))
		AND ($2::text = '' OR o.status = $2)
		AND ($3::bigint = 0 OR o.user_id = $3)
		AND ($4::text = '' OR o.id = $5 OR u.phone = $6 OR lower(u.username) = lower($4)
		     OR lower(u.email) = lower($4) OR o.game_uid = $4
		     OR strpos(lower(o.product_name), lower($4)) > 0)`
	args := []any{f.Queue, f.Status, f.UserID, q, id, normPhone}
	order := ` ORDER BY o.created_at DESC, o.id DESC`
	if f.Queue {
		order = ` ORDER BY o.created_at, o.id`
	}
	var total int
	if err := s.db.GetContext(ctx, &total, `SELECT count(*) FROM orders o JOIN users u ON u.id = o.user_id`+where, args...); err != nil {
		return AdminOrderPage{}, wrap(err, "count orders")
	}
	items := []AdminOrder{}
	err := s.db.SelectContext(ctx, &items, adminOrderSelect+where+order+` LIMIT $7 OFFSET $8`,
		append(args, pg.PerPage, pg.offset())...)
	if err != nil {
		return AdminOrderPage{}, wrap(err, "orders")
	}
	return AdminOrderPage{Items: items, PageInfo: pageInfo(pg, total)}, nil
}

// AdminOrderByID returns one order with its buyer and claimer.
func (s *DB) AdminOrderByID(ctx context.Context, id int64) (AdminOrder, error) {
	var o AdminOrder
	err := s.db.GetContext(ctx, &o, adminOrderSelect+` WHERE o.id = $1`, id)
	return o, wrap(err, "order %d", id)
}

// ErrClaimedByOther: another admin has claimed the order and is delivering
// it.
var ErrClaimedByOther = fmt.Errorf("%w: another admin has claimed this order", ErrConflict)

// orderSnapshot is an order as the audit log keeps it: without meta (the
// sealed delivery) and the idempotency key.
func orderSnapshot(lock bool, id int64) func(context.Context, *sqlx.Tx) (json.RawMessage, error) {
	q := `SELECT to_jsonb(o) - 'meta' - 'idempotency_key' FROM orders o WHERE id = $1`
	if lock {
		q += ` FOR UPDATE`
	}
	return func(ctx context.Context, tx *sqlx.Tx) (json.RawMessage, error) { return rowJSON(ctx, tx, q, id) }
}

// ClaimOrder marks a pending coin order as being delivered by the actor
// (status processing). It is a compare-and-set: of two admins claiming one
// order, one wins and the other gets ErrClaimedByOther. Claiming an order
// one already holds is fine (idempotent, no second entry); a decided order
// is ErrInvalidState.
func (s *DB) ClaimOrder(ctx context.Context, a Actor, orderID int64) (AdminOrder, error) {
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		before, err := orderSnapshot(true, orderID)(ctx, tx)
		if err != nil {
			return err
		}
		if before == nil {
			return fmt.Errorf("store: claim order %d: %w", orderID, ErrNotFound)
		}
		var o Order
		err = tx.GetContext(ctx, &o, `
			UPDATE orders SET status = 'processing', claimed_by = $2, claimed_at = now()
			WHERE id = $1 AND status = 'pending' AND product_kind = 'coin'
			RETURNING `+orderColumns, orderID, a.ID)
		if errors.Is(err, sql.ErrNoRows) {
			var cur struct {
				Status    string        `db:"status"`
				ClaimedBy sql.NullInt64 `db:"claimed_by"`
			}
			if err := tx.GetContext(ctx, &cur, `SELECT status, claimed_by FROM orders WHERE id = $1`, orderID); err != nil {
				return wrap(err, "claim order %d", orderID)
			}
			switch {
			case cur.Status == OrderProcessing && cur.ClaimedBy.Int64 == a.ID:
				return nil // already ours
			case cur.Status == OrderProcessing:
				return fmt.Errorf("store: claim order %d: %w", orderID, ErrClaimedByOther)
			}
			return fmt.Errorf("store: claim order %d is %s: %w", orderID, cur.Status, ErrInvalidState)
		}
		if err != nil {
			return wrap(err, "claim order %d", orderID)
		}
		after, err := orderSnapshot(false, orderID)(ctx, tx)
		if err != nil {
			return err
		}
		if err := announceOrder(ctx, tx, o); err != nil {
			return err
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: "order.claim", TargetType: "order", TargetID: orderID, Before: before, After: after})
	})
	if err != nil {
		return AdminOrder{}, err
	}
	return s.AdminOrderByID(ctx, orderID)
}

// claimGuard locks the order and refuses when another admin holds it,
// unless override is set (the entry then says so).
func claimGuard(a Actor, orderID int64, override bool) func(context.Context, *sqlx.Tx) (json.RawMessage, error) {
	return func(ctx context.Context, tx *sqlx.Tx) (json.RawMessage, error) {
		b, err := orderSnapshot(true, orderID)(ctx, tx)
		if err != nil || b == nil {
			return b, err
		}
		var cur struct {
			Status  string `json:"status"`
			Claimed *int64 `json:"claimed_by"`
		}
		if err := json.Unmarshal(b, &cur); err != nil {
			return nil, fmt.Errorf("store: order %d snapshot: %w", orderID, err)
		}
		if !override && cur.Status == OrderProcessing && cur.Claimed != nil && *cur.Claimed != a.ID {
			return nil, fmt.Errorf("store: order %d: %w", orderID, ErrClaimedByOther)
		}
		return b, nil
	}
}

// AdminCompleteOrder is CompleteOrder with its audit entry. An order
// another admin has claimed is ErrClaimedByOther unless override.
func (s *DB) AdminCompleteOrder(ctx context.Context, a Actor, orderID int64, override bool) (Order, error) {
	action := "order.complete"
	if override {
		action = "order.complete.override"
	}
	ctx = withAuditHook(ctx, &auditHook{
		actor:  a,
		record: auditRecord{Action: action, TargetType: "order", TargetID: orderID},
		before: claimGuard(a, orderID, override), after: orderSnapshot(false, orderID),
	})
	return s.CompleteOrder(ctx, orderID, a.ID)
}

// AdminFailOrder is FailOrder (refund once) with its audit entry.
func (s *DB) AdminFailOrder(ctx context.Context, a Actor, orderID int64, reason string, override bool) (Order, error) {
	action := "order.fail"
	if override {
		action = "order.fail.override"
	}
	ctx = withAuditHook(ctx, &auditHook{
		actor:  a,
		record: auditRecord{Action: action, TargetType: "order", TargetID: orderID, Reason: reason},
		before: claimGuard(a, orderID, override), after: orderSnapshot(false, orderID),
	})
	return s.FailOrder(ctx, orderID, a.ID, reason)
}

// Overview is the dashboard's first screen.
type Overview struct {
	SalesTotal      int64
	SalesCount      int64
	TopupsWaiting   int64
	TopupsOverdue   int64 // waiting longer than the promise
	OldestTopupAt   sql.NullTime
	OrdersWaiting   int64
	OldestOrderAt   sql.NullTime
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
	page, err := s.AdminTopups(ctx, AdminTopupFilter{Status: TopupPending, Page: Page{Page: 1, PerPage: waitingLimit}})
	if err != nil {
		return Overview{}, err
	}
	o.WaitingTopups = page.Items
	return o, nil
}
