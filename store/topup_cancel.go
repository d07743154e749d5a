package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// TopupCancelled is a top-up its owner took back before an admin decided.
const TopupCancelled = "cancelled"

// ErrTopupDecided: the top-up was decided (confirmed, rejected or
// cancelled) before this change could be made.
var ErrTopupDecided = fmt.Errorf("%w: the top-up is already decided", ErrInvalidState)

// CancelTopup lets a customer take back one of their own pending top-ups.
// It is a compare-and-set on the status like an admin's confirm or reject,
// so of a cancel and a decision racing exactly one wins: when the admin's
// came first the cancel is ErrTopupDecided and the wallet keeps its
// credit. Another customer's or an unknown top-up is ErrNotFound. Admins
// and the owner see the change live (topup.updated).
func (s *DB) CancelTopup(ctx context.Context, userID, topupID int64) (Topup, error) {
	var t Topup
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		err := tx.GetContext(ctx, &t, `
			UPDATE topup_orders SET status = '`+TopupCancelled+`', decided_at = now()
			WHERE id = $1 AND user_id = $2 AND status = '`+TopupPending+`'
			RETURNING `+topupColumns, topupID, userID)
		if errors.Is(err, sql.ErrNoRows) {
			var status string
			if err := tx.GetContext(ctx, &status, `SELECT status FROM topup_orders WHERE id = $1 AND user_id = $2`, topupID, userID); err != nil {
				return wrap(err, "top-up %d of user %d", topupID, userID)
			}
			return fmt.Errorf("store: cancel top-up %d: it is %s: %w", topupID, status, ErrTopupDecided)
		}
		if err != nil {
			return wrap(err, "cancel top-up %d", topupID)
		}
		return s.topupEvent(ctx, tx, EventTopupUpdated, t, UserChannel(t.UserID), ChannelAdmins)
	})
	return t, err
}

// TopupPageOfUser lists a customer's top-ups, newest first, a page at a
// time (the whole history, however long).
func (s *DB) TopupPageOfUser(ctx context.Context, userID int64, p Paging) (Page[Topup], error) {
	return selectPage[Topup](ctx, s, p, fmt.Sprintf("top-ups of user %d", userID),
		`SELECT count(*) FROM topup_orders WHERE user_id = $1`,
		`SELECT `+topupColumns+` FROM topup_orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, userID)
}
