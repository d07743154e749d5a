package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/store"
)

const (
	msgTopupAmountRequired = "Please enter the amount."
	msgTopupAmountMismatch = "The amount does not match your top-up quote. Please start the top-up again."
	msgTopupMethodRequired = "Please choose a payment method."
	msgTopupMethodUnknown  = "This payment method is not available."
	msgTopupUploadRequired = "Please upload your payment receipt."
	msgTopupUploadUnknown  = "The receipt was not found. Please upload it again."
	msgTopupUploadUsed     = "This receipt has already been used for a top-up."
	msgTopupQuoteRequired  = "The top-up quote is missing. Please start the top-up again."
	msgTopupTotalTaken     = "Another top-up with the same total is waiting. Please start the top-up again for a new amount."
	msgTopupQuoteUsed      = "This exact total was already used for a top-up request. Check your top-up history, or start the top-up again for a new total."
	msgTopupTooManyOpen    = "You already have 3 top-ups waiting to be checked. Please wait until one is confirmed or rejected."
	msgTopupAmountBusy     = "Too many top-ups of this amount are waiting right now. Please choose a slightly different amount."
	msgTopupCreated        = "Your top-up request was received. Your wallet will be credited in about 5 minutes, once the transfer is checked."
	topupHistoryLimit      = 100
)

// toTopupJSON is the top-up as the topup.* events carry it
// (store.Topup.Contract), without user_id: the customer's own answers
// never had it.
func toTopupJSON(t store.Topup) contract.Topup {
	j := t.Contract()
	j.UserID = 0
	return j
}

func (s *Server) quoteMAC(b []byte) []byte { return s.opts.Store.Box().Hash(b) }

// topupQuote answers the exact total the customer must transfer. The
// verification amount is the server's choice, never the client's.
func (s *Server) topupQuote(c *fiber.Ctx) error {
	amount, err := parseTopupAmount(c.Query("amount"))
	if err != nil {
		return Invalid(map[string][]string{"amount": {err.Error()}})
	}
	lo, hi := verificationRange(amount)
	taken, err := s.opts.Store.TakenTotals(c.UserContext(), amount+lo, amount+hi)
	if err != nil {
		return err
	}
	t, free, err := verificationAmount(amount, taken)
	if err != nil {
		return err
	}
	if !free {
		return &Error{Status: http.StatusConflict, Code: "amount_busy", Message: msgTopupAmountBusy,
			Fields: map[string][]string{"amount": {msgTopupAmountBusy}}}
	}
	q := topupQuote{UserID: currentUser(c).ID, Amount: amount, Verification: t,
		Expires: s.now().Add(quoteTTL).Truncate(time.Second), Nonce: newQuoteNonce()}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return ok(c, fiber.Map{
		"amount": q.Amount, "verification_amount": q.Verification, "total": q.Total(),
		"quote": q.sign(s.quoteMAC), "expires_at": q.Expires,
	})
}

// methodRef is a payment method named by id (the API) or by name (docs/spec.md's
// client variant sends the chosen method's name).
type methodRef struct {
	id   int64
	name string
}

func (m *methodRef) UnmarshalJSON(b []byte) error {
	if bytes.HasPrefix(b, []byte(`"`)) {
		return json.Unmarshal(b, &m.name)
	}
	return json.Unmarshal(b, &m.id)
}

// topupRequest takes docs/spec.md's names and its client variant's
// (paymentMethod, receipt_id); with the variant, amount is the total.
type topupRequest struct {
	Amount        *int64     `json:"amount"`
	PaymentMethod *methodRef `json:"payment_method"`
	PaymentAlias  *methodRef `json:"paymentMethod"`
	UploadID      *int64     `json:"upload_id"`
	ReceiptID     *int64     `json:"receipt_id"`
	Quote         string     `json:"quote"`
}

