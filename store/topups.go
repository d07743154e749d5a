package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"topup/internal/contract"
)

// Top-up statuses. A top-up is decided once: pending → confirmed or
// rejected by an admin, or cancelled by its owner (TopupCancelled).
const (
	TopupPending   = "pending"
	TopupConfirmed = "confirmed"
	TopupRejected  = "rejected"
)

// Topup is a customer's request to credit their wallet with a transfer.
// The customer transfers Total = Amount + VerificationAmount, and Total is
// what a confirmation credits.
type Topup struct {
	ID                 int64      `db:"id"`
	UserID             int64      `db:"user_id"`
	Amount             int64      `db:"amount"`
	VerificationAmount int64      `db:"verification_amount"`
	Total              int64      `db:"total"`
	PaymentMethodID    int64      `db:"payment_method_id"`
	PaymentMethodName  string     `db:"payment_method_name"`
	UploadID           int64      `db:"upload_id"`
	Status             string     `db:"status"`
	RejectReason       *string    `db:"reject_reason"`
	DecidedBy          *int64     `db:"decided_by"`
	DecidedAt          *time.Time `db:"decided_at"`
	IdempotencyKey     *string    `db:"idempotency_key"`
	CreatedAt          time.Time  `db:"created_at"`
}

// Contract is t as clients see it. The owner's own REST answers leave out
// UserID (set it to 0); events carry it.
func (t Topup) Contract() contract.Topup {
	return contract.Topup{ID: t.ID, UserID: t.UserID, Amount: t.Amount, VerificationAmount: t.VerificationAmount,
		Total: t.Total, PaymentMethod: t.PaymentMethodName, Status: t.Status, ReceiptID: t.UploadID, RejectReason: t.RejectReason,
		CreatedAt: t.CreatedAt, DecidedAt: t.DecidedAt}
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
// against everything the customer sent before, never raced. A deleted
// account is ErrAccountDeleted, also when the deletion completes while
// this runs (lockLiveUser).
func (s *DB) CreateTopup(ctx context.Context, nt NewTopup) (t Topup, replayed bool, err error) {
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('topup-user:' || $1::text, 0))`, nt.UserID); err != nil {
			return wrap(err, "top-up: lock customer %d", nt.UserID)
		}
		if err := lockLiveUser(ctx, tx, nt.UserID); err != nil {
			return err
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
		// The quote is used: the next request for the same amount gets a
		// new total, and the top-up now holds this one.
		if _, err := tx.ExecContext(ctx, `DELETE FROM topup_quotes WHERE nonce = $1`, nt.QuoteNonce); err != nil {
			return wrap(err, "top-up: close quote")
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

// AdminTopup is a top-up with its customer, for the queue.
type AdminTopup struct {
	Topup
	Username      string  `db:"username"`
	Phone         string  `db:"phone"`
	DecidedByName *string `db:"decided_by_name"`
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
	Paging
}

// AdminTopups lists top-ups: pending first and oldest first among them (the
// queue), then decided ones newest first.
func (s *DB) AdminTopups(ctx context.Context, f AdminTopupFilter) (Page[AdminTopup], error) {
	where := ` WHERE ($1::text = '' OR t.status = $1) AND ($2::bigint = 0 OR t.user_id = $2)`
	args := []any{f.Status, f.UserID}
	return selectPage[AdminTopup](ctx, s, f.Paging, "top-ups", `SELECT count(*) FROM topup_orders t`+where, adminTopupSelect+where+`
		ORDER BY (t.status = 'pending') DESC,
		         CASE WHEN t.status = 'pending' THEN t.created_at END ASC,
		         t.created_at DESC, t.id DESC
		LIMIT $3 OFFSET $4`, args...)
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
	UploadID    int64     `db:"upload_id"`
	UserID      int64     `db:"user_id"`
	Username    string    `db:"username"`
	TopupID     *int64    `db:"topup_id"`
	TopupStatus *string   `db:"topup_status"`
	CreatedAt   time.Time `db:"created_at"`
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
