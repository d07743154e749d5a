package store

import (
	"bytes"
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
	// QuoteNonce is the 16-byte nonce of the quote the request carries: a
	// quote backs one top-up (ErrQuoteUsed). The API always sends one;
	// nil (tests, data from before quotes had nonces) checks nothing.
	QuoteNonce []byte
	// QuotedAt is when that quote was issued: a receipt dated before it
	// fails the receipt-date check. Zero leaves it unknown.
	QuotedAt       time.Time
	IdempotencyKey string // optional
}

// Rules for open top-ups.
const (
	// MaxOpenTopups is how many pending top-ups one customer may have: a
	// real customer waits for one or two, and each holds a (method, total)
	// slot other customers cannot use meanwhile.
	MaxOpenTopups = 3
	// TotalHeldAfterConfirm is how long a confirmed top-up keeps its
	// (method, total): the admin matches bank notifications by total, and
	// one transfer must never match two requests.
	TotalHeldAfterConfirm = 24 * time.Hour
)

// ErrUploadUsed means the receipt already backs another top-up.
var ErrUploadUsed = fmt.Errorf("%w: receipt already used for a top-up", ErrConflict)

// ErrTotalTaken means another top-up to the same account expects the same
// total, pending or confirmed within TotalHeldAfterConfirm, so the admin
// could not tell the transfers apart; the customer needs a new quote
// (another verification amount).
var ErrTotalTaken = fmt.Errorf("%w: another top-up expects the same total", ErrConflict)

// ErrQuoteUsed means the quote already backs a top-up.
var ErrQuoteUsed = fmt.Errorf("%w: quote already used for a top-up", ErrConflict)

// ErrTooManyOpenTopups means the customer already has MaxOpenTopups
// pending top-ups.
var ErrTooManyOpenTopups = fmt.Errorf("%w: too many open top-ups", ErrConflict)

// takenTotal is true for a top-up whose total is still held (see
// TotalHeldAfterConfirm); it matches topup_orders_recent_total_idx.
const takenTotal = `status IN ('pending', 'confirmed')
	AND (status = 'pending' OR decided_at > now() - make_interval(secs => $3))`

