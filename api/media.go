package api

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"topup/internal/images"
)

// serveMedia serves an admin-uploaded public image. Names are random and
// never reused, so the file is cached for a year.
func (s *Server) serveMedia(c *fiber.Ctx) error {
	if s.opts.Media == nil {
		return fiber.ErrNotFound
	}
	// The name is the version: a browser or CDN that has it never needs the
	// bytes again, so a revalidation costs no read (with BLOB_STORE=postgres,
	// no database round trip).
	etag := `"` + c.Params("name") + `"`
	if c.Get(fiber.HeaderIfNoneMatch) == etag {
		return c.SendStatus(fiber.StatusNotModified)
	}
	body, ctype, err := s.opts.Media.Read(c.UserContext(), c.Params("name"))
	if errors.Is(err, images.ErrNotFound) {
		return fiber.ErrNotFound
	}
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, ctype)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderCacheControl, cacheImmutable)
	c.Set(fiber.HeaderETag, etag)
	c.Set(fiber.HeaderContentSecurityPolicy, "default-src 'none'; img-src 'self'; sandbox")
	return c.Send(body)
}
