package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// MaxOpenQuotes is how many open quotes one customer keeps: a customer
// trying a few amounts or methods keeps each total, and asking for more
// frees their oldest, so one account cannot hold many totals from others.
const MaxOpenQuotes = 5

// ErrNoFreeTotal means every total for the amount is held by a top-up or
// another customer's open quote.
var ErrNoFreeTotal = fmt.Errorf("%w: no free total for this amount", ErrConflict)

// TopupQuote is an open quote: the customer transfers Amount +
// VerificationAmount by PaymentMethodID (0: not named) before ExpiresAt.
type TopupQuote struct {
	UserID             int64     `db:"user_id"`
	Amount             int64     `db:"amount"`
	PaymentMethodID    int64     `db:"payment_method_id"`
	VerificationAmount int64     `db:"verification_amount"`
	Total              int64     `db:"total"`
	Nonce              []byte    `db:"nonce"`
	ExpiresAt          time.Time `db:"expires_at"`
	CreatedAt          time.Time `db:"created_at"`
}

// QuoteRequest asks for a customer's quote at Now. When no open quote
// answers it, a new one lasts TTL with Nonce and a verification amount
// Pick chooses in Lo..Hi, given the totals in that range already held.
type QuoteRequest struct {
	UserID, Amount, PaymentMethodID int64
	Lo, Hi                          int64
	Now                             time.Time
	TTL                             time.Duration
	Nonce                           []byte
	Pick                            func(taken []int64) (v int64, ok bool, err error)
}

const quoteColumns = `user_id, amount, payment_method_id, verification_amount, total, nonce, expires_at, created_at`

// OpenTopupQuote answers the customer's open quote for (amount, method)
// while it has not expired, backed no top-up, and its total is not held by
// another top-up; otherwise it replaces it with a new one (ErrNoFreeTotal
// when every total is held). The same request thus answers the same total
// (docs/architecture.md#the-money-path).
//
// It takes the customer's top-up lock, so it never races CreateTopup
// using the quote, and two requests at once get one quote. Drawing a new
// total also takes one lock for all customers, so two customers are never
// given the same total at once.
func (s *DB) OpenTopupQuote(ctx context.Context, r QuoteRequest) (q TopupQuote, err error) {
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('topup-user:' || $1::text, 0))`, r.UserID); err != nil {
			return wrap(err, "quote: lock customer %d", r.UserID)
		}
		err := tx.GetContext(ctx, &q, `SELECT `+quoteColumns+` FROM topup_quotes q
			WHERE user_id = $1 AND amount = $2 AND payment_method_id = $3 AND expires_at > $4
			  AND NOT EXISTS (SELECT 1 FROM topup_orders t WHERE t.quote_nonce = q.nonce)
			  AND NOT EXISTS (SELECT 1 FROM topup_orders t WHERE t.total = q.total AND `+heldByTopup(5)+`)`,
			r.UserID, r.Amount, r.PaymentMethodID, r.Now, TotalHeldAfterConfirm.Seconds())
		if err == nil {
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return wrap(err, "open quote")
		}
		q, err = newQuote(ctx, tx, r)
		return err
	})
	return q, err
}

// heldByTopup is takenTotal for the top-ups t, with the hold's length as
// the query's parameter secs.
func heldByTopup(secs int) string {
	return fmt.Sprintf(`t.status IN ('pending', 'confirmed')
	AND (t.status = 'pending' OR t.decided_at > now() - make_interval(secs => $%d))`, secs)
}

// newQuote draws a free total and stores the quote in place of the
// customer's one for the same request, dropping expired quotes and the
// customer's oldest beyond MaxOpenQuotes.
func newQuote(ctx context.Context, tx *sqlx.Tx, r QuoteRequest) (TopupQuote, error) {
	var q TopupQuote
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('topup-quote-totals', 0))`); err != nil {
		return q, wrap(err, "quote: lock totals")
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM topup_quotes
		WHERE expires_at <= $1 OR (user_id = $2 AND amount = $3 AND payment_method_id = $4)`,
		r.Now, r.UserID, r.Amount, r.PaymentMethodID)
	if err != nil {
		return q, wrap(err, "quote: drop old")
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM topup_quotes WHERE nonce IN (
		SELECT nonce FROM topup_quotes WHERE user_id = $1 ORDER BY created_at DESC, nonce OFFSET $2)`,
		r.UserID, MaxOpenQuotes-1)
	if err != nil {
		return q, wrap(err, "quote: drop oldest")
	}
	taken := []int64{}
	err = tx.SelectContext(ctx, &taken, `
		SELECT total FROM topup_orders t WHERE total BETWEEN $1 AND $2 AND `+heldByTopup(4)+`
		UNION SELECT total FROM topup_quotes WHERE total BETWEEN $1 AND $2 AND expires_at > $3
		ORDER BY 1`, r.Amount+r.Lo, r.Amount+r.Hi, r.Now, TotalHeldAfterConfirm.Seconds())
	if err != nil {
		return q, wrap(err, "quote: taken totals")
	}
	v, ok, err := r.Pick(taken)
	if err != nil {
		return q, err
	}
	if !ok {
		return q, ErrNoFreeTotal
	}
	err = tx.GetContext(ctx, &q, `INSERT INTO topup_quotes (user_id, amount, payment_method_id, verification_amount, nonce, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING `+quoteColumns,
		r.UserID, r.Amount, r.PaymentMethodID, v, r.Nonce, r.Now.Add(r.TTL), r.Now)
	return q, wrap(err, "quote: store")
}
