package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/jmoiron/sqlx"

	"topup/internal/receiptcheck"
)

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
			out[name] = map[string]any{"expected": c.Amount.Expected, "read": c.Amount.Read.Int64, "confidence": c.Amount.Confidence}
		case receiptcheck.TransactionID:
			out[name] = map[string]any{"read": c.TransactionID.Read.String, "earlier_topups": ids(c.TransactionID.Earlier), "rule": c.TransactionID.Rule}
		case receiptcheck.DuplicateImage:
			out[name] = map[string]any{"earlier_topups": ids(c.DuplicateImage.Earlier), "threshold": c.DuplicateImage.Threshold}
		case receiptcheck.ReceiptDate:
			out[name] = map[string]any{"read": c.ReceiptDate.Read.Time, "quoted_at": c.ReceiptDate.QuotedAt.Time}
		}
	}
	return out
}
