package api

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"html/template"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/gofiber/fiber/v2"
	"golang.org/x/sync/singleflight"

	"topup/store"
)

// A game's page (/detail/:service/:slug) paints its first products from
// the HTML, before the app's code has loaded: its largest paint is the
// first product's image, which otherwise waits for the entry, the page's
// chunk and /api/products (docs/benchmarks.md, "Web: Lighthouse").
//
// index.html holds the page's markup once per language as an html/template
// (<template data-first-screen="detail" data-fill="server" lang="…">, its
// fixed words filled by the build from the locale files). For a visitor
// who may see the page (signed in, or a guest while guest browsing is on)
// the server executes each with the game's first products and puts the
// result in its place without data-fill; index.html's script inserts the
// copy in the page's language and the app removes it once it has drawn the
// cards (web/src/lib/first-screen.ts). A template left unfilled is never
// shown. html/template escapes what admins typed (names, image addresses).

// gameScreenProducts is how many products the copy shows: three rows of
// two on a phone, what a 375–412 px screen shows of the list (the app's
// FIRST_SCREEN_CARDS, product-card.tsx, load eagerly for the same reason).
const gameScreenProducts = 6

// gameScreenRetry is how long a failed render (the store erring, or slower
// than firstScreenWait) is remembered, whatever the catalogue's generation:
// the game's page goes out as built without asking the database again, so
// that a database in trouble is not asked once more per navigation.
const gameScreenRetry = 5 * time.Second

// gameScreensKept bounds the pages kept (one per game slug asked for,
// unknown ones included, so that made-up slugs cannot grow it).
const gameScreensKept = 256

var gameScreenOpen = regexp.MustCompile(`<template data-first-screen="detail" data-fill="server" lang="([a-z]+)">`)

// gameScreenCopy is one language's template and where it sits in index.html.
type gameScreenCopy struct {
	lang       string
	start, end int // the whole <template …>…</template> element
	tmpl       *template.Template
}

type gameScreens struct {
	copies []gameScreenCopy // in the order they appear
	head   int              // where </head> starts: the image preload goes there

	mu   sync.Mutex
	kept map[string]gameScreenPage
	// renders runs one render per game and generation at a time: every
	// purchase that can sell out forgets all games' pages, and the requests
	// that then find a game's page stale share one query and compression
	// rather than each taking a connection the purchases need.
	renders singleflight.Group
}

// gameScreenPage is index.html as sent for one game, compressed. Decision:
// kept until the catalogue is forgotten (an admin's change, a purchase that
// can sell out: catalogue_cache.go's generation) or catalogueCacheTTL has
// passed, like the catalogue's answers, so a game's page costs a query and
// a compression at most once per game per TTL. ok false: the index as built.
// failed: the render failed, kept until gameScreenRetry whatever the generation.
type gameScreenPage struct {
	gen    uint64
	until  time.Time
	file   staticFile
	ok     bool
	failed bool
}

// current says whether the page may be sent at generation gen.
func (p gameScreenPage) current(gen uint64, now time.Time) bool {
	return now.Before(p.until) && (p.gen == gen || p.failed)
}

// newGameScreens parses the game page's templates in index; nil when the
// build has none. A template that does not parse is a build error.
func newGameScreens(index []byte) (*gameScreens, error) {
	head := bytes.Index(index, []byte("</head>"))
	if head < 0 {
		return nil, nil
	}
	gs := &gameScreens{head: head, kept: map[string]gameScreenPage{}}
	for _, m := range gameScreenOpen.FindAllSubmatchIndex(index, -1) {
		end := bytes.Index(index[m[1]:], firstScreenClose)
		if end < 0 {
			return nil, fmt.Errorf("index.html: the game page's template for %q is not closed", index[m[2]:m[3]])
		}
		lang := string(index[m[2]:m[3]])
		tmpl, err := template.New(lang).Parse(string(index[m[1] : m[1]+end]))
		if err != nil {
			return nil, fmt.Errorf("index.html: the game page's template for %q: %w", lang, err)
		}
		gs.copies = append(gs.copies, gameScreenCopy{lang: lang, start: m[0], end: m[1] + end + len(firstScreenClose), tmpl: tmpl})
	}
	if len(gs.copies) == 0 || gs.copies[0].start < head {
		return nil, nil
	}
	return gs, nil
}

