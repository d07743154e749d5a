package store

import (
	"context"
	"fmt"

	"github.com/lib/pq"
)

// The back office's refund queue: each request with its order (as the
// order queue shows it), whether its code could go back to stock, and the
// customer's history.

// AdminRefund is a request as the queue shows it.
type AdminRefund struct {
	Refund
	Order         AdminOrder `db:"-"`
	Username      string     `db:"username"`
	Phone         string     `db:"phone"`
	DecidedByName *string    `db:"decided_by_name"`
	Restockable   bool       `db:"restockable"`
	History       RefundHistory
}

// RefundHistory counts a customer's orders and refund requests.
type RefundHistory struct {
	Orders   int64 `db:"orders"`
	Approved int64 `db:"approved"`
	Denied   int64 `db:"denied"`
	Open     int64 `db:"open"`
}

// AdminRefundFilter narrows AdminRefunds: Status "" lists every request,
// open ones first (oldest first, as a queue is worked), then the decided
// newest first.
type AdminRefundFilter struct {
	Status string
	Paging
}

const adminRefundSelect = `
	SELECT r.id, r.order_id, r.user_id, r.ground, r.reason, r.upload_id, r.status, r.decision_reason,
	       r.decided_by, r.decided_at, r.restocked, o.total_price AS amount, r.created_at, r.updated_at,
	       u.username, u.phone, db.username AS decided_by_name,
	       (r.status = 'requested' AND o.product_kind = 'code' AND o.status = 'completed'
	        AND EXISTS (SELECT 1 FROM redeem_codes rc WHERE rc.claimed_by_order_id = o.id)) AS restockable,
	       (SELECT count(*) FROM orders uo WHERE uo.user_id = r.user_id) AS "history.orders",
	       (SELECT count(*) FROM refund_requests ur WHERE ur.user_id = r.user_id AND ur.status = 'approved') AS "history.approved",
	       (SELECT count(*) FROM refund_requests ur WHERE ur.user_id = r.user_id AND ur.status = 'denied') AS "history.denied",
	       (SELECT count(*) FROM refund_requests ur WHERE ur.user_id = r.user_id AND ur.status = 'requested') AS "history.open"
	FROM refund_requests r
	JOIN orders o ON o.id = r.order_id
	JOIN users u ON u.id = r.user_id
	LEFT JOIN users db ON db.id = r.decided_by`

// AdminRefunds lists requests with their orders.
func (s *DB) AdminRefunds(ctx context.Context, f AdminRefundFilter) (Page[AdminRefund], error) {
	page, err := selectPage[AdminRefund](ctx, s, f.Paging, "refund requests",
		`SELECT count(*) FROM refund_requests r WHERE ($1 = '' OR r.status = $1)`,
		adminRefundSelect+` WHERE ($1 = '' OR r.status = $1)
		ORDER BY r.status <> 'requested',
		         CASE WHEN r.status = 'requested' THEN extract(epoch FROM r.created_at) ELSE -extract(epoch FROM r.decided_at) END,
		         r.id
		LIMIT $2 OFFSET $3`, f.Status)
	if err != nil {
		return Page[AdminRefund]{}, err
	}
	return page, s.withRefundOrders(ctx, page.Items)
}

// AdminRefundByID is one request as the queue shows it.
func (s *DB) AdminRefundByID(ctx context.Context, id int64) (AdminRefund, error) {
	var r AdminRefund
	if err := s.db.GetContext(ctx, &r, adminRefundSelect+` WHERE r.id = $1`, id); err != nil {
		return AdminRefund{}, wrap(err, "refund %d", id)
	}
	list := []AdminRefund{r}
	if err := s.withRefundOrders(ctx, list); err != nil {
		return AdminRefund{}, err
	}
	return list[0], nil
}

// withRefundOrders fills each request's order, in one query.
func (s *DB) withRefundOrders(ctx context.Context, list []AdminRefund) error {
	if len(list) == 0 {
		return nil
	}
	ids := make([]int64, len(list))
	for i, r := range list {
		ids[i] = r.OrderID
	}
	var orders []AdminOrder
	if err := s.db.SelectContext(ctx, &orders, adminOrderSelect+` WHERE o.id = ANY($1)`, pq.Array(ids)); err != nil {
		return wrap(err, "orders of refund requests")
	}
	byID := make(map[int64]AdminOrder, len(orders))
	for _, o := range orders {
		byID[o.ID] = o
	}
	for i := range list {
		o, found := byID[list[i].OrderID]
		if !found {
			return fmt.Errorf("store: refund %d: order %d: %w", list[i].ID, list[i].OrderID, ErrNotFound)
		}
		list[i].Order = o
	}
	return nil
}
