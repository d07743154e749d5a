package api

import (
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/internal/zawgyi"
	"topup/store"
)

// maxQueryRunes bounds ?q: no product name is longer.
const maxQueryRunes = 100

// GET /api/search?q&page&per_page: games (not paged, a few at most) and a
// page of products whose English or Burmese names match, best first. A
// blank q finds nothing rather than everything.
func (s *Server) search(c *fiber.Ctx) error {
	fields := fieldErrors{}
	pg := pageQuery(c, fields)
	raw := strings.TrimSpace(c.Query("q"))
	if !utf8.ValidString(raw) || utf8.RuneCountInString(raw) > maxQueryRunes {
		fields.add("q", i18n.SearchTextTooLong)
	}
	if len(fields) > 0 {
		return Invalid(fields)
	}
	// Burmese typed on a Zawgyi keyboard, or in another normalisation
	// form, is searched as the Unicode the catalogue is stored in; a word
	// too short to tell is searched both ways (docs/spec.md §9).
	var q string
	var res store.SearchResult
	for _, variant := range zawgyi.Variants(raw) {
		found, err := s.opts.Store.Search(c.UserContext(), variant, pg)
		if err != nil {
			return err
		}
		q, res = variant, found
		if len(found.Games) > 0 || found.Products.Total > 0 {
			break
		}
	}
	games := mapSlice(res.Games, toGameJSON)
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return ok(c, fiber.Map{
		"query":    q,
		"games":    games,
		"products": newPage(mapSlice(res.Products.Items, toProductJSON), res.Products.PageInfo),
	})
}
