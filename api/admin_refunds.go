package api

import (
	"net/http"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// The back office's refund queue: GET /api/admin/refunds?status&page, and
// POST /api/admin/refunds/{id}/approve {reason?, restock?} or
// /deny {reason}.

func toAdminRefundJSON(r store.AdminRefund) contract.AdminRefund {
	return contract.AdminRefund{
		Refund:        r.Contract(),
		User:          contract.AdminCustomer{ID: r.UserID, Username: r.Username, PhoneNumber: r.Phone},
		Order:         toAdminOrderJSON(r.Order),
		ScreenshotURL: screenshotURL(r.UploadID),
		Restockable:   r.Restockable,
		Restocked:     r.Restocked,
		DecidedBy:     r.DecidedBy,
		DecidedByName: r.DecidedByName,
		History: contract.RefundHistory{Orders: r.History.Orders, RefundsApproved: r.History.Approved,
			RefundsDenied: r.History.Denied, RefundsOpen: r.History.Open},
	}
}

var adminRefundStatuses = map[string]bool{"": true, store.RefundRequested: true, store.RefundApproved: true, store.RefundDenied: true}

func (s *Server) adminListRefunds(c *fiber.Ctx) error {
	status := strings.TrimSpace(c.Query("status"))
	if status == "all" {
		status = ""
	}
	if !adminRefundStatuses[status] {
		return Invalid(fieldsErr("status", i18n.ChooseRefundStatus))
	}
	page, err := s.opts.Store.AdminRefunds(c.UserContext(), store.AdminRefundFilter{Status: status, Paging: adminPageOf(c)})
	if err != nil {
		return err
	}
	return adminPaged(c, mapSlice(page.Items, toAdminRefundJSON), page.PageInfo)
}

type adminRefundDecision struct {
	Reason string `json:"reason"`
	// Restock puts the order's unused code back on sale (approve only).
	Restock bool `json:"restock"`
}

func (s *Server) adminApproveRefund(c *fiber.Ctx) error { return s.adminDecideRefund(c, true) }

func (s *Server) adminDenyRefund(c *fiber.Ctx) error { return s.adminDecideRefund(c, false) }

func (s *Server) adminDecideRefund(c *fiber.Ctx, approve bool) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminRefundDecision
	if approve {
		err = adminDecodeOptional(c, &req)
	} else {
		err = decodeJSON(c, &req)
	}
	if err != nil {
		return err
	}
	f := fieldErrors{}
	reason := refundReason(f, req.Reason, !approve)
	if req.Restock && !approve {
		f.add("restock", i18n.RefundNoRestock)
	}
	if err := f.err(); err != nil {
		return err
	}
	d := store.RefundDecision{Approve: approve, Reason: reason, Restock: req.Restock}
	if _, err := s.opts.Store.DecideRefund(c.UserContext(), adminActor(c), id, d); err != nil {
		return refundError(err)
	}
	r, err := s.opts.Store.AdminRefundByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	msg := i18n.RefundDeniedAdmin
	if approve {
		msg = i18n.RefundApprovedAdmin
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, msg), "data": toAdminRefundJSON(r)})
}
