package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// Refund requests (docs/spec.md §1): POST /api/orders/{id}/refund asks for
// one of the customer's own orders, GET /api/refunds lists theirs. The
// admin's side is admin_refunds.go; the rules are store/refunds.go.

// The refusals of the refund path, each with its stable code.
var refundProblems = []struct {
	err    error
	status int
	code   i18n.Code
	field  string
}{
	{store.ErrRefundWindowClosed, http.StatusUnprocessableEntity, i18n.RefundWindowClosed, ""},
	{store.ErrRefundNotEligible, http.StatusUnprocessableEntity, i18n.RefundNotEligible, ""},
	{store.ErrOrderAlreadyRefunded, http.StatusConflict, i18n.OrderAlreadyRefunded, ""},
	{store.ErrRefundAlreadyOpen, http.StatusConflict, i18n.RefundAlreadyOpen, ""},
	{store.ErrRefundOrderInDelivery, http.StatusConflict, i18n.RefundOrderInDelivery, ""},
	{store.ErrRefundAlreadyDecided, http.StatusConflict, i18n.RefundAlreadyDecided, ""},
	{store.ErrRefundScreenshot, http.StatusUnprocessableEntity, i18n.RefundScreenshot, "screenshot_id"},
	{store.ErrRefundNoRestock, http.StatusUnprocessableEntity, i18n.RefundNoRestock, "restock"},
}

// refundError gives the refund path's refusals their codes and fields.
func refundError(err error) error {
	for _, p := range refundProblems {
		if errors.Is(err, p.err) {
			e := Fail(p.status, p.code)
			if p.field != "" {
				e.Fields = fieldsErr(p.field, p.code)
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
	v = cleanBody(v)
	switch {
	case required && (v == "" || !visible(v)):
		f.add("reason", i18n.RefundReasonRequired)
	case runes(v) > store.MaxRefundReason:
		f.add("reason", i18n.RefundReasonMax)
	case strings.IndexFunc(v, badBodyChar) >= 0:
		f.add("reason", i18n.ReasonChars)
	}
	return v
}

// requestRefund answers POST /api/orders/{id}/refund with the request
// (201). Another customer's order is the same 404 as an unknown one.
func (s *Server) requestRefund(c *fiber.Ctx) error {
	id, err := pathID(c, "id", i18n.OrderNotFound)
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
			f.add("screenshot_id", i18n.RefundScreenshot)
		}
	}
	if err := f.err(); err != nil {
		return err
	}
	r, err := s.opts.Store.RequestRefund(c.UserContext(), store.NewRefund{
		UserID: currentUser(c).ID, OrderID: id, Reason: reason, UploadID: upload,
	})
	if errors.Is(err, store.ErrNotFound) {
		return Fail(http.StatusNotFound, i18n.OrderNotFound)
	}
	if err != nil {
		return refundError(err)
	}
	return reply(c, http.StatusCreated, fiber.Map{"message": say(c, i18n.RefundRequested), "data": toRefundJSON(r)})
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