func (s *Server) createTopup(c *fiber.Ctx) error {
	u := currentUser(c)
	var req topupRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	q, quoteErr := parseQuote(s.quoteMAC, req.Quote, s.now())
	switch {
	case req.Quote == "":
		f.add("quote", msgTopupQuoteRequired)
	case quoteErr != nil:
		f.add("quote", quoteErr.Error())
	case q.UserID != u.ID:
		f.add("quote", errQuoteInvalid.Error())
	}
	switch {
	case req.Amount == nil:
		f.add("amount", msgTopupAmountRequired)
	case quoteErr == nil && req.Quote != "" && *req.Amount != q.Amount && *req.Amount != q.Total():
		f.add("amount", msgTopupAmountMismatch)
	}
	method, err := s.resolveMethod(c, firstNonNil(req.PaymentMethod, req.PaymentAlias))
	if err != nil {
		return err
	}
	switch {
	case req.PaymentMethod == nil && req.PaymentAlias == nil:
		f.add("payment_method", msgTopupMethodRequired)
	case method == nil:
		f.add("payment_method", msgTopupMethodUnknown)
	}
	upload := firstNonNil(req.UploadID, req.ReceiptID)
	if upload == nil {
		f.add("upload_id", msgTopupUploadRequired)
	}
	key := idempotencyKey(c, f)
	if err := f.err(); err != nil {
		return err
	}

	t, replayed, err := s.opts.Store.CreateTopup(c.UserContext(), store.NewTopup{
		UserID: u.ID, Amount: q.Amount, VerificationAmount: q.Verification, PaymentMethodID: method.ID,
		UploadID: *upload, QuoteNonce: q.Nonce[:], QuotedAt: q.Issued(), IdempotencyKey: key,
	})
	switch {
	case errors.Is(err, store.ErrQuoteUsed):
		return topupConflict("quote_used", "quote", msgTopupQuoteUsed)
	case errors.Is(err, store.ErrTooManyOpenTopups):
		return topupConflict("too_many_open_topups", "", msgTopupTooManyOpen)
	case errors.Is(err, store.ErrUploadUsed):
		return topupConflict("receipt_used", "upload_id", msgTopupUploadUsed)
	case errors.Is(err, store.ErrTotalTaken):
		return topupConflict("total_taken", "quote", msgTopupTotalTaken)
	case errors.Is(err, store.ErrNotFound):
		return Invalid(map[string][]string{"upload_id": {msgTopupUploadUnknown}})
	case err != nil:
		return err
	}
	status := http.StatusCreated
	if replayed {
		status = http.StatusOK
	}
	return reply(c, status, fiber.Map{"message": msgTopupCreated, "data": toTopupJSON(t)})
}

// topupConflict is a 409 with its code, naming the field to fix if any.
func topupConflict(code, field, msg string) error {
	e := &Error{Status: http.StatusConflict, Code: code, Message: msg}
	if field != "" {
		e.Fields = map[string][]string{field: {msg}}
	}
	return e
}

func firstNonNil[T any](a, b *T) *T {
	if a != nil {
		return a
	}
	return b
}

// resolveMethod finds an active payment method by id or name (case and
// surrounding space ignored); nil when there is none.
func (s *Server) resolveMethod(c *fiber.Ctx, ref *methodRef) (*store.PaymentMethod, error) {
	if ref == nil {
		return nil, nil
	}
	list, err := s.opts.Store.PaymentMethods(c.UserContext())
	if err != nil {
		return nil, err
	}
	for i, m := range list {
		if (ref.id != 0 && m.ID == ref.id) || (ref.name != "" && strings.EqualFold(strings.TrimSpace(ref.name), m.Name)) {
			return &list[i], nil
		}
	}
	return nil, nil
}

func (s *Server) listTopups(c *fiber.Ctx) error {
	list, err := s.opts.Store.TopupsOfUser(c.UserContext(), currentUser(c).ID, topupHistoryLimit)
	if err != nil {
		return err
	}
	out := mapSlice(list, toTopupJSON)
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return ok(c, out)
}
