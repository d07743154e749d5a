package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"topup/internal/contract"
	"topup/internal/i18n"
)

// Refund requests (docs/spec.md §1: refunds of unfulfilled orders, asked
// for within 24 hours of the purchase). A customer asks; an admin approves
// (the order's total goes back to the wallet through the ledger, in the
// transaction that marks the order refunded) or denies with a reason.

// Refund statuses and grounds.
const (
	RefundRequested = "requested"
	RefundApproved  = "approved"
	RefundDenied    = "denied"

	// RefundUndelivered: the order has not been delivered yet.
	RefundUndelivered = "undelivered"
	// RefundNotWorking: a delivered code or account does not work.
	RefundNotWorking = "not_working"
)

// RefundWindow is how long after a purchase a refund may be asked for
// (docs/spec.md §9).
const RefundWindow = 24 * time.Hour

// MaxRefundReason bounds the customer's and the admin's reasons, in
// characters.
const MaxRefundReason = 1000

// EventRefundUpdated announces a request made or decided, to its customer
// and to admins.
const EventRefundUpdated = "refund.updated"

// Why a refund cannot be asked for or decided. Each wraps the sentinel
// whose HTTP status fits.
var (
	// ErrRefundWindowClosed: the order is older than RefundWindow.
	ErrRefundWindowClosed = fmt.Errorf("%w: refunds are asked for within 24 hours of the purchase", ErrInvalidState)
	// ErrRefundNotEligible: a delivered top-up (coin) order, which the
	// policy does not refund.
	ErrRefundNotEligible = fmt.Errorf("%w: this order was delivered and cannot be refunded", ErrInvalidState)
	// ErrOrderAlreadyRefunded: the order's money is already back (refunded,
	// or failed and refunded automatically).
	ErrOrderAlreadyRefunded = fmt.Errorf("%w: this order's money was already returned", ErrInvalidState)
	// ErrRefundAlreadyOpen: the order has a request waiting for a decision.
	ErrRefundAlreadyOpen = fmt.Errorf("%w: a refund request for this order is already open", ErrConflict)
	// ErrRefundAlreadyDecided: the request was approved or denied before.
	ErrRefundAlreadyDecided = fmt.Errorf("%w: this refund request was already decided", ErrInvalidState)
	// ErrRefundScreenshot: the screenshot is not an unused upload of the
	// customer's own.
	ErrRefundScreenshot = fmt.Errorf("%w: the screenshot is not one of your unused uploads", ErrInvalid)
	// ErrRefundOrderInDelivery: an admin has claimed the order and is
	// entering its coins in the game; approving now would return money for
	// coins that arrive anyway. Decide after the delivery ends.
	ErrRefundOrderInDelivery = fmt.Errorf("%w: this order is being delivered right now", ErrConflict)
	// ErrRefundNoRestock: only an order's own, still-claimed redeem code can
	// go back to stock.
	ErrRefundNoRestock = fmt.Errorf("%w: only this order's redeem code can go back to stock", ErrInvalid)
)

// Refund is a refund request, with the total of its order (what an
// approval returns).
type Refund struct {
	ID             int64      `db:"id"`
	OrderID        int64      `db:"order_id"`
	UserID         int64      `db:"user_id"`
	Ground         string     `db:"ground"`
	Reason         string     `db:"reason"`
	UploadID       *int64     `db:"upload_id"`
	Status         string     `db:"status"`
	DecisionReason *string    `db:"decision_reason"`
	DecidedBy      *int64     `db:"decided_by"`
	DecidedAt      *time.Time `db:"decided_at"`
	Restocked      bool       `db:"restocked"`
	Amount         int64      `db:"amount"`
	CreatedAt      time.Time  `db:"created_at"`
	UpdatedAt      time.Time  `db:"updated_at"`
}

