package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/store"
)

// Refund requests (docs/spec.md §1): POST /api/orders/{id}/refund asks for
// one of the customer's own orders, GET /api/refunds lists theirs. The
// admin's side is admin_refunds.go; the rules are store/refunds.go.

const (
	msgRefundReasonRequired = "Please tell us why you want a refund."
	msgRefundReasonMax      = "The reason must be 1000 characters or less."
	msgRefundReasonChars    = "The reason contains characters that are not allowed."
	msgRefundRequested      = "Your refund request was sent. We will message you with the decision."
	msgOrderNotFound        = "Order not found."
	msgRefundScreenshot     = "Upload the screenshot again: it must be a new image of your own."
	msgRefundNoRestock      = "Only an approved code order's own, unsold code can go back to stock."
)

// The refusals of the refund path, each with its stable code.
var refundProblems = []struct {
	err     error
	status  int
	code    string
	field   string
	message string
}{
	{store.ErrRefundWindowClosed, http.StatusUnprocessableEntity, "refund_window_closed", "",
		"Refunds can only be requested within 24 hours of the purchase."},
	{store.ErrRefundNotEligible, http.StatusUnprocessableEntity, "refund_not_eligible", "",
		"This order was delivered to your game account and cannot be refunded. Contact support if something is wrong."},
	{store.ErrOrderAlreadyRefunded, http.StatusConflict, "order_already_refunded", "",
		"This order's money was already returned to your wallet."},
	{store.ErrRefundAlreadyOpen, http.StatusConflict, "refund_already_open", "",
		"A refund request for this order is already waiting for a decision."},
	{store.ErrRefundAlreadyDecided, http.StatusConflict, "refund_already_decided", "",
		"This refund request was already decided. Refresh to see the decision."},
	{store.ErrRefundScreenshot, http.StatusUnprocessableEntity, "refund_screenshot_invalid", "screenshot_id",
		msgRefundScreenshot},
	{store.ErrRefundNoRestock, http.StatusUnprocessableEntity, "refund_restock_unavailable", "restock",
		msgRefundNoRestock},
}

// refundError gives the refund path's refusals their codes and fields.
func refundError(err error) error {
	for _, p := range refundProblems {
		if errors.Is(err, p.err) {
			e := &Error{Status: p.status, Code: p.code, Message: p.message}
			if p.field != "" {
				e.Fields = map[string][]string{p.field: {p.message}}
			}
			return e
		}
	}
	return err
}

func toRefundJSON(r store.Refund) contract.Refund { return r.Contract() }

type refundRequest struct {
	Reason string `json:"reason"`
	// ScreenshotID is an upload from POST /api/uploads, optional.
	ScreenshotID *int64 `json:"screenshot_id"`
}

// refundReason validates a customer's or an admin's reason: several lines
// of text, required of a customer and of a denial.
func refundReason(f fieldErrors, v string, required bool) string {
	v = cleanText(strings.ReplaceAll(v, "\r\n", "\n"))
	switch {
	case required && (v == "" || !visible(v)):
		f.add("reason", msgRefundReasonRequired)
	case runes(v) > store.MaxRefundReason:
		f.add("reason", msgRefundReasonMax)
	case strings.IndexFunc(v, badBodyChar) >= 0:
		f.add("reason", msgRefundReasonChars)
	}
	return v
}

// requestRefund answers POST /api/orders/{id}/refund with the request
// (201). Another customer's order is the same 404 as an unknown one.
func (s *Server) requestRefund(c *fiber.Ctx) error {
	id, err := pathID(c, "id", msgOrderNotFound)
	if err != nil {
		return err
	}
	var req refundRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	reason := refundReason(f, req.Reason, true)
	var upload int64
	if req.ScreenshotID != nil {
		if upload = *req.ScreenshotID; upload <= 0 {
			f.add("screenshot_id", msgRefundScreenshot)
		}
	}
	if err := f.err(); err != nil {
		return err
	}
	r, err := s.opts.Store.RequestRefund(c.UserContext(), store.NewRefund{
		UserID: currentUser(c).ID, OrderID: id, Reason: reason, UploadID: upload,
	})
	if errors.Is(err, store.ErrNotFound) {
		return Fail(http.StatusNotFound, msgOrderNotFound)
	}
	if err != nil {
		return refundError(err)
	}
	return reply(c, http.StatusCreated, fiber.Map{"message": msgRefundRequested, "data": toRefundJSON(r)})
}

// listRefunds answers GET /api/refunds: the customer's requests, newest
// first, so each order of the history can show its request's status.
func (s *Server) listRefunds(c *fiber.Ctx) error {
	list, err := s.opts.Store.RefundsOfUser(c.UserContext(), currentUser(c).ID)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return ok(c, mapSlice(list, toRefundJSON))
}

func screenshotURL(id *int64) *string {
	if id == nil {
		return nil
	}
	u := "/api/uploads/" + strconv.FormatInt(*id, 10)
	return &u
}
