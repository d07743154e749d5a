package store

import (
	"context"
	"time"
)

// OrderDetail is one order as its buyer's order page shows it: the order
// with what was delivered, and when each step of its timeline happened.
// The times come from the ledger, which is append-only, so they cannot be
// rewritten by a later edit of the order row.
type OrderDetail struct {
	Order
	// PaidAt is when the wallet was debited (the order's ledger row).
	PaidAt *time.Time `db:"paid_at"`
	// ClaimedAt is when an admin took a coin order in hand.
	ClaimedAt *time.Time `db:"claimed_at"`
	// ReturnedAt is when the total went back to the wallet (a failed or
	// refunded order's refund row), nil when nothing was returned.
	ReturnedAt *time.Time `db:"returned_at"`
	// Reviewed tells whether the buyer has written the order's review.
	Reviewed bool `db:"reviewed"`
}

// OrderOfUser returns one of a user's orders with what was delivered
// opened. Another user's order is ErrNotFound, exactly like an unknown
// one, so ids cannot be probed.
func (s *DB) OrderOfUser(ctx context.Context, userID, orderID int64) (OrderDetail, error) {
	box, err := s.needBox()
	if err != nil {
		return OrderDetail{}, err
	}
	var d OrderDetail
	err = s.db.GetContext(ctx, &d, `
		SELECT `+prefixed("o.", orderColumns)+`, o.claimed_at,
			(SELECT l.created_at FROM wallet_ledger l WHERE l.kind = '`+LedgerOrder+`' AND l.reference = 'order:' || o.id) AS paid_at,
			(SELECT l.created_at FROM wallet_ledger l WHERE l.kind = '`+LedgerRefund+`' AND l.reference = 'order:' || o.id) AS returned_at,
			EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = o.id) AS reviewed
		FROM orders o WHERE o.id = $1 AND o.user_id = $2`, orderID, userID)
	if err != nil {
		return OrderDetail{}, wrap(err, "order %d of user %d", orderID, userID)
	}
	return d, d.open(box)
}
