package api

import (
	"errors"
	"net/http"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// The back office's side of account deletion: the waiting requests, and
// completing one (store.CompleteDeletion anonymises the account, keeps its
// orders and ledger, ends its sessions and closes its sockets).
//
//	GET  admin/account-deletions
//	POST admin/users/{id}/delete

// adminDeletionRequests answers GET /api/admin/account-deletions.
func (s *Server) adminDeletionRequests(c *fiber.Ctx) error {
	list, err := s.opts.Store.DeletionRequests(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]contract.DeletionRequest, 0, len(list))
	for _, d := range list {
		out = append(out, toDeletionJSON(d))
	}
	return ok(c, out)
}

// adminCompleteDeletion answers POST /api/admin/users/{id}/delete.
func (s *Server) adminCompleteDeletion(c *fiber.Ctx) error {
	id, err := pathID(c, "id", i18n.UserNotFound)
	if err != nil {
		return err
	}
	err = s.opts.Store.CompleteDeletion(c.UserContext(), adminActor(c), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return Fail(http.StatusNotFound, i18n.UserNotFound)
	case errors.Is(err, store.ErrDeletionNotRequested):
		return deletionNotRequested()
	case errors.Is(err, store.ErrDeletionHasOpenBusiness):
		return Fail(http.StatusConflict, i18n.DeletionHasOpenBusiness)
	case errors.Is(err, store.ErrBalanceNotZero):
		u, uerr := s.opts.Store.UserByID(c.UserContext(), id)
		if uerr != nil {
			return uerr
		}
		return balanceNotZero(http.StatusConflict, u.WalletAmount)
	case err != nil:
		return err
	}
	return okMessage(c, i18n.AccountDeleted)
}
