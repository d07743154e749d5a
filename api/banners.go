package api

import (
	"time"

	"github.com/gofiber/fiber/v2"
)

type bannerJSON struct {
	ID       int64      `json:"id"`
	Title    string     `json:"title"`
	TitleMy  string     `json:"title_my"`
	ImageURL string     `json:"image_url"`
	Link     string     `json:"link"`
	StartsAt *time.Time `json:"starts_at"`
	EndsAt   *time.Time `json:"ends_at"`
}

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
	out := bannerJSON{ID: b.ID, Title: b.Title, TitleMy: b.TitleMy, ImageURL: b.ImageURL, Link: b.Link,
		StartsAt: b.StartsAt, EndsAt: b.EndsAt}
	return ok(c, out)
}
