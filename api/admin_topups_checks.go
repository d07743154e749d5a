package api

import (
	"context"

	"topup/internal/contract"
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

func toEarlierJSON(e receiptcheck.Earlier) contract.EarlierTopup {
	return contract.EarlierTopup{TopupID: e.TopupID, UserID: e.UserID, Username: e.Username, Status: e.Status, CreatedAt: e.CreatedAt}
}

func toTopupChecksJSON(c store.TopupChecks) *contract.TopupChecks {
	j := &contract.TopupChecks{
		Reading: c.Reading, Failed: c.Failed(),
		Amount: contract.AmountCheck{Result: string(c.Amount.Result), Expected: c.Amount.Expected, Read: c.Amount.Read,
			Confidence: c.Amount.Confidence},
		TransactionID: contract.TransactionCheck{Result: string(c.TransactionID.Result), Read: c.TransactionID.Read,
			Confidence: c.TransactionID.Confidence, Earlier: []contract.EarlierTopup{}, Rule: c.TransactionID.Rule,
			Blocks: c.TransactionID.Blocks},
		DuplicateImage: contract.ImageCheck{Result: string(c.DuplicateImage.Result), Threshold: c.DuplicateImage.Threshold,
			Earlier: []contract.EarlierImage{}},
		ReceiptDate: contract.DateCheck{Result: string(c.ReceiptDate.Result), Read: c.ReceiptDate.Read,
			Confidence: c.ReceiptDate.Confidence, QuotedAt: c.ReceiptDate.QuotedAt},
	}
	for _, e := range c.TransactionID.Earlier {
		j.TransactionID.Earlier = append(j.TransactionID.Earlier, toEarlierJSON(e))
	}
	for _, e := range c.DuplicateImage.Earlier {
		j.DuplicateImage.Earlier = append(j.DuplicateImage.Earlier, contract.EarlierImage{EarlierTopup: toEarlierJSON(e), Distance: e.Distance})
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
func (s *Server) adminTopupsJSON(ctx context.Context, list []store.AdminTopup) ([]contract.AdminTopup, error) {
	ids := make([]int64, len(list))
	for i, t := range list {
		ids[i] = t.ID
	}
	checks, err := s.opts.Store.TopupChecksOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]contract.AdminTopup, len(list))
	for i, t := range list {
		out[i] = s.toAdminTopupJSON(t)
		if c, ok := checks[t.ID]; ok {
			out[i].Checks = toTopupChecksJSON(c)
		}
	}
	return out, nil
}

// adminTopupJSONOf is one top-up with its checks.
func (s *Server) adminTopupJSONOf(ctx context.Context, id int64) (contract.AdminTopup, error) {
	t, err := s.opts.Store.AdminTopupByID(ctx, id)
	if err != nil {
		return contract.AdminTopup{}, err
	}
	out, err := s.adminTopupsJSON(ctx, []store.AdminTopup{t})
	if err != nil {
		return contract.AdminTopup{}, err
	}
	return out[0], nil
}
