package api

import (
	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/store"
)

func (s *Server) listGames(c *fiber.Ctx) error {
	list, err := s.opts.Store.Games(c.UserContext())
	if err != nil {
		return err
	}
	out := mapSlice(list, toGameJSON)
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return ok(c, out)
}

func toGameJSON(g store.Game) contract.Game {
	return contract.Game{
		ID: g.ID, Name: g.Name, NameMy: g.NameMy, Slug: g.Slug, Description: g.Description,
		LogoURL: g.LogoURL, IsHot: g.IsHot, UsesServerID: g.UsesServerID, IDHelpURL: g.IDHelpURL, ServiceID: g.ServiceID,
		Service: contract.ServiceRef{Name: g.ServiceName, NameMy: g.ServiceNameMy, Slug: g.ServiceSlug, Kind: g.ServiceKind},
	}
}
