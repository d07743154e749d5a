package api

import (
	"context"
	"time"

	"topup/internal/receiptcheck"
	"topup/store"
)

// The receipt checks an admin sees beside a top-up (docs/receipt-checks.md):
// computed when shown, with the operator's rules of that moment.

// Verdicts say what confirming takes.
const (
	verdictClean   = "clean"    // every check passed: one tap
	verdictNotRead = "not_read" // none failed, some not read: the usual confirmation dialog
	verdictFlagged = "flagged"  // a check failed: a second confirmation naming it
	verdictBlocked = "blocked"  // a re-used transaction id under a blocking rule: only reject
)

type earlierTopupJSON struct {
	TopupID   int64     `json:"topup_id"`
	UserID    int64     `json:"user_id"`
	Username  string    `json:"username"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

type earlierImageJSON struct {
	earlierTopupJSON
	Distance float64 `json:"distance"`
}

type amountCheckJSON struct {
	Result     receiptcheck.Result `json:"result"`
	Expected   int64               `json:"expected"`
	Read       *int64              `json:"read"`
	Confidence float64             `json:"confidence"`
}

type transactionCheckJSON struct {
	Result     receiptcheck.Result `json:"result"`
	Read       *string             `json:"read"`
	Confidence float64             `json:"confidence"`
	Earlier    []earlierTopupJSON  `json:"earlier"`
	Rule       string              `json:"rule"`
	Blocks     bool                `json:"blocks"`
}

type imageCheckJSON struct {
	Result    receiptcheck.Result `json:"result"`
	Threshold float64             `json:"threshold"`
	Earlier   []earlierImageJSON  `json:"earlier"`
}

type dateCheckJSON struct {
	Result     receiptcheck.Result `json:"result"`
	Read       *time.Time          `json:"read"`
	Confidence float64             `json:"confidence"`
	QuotedAt   *time.Time          `json:"quoted_at"`
}

type topupChecksJSON struct {
	// Reading is pending until the receipt was read, then read,
	// not_available (no Tesseract) or failed.
	Reading        string               `json:"reading"`
	Verdict        string               `json:"verdict"`
	Failed         []string             `json:"failed"`
	Amount         amountCheckJSON      `json:"amount"`
	TransactionID  transactionCheckJSON `json:"transaction_id"`
	DuplicateImage imageCheckJSON       `json:"duplicate_image"`
	ReceiptDate    dateCheckJSON        `json:"receipt_date"`
}

func toEarlierJSON(e receiptcheck.Earlier) earlierTopupJSON {
	return earlierTopupJSON{TopupID: e.TopupID, UserID: e.UserID, Username: e.Username, Status: e.Status, CreatedAt: e.CreatedAt}
}

func toTopupChecksJSON(c store.TopupChecks) *topupChecksJSON {
	j := &topupChecksJSON{
		Reading: c.Reading, Failed: c.Failed(),
		Amount: amountCheckJSON{Result: c.Amount.Result, Expected: c.Amount.Expected, Read: c.Amount.Read,
			Confidence: c.Amount.Confidence},
		TransactionID: transactionCheckJSON{Result: c.TransactionID.Result, Read: c.TransactionID.Read,
			Confidence: c.TransactionID.Confidence, Earlier: []earlierTopupJSON{}, Rule: c.TransactionID.Rule,
			Blocks: c.TransactionID.Blocks},
		DuplicateImage: imageCheckJSON{Result: c.DuplicateImage.Result, Threshold: c.DuplicateImage.Threshold,
			Earlier: []earlierImageJSON{}},
		ReceiptDate: dateCheckJSON{Result: c.ReceiptDate.Result, Read: c.ReceiptDate.Read,
			Confidence: c.ReceiptDate.Confidence, QuotedAt: c.ReceiptDate.QuotedAt},
	}
	for _, e := range c.TransactionID.Earlier {
		j.TransactionID.Earlier = append(j.TransactionID.Earlier, toEarlierJSON(e))
	}
	for _, e := range c.DuplicateImage.Earlier {
		j.DuplicateImage.Earlier = append(j.DuplicateImage.Earlier, earlierImageJSON{toEarlierJSON(e), e.Distance})
	}
	j.Verdict = verdictOf(c)
	return j
}

func verdictOf(c store.TopupChecks) string {
	switch {
	case c.Blocked():
		return verdictBlocked
	case len(c.Failed()) > 0:
		return verdictFlagged
	}
	for _, r := range []receiptcheck.Result{c.Amount.Result, c.TransactionID.Result, c.DuplicateImage.Result, c.ReceiptDate.Result} {
		if r != receiptcheck.Pass {
			return verdictNotRead
		}
	}
	return verdictClean
}

// adminTopupsJSON answers top-ups with their checks, computed for all of
// them at once.
func (s *Server) adminTopupsJSON(ctx context.Context, list []store.AdminTopup) ([]adminTopupJSON, error) {
	ids := make([]int64, len(list))
	for i, t := range list {
		ids[i] = t.ID
	}
	checks, err := s.opts.Store.TopupChecksOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]adminTopupJSON, len(list))
	for i, t := range list {
		out[i] = s.toAdminTopupJSON(t)
		if c, ok := checks[t.ID]; ok {
			out[i].Checks = toTopupChecksJSON(c)
		}
	}
	return out, nil
}

// adminTopupJSONOf is one top-up with its checks.
func (s *Server) adminTopupJSONOf(ctx context.Context, id int64) (adminTopupJSON, error) {
	t, err := s.opts.Store.AdminTopupByID(ctx, id)
	if err != nil {
		return adminTopupJSON{}, err
	}
	out, err := s.adminTopupsJSON(ctx, []store.AdminTopup{t})
	if err != nil {
		return adminTopupJSON{}, err
	}
	return out[0], nil
}
