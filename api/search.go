package api

import (
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"golang.org/x/text/unicode/norm"

	"topup/internal/i18n"
)

// maxQueryRunes bounds ?q: no product name is longer.
const maxQueryRunes = 100

// GET /api/search?q&page&per_page: games (not paged, a few at most) and a
// page of products whose English or Burmese names match, best first. A
// blank q finds nothing rather than everything.
func (s *Server) search(c *fiber.Ctx) error {
	fields := fieldErrors{}
	pg := pageQuery(c, fields)
	// NFC: Burmese typed on different keyboards can reach us in another
	// normalisation form than the catalogue is stored in.
	q := norm.NFC.String(strings.TrimSpace(c.Query("q")))
	if !utf8.ValidString(q) || utf8.RuneCountInString(q) > maxQueryRunes {
		fields.add("q", i18n.SearchTextTooLong)
	}
	if len(fields) > 0 {
		return Invalid(fields)
	}
	res, err := s.opts.Store.Search(c.UserContext(), q, pg)
	if err != nil {
		return err
	}
	games := mapSlice(res.Games, toGameJSON)
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return ok(c, fiber.Map{
		"query":    q,
		"games":    games,
		"products": newPage(mapSlice(res.Products.Items, toProductJSON), res.Products.PageInfo),
	})
}