// Contract is r as its customer sees it.
func (r Refund) Contract() contract.Refund {
	return contract.Refund{ID: r.ID, OrderID: r.OrderID, UserID: r.UserID, Ground: r.Ground, Reason: r.Reason,
		ScreenshotID: r.UploadID, Status: r.Status, Amount: r.Amount, DecisionReason: r.DecisionReason,
		CreatedAt: r.CreatedAt.UTC(), DecidedAt: utcPtr(r.DecidedAt)}
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

const refundSelect = `
	SELECT r.id, r.order_id, r.user_id, r.ground, r.reason, r.upload_id, r.status, r.decision_reason,
	       r.decided_by, r.decided_at, r.restocked, o.total_price AS amount, r.created_at, r.updated_at
	FROM refund_requests r JOIN orders o ON o.id = r.order_id`

// NewRefund is a customer's request. UploadID is optional (0).
type NewRefund struct {
	UserID   int64
	OrderID  int64
	Reason   string
	UploadID int64
}

// refundGround decides whether o may be refunded at now, and on which
// ground.
func refundGround(o Order, now time.Time) (string, error) {
	switch {
	case o.Status == OrderRefunded || o.Status == OrderFailed:
		return "", ErrOrderAlreadyRefunded
	case now.Sub(o.CreatedAt) > RefundWindow:
		return "", ErrRefundWindowClosed
	case o.Status == OrderPending || o.Status == OrderProcessing:
		return RefundUndelivered, nil
	case o.Status == OrderCompleted && (o.ProductKind == KindCode || o.ProductKind == KindAccount):
		return RefundNotWorking, nil
	}
	return "", ErrRefundNotEligible
}

// RequestRefund records a customer's request for one of their own orders.
// Another's order is ErrNotFound, as an unknown one; see the Err* above for
// the refusals. The order's row is locked first, as a decision locks it,
// so a request and a decision on one order never cross; then the user's,
// so a request and a deletion never cross (ErrAccountDeleted).
func (s *DB) RequestRefund(ctx context.Context, nr NewRefund) (Refund, error) {
	nr.Reason = strings.TrimSpace(nr.Reason)
	if nr.Reason == "" || utf8.RuneCountInString(nr.Reason) > MaxRefundReason {
		return Refund{}, fmt.Errorf("store: refund: a reason of 1 to %d characters is required: %w", MaxRefundReason, ErrInvalid)
	}
	var r Refund
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var cur struct {
			Order
			Now time.Time `db:"now"`
		}
		err := tx.GetContext(ctx, &cur, `SELECT `+orderColumns+`, now() AS now FROM orders
			WHERE id = $1 AND user_id = $2 FOR UPDATE`, nr.OrderID, nr.UserID)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: refund order %d: %w", nr.OrderID, ErrNotFound)
		}
		if err != nil {
			return wrap(err, "refund order %d", nr.OrderID)
		}
		if err := lockLiveUser(ctx, tx, nr.UserID); err != nil {
			return err
		}
		ground, err := refundGround(cur.Order, cur.Now)
		if err != nil {
			return fmt.Errorf("store: refund order %d (%s): %w", nr.OrderID, cur.Status, err)
		}
		if nr.UploadID > 0 {
			if err := usableScreenshot(ctx, tx, nr.UserID, nr.UploadID); err != nil {
				return err
			}
		}
		var id int64
		err = tx.GetContext(ctx, &id, `
			INSERT INTO refund_requests (order_id, user_id, ground, reason, upload_id)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`,
			nr.OrderID, nr.UserID, ground, nr.Reason, nullID(nr.UploadID))
		var ce *ConflictError
		if err = wrap(err, "refund order %d", nr.OrderID); errors.As(err, &ce) && ce.Constraint == "refund_requests_open_key" {
			return fmt.Errorf("store: refund order %d: %w", nr.OrderID, ErrRefundAlreadyOpen)
		}
		if err != nil {
			return err
		}
		if err := tx.GetContext(ctx, &r, refundSelect+` WHERE r.id = $1`, id); err != nil {
			return wrap(err, "refund %d", id)
		}
		return s.refundEvent(ctx, tx, r)
	})
	return r, err
}

// usableScreenshot checks that an upload is the customer's, still stored,
// and backs neither a top-up nor another request.
func usableScreenshot(ctx context.Context, tx *sqlx.Tx, userID, uploadID int64) error {
	var ok bool
	err := tx.GetContext(ctx, &ok, `
		SELECT EXISTS (
			SELECT 1 FROM uploads u WHERE u.id = $1 AND u.user_id = $2 AND u.deleted_at IS NULL
			  AND NOT EXISTS (SELECT 1 FROM topup_orders t WHERE t.upload_id = u.id)
			  AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.upload_id = u.id))`, uploadID, userID)
	if err != nil {
		return wrap(err, "refund screenshot %d", uploadID)
	}
	if !ok {
		return fmt.Errorf("store: refund screenshot %d: %w", uploadID, ErrRefundScreenshot)
	}
	return nil
}

func (s *DB) refundEvent(ctx context.Context, tx *sqlx.Tx, r Refund) error {
	return s.enqueue(ctx, tx, outgoing{channels: []string{UserChannel(r.UserID), ChannelAdmins},
		event: EventRefundUpdated, payload: contract.RefundEvent{Refund: r.Contract()}})
}

