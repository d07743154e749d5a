package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Top-up statuses. A top-up is decided once: pending → confirmed or rejected.
const (
	TopupPending   = "pending"
	TopupConfirmed = "confirmed"
	TopupRejected  = "rejected"
)

// Topup is a customer's request to credit their wallet with a transfer.
// The customer transfers Total = Amount + VerificationAmount, and Total is
// what a confirmation credits.
type Topup struct {
	ID                 int64          `db:"id"`
	UserID             int64          `db:"user_id"`
	Amount             int64          `db:"amount"`
	VerificationAmount int64          `db:"verification_amount"`
	Total              int64          `db:"total"`
	PaymentMethodID    int64          `db:"payment_method_id"`
	PaymentMethodName  string         `db:"payment_method_name"`
	UploadID           int64          `db:"upload_id"`
	Status             string         `db:"status"`
	RejectReason       sql.NullString `db:"reject_reason"`
	DecidedBy          sql.NullInt64  `db:"decided_by"`
	DecidedAt          sql.NullTime   `db:"decided_at"`
	IdempotencyKey     sql.NullString `db:"idempotency_key"`
	CreatedAt          time.Time      `db:"created_at"`
}

const topupColumns = `id, user_id, amount, verification_amount, total, payment_method_id,
	payment_method_name, upload_id, status, reject_reason, decided_by, decided_at, idempotency_key, created_at`

// NewTopup is a customer's request as the API validated it.
type NewTopup struct {
	UserID             int64
	Amount             int64
	VerificationAmount int64
	PaymentMethodID    int64
	UploadID           int64
	IdempotencyKey     string // optional
}

// ErrUploadUsed means the receipt already backs another top-up.
var ErrUploadUsed = fmt.Errorf("%w: receipt already used for a top-up", ErrConflict)

// ErrTotalTaken means another open top-up to the same account expects the
// same total, so the admin could not tell the transfers apart; the customer
// needs a new quote (another verification amount).
var ErrTotalTaken = fmt.Errorf("%w: another open top-up expects the same total", ErrConflict)

// CreateTopup records a pending top-up. The upload must be the customer's
// own, still stored, and not back another top-up (ErrNotFound,
// ErrUploadUsed). A repeated IdempotencyKey with the same request returns
// the first top-up (replayed true); with a different request, ErrConflict.
func (s *DB) CreateTopup(ctx context.Context, nt NewTopup) (t Topup, replayed bool, err error) {
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if nt.IdempotencyKey != "" {
			err := tx.GetContext(ctx, &t, `SELECT `+topupColumns+` FROM topup_orders
				WHERE user_id = $1 AND idempotency_key = $2`, nt.UserID, nt.IdempotencyKey)
			if err == nil {
				if t.Amount != nt.Amount || t.VerificationAmount != nt.VerificationAmount ||
					t.PaymentMethodID != nt.PaymentMethodID || t.UploadID != nt.UploadID {
					return fmt.Errorf("store: top-up: idempotency key reused for another request: %w", ErrConflict)
				}
				replayed = true
				return nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return wrap(err, "top-up by idempotency key")
			}
		}
		var live bool
		err := tx.GetContext(ctx, &live, `SELECT deleted_at IS NULL FROM uploads WHERE id = $1 AND user_id = $2`,
			nt.UploadID, nt.UserID)
		if err != nil || !live {
			return fmt.Errorf("store: top-up: upload %d: %w", nt.UploadID, ErrNotFound)
		}
		var method string
		err = tx.GetContext(ctx, &method, `SELECT name FROM payment_methods WHERE id = $1 AND is_active`, nt.PaymentMethodID)
		if err != nil {
			return wrap(err, "top-up: payment method %d", nt.PaymentMethodID)
		}
		var key sql.NullString
		if nt.IdempotencyKey != "" {
			key = sql.NullString{String: nt.IdempotencyKey, Valid: true}
		}
		err = tx.GetContext(ctx, &t, `
			INSERT INTO topup_orders (user_id, amount, verification_amount, total, payment_method_id,
				payment_method_name, upload_id, idempotency_key)
			VALUES ($1, $2, $3, $2::bigint + $3::bigint, $4, $5, $6, $7)
			RETURNING `+topupColumns,
			nt.UserID, nt.Amount, nt.VerificationAmount, nt.PaymentMethodID, method, nt.UploadID, key)
		var ce *ConflictError
		if err = mapErr(err); errors.As(err, &ce) {
			switch ce.Constraint {
			case "topup_orders_upload_key":
				return ErrUploadUsed
			case "topup_orders_open_total_key":
				return ErrTotalTaken
			}
		}
		return wrap(err, "create top-up")
	})
	return t, replayed, err
}

// TopupsOfUser lists a customer's top-ups, newest first.
func (s *DB) TopupsOfUser(ctx context.Context, userID int64, limit int) ([]Topup, error) {
	list := []Topup{}
	err := s.db.SelectContext(ctx, &list, `SELECT `+topupColumns+` FROM topup_orders
		WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, userID, limit)
	return list, wrap(err, "top-ups of user %d", userID)
}
