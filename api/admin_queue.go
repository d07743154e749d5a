package api

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// The top-up and order queues of the back office.

type adminReasonRequest struct {
	Reason string `json:"reason"`
}

// adminIDAndReason reads a route's :id and the required reason of its body,
// for the actions an operator must explain (reject, ban, unban).
func adminIDAndReason(c *fiber.Ctx) (int64, string, error) {
	id, err := adminID(c)
	if err != nil {
		return 0, "", err
	}
	var req adminReasonRequest
	if err := decodeJSON(c, &req); err != nil {
		return 0, "", err
	}
	f := fieldErrors{}
	reason := adminReason(f, "reason", req.Reason)
	return id, reason, f.err()
}

// toAdminOrderJSON never carries what was delivered (codes, logins).
func toAdminOrderJSON(o store.AdminOrder) contract.AdminOrder {
	return contract.AdminOrder{
		ID: o.ID, UserID: o.UserID, User: contract.AdminCustomer{ID: o.UserID, Username: o.Username, PhoneNumber: o.Phone},
		ProductID: o.ProductID, ProductName: o.ProductName, ProductKind: o.ProductKind, ServiceName: o.ServiceName,
		GameName: o.GameName, Price: o.Price, ServiceCharge: o.ServiceCharge, TotalPrice: o.TotalPrice,
		GameUID: o.GameUID, ServerID: o.ServerID, Status: o.Status, FailReason: o.FailReason,
		ClaimedBy: o.ClaimedBy, ClaimedByName: o.ClaimedByName, ClaimedAt: o.ClaimedAt,
		CompletedAt: o.CompletedAt, CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt,
	}
}

var adminOrderStatuses = map[string]bool{"": true, store.OrderPending: true, store.OrderProcessing: true,
	store.OrderCompleted: true, store.OrderFailed: true, store.OrderRefunded: true}

func (s *Server) adminOrders(c *fiber.Ctx, queue bool) error {
	status := strings.TrimSpace(c.Query("status"))
	if status == "all" {
		status = ""
	}
	if !adminOrderStatuses[status] {
		return Invalid(fieldsErr("status", i18n.ChooseOrderStatus))
	}
	q := c.Query("q")
	if runes(q) > 100 {
		return Invalid(fieldsErr("q", i18n.SearchTooLong))
	}
	page, err := s.opts.Store.AdminOrders(c.UserContext(), store.AdminOrderFilter{
		Queue: queue, Status: status, UserID: adminQueryID(c, "user_id"), Q: q, Paging: adminPageOf(c),
	})
	if err != nil {
		return err
	}
	out := mapSlice(page.Items, toAdminOrderJSON)
	return adminPaged(c, out, page.PageInfo)
}

// adminListOrders answers GET /api/admin/orders?q&status&user_id&page,
// newest first; q is an order id, a phone (any form), username, e-mail,
// game id or part of a product name.
func (s *Server) adminListOrders(c *fiber.Ctx) error { return s.adminOrders(c, false) }

// adminOrderQueue answers GET /api/admin/orders/queue: coin orders waiting
// for delivery (pending or claimed), oldest first.
func (s *Server) adminOrderQueue(c *fiber.Ctx) error { return s.adminOrders(c, true) }

// adminShowOrder answers an order with its timeline: what the row says
// (created, claimed, completed or failed) and the audit entries about it.
func (s *Server) adminShowOrder(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	o, err := s.opts.Store.AdminOrderByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	entries, err := s.opts.Store.AuditOf(c.UserContext(), "order", strconv.FormatInt(id, 10))
	if err != nil {
		return err
	}
	tl := []contract.AdminTimelineStep{{At: o.CreatedAt, Kind: "created", ActorID: &o.UserID, Actor: o.Username}}
	audited := map[string]bool{}
	for _, e := range entries {
		kind := strings.TrimPrefix(e.Action, "order.")
		kind = strings.TrimSuffix(kind, ".override")
		audited[kind] = true
		tl = append(tl, contract.AdminTimelineStep{At: e.CreatedAt, Kind: e.Action, ActorID: e.ActorID, Actor: e.ActorName, Reason: e.Reason})
	}
	// Steps the row records that no entry covers (orders delivered at
	// purchase, or changed before the audit log existed).
	if o.ClaimedAt != nil && !audited["claim"] && o.ProductKind == store.KindCoin {
		actor := ""
		if o.ClaimedByName != nil {
			actor = *o.ClaimedByName
		}
		tl = append(tl, contract.AdminTimelineStep{At: *o.ClaimedAt, Kind: "claimed", ActorID: o.ClaimedBy, Actor: actor})
	}
	if o.CompletedAt != nil && !audited["complete"] {
		tl = append(tl, contract.AdminTimelineStep{At: *o.CompletedAt, Kind: "completed"})
	}
	if o.Status == store.OrderFailed && !audited["fail"] {
		tl = append(tl, contract.AdminTimelineStep{At: o.UpdatedAt, Kind: "failed", Reason: o.FailReason})
	}
	sort.SliceStable(tl, func(i, j int) bool { return tl[i].At.Before(tl[j].At) })
	return adminOK(c, fiber.Map{"order": toAdminOrderJSON(o), "timeline": tl})
}

func (s *Server) adminClaimOrder(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	o, err := s.opts.Store.ClaimOrder(c.UserContext(), adminActor(c), id)
	if err != nil {
		return err
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.OrderClaimed), "data": toAdminOrderJSON(o)})
}

type decideOrderRequest struct {
	Reason   string `json:"reason"`
	Override bool   `json:"override"`
}

// decodeOptional decodes a JSON body when there is one.
func adminDecodeOptional(c *fiber.Ctx, dst any) error {
	if len(strings.TrimSpace(string(c.Body()))) == 0 {
		return nil
	}
	return decodeJSON(c, dst)
}

func (s *Server) adminCompleteOrder(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req decideOrderRequest
	if err := adminDecodeOptional(c, &req); err != nil {
		return err
	}
	if _, err := s.opts.Store.AdminCompleteOrder(c.UserContext(), adminActor(c), id, req.Override); err != nil {
		return err
	}
	o, err := s.opts.Store.AdminOrderByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.OrderMarkedDone), "data": toAdminOrderJSON(o)})
}

func (s *Server) adminFailOrder(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req decideOrderRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	reason := adminReason(f, "reason", req.Reason)
	if err := f.err(); err != nil {
		return err
	}
	if _, err := s.opts.Store.AdminFailOrder(c.UserContext(), adminActor(c), id, reason, req.Override); err != nil {
		return err
	}
	o, err := s.opts.Store.AdminOrderByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.OrderFailedDone), "data": toAdminOrderJSON(o)})
}
