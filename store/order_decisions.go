package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"

	"topup/internal/contract"
	"topup/internal/i18n"
)

// Deciding coin orders: an admin claims one, then completes or fails it.
// The Admin* functions reuse CompleteOrder and FailOrder with an audit hook,
// so the money rules live in one place and the audit entry commits with
// them.

// CompleteOrder marks a pending (or processing) coin order as delivered,
// by actorID (an admin), tells the customer with a message, and announces
// it. An order in any other state is ErrInvalidState; an unknown one
// ErrNotFound.
func (s *DB) CompleteOrder(ctx context.Context, orderID, actorID int64) (Order, error) {
	var o Order
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		err := tx.GetContext(ctx, &o, `
			UPDATE orders SET status = 'completed', completed_at = now(),
				claimed_by = COALESCE(claimed_by, $2), claimed_at = COALESCE(claimed_at, now())
			WHERE id = $1 AND status IN ('pending', 'processing')
			RETURNING `+orderColumns, orderID, nullID(actorID))
		if errors.Is(err, sql.ErrNoRows) {
			return orderStateError(ctx, tx, orderID)
		}
		if err != nil {
			return wrap(err, "complete order %d", orderID)
		}
		_, err = s.insertMessage(ctx, tx, NewMessage{
			UserID:    o.UserID,
			TitleText: i18n.T(i18n.OrderDeliveredTitle, "order", strconv.FormatInt(o.ID, 10)),
			BodyText:  deliveredText(o),
			ProductID: o.ProductID,
			OrderID:   o.ID,
			SenderID:  actorID,
		})
		if err != nil {
			return err
		}
		return announceOrder(ctx, tx, o)
	})
	return o, err
}

// FailOrder marks a pending (or processing) order as failed with a reason
// and refunds its total to the wallet through the ledger. The refund's
// reference is the order's, and (kind, reference) is UNIQUE, so an order is
// refunded at most once whatever happens; the status compare-and-set makes
// a second FailOrder ErrInvalidState.
func (s *DB) FailOrder(ctx context.Context, orderID, actorID int64, reason string) (Order, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return Order{}, fmt.Errorf("store: fail order: a reason is required: %w", ErrInvalid)
	}
	var o Order
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		err := tx.GetContext(ctx, &o, `
			UPDATE orders SET status = 'failed', fail_reason = $3,
				claimed_by = COALESCE(claimed_by, $2), claimed_at = COALESCE(claimed_at, now())
			WHERE id = $1 AND status IN ('pending', 'processing')
			RETURNING `+orderColumns, orderID, nullID(actorID), reason)
		if errors.Is(err, sql.ErrNoRows) {
			return orderStateError(ctx, tx, orderID)
		}
		if err != nil {
			return wrap(err, "fail order %d", orderID)
		}
		if o.TotalPrice > 0 {
			_, err := postLedger(ctx, tx, LedgerEntry{
				UserID: o.UserID, Amount: o.TotalPrice, Kind: LedgerRefund, Reference: orderReference(o.ID),
				ActorID: optionalID(actorID), Reason: &reason,
			})
			if err != nil {
				return err
			}
		}
		if err := announceUser(ctx, tx, o.UserID, contract.UpdateWallet); err != nil {
			return err
		}
		_, err = s.insertMessage(ctx, tx, NewMessage{
			UserID:    o.UserID,
			TitleText: i18n.T(i18n.OrderFailedTitle, "order", strconv.FormatInt(o.ID, 10)),
			BodyText: i18n.T(i18n.OrderFailedBody, "product", o.ProductName, "reason", reason,
				"amount", i18n.Kyat(o.TotalPrice)),
			ProductID: o.ProductID,
			OrderID:   o.ID,
			SenderID:  actorID,
		})
		if err != nil {
			return err
		}
		return announceOrder(ctx, tx, o)
	})
	return o, err
}

// deliveredText is the body of an order's delivered message.
func deliveredText(o Order) i18n.Text {
	if o.ServerID == "" {
		return i18n.T(i18n.OrderDeliveredBody, "product", o.ProductName, "game_uid", o.GameUID)
	}
	return i18n.T(i18n.OrderDeliveredServerBody, "product", o.ProductName, "game_uid", o.GameUID, "server_id", o.ServerID)
}

// orderStateError explains why a compare-and-set on an order matched
// nothing.
func orderStateError(ctx context.Context, tx *sqlx.Tx, orderID int64) error {
	var status string
	err := tx.GetContext(ctx, &status, `SELECT status FROM orders WHERE id = $1`, orderID)
	if err != nil {
		return wrap(err, "order %d", orderID)
	}
	return fmt.Errorf("store: order %d is %s: %w", orderID, status, ErrInvalidState)
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
