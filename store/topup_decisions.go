package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/internal/receiptcheck"
)

// Deciding top-ups: confirm (credit the wallet once) or reject, with the
// events that tell the customer and the admins. The Admin* functions reuse
// ConfirmTopup and RejectTopup with an audit hook, so the money rules live
// in one place and the audit entry commits with them.

// Top-up events: admins see new requests appear (topup.created on
// private-admins); the customer and admins see decisions (topup.updated).
const (
	EventTopupCreated = "topup.created"
	EventTopupUpdated = "topup.updated"
)

func (s *DB) topupEvent(ctx context.Context, tx *sqlx.Tx, event string, t Topup, channels ...string) error {
	return s.enqueue(ctx, tx, outgoing{channels: channels, event: event, payload: contract.TopupEvent{Topup: t.Contract()}})
}

func topupReference(id int64) string { return fmt.Sprintf("topup:%d", id) }

// ConfirmTopup credits the transferred total to the customer's wallet,
// once: the status compare-and-set makes every later confirm (or a confirm
// after a reject) ErrInvalidState, and the ledger's unique reference backs
// it up. A deleted account's top-up is ErrAccountDeleted: reject it. The customer gets a message, and the new balance and decision are
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
		// A deleted account's wallet stays empty: its top-up can only be
		// rejected (the transfer goes back outside the shop), and its
		// emptied inbox gets no message.
		deleted, err := lockUser(ctx, tx, t.UserID)
		if err != nil {
			return err
		}
		if deleted && status == TopupConfirmed {
			return fmt.Errorf("store: confirm top-up %d: %w", topupID, ErrAccountDeleted)
		}
		msg := NewMessage{UserID: t.UserID, SenderID: actorID}
		if status == TopupConfirmed {
			_, err := postLedger(ctx, tx, LedgerEntry{
				UserID: t.UserID, Amount: t.Total, Kind: LedgerTopup, Reference: topupReference(t.ID), ActorID: optionalID(actorID),
			})
			if err != nil {
				return err
			}
			if err := announceUser(ctx, tx, t.UserID, contract.UpdateWallet); err != nil {
				return err
			}
			msg.TitleText = i18n.T(i18n.TopupConfirmedTitle, "topup", strconv.FormatInt(t.ID, 10))
			msg.BodyText = i18n.T(i18n.TopupConfirmedBody, "amount", i18n.Kyat(t.Total), "method", t.PaymentMethodName)
		} else {
			msg.TitleText = i18n.T(i18n.TopupRejectedTitle, "topup", strconv.FormatInt(t.ID, 10))
			msg.BodyText = i18n.T(i18n.TopupRejectedBody, "amount", i18n.Kyat(t.Total), "method", t.PaymentMethodName, "reason", reason)
		}
		if !deleted {
			if _, err := s.insertMessage(ctx, tx, msg); err != nil {
				return err
			}
		}
		return s.topupEvent(ctx, tx, EventTopupUpdated, t, UserChannel(t.UserID), ChannelAdmins)
	})
	return t, err
}

func topupSnapshot(lock bool) func(int64) func(context.Context, *sqlx.Tx) (json.RawMessage, error) {
	q := `SELECT to_jsonb(t) - 'idempotency_key' FROM topup_orders t WHERE id = $1`
	if lock {
		q += ` FOR UPDATE`
	}
	return func(id int64) func(context.Context, *sqlx.Tx) (json.RawMessage, error) {
		return func(ctx context.Context, tx *sqlx.Tx) (json.RawMessage, error) { return rowJSON(ctx, tx, q, id) }
	}
}

// AdminRejectTopup is RejectTopup with its audit entry.
func (s *DB) AdminRejectTopup(ctx context.Context, a Actor, id int64, reason string) (Topup, error) {
	ctx = withAuditHook(ctx, &auditHook{
		actor:  a,
		record: auditRecord{Action: "topup.reject", TargetType: "topup", TargetID: id, Reason: reason},
		before: topupSnapshot(true)(id), after: topupSnapshot(false)(id),
	})
	return s.RejectTopup(ctx, id, a.ID, reason)
}

// ErrTransactionIDReused means the receipt's transaction id was on an
// earlier top-up still pending or confirmed, and the payment method's rule
// blocks such top-ups: it can only be rejected.
var ErrTransactionIDReused = fmt.Errorf("%w: the receipt's transaction id is on an earlier top-up", ErrInvalidState)

