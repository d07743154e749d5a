package api

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// Users in the back office: search, profile, ban, wallet adjustments.

// adminListUsers answers GET /api/admin/users?q&banned&admins&page; q is
// a phone number in any form, a username (or part), an e-mail or an id.
func (s *Server) adminListUsers(c *fiber.Ctx) error {
	q := c.Query("q")
	if runes(q) > 100 {
		return Invalid(fieldsErr("q", i18n.SearchTooLong))
	}
	page, err := s.opts.Store.SearchUsers(c.UserContext(), store.UserFilter{
		Q: q, Banned: adminQueryBool(c, "banned"), Admins: c.QueryBool("admins"), Paging: adminPageOf(c),
	})
	if err != nil {
		return err
	}
	out := mapSlice(page.Items, toUserJSON)
	return adminPaged(c, out, page.PageInfo)
}

func toAdminLedgerJSON(list []store.LedgerEntry) []contract.AdminLedgerEntry {
	out := make([]contract.AdminLedgerEntry, len(list))
	for i, e := range list {
		out[i] = contract.AdminLedgerEntry{ID: e.ID, Amount: e.Amount, BalanceAfter: e.BalanceAfter, Kind: e.Kind, Reference: e.Reference,
			ActorID: e.ActorID, Reason: e.Reason, CreatedAt: e.CreatedAt}
	}
	return out
}

// adminShowUser answers a user's profile with their latest orders,
// top-ups and ledger entries.
func (s *Server) adminShowUser(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	ctx := c.UserContext()
	u, err := s.opts.Store.UserByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return Fail(http.StatusNotFound, i18n.UserNotFound)
	}
	if err != nil {
		return err
	}
	ban, err := s.opts.Store.BanInfoOf(ctx, id)
	if err != nil {
		return err
	}
	orders, err := s.opts.Store.AdminOrders(ctx, store.AdminOrderFilter{UserID: id, Paging: store.Paging{Page: 1, PerPage: 20}})
	if err != nil {
		return err
	}
	topups, err := s.opts.Store.TopupsOfUser(ctx, id, 20)
	if err != nil {
		return err
	}
	ledger, err := s.opts.Store.LedgerEntries(ctx, id, 0, 50)
	if err != nil {
		return err
	}
	oj := mapSlice(orders.Items, toAdminOrderJSON)
	tj := mapSlice(topups, toTopupJSON)
	return adminOK(c, fiber.Map{
		"user": toUserJSON(u),
		"ban": fiber.Map{"banned_at": ban.BannedAt, "banned_by": ban.BannedBy,
			"banned_by_name": ban.BannedByName},
		"orders": oj, "orders_total": orders.Total,
		"topups": tj, "ledger": toAdminLedgerJSON(ledger),
	})
}

// adminUserLedger pages through a user's ledger: ?before (an entry id)
// and ?limit (1–200).
func (s *Server) adminUserLedger(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	limit, _ := strconv.Atoi(c.Query("limit"))
	if limit < 1 || limit > 200 {
		limit = 50
	}
	list, err := s.opts.Store.LedgerEntries(c.UserContext(), id, adminQueryID(c, "before"), limit)
	if err != nil {
		return err
	}
	return adminOK(c, toAdminLedgerJSON(list))
}

func (s *Server) adminBan(c *fiber.Ctx) error {
	id, reason, err := adminIDAndReason(c)
	if err != nil {
		return err
	}
	u, revoked, err := s.opts.Store.BanUser(c.UserContext(), adminActor(c), id, reason)
	if errors.Is(err, store.ErrNotFound) {
		return Fail(http.StatusNotFound, i18n.UserNotFound)
	}
	if errors.Is(err, store.ErrInvalidState) {
		return Fail(http.StatusConflict, i18n.AlreadyBanned)
	}
	if err != nil {
		return err
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.UserBanned), "data": toUserJSON(u), "sessions_revoked": revoked})
}

func (s *Server) adminUnban(c *fiber.Ctx) error {
	id, reason, err := adminIDAndReason(c)
	if err != nil {
		return err
	}
	u, err := s.opts.Store.UnbanUser(c.UserContext(), adminActor(c), id, reason)
	if errors.Is(err, store.ErrNotFound) {
		return Fail(http.StatusNotFound, i18n.UserNotFound)
	}
	if errors.Is(err, store.ErrInvalidState) {
		return Fail(http.StatusConflict, i18n.NotBanned)
	}
	if err != nil {
		return err
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.UserUnbanned), "data": toUserJSON(u)})
}

type adminWalletRequest struct {
	Amount *int64 `json:"amount"`
	Reason string `json:"reason"`
}

// maxAdminAdjustment bounds one manual adjustment (100 million Ks) so a typo of
// extra zeros is refused rather than credited.
const maxAdminAdjustment = 100_000_000

// adminAdjustWallet moves money into (amount > 0) or out of a wallet as a
// ledger entry with a reason. An Idempotency-Key header makes a retry safe:
// the retry answers the first entry again (200, Idempotent-Replayed).
func (s *Server) adminAdjustWallet(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminWalletRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	switch {
	case req.Amount == nil || *req.Amount == 0:
		f.add("amount", i18n.AdjustAmountZero)
	case *req.Amount > maxAdminAdjustment || *req.Amount < -maxAdminAdjustment:
		f.add("amount", i18n.AdjustAmountRange, "max", i18n.Kyat(maxAdminAdjustment))
	}
	reason := adminReason(f, "reason", req.Reason)
	key := idempotencyKey(c, f)
	if err := f.err(); err != nil {
		return err
	}
	// The key is the admin's own, for this user: two admins (or one admin
	// for two users) using the same key never collide.
	ref := ""
	if key != "" {
		ref = fmt.Sprintf("admin-key:%d:%d:%s", currentUser(c).ID, id, key)
	}
	e, replayed, err := s.opts.Store.AdminAdjustWallet(c.UserContext(), adminActor(c), id, *req.Amount, reason, ref)
	switch {
	case errors.Is(err, store.ErrIdempotencyMismatch):
		return &Error{Status: http.StatusConflict, Code: i18n.IdempotencyKeyReused,
			Text: i18n.T(i18n.AdjustKeyReused)}
	case errors.Is(err, store.ErrInsufficientFunds):
		return Invalid(fieldsErr("amount", i18n.AdjustBelowZero))
	case errors.Is(err, store.ErrNotFound):
		return Fail(http.StatusNotFound, i18n.UserNotFound)
	case err != nil:
		return err
	}
	if replayed {
		c.Set(headerReplayed, "true")
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.WalletAdjusted), "data": toAdminLedgerJSON([]store.LedgerEntry{e})[0]})
}