// MaxRefundsListed is how many of a customer's newest requests
// RefundsOfUser returns: far more than a customer makes in 24-hour
// windows of recent orders.
const MaxRefundsListed = 200

// RefundsOfUser lists a customer's requests, newest first.
func (s *DB) RefundsOfUser(ctx context.Context, userID int64) ([]Refund, error) {
	list := []Refund{}
	err := s.db.SelectContext(ctx, &list, refundSelect+` WHERE r.user_id = $1
		ORDER BY r.created_at DESC, r.id DESC LIMIT $2`, userID, MaxRefundsListed)
	return list, wrap(err, "refunds of user %d", userID)
}

// RefundDecision is an admin's decision on a request.
type RefundDecision struct {
	Approve bool
	// Reason is told to the customer: required to deny.
	Reason string
	// Restock puts the order's redeem code back on sale (approvals of code
	// orders only).
	Restock bool
}

// DecideRefund approves or denies a request, once: the status
// compare-and-set makes every later decision ErrRefundAlreadyDecided,
// however many admins press at once. An approval marks the order refunded
// and credits its total through the ledger (reference "order:{id}", unique
// per kind, so an order's money comes back once whichever path returns
// it), in the same transaction; both tell the customer by message and live
// (refund.updated, and on approval user.updated and order.updated), with
// the audit entry. Approving a deleted account's request is
// ErrAccountDeleted: deny it.
func (s *DB) DecideRefund(ctx context.Context, a Actor, refundID int64, d RefundDecision) (Refund, error) {
	d.Reason = strings.TrimSpace(d.Reason)
	if (!d.Approve && d.Reason == "") || utf8.RuneCountInString(d.Reason) > MaxRefundReason {
		return Refund{}, fmt.Errorf("store: decide refund: a reason of up to %d characters (required to deny): %w", MaxRefundReason, ErrInvalid)
	}
	if d.Restock && !d.Approve {
		return Refund{}, fmt.Errorf("store: decide refund: only an approval restocks: %w", ErrRefundNoRestock)
	}
	var r Refund
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// The order first, as RequestRefund locks it: one lock order.
		var o Order
		err := tx.GetContext(ctx, &o, `SELECT `+prefixed("o.", orderColumns)+`
			FROM orders o JOIN refund_requests r ON r.order_id = o.id
			WHERE r.id = $1 FOR UPDATE OF o`, refundID)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: refund %d: %w", refundID, ErrNotFound)
		}
		if err != nil {
			return wrap(err, "refund %d", refundID)
		}
		var before Refund
		if err := tx.GetContext(ctx, &before, refundSelect+` WHERE r.id = $1`, refundID); err != nil {
			return wrap(err, "refund %d", refundID)
		}
		if before.Status != RefundRequested {
			return fmt.Errorf("store: refund %d is %s: %w", refundID, before.Status, ErrRefundAlreadyDecided)
		}
		// A deleted account's wallet stays empty: its request can only be
		// denied (any money owed goes back outside the shop), and its
		// emptied inbox gets no message.
		deleted, err := lockUser(ctx, tx, o.UserID)
		if err != nil {
			return err
		}
		if deleted && d.Approve {
			return fmt.Errorf("store: approve refund %d: %w", refundID, ErrAccountDeleted)
		}
		status := RefundDenied
		if d.Approve {
			// The order row is locked above, so a claim cannot slip in
			// between this check and the refund.
			if o.Status == OrderProcessing {
				return fmt.Errorf("store: refund %d: order %d: %w", refundID, o.ID, ErrRefundOrderInDelivery)
			}
			status = RefundApproved
			if err := approveRefund(ctx, tx, a, o, before, d); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `
			UPDATE refund_requests SET status = $2, decision_reason = NULLIF($3, ''), decided_by = $4,
				decided_at = now(), restocked = $5
			WHERE id = $1 AND status = 'requested'`, refundID, status, d.Reason, nullID(a.ID), d.Restock)
		if err != nil {
			return wrap(err, "decide refund %d", refundID)
		}
		if err := tx.GetContext(ctx, &r, refundSelect+` WHERE r.id = $1`, refundID); err != nil {
			return wrap(err, "refund %d", refundID)
		}
		if !deleted {
			if _, err := s.insertMessage(ctx, tx, refundMessage(o, r, a.ID)); err != nil {
				return err
			}
		}
		if err := s.refundEvent(ctx, tx, r); err != nil {
			return err
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: "refund." + map[bool]string{true: "approve", false: "deny"}[d.Approve],
			TargetType: "refund", TargetID: refundID, Reason: d.Reason,
			Before: map[string]any{"status": before.Status, "order_id": o.ID, "order_status": o.Status},
			After:  map[string]any{"status": r.Status, "restocked": r.Restocked, "amount": r.Amount}})
	})
	return r, err
}

