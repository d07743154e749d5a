package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/internal/receiptcheck"
	"topup/store"
)

// The top-up queue of the back office, each top-up with its receipt checks.

func (s *Server) toAdminTopupJSON(t store.AdminTopup) contract.AdminTopup {
	j := contract.AdminTopup{
		Topup: toTopupJSON(t.Topup), UserID: t.UserID,
		User:     contract.AdminCustomer{ID: t.UserID, Username: t.Username, PhoneNumber: t.Phone},
		UploadID: t.UploadID, ReceiptURL: "/api/uploads/" + strconv.FormatInt(t.UploadID, 10),
		DecidedBy: t.DecidedBy, DecidedByName: t.DecidedByName,
	}
	end := s.now()
	if t.DecidedAt != nil {
		end = *t.DecidedAt
	}
	j.AgeSeconds = max(0, int64(end.Sub(t.CreatedAt).Seconds()))
	j.Overdue = t.Status == store.TopupPending && end.Sub(t.CreatedAt) > s.topupPromise()
	return j
}

var adminTopupStatuses = map[string]bool{"": true, store.TopupPending: true, store.TopupConfirmed: true, store.TopupRejected: true}

// adminListTopups answers GET /api/admin/topups?status&user_id&page:
// pending first, oldest first among them.
func (s *Server) adminListTopups(c *fiber.Ctx) error {
	status := strings.TrimSpace(c.Query("status"))
	if status == "all" {
		status = ""
	}
	if !adminTopupStatuses[status] {
		return Invalid(fieldsErr("status", i18n.ChooseTopupStatus))
	}
	page, err := s.opts.Store.AdminTopups(c.UserContext(), store.AdminTopupFilter{
		Status: status, UserID: adminQueryID(c, "user_id"), Paging: adminPageOf(c),
	})
	if err != nil {
		return err
	}
	out, err := s.adminTopupsJSON(c.UserContext(), page.Items)
	if err != nil {
		return err
	}
	return adminPaged(c, out, page.PageInfo)
}

// adminShowTopup answers one top-up with its receipt checks, its receipt,
// byte-identical copies of the receipt, and the customer's recent history.
func (s *Server) adminShowTopup(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	ctx := c.UserContext()
	tj, err := s.adminTopupJSONOf(ctx, id)
	if err != nil {
		return err
	}
	t, err := s.opts.Store.AdminTopupByID(ctx, id)
	if err != nil {
		return err
	}
	up, err := s.opts.Store.UploadByID(ctx, t.UploadID)
	if err != nil {
		return err
	}
	dups, err := s.opts.Store.ReceiptDuplicates(ctx, t.UploadID)
	if err != nil {
		return err
	}
	u, err := s.opts.Store.UserByID(ctx, t.UserID)
	if err != nil {
		return err
	}
	history, err := s.opts.Store.TopupsOfUser(ctx, t.UserID, 10)
	if err != nil {
		return err
	}
	orders, err := s.opts.Store.AdminOrders(ctx, store.AdminOrderFilter{UserID: t.UserID, Paging: store.Paging{Page: 1, PerPage: 10}})
	if err != nil {
		return err
	}
	dj := mapSlice(dups, func(d store.ReceiptDuplicate) contract.ReceiptDuplicate {
		return contract.ReceiptDuplicate{UploadID: d.UploadID, UserID: d.UserID, Username: d.Username,
			TopupID: d.TopupID, TopupStatus: d.TopupStatus, CreatedAt: d.CreatedAt}
	})
	hj := mapSlice(history, toTopupJSON)
	oj := mapSlice(orders.Items, toAdminOrderJSON)
	var stats struct {
		confirmed, rejected int
	}
	for _, h := range history {
		switch h.Status {
		case store.TopupConfirmed:
			stats.confirmed++
		case store.TopupRejected:
			stats.rejected++
		}
	}
	return adminOK(c, fiber.Map{
		"topup": tj,
		"receipt": fiber.Map{
			"upload_id": up.ID, "url": "/api/uploads/" + strconv.FormatInt(up.ID, 10), "content_type": up.ContentType,
			"size": up.Size, "width": up.Width, "height": up.Height, "deleted": up.DeletedAt != nil,
		},
		"duplicate_receipt": len(dups) > 0,
		"duplicates":        dj,
		"customer":          toUserJSON(u),
		"history": fiber.Map{"topups": hj, "orders": oj,
			"recent_confirmed": stats.confirmed, "recent_rejected": stats.rejected},
	})
}

type adminConfirmRequest struct {
	// OverriddenChecks names the failed checks the admin confirms despite.
	OverriddenChecks []string `json:"overridden_checks"`
}

// adminConfirmTopup answers POST /api/admin/topups/{id}/confirm with an
// optional {"overridden_checks": [...]}: the store recomputes the checks
// while confirming, so a failed check the body does not name is refused
// however old the admin's screen was.
func (s *Server) adminConfirmTopup(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminConfirmRequest
	if err := adminDecodeOptional(c, &req); err != nil {
		return err
	}
	for _, name := range req.OverriddenChecks {
		if !receiptcheck.Known(name) {
			return Invalid(fieldsErr("overridden_checks", i18n.UnknownChecks, "checks", strings.Join(receiptcheck.Names, ", ")))
		}
	}
	if _, err := s.opts.Store.AdminConfirmTopup(c.UserContext(), adminActor(c), id, req.OverriddenChecks); err != nil {
		return confirmError(err)
	}
	return s.adminTopupDecided(c, id, i18n.TopupConfirmed)
}

// confirmError names the failed checks a refused confirmation did not
// acknowledge, so the client can ask the admin about each.
func confirmError(err error) error {
	var nack *store.ChecksNotAcknowledgedError
	if !errors.As(err, &nack) {
		return err
	}
	return &Error{Status: http.StatusConflict,
		Text:  i18n.T(i18n.ChecksNotAcked, "checks", strings.Join(nack.Missing, ", ")),
		Extra: map[string]any{"failed_checks": nack.Failed, "missing_checks": nack.Missing}}
}

// adminTopupDecided answers a decided top-up with its checks.
func (s *Server) adminTopupDecided(c *fiber.Ctx, id int64, message i18n.Code) error {
	t, err := s.adminTopupJSONOf(c.UserContext(), id)
	if err != nil {
		return err
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, message), "data": t})
}

func (s *Server) adminRejectTopup(c *fiber.Ctx) error {
	id, reason, err := adminIDAndReason(c)
	if err != nil {
		return err
	}
	if _, err := s.opts.Store.AdminRejectTopup(c.UserContext(), adminActor(c), id, reason); err != nil {
		return err
	}
	return s.adminTopupDecided(c, id, i18n.TopupRejected)
}
