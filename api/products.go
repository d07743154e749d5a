package api

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// maxPage bounds ?page: deeper pages of a catalogue this size are a probe,
// and a huge OFFSET is work for nothing.
const maxPage = 10000

func toProductJSON(p store.Product) contract.Product {
	out := contract.Product{
		ID: p.ID, Name: p.Name, NameMy: p.NameMy, Description: p.Description, ImgURL: p.ImgURL,
		PreviewImg: []string(p.PreviewImg), Price: p.Price, DiscountPercent: p.DiscountPercent,
		IsSold: p.IsSold, IsPopular: p.IsPopular, IsPass: p.IsPass, ServiceID: p.ServiceID,
		Service: contract.ServiceRef{Name: p.ServiceName, NameMy: p.ServiceNameMy, Slug: p.ServiceSlug, Kind: p.Kind},
		Game: contract.GameRef{ID: p.GameID, Name: p.GameName, NameMy: p.GameNameMy, Slug: p.GameSlug,
			IDHelpURL: p.GameIDHelpURL},
		UsesServerID: p.UsesServerID,
		Data:         p.Data,
	}
	if out.PreviewImg == nil {
		out.PreviewImg = []string{}
	}
	if len(out.Data) == 0 {
		out.Data = json.RawMessage(`{}`)
	}
	out.FakePrice = p.FakePrice
	return out
}

// queryInt reads an optional whole-number query parameter in [lo, hi];
// absent or empty gives def. A bad value is recorded in fields.
func queryInt(c *fiber.Ctx, fields fieldErrors, name string, lo, hi, def int) int {
	raw := strings.TrimSpace(c.Query(name))
	if raw == "" {
		return def
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		fields.add(name, i18n.FieldRange, "min", lo, "max", hi)
		return def
	}
	return n
}

// pageQuery reads ?page and ?per_page.
func pageQuery(c *fiber.Ctx, fields fieldErrors) store.Paging {
	return store.Paging{
		Page:    queryInt(c, fields, "page", 1, maxPage, 1),
		PerPage: queryInt(c, fields, "per_page", 1, store.MaxPerPage, store.DefaultPerPage),
	}
}

// GET /api/products?page&per_page&service_id&game_slug
//
// One game's list (game_slug) is a price list: without per_page it comes
// as one page of up to store.MaxPerPage (50) products, so a phone shows a
// game's whole list with no pager (the largest seeded game has 15 packs;
// at 12 a page the best-selling weekly pass was on page 2).
func (s *Server) listProducts(c *fiber.Ctx) error {
	fields := fieldErrors{}
	f := store.ProductFilter{Paging: pageQuery(c, fields)}
	f.ServiceID = int64(queryInt(c, fields, "service_id", 1, 1<<31-1, 0))
	if slug := strings.TrimSpace(c.Query("game_slug")); slug != "" {
		if !validSlug(slug) {
			fields.add("game_slug", i18n.GameSlugInvalid)
		}
		f.GameSlug = slug
		if strings.TrimSpace(c.Query("per_page")) == "" {
			f.PerPage = store.MaxPerPage
		}
	}
	if len(fields) > 0 {
		return Invalid(fields)
	}
	page, err := s.opts.Store.Products(c.UserContext(), f)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return paged(c, mapSlice(page.Items, toProductJSON), page.PageInfo)
}

// GET /api/products/:id: an inactive product is not for sale, so it is 404
// like a missing one.
func (s *Server) showProduct(c *fiber.Ctx) error {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || id < 1 {
		return Fail(fiber.StatusNotFound, i18n.NotFound)
	}
	p, err := s.opts.Store.ProductByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	if !p.IsActive {
		return Fail(fiber.StatusNotFound, i18n.NotFound)
	}
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return ok(c, toProductJSON(p))
}