// ChecksNotAcknowledgedError refuses a confirmation that does not name
// every failed check: overriding one takes a second, explicit decision.
type ChecksNotAcknowledgedError struct {
	Failed  []string // every failed check
	Missing []string // the failed checks the request did not name
}

func (e *ChecksNotAcknowledgedError) Error() string {
	return "store: confirm top-up: failed receipt checks not acknowledged: " + strings.Join(e.Missing, ", ")
}

// Unwrap makes errors.Is(err, ErrInvalidState) true.
func (e *ChecksNotAcknowledgedError) Unwrap() error { return ErrInvalidState }

// AdminConfirmTopup is ConfirmTopup with its receipt checks and audit
// entry. The checks are computed in the confirming transaction, with the
// top-up locked: a blocked top-up is ErrTransactionIDReused, and a failed
// check that overridden does not name is a *ChecksNotAcknowledgedError,
// however old the admin's screen was. An override is audited as
// topup.confirm.override, naming the checks and what they showed.
func (s *DB) AdminConfirmTopup(ctx context.Context, a Actor, id int64, overridden []string) (Topup, error) {
	h := &auditHook{actor: a, record: auditRecord{Action: "topup.confirm", TargetType: "topup", TargetID: id}}
	var overrode map[string]any
	h.before = func(ctx context.Context, tx *sqlx.Tx) (json.RawMessage, error) {
		before, err := topupSnapshot(true)(id)(ctx, tx)
		if err != nil || before == nil {
			return before, err
		}
		var cur struct {
			Status string `json:"status"`
		}
		if err := json.Unmarshal(before, &cur); err != nil {
			return nil, fmt.Errorf("store: top-up %d snapshot: %w", id, err)
		}
		if cur.Status != TopupPending {
			return before, nil // ConfirmTopup says it is decided
		}
		all, err := topupChecks(ctx, tx, []int64{id})
		if err != nil {
			return nil, err
		}
		c := all[id]
		if c.Blocked() {
			return nil, fmt.Errorf("store: confirm top-up %d: %w", id, ErrTransactionIDReused)
		}
		failed := c.Failed()
		var missing []string
		for _, f := range failed {
			if !slices.Contains(overridden, f) {
				missing = append(missing, f)
			}
		}
		if len(missing) > 0 {
			return nil, &ChecksNotAcknowledgedError{Failed: failed, Missing: missing}
		}
		if len(failed) > 0 {
			overrode = overrideDetail(c, failed)
			h.record.Action = "topup.confirm.override"
			h.record.Reason = "Overrode failed receipt checks: " + strings.Join(failed, ", ")
		}
		return before, nil
	}
	h.after = func(ctx context.Context, tx *sqlx.Tx) (json.RawMessage, error) {
		after, err := topupSnapshot(false)(id)(ctx, tx)
		if err == nil && overrode != nil {
			after = withField(after, "overridden_checks", overrode)
		}
		return after, err
	}
	return s.ConfirmTopup(withAuditHook(ctx, h), id, a.ID)
}

// overrideDetail is what each overridden check showed, for the audit log.
func overrideDetail(c TopupChecks, failed []string) map[string]any {
	ids := func(list []receiptcheck.Earlier) []int64 {
		out := make([]int64, len(list))
		for i, e := range list {
			out[i] = e.TopupID
		}
		return out
	}
	out := map[string]any{}
	for _, name := range failed {
		switch name {
		case receiptcheck.Amount:
			out[name] = map[string]any{"expected": c.Amount.Expected, "read": deref(c.Amount.Read), "confidence": c.Amount.Confidence}
		case receiptcheck.TransactionID:
			out[name] = map[string]any{"read": deref(c.TransactionID.Read), "earlier_topups": ids(c.TransactionID.Earlier), "rule": c.TransactionID.Rule}
		case receiptcheck.DuplicateImage:
			out[name] = map[string]any{"earlier_topups": ids(c.DuplicateImage.Earlier), "threshold": c.DuplicateImage.Threshold}
		case receiptcheck.ReceiptDate:
			out[name] = map[string]any{"read": deref(c.ReceiptDate.Read), "quoted_at": deref(c.ReceiptDate.QuotedAt)}
		}
	}
	return out
}