// approveRefund marks the order refunded, returns its total to the wallet
// and, when asked, its redeem code to stock, inside tx.
func approveRefund(ctx context.Context, tx *sqlx.Tx, a Actor, o Order, r Refund, d RefundDecision) error {
	var refunded Order
	err := tx.GetContext(ctx, &refunded, `
		UPDATE orders SET status = 'refunded' WHERE id = $1 AND status IN ('pending', 'completed')
		RETURNING `+orderColumns, o.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: refund order %d (%s): %w", o.ID, o.Status, ErrOrderAlreadyRefunded)
	}
	if err != nil {
		return wrap(err, "refund order %d", o.ID)
	}
	if d.Restock {
		if err := restockCode(ctx, tx, o); err != nil {
			return err
		}
	}
	if o.TotalPrice > 0 {
		note := fmt.Sprintf("Refund request #%d", r.ID)
		_, err := postLedger(ctx, tx, LedgerEntry{UserID: o.UserID, Amount: o.TotalPrice, Kind: LedgerRefund,
			Reference: orderReference(o.ID), ActorID: optionalID(a.ID), Reason: &note})
		var ce *ConflictError
		if errors.As(err, &ce) && ce.Constraint == "wallet_ledger_reference_key" {
			return fmt.Errorf("store: refund order %d: %w", o.ID, ErrOrderAlreadyRefunded)
		}
		if err != nil {
			return err
		}
	}
	if err := announceUser(ctx, tx, o.UserID, contract.UpdateWallet); err != nil {
		return err
	}
	return announceOrder(ctx, tx, refunded)
}

// restockCode puts a refunded code order's redeem code back on sale: only a
// code this order still holds (never one sold again since, nor an
// account's login, which the buyer has seen and may have changed).
func restockCode(ctx context.Context, tx *sqlx.Tx, o Order) error {
	if o.ProductKind != KindCode {
		return fmt.Errorf("store: restock order %d (%s): %w", o.ID, o.ProductKind, ErrRefundNoRestock)
	}
	res, err := tx.ExecContext(ctx, `
		UPDATE redeem_codes SET claimed_by_order_id = NULL, claimed_at = NULL
		WHERE claimed_by_order_id = $1 AND product_id = $2`, o.ID, o.ProductID)
	if err != nil {
		return wrap(err, "restock order %d", o.ID)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("store: restock order %d: %w", o.ID, ErrRefundNoRestock)
	}
	// The code is for sale again: the refunded buyer no longer reads it,
	// in the order or in the message that delivered it (the message keeps
	// its placeholder title, which names the product). What they copied
	// before is why the admin restocks only a code the issuer confirms
	// unredeemed.
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET meta = NULL WHERE id = $1`, o.ID); err != nil {
		return wrap(err, "restock order %d: forget its delivery", o.ID)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE messages SET title_sealed = NULL WHERE order_id = $1 AND title_sealed IS NOT NULL`, o.ID); err != nil {
		return wrap(err, "restock order %d: forget its delivery message", o.ID)
	}
	return nil
}

func refundMessage(o Order, r Refund, actorID int64) NewMessage {
	// No ProductID: a message about a code product shows its title as a
	// code to copy.
	m := NewMessage{UserID: o.UserID, SenderID: actorID, OrderID: o.ID}
	if r.Status == RefundApproved {
		m.TitleText = i18n.T(i18n.RefundApprovedTitle, "order", strconv.FormatInt(o.ID, 10))
		m.BodyText = i18n.T(i18n.RefundApprovedBody, "amount", i18n.Kyat(r.Amount), "product", o.ProductName)
		if r.DecisionReason != nil {
			m.BodyText = i18n.T(i18n.RefundApprovedNoteBody, "amount", i18n.Kyat(r.Amount), "product", o.ProductName,
				"reason", *r.DecisionReason)
		}
		return m
	}
	m.TitleText = i18n.T(i18n.RefundDeclinedTitle, "order", strconv.FormatInt(o.ID, 10))
	m.BodyText = i18n.T(i18n.RefundDeclinedBody, "product", o.ProductName, "reason", deref(r.DecisionReason))
	return m
}
