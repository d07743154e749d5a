package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
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
		if err != nil {
			return wrap(err, "create top-up")
		}
		return s.topupEvent(ctx, tx, EventTopupCreated, t, ChannelAdmins)
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

// Top-up events: admins see new requests appear (topup.created on
// private-admins); the customer and admins see decisions (topup.updated).
const (
	EventTopupCreated = "topup.created"
	EventTopupUpdated = "topup.updated"
)

// EventTopup is the top-up inside topup.created and topup.updated.
type EventTopup struct {
	ID                 int64      `json:"id"`
	UserID             int64      `json:"user_id"`
	Amount             int64      `json:"amount"`
	VerificationAmount int64      `json:"verification_amount"`
	Total              int64      `json:"total"`
	PaymentMethod      string     `json:"payment_method"`
	Status             string     `json:"status"`
	RejectReason       *string    `json:"reject_reason"`
	CreatedAt          time.Time  `json:"created_at"`
	DecidedAt          *time.Time `json:"decided_at"`
}

// TopupEventPayload is the data of the top-up events.
type TopupEventPayload struct {
	Topup EventTopup `json:"topup"`
}

func (s *DB) topupEvent(ctx context.Context, tx *sqlx.Tx, event string, t Topup, channels ...string) error {
	e := EventTopup{
		ID: t.ID, UserID: t.UserID, Amount: t.Amount, VerificationAmount: t.VerificationAmount, Total: t.Total,
		PaymentMethod: t.PaymentMethodName, Status: t.Status, CreatedAt: t.CreatedAt,
	}
	if t.RejectReason.Valid {
		e.RejectReason = &t.RejectReason.String
	}
	if t.DecidedAt.Valid {
		e.DecidedAt = &t.DecidedAt.Time
	}
	return s.enqueue(ctx, tx, outgoing{channels: channels, event: event, payload: TopupEventPayload{Topup: e}})
}

func topupReference(id int64) string { return fmt.Sprintf("topup:%d", id) }

// ConfirmTopup credits the transferred total to the customer's wallet,
// once: the status compare-and-set makes every later confirm (or a confirm
// after a reject) ErrInvalidState, and the ledger's unique reference backs
// it up. The customer gets a message, and the new balance and decision are
// pushed live.
func (s *DB) ConfirmTopup(ctx context.Context, topupID, actorID int64) (Topup, error) {
	return s.decideTopup(ctx, topupID, actorID, TopupConfirmed, "")
}

// RejectTopup declines a top-up with a reason the customer is shown.
func (s *DB) RejectTopup(ctx context.Context, topupID, actorID int64, reason string) (Topup, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return Topup{}, fmt.Errorf("store: reject top-up: a reason is required: %w", ErrInvalid)
	}
	return s.decideTopup(ctx, topupID, actorID, TopupRejected, reason)
}

func (s *DB) decideTopup(ctx context.Context, topupID, actorID int64, status, reason string) (Topup, error) {
	var t Topup
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		err := tx.GetContext(ctx, &t, `
			UPDATE topup_orders SET status = $3, reject_reason = NULLIF($4, ''), decided_by = $2, decided_at = now()
			WHERE id = $1 AND status = 'pending'
			RETURNING `+topupColumns, topupID, nullID(actorID), status, reason)
		if errors.Is(err, sql.ErrNoRows) {
			var exists bool
			if err := tx.GetContext(ctx, &exists, `SELECT true FROM topup_orders WHERE id = $1`, topupID); err != nil {
				return fmt.Errorf("store: top-up %d: %w", topupID, ErrNotFound)
			}
			return fmt.Errorf("store: top-up %d is already decided: %w", topupID, ErrInvalidState)
		}
		if err != nil {
			return wrap(err, "decide top-up %d", topupID)
		}
		msg := NewMessage{UserID: t.UserID, SenderID: actorID}
		if status == TopupConfirmed {
			_, err := postLedger(ctx, tx, LedgerEntry{
				UserID: t.UserID, Amount: t.Total, Kind: LedgerTopup, Reference: topupReference(t.ID), ActorID: nullID(actorID),
			})
			if err != nil {
				return err
			}
			if err := announceUser(ctx, tx, t.UserID, UpdateWallet); err != nil {
				return err
			}
			msg.Title = fmt.Sprintf("Top-up #%d confirmed", t.ID)
			msg.Body = fmt.Sprintf("%d Ks from your %s transfer has been added to your wallet.", t.Total, t.PaymentMethodName)
		} else {
			msg.Title = fmt.Sprintf("Top-up #%d was not accepted", t.ID)
			msg.Body = fmt.Sprintf("Your %d Ks %s top-up was not accepted: %s. Contact support if you think this is a mistake.", t.Total, t.PaymentMethodName, reason)
		}
		if _, err := s.insertMessage(ctx, tx, msg); err != nil {
			return err
		}
		return s.topupEvent(ctx, tx, EventTopupUpdated, t, UserChannel(t.UserID), ChannelAdmins)
	})
	return t, err
}
