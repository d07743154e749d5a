package api

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/internal/receiptcheck"
)

// The operator's rules of the receipt checks (/dashboard/receipt-checks),
// audited as setting.update of receipt_checks.

// receiptRules answers the rules with every payment method, active or not
// (a method switched off still has pending top-ups).
func (s *Server) receiptRules(c *fiber.Ctx) error {
	ctx := c.UserContext()
	rules, err := s.opts.Store.ReceiptRules(ctx)
	if err != nil {
		return err
	}
	methods, err := s.opts.Store.AdminPaymentMethods(ctx)
	if err != nil {
		return err
	}
	out := contract.ReceiptRules{NearDuplicate: rules.NearDuplicate, Min: receiptcheck.MinThreshold,
		Max: receiptcheck.MaxThreshold, Default: receiptcheck.DefaultNearDuplicate, PaymentMethods: []contract.ReuseRule{}}
	for _, m := range methods {
		out.PaymentMethods = append(out.PaymentMethods, contract.ReuseRule{ID: m.ID, Name: m.Name, IsActive: m.IsActive, Rule: rules.Reuse(m.ID)})
	}
	return adminOK(c, out)
}

// adminGetReceiptRules answers GET /api/admin/settings/receipt-checks.
func (s *Server) adminGetReceiptRules(c *fiber.Ctx) error { return s.receiptRules(c) }

type receiptRulesRequest struct {
	NearDuplicate  *float64 `json:"near_duplicate_threshold"`
	PaymentMethods []struct {
		ID   int64  `json:"id"`
		Rule string `json:"reused_transaction_id"`
	} `json:"payment_methods"`
}

// adminSetReceiptRules answers PUT /api/admin/settings/receipt-checks: the
// whole rule set. A payment method left out blocks, the default, as does
// one added later.
func (s *Server) adminSetReceiptRules(c *fiber.Ctx) error {
	var req receiptRulesRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	methods, err := s.opts.Store.AdminPaymentMethods(c.UserContext())
	if err != nil {
		return err
	}
	known := map[int64]bool{}
	for _, m := range methods {
		known[m.ID] = true
	}
	f := fieldErrors{}
	rules := receiptcheck.Rules{ReuseByMethod: map[int64]string{}} // a missing threshold is out of range
	if req.NearDuplicate != nil {
		rules.NearDuplicate = *req.NearDuplicate
	}
	if msg, bad := rules.Validate()["near_duplicate_threshold"]; bad {
		f["near_duplicate_threshold"] = append(f["near_duplicate_threshold"], msg)
	}
	for i, m := range req.PaymentMethods {
		at := "payment_methods." + strconv.Itoa(i)
		_, twice := rules.ReuseByMethod[m.ID]
		switch {
		case !known[m.ID]:
			f.add(at+".id", i18n.PaymentMethodMissing)
		case twice:
			f.add(at+".id", i18n.PaymentMethodTwice)
		}
		if m.Rule != receiptcheck.ReuseBlocks && m.Rule != receiptcheck.ReuseWarns {
			f.add(at+".reused_transaction_id", i18n.ChooseBlockWarn)
		}
		rules.ReuseByMethod[m.ID] = m.Rule
	}
	if err := f.err(); err != nil {
		return err
	}
	if err := s.opts.Store.AdminSetReceiptRules(c.UserContext(), adminActor(c), rules); err != nil {
		return err
	}
	return s.receiptRules(c)
}
