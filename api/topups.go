package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
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
// verification amount is the server's choice, never the client's, and the
// same amount by the same method answers the same quote while it is open
// (store.OpenTopupQuote).
func (s *Server) topupQuote(c *fiber.Ctx) error {
	amount, err := parseTopupAmount(c.Query("amount"))
	if err != nil {
		return Invalid(fieldErrors{"amount": {textOf(err)}})
	}
	var methodID int64
	if raw := c.Query("payment_method"); raw != "" {
		id, err := strconv.ParseInt(raw, 10, 64)
		method, lookErr := s.resolveMethod(c, &methodRef{id: id})
		if lookErr != nil {
			return lookErr
		}
		if err != nil || id <= 0 || method == nil {
			return Invalid(fieldsErr("payment_method", i18n.TopupMethodUnknown))
		}
		methodID = id
	}
	lo, hi := verificationRange(amount)
	nonce := newQuoteNonce()
	now := s.now().Truncate(time.Second)
	open, err := s.opts.Store.OpenTopupQuote(c.UserContext(), store.QuoteRequest{
		UserID: currentUser(c).ID, Amount: amount, PaymentMethodID: methodID, Lo: lo, Hi: hi,
		Now: now, TTL: quoteTTL, Nonce: nonce[:],
		Pick: func(taken []int64) (int64, bool, error) { return verificationAmount(amount, taken) },
	})
	if errors.Is(err, store.ErrNoFreeTotal) {
		return &Error{Status: http.StatusConflict, Text: i18n.T(i18n.TopupAmountBusy),
			Fields: fieldsErr("amount", i18n.TopupAmountBusy)}
	}
	if err != nil {
		return err
	}
	q := topupQuote{UserID: open.UserID, Amount: open.Amount, Verification: open.VerificationAmount, Expires: open.ExpiresAt}
	copy(q.Nonce[:], open.Nonce)
	c.Set(fiber.HeaderCacheControl, "no-store")
	return ok(c, contract.TopupQuote{
		Amount: q.Amount, VerificationAmount: q.Verification, Total: q.Total(), PaymentMethodID: methodID,
		Quote: q.sign(s.quoteMAC), ExpiresAt: q.Expires, ExpiresIn: int64(q.Expires.Sub(now).Seconds()),
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
		f.add("quote", i18n.TopupQuoteRequired)
	case quoteErr != nil:
		f["quote"] = append(f["quote"], textOf(quoteErr))
	case q.UserID != u.ID:
		f["quote"] = append(f["quote"], textOf(errQuoteInvalid))
	}
	switch {
	case req.Amount == nil:
		f.add("amount", i18n.TopupAmountRequired)
	case quoteErr == nil && req.Quote != "" && *req.Amount != q.Amount && *req.Amount != q.Total():
		f.add("amount", i18n.TopupAmountMismatch)
	}
	method, err := s.resolveMethod(c, firstNonNil(req.PaymentMethod, req.PaymentAlias))
	if err != nil {
		return err
	}
	switch {
	case req.PaymentMethod == nil && req.PaymentAlias == nil:
		f.add("payment_method", i18n.TopupMethodRequired)
	case method == nil:
		f.add("payment_method", i18n.TopupMethodUnknown)
	}
	upload := firstNonNil(req.UploadID, req.ReceiptID)
	if upload == nil {
		f.add("upload_id", i18n.TopupUploadRequired)
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
		return topupConflict(i18n.TopupQuoteUsed, "quote")
	case errors.Is(err, store.ErrTooManyOpenTopups):
		return topupConflict(i18n.TopupTooManyOpen, "")
	case errors.Is(err, store.ErrUploadUsed):
		return topupConflict(i18n.TopupUploadUsed, "upload_id")
	case errors.Is(err, store.ErrTotalTaken):
		return topupConflict(i18n.TopupTotalTaken, "quote")
	case errors.Is(err, store.ErrNotFound):
		return Invalid(fieldsErr("upload_id", i18n.TopupUploadUnknown))
	case err != nil:
		return err
	}
	status := http.StatusCreated
	if replayed {
		status = http.StatusOK
	}
	return reply(c, status, fiber.Map{"message": say(c, i18n.TopupCreated, "minutes", s.deliveryMinutes()), "data": toTopupJSON(t)})
}

// topupConflict is a 409 with its code, naming the field to fix if any.
func topupConflict(code i18n.Code, field string) error {
	e := Fail(http.StatusConflict, code)
	if field != "" {
		e.Fields = fieldsErr(field, code)
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

// GET /api/topup-orders?page&per_page: the customer's top-ups, newest
// first, paged like every list: the whole history, each with its status
// and, when rejected, the reason.
func (s *Server) listTopups(c *fiber.Ctx) error {
	f := fieldErrors{}
	pg := pageQuery(c, f)
	if err := f.err(); err != nil {
		return err
	}
	page, err := s.opts.Store.TopupPageOfUser(c.UserContext(), currentUser(c).ID, pg)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return paged(c, mapSlice(page.Items, toTopupJSON), page.PageInfo)
}

// POST /api/topup-orders/{id}/cancel: the owner takes back a pending
// top-up. Another's is 404 like an unknown one; one an admin decided
// first is 409 topup_decided, and the decision stands.
func (s *Server) cancelTopup(c *fiber.Ctx) error {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || id <= 0 {
		return store.ErrNotFound
	}
	t, err := s.opts.Store.CancelTopup(c.UserContext(), currentUser(c).ID, id)
	if errors.Is(err, store.ErrTopupDecided) {
		return Fail(http.StatusConflict, i18n.TopupDecided)
	}
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.TopupCancelled), "data": toTopupJSON(t)})
}