// CreateTopup records a pending top-up. The upload must be the customer's
// own, still stored, and not back another top-up (ErrNotFound,
// ErrUploadUsed); the quote must not back one (ErrQuoteUsed); the
// customer may have at most MaxOpenTopups pending (ErrTooManyOpenTopups);
// the (method, total) must be free (ErrTotalTaken). A repeated
// IdempotencyKey with the same request returns the first top-up (replayed
// true); with a different request, ErrConflict.
//
// One customer's requests run one at a time (an advisory lock on the
// user), so the quote, the cap and the idempotency key are each checked
// against everything the customer sent before, never raced.
func (s *DB) CreateTopup(ctx context.Context, nt NewTopup) (t Topup, replayed bool, err error) {
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('topup-user:' || $1::text, 0))`, nt.UserID); err != nil {
			return wrap(err, "top-up: lock customer %d", nt.UserID)
		}
		if nt.IdempotencyKey != "" {
			var prior struct {
				Topup
				QuoteNonce []byte `db:"quote_nonce"`
			}
			err := tx.GetContext(ctx, &prior, `SELECT `+topupColumns+`, quote_nonce FROM topup_orders
				WHERE user_id = $1 AND idempotency_key = $2`, nt.UserID, nt.IdempotencyKey)
			if err == nil {
				if prior.Amount != nt.Amount || prior.VerificationAmount != nt.VerificationAmount ||
					prior.PaymentMethodID != nt.PaymentMethodID || prior.UploadID != nt.UploadID ||
					!bytes.Equal(prior.QuoteNonce, nt.QuoteNonce) {
					return fmt.Errorf("store: top-up: idempotency key reused for another request: %w", ErrIdempotencyMismatch)
				}
				t, replayed = prior.Topup, true
				return nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return wrap(err, "top-up by idempotency key")
			}
		}
		if err := checkNewTopup(ctx, tx, nt); err != nil {
			return err
		}
		var method string
		err := tx.GetContext(ctx, &method, `SELECT name FROM payment_methods WHERE id = $1 AND is_active`, nt.PaymentMethodID)
		if err != nil {
			return wrap(err, "top-up: payment method %d", nt.PaymentMethodID)
		}
		var taken bool
		err = tx.GetContext(ctx, &taken, `SELECT EXISTS (SELECT 1 FROM topup_orders
			WHERE payment_method_id = $1 AND total = $2 AND `+takenTotal+`)`,
			nt.PaymentMethodID, nt.Amount+nt.VerificationAmount, TotalHeldAfterConfirm.Seconds())
		if err != nil {
			return wrap(err, "top-up: total taken")
		}
		if taken {
			return ErrTotalTaken
		}
		var key sql.NullString
		if nt.IdempotencyKey != "" {
			key = sql.NullString{String: nt.IdempotencyKey, Valid: true}
		}
		err = tx.GetContext(ctx, &t, `
			INSERT INTO topup_orders (user_id, amount, verification_amount, total, payment_method_id,
				payment_method_name, upload_id, idempotency_key, quote_nonce, quoted_at)
			VALUES ($1, $2, $3, $2::bigint + $3::bigint, $4, $5, $6, $7, $8, $9)
			RETURNING `+topupColumns,
			nt.UserID, nt.Amount, nt.VerificationAmount, nt.PaymentMethodID, method, nt.UploadID, key, nt.QuoteNonce,
			sql.NullTime{Time: nt.QuotedAt, Valid: !nt.QuotedAt.IsZero()})
		var ce *ConflictError
		if err = mapErr(err); errors.As(err, &ce) {
			switch ce.Constraint {
			case "topup_orders_upload_key":
				return ErrUploadUsed
			case "topup_orders_open_total_key":
				return ErrTotalTaken
			case "topup_orders_quote_key":
				return ErrQuoteUsed
			}
		}
		if err != nil {
			return wrap(err, "create top-up")
		}
		return s.topupEvent(ctx, tx, EventTopupCreated, t, ChannelAdmins)
	})
	return t, replayed, err
}

// checkNewTopup refuses a used quote, a customer at the open top-up cap,
// and a receipt that is not the customer's own live upload, in that order:
// a replayed quote is the fraud this guards against, so it is named first.
func checkNewTopup(ctx context.Context, tx *sqlx.Tx, nt NewTopup) error {
	if nt.QuoteNonce != nil {
		var used bool
		err := tx.GetContext(ctx, &used, `SELECT EXISTS (SELECT 1 FROM topup_orders WHERE quote_nonce = $1)`, nt.QuoteNonce)
		if err != nil {
			return wrap(err, "top-up: quote used")
		}
		if used {
			return ErrQuoteUsed
		}
	}
	var open int
	err := tx.GetContext(ctx, &open, `SELECT count(*) FROM topup_orders WHERE user_id = $1 AND status = 'pending'`, nt.UserID)
	if err != nil {
		return wrap(err, "top-up: open top-ups")
	}
	if open >= MaxOpenTopups {
		return ErrTooManyOpenTopups
	}
	var live bool
	err = tx.GetContext(ctx, &live, `SELECT deleted_at IS NULL FROM uploads WHERE id = $1 AND user_id = $2`,
		nt.UploadID, nt.UserID)
	if err != nil || !live {
		return fmt.Errorf("store: top-up: upload %d: %w", nt.UploadID, ErrNotFound)
	}
	return nil
}

// TakenTotals lists the totals between lo and hi (inclusive) that some
// top-up still holds on any payment method (see TotalHeldAfterConfirm),
// so a quote can offer a total no request is waiting with.
func (s *DB) TakenTotals(ctx context.Context, lo, hi int64) ([]int64, error) {
	list := []int64{}
	err := s.db.SelectContext(ctx, &list, `SELECT DISTINCT total FROM topup_orders
		WHERE total BETWEEN $1 AND $2 AND `+takenTotal+` ORDER BY total`, lo, hi, TotalHeldAfterConfirm.Seconds())
	return list, wrap(err, "taken totals")
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
