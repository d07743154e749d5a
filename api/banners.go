package api

import (
	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
)

// GET /api/banner: the active promotion, or data null when there is none.
func (s *Server) activeBanner(c *fiber.Ctx) error {
	b, found, err := s.opts.Store.ActiveBanner(c.UserContext())
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	if !found {
		return ok(c, nil)
	}
	out := contract.Banner{ID: b.ID, Title: b.Title, TitleMy: b.TitleMy, ImageURL: b.ImageURL, Link: b.Link,
		StartsAt: b.StartsAt, EndsAt: b.EndsAt}
	return ok(c, out)
}