// gamePageSlug is the game's slug of a /detail/:service/:slug path.
func gamePageSlug(path string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSuffix(path, "/"), "/detail/")
	if !ok {
		return "", false
	}
	service, slug, ok := strings.Cut(rest, "/")
	if !ok || service == "" || strings.Contains(slug, "/") || !validSlug(slug) {
		return "", false
	}
	return slug, true
}

// gameIndex is index.html for a game's page: with its first screen, or as
// built when the game is unknown, lists accounts (their cards are not in
// the template), the store fails or is slow, this node may have missed a
// forget, or the visitor asked for a later page of the list.
func (s *Server) gameIndex(c *fiber.Ctx, index staticFile, slug string) staticFile {
	gs := s.gameScreens
	if !s.catalogue.bus.Up() || laterListPage(c) {
		return index
	}
	gen := s.catalogue.generation()
	gs.mu.Lock()
	page, found := gs.kept[slug]
	gs.mu.Unlock()
	if !found || !page.current(gen, time.Now()) {
		v, _, _ := gs.renders.Do(slug+" "+strconv.FormatUint(gen, 10), func() (any, error) {
			return s.keepGamePage(c, index, slug, gen), nil
		})
		page = v.(gameScreenPage)
	}
	if !page.ok {
		return index
	}
	return page.file
}

// laterListPage is index.html's script's rule for a game's page whose copy
// it does not show: ?page= other than 1. The server sends none there, nor
// the first image's preload, which would compete with that page's own
// largest paint. (The other such rule, a service chosen on /home that is
// not the copy's, is the visitor's localStorage: docs/benchmarks.md,
// Session 32.)
func laterListPage(c *fiber.Ctx) bool {
	for _, page := range c.Context().QueryArgs().PeekMulti("page") {
		if string(page) != "1" {
			return true
		}
	}
	return false
}

// keepGamePage renders the game's page at generation gen and keeps it, or
// keeps its failure. The queries are not the request's: a visitor who
// leaves does not fail the render the others wait for.
func (s *Server) keepGamePage(c *fiber.Ctx, index staticFile, slug string, gen uint64) gameScreenPage {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.UserContext()), firstScreenWait)
	defer cancel()
	page, err := s.gamePage(ctx, index, slug)
	now := time.Now()
	if err != nil {
		s.log.Warn().Err(err).Str("request_id", requestID(c)).Msg("index.html: a game's page sent without its first screen")
		page = gameScreenPage{failed: true, until: now.Add(gameScreenRetry)}
	} else {
		page.gen, page.until = gen, now.Add(catalogueCacheTTL)
	}
	s.gameScreens.keep(slug, page, now)
	return page
}

// gamePage renders and compresses index.html for the game's first products.
func (s *Server) gamePage(ctx context.Context, index staticFile, slug string) (gameScreenPage, error) {
	products, err := s.opts.Store.FirstProducts(ctx, slug, gameScreenProducts)
	if err != nil {
		return gameScreenPage{}, err
	}
	body, ok, err := s.gameScreens.render(index.body, products)
	if err != nil || !ok {
		return gameScreenPage{}, err
	}
	file, err := newStaticFile(body, index.contentType)
	return gameScreenPage{file: file, ok: err == nil}, err
}

// keep stores page, making room as the catalogue cache does.
func (gs *gameScreens) keep(slug string, page gameScreenPage, now time.Time) {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	makeRoomIn(gs.kept, gameScreensKept, func(p gameScreenPage) bool { return !now.Before(p.until) })
	gs.kept[slug] = page
}

