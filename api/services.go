package api

import (
	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
)

// cacheCatalogue lets browsers and proxies reuse catalogue answers briefly;
// an admin's edit shows within a minute.
const cacheCatalogue = "public, max-age=60, stale-while-revalidate=300"

func (s *Server) listServices(c *fiber.Ctx) error {
	list, err := s.opts.Store.Services(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]contract.Service, len(list))
	for i, sv := range list {
		out[i] = contract.Service{ID: sv.ID, Name: sv.Name, NameMy: sv.NameMy, Slug: sv.Slug, Kind: sv.Kind}
	}
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return ok(c, out)
}
