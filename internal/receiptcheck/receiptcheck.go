// Package receiptcheck decides the checks an admin sees beside a top-up,
// from what was read on its receipt: the amount read against the total
// expected, the transaction id against the ones earlier top-ups showed, the
// picture against earlier receipts, and the receipt's date against the
// quote. It holds the rules and the operator's settings of them; store
// loads the facts, and this package says pass, fail or not read.
package receiptcheck

import (
	"fmt"
	"slices"
	"time"

	"topup/internal/i18n"
)

// Check names. They are part of the API and of the audit log (the checks
// an admin overrode): add new ones, never rename.
const (
	Amount         = "amount"
	TransactionID  = "transaction_id"
	DuplicateImage = "duplicate_image"
	ReceiptDate    = "receipt_date"
)

// Names lists every check in the order admins see them.
var Names = []string{Amount, TransactionID, DuplicateImage, ReceiptDate}

// Known reports whether name is a check.
func Known(name string) bool { return slices.Contains(Names, name) }

// Result is a check's outcome.
type Result string

const (
	Pass    Result = "pass"
	Fail    Result = "fail"
	NotRead Result = "not_read" // nothing to compare: no reading yet, no Tesseract, or the field was not found
)

// unsure is the confidence under which a read value that disagrees with
// what was expected is taken for a misreading rather than a wrong receipt:
// the check says not read instead of failing (docs/benchmarks.md measures
// how often genuine receipts fail).
const unsure = 0.3

// CheckAmount compares the amount read with the top-up's total. found is
// false when no amount was read.
func CheckAmount(read int64, confidence float64, found bool, total int64) Result {
	switch {
	case !found:
		return NotRead
	case read == total:
		return Pass
	case confidence < unsure:
		return NotRead
	}
	return Fail
}

// DateSlack is how much earlier than its quote a receipt may be dated and
// still pass: receipts print minutes, not seconds, and a phone's clock may
// be a little off the server's.
const DateSlack = 5 * time.Minute

// CheckDate compares the receipt's date with when the quote was issued: a
// transfer made before the customer was told the exact total to send is a
// receipt of another transfer. found is false when no date was read;
// quotedAt is zero for top-ups made before quotes were recorded.
func CheckDate(paidAt time.Time, confidence float64, found bool, quotedAt time.Time) Result {
	switch {
	case !found || quotedAt.IsZero():
		return NotRead
	case !paidAt.Before(quotedAt.Add(-DateSlack)):
		return Pass
	case confidence < unsure:
		return NotRead
	}
	return Fail
}

// Earlier is another, earlier top-up whose receipt showed the same
// transaction id or a near-duplicate picture.
type Earlier struct {
	TopupID   int64
	UserID    int64
	Username  string
	Status    string // pending, confirmed, rejected
	CreatedAt time.Time
	Distance  float64 // fingerprint distance, for a near-duplicate picture
}

// CheckEarlier fails when there are earlier top-ups, passes when the value
// to compare was read and none has it, and is not read otherwise.
func CheckEarlier(read bool, earlier []Earlier) Result {
	switch {
	case len(earlier) > 0:
		return Fail
	case read:
		return Pass
	}
	return NotRead
}

// Reuse rules: what a transaction id seen on an earlier top-up does.
const (
	ReuseBlocks = "block" // the top-up cannot be confirmed, only rejected
	ReuseWarns  = "warn"  // a failed check the admin may override
)

// Blocks reports whether a re-used transaction id keeps a top-up from
// being confirmed under rule: only while an earlier top-up with the id is
// pending or confirmed, since a rejected one credited nothing and a
// customer may send the same transfer again after a rejection by mistake.
func Blocks(rule string, earlier []Earlier) bool {
	if rule != ReuseBlocks {
		return false
	}
	for _, e := range earlier {
		if e.Status != "rejected" {
			return true
		}
	}
	return false
}

// Near-duplicate thresholds: a fingerprint distance at or below the
// threshold is the same picture. The default comes from the corpus
// measurements (docs/benchmarks.md); MaxThreshold is the largest an
// operator may set, and the matches stored for each receipt go that far.
const (
	DefaultNearDuplicate = 0.25
	MinThreshold         = 0.05
	MaxThreshold         = 0.40
)

// Rules are the operator's settings of the checks.
type Rules struct {
	// NearDuplicate is the fingerprint distance threshold.
	NearDuplicate float64 `json:"near_duplicate_threshold"`
	// ReuseByMethod is the reuse rule of payment methods whose rule is
	// not the default (ReuseBlocks), by payment method id.
	ReuseByMethod map[int64]string `json:"reused_transaction_id"`
}

// Defaults are the rules before an operator changes them.
func Defaults() Rules {
	return Rules{NearDuplicate: DefaultNearDuplicate, ReuseByMethod: map[int64]string{}}
}

// Reuse is the reuse rule of a payment method.
func (r Rules) Reuse(methodID int64) string {
	if rule, ok := r.ReuseByMethod[methodID]; ok {
		return rule
	}
	return ReuseBlocks
}

// Validate checks the rules an operator sends, by field.
func (r Rules) Validate() map[string]i18n.Text {
	bad := map[string]i18n.Text{}
	if r.NearDuplicate < MinThreshold || r.NearDuplicate > MaxThreshold {
		bad["near_duplicate_threshold"] = i18n.T(i18n.ThresholdRange, "min", fmt.Sprintf("%.2f", MinThreshold), "max", fmt.Sprintf("%.2f", MaxThreshold))
	}
	for _, rule := range r.ReuseByMethod {
		if rule != ReuseBlocks && rule != ReuseWarns {
			bad["payment_methods"] = i18n.T(i18n.ReuseRule)
		}
	}
	return bad
}