// render is index with each language's copy filled with products; ok is
// false when there is nothing the template can show.
func (gs *gameScreens) render(index []byte, products []store.Product) (out []byte, ok bool, err error) {
	if len(products) == 0 {
		return nil, false, nil
	}
	service := strconv.FormatInt(products[0].ServiceID, 10)
	for _, p := range products {
		if p.Kind == "account" {
			return nil, false, nil
		}
		if p.ServiceID != products[0].ServiceID {
			service = ""
		}
	}
	var b bytes.Buffer
	b.Grow(len(index) + 4096*len(gs.copies))
	b.Write(index[:gs.head])
	// The largest paint's image, asked for while the styles load (the copy
	// is inserted by a script, which waits for them). Only an address of
	// this site or an https one: html/template's rule for the copy's src.
	if img := products[0].ImgURL; (strings.HasPrefix(img, "/") && !strings.HasPrefix(img, "//")) || strings.HasPrefix(img, "https://") {
		b.WriteString(`<link rel="preload" as="image" href="` + html.EscapeString(img) + `" fetchpriority="high">`)
	}
	at := gs.head
	for _, cp := range gs.copies {
		b.Write(index[at:cp.start])
		b.WriteString(`<template data-first-screen="detail" lang="` + cp.lang + `"`)
		if service != "" {
			b.WriteString(` data-service="` + service + `"`)
		}
		b.WriteString(`>`)
		if err := cp.tmpl.Execute(&b, gameScreenData(cp.lang, products)); err != nil {
			return nil, false, err
		}
		b.Write(firstScreenClose)
		at = cp.end
	}
	b.Write(index[at:])
	return b.Bytes(), true, nil
}

// gameScreenValues are what a copy shows, as the app shows them (product-list-page.tsx,
// product-card.tsx, price-tag.tsx): names in the page's language, prices
// with the service charge in Latin digits (formatAmount: whatever the
// Myanmar-digits setting, as on the app's cards).
type gameScreenValues struct {
	Game, Service string
	Charge        string
	Products      []gameScreenProduct
}

type gameScreenProduct struct {
	Name, Image string
	Priority    string // the first image's fetchpriority: high
	Total, Was  string // "12,050"; Was "" when there is no struck price
	Discount    int    // the badge's percent, 0: none
	Hot         bool
	Popular     bool
	Sold        bool
	Code        bool // "Buy Code" rather than "Purchase"
}

func gameScreenData(lang string, products []store.Product) gameScreenValues {
	first := products[0]
	v := gameScreenValues{
		Game:    localName(lang, first.GameName, first.GameNameMy),
		Service: localName(lang, first.ServiceName, first.ServiceNameMy),
		Charge:  groupThousands(store.ServiceCharge),
	}
	for i, p := range products {
		gp := gameScreenProduct{
			Name: localName(lang, p.Name, p.NameMy), Image: p.ImgURL, Priority: "auto",
			Total: groupThousands(p.Price + store.ServiceCharge), Popular: p.IsPopular, Sold: p.IsSold, Code: p.Kind == "code",
		}
		if i == 0 {
			gp.Priority = "high"
		}
		if p.FakePrice != nil && *p.FakePrice > p.Price {
			gp.Was = groupThousands(*p.FakePrice + store.ServiceCharge)
		}
		if p.DiscountPercent > 0 {
			gp.Discount, gp.Hot = p.DiscountPercent, p.DiscountPercent > 20
		}
		v.Products = append(v.Products, gp)
	}
	return v
}

// localName is lib/localize.ts's: the Burmese name on a Burmese page when
// it is not blank (JavaScript's trim: Unicode spaces and the BOM, not NEL).
func localName(lang, name, nameMy string) string {
	blank := strings.TrimFunc(nameMy, func(r rune) bool { return r == '\uFEFF' || (r != '\u0085' && unicode.IsSpace(r)) }) == ""
	if lang == "my" && !blank {
		return nameMy
	}
	return name
}

// groupThousands is lib/format.ts's formatAmount for whole kyat: 12050 → "12,050".
func groupThousands(n int64) string {
	digits := strconv.FormatInt(n, 10)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	}
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return sign + b.String()
}
