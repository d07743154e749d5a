package api

import (
	"encoding/xml"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// publicPages are the app's pages a signed-out visitor (and so a crawler)
// can read and that ask to be indexed (search results say noindex);
// everything else redirects to /login and is not worth indexing.
var publicPages = []string{"/login", "/register", "/privacy-policy", "/terms-of-service", "/security-policy"}

// privatePrefixes are kept out of search engines: the API (receipts are
// under it), the Pusher HTTP API and socket, admins' uploaded images, the
// back office, and the pages about one customer's own money and orders.
//
// The store's pages (/home, a game's /detail/ page with its packs, /top-up
// with the payment accounts) are not listed: a crawler there either reads the
// catalogue (GUEST_BROWSING) or is sent on to /login, so crawling them exposes
// nothing, and a Disallow only stops the crawl, not the indexing of a linked
// address. Listing them made Lighthouse's SEO audit (is-crawlable) fail on
// each of them.
var privatePrefixes = []string{"/api/", "/apps/", "/app/", "/broadcasting/", "/media/uploads/", "/dashboard", "/order", "/wallet", "/banned"}

// mountSEO serves robots.txt and sitemap.xml, built once from PublicURL so
// the sitemap's absolute addresses name this deployment. Without them the
// app's HTML answered both paths, which crawlers read as broken files.
func (s *Server) mountSEO() error {
	base := s.opts.PublicURL
	if base == nil {
		base = &url.URL{Scheme: "http", Host: "localhost:8080"}
	}
	abs := func(p string) string { return strings.TrimSuffix(base.String(), "/") + p }

	var robots strings.Builder
	robots.WriteString("User-agent: *\nAllow: /\n")
	for _, p := range privatePrefixes {
		robots.WriteString("Disallow: " + p + "\n")
	}
	robots.WriteString("Sitemap: " + abs("/sitemap.xml") + "\n")

	type loc struct {
		Loc string `xml:"loc"`
	}
	set := struct {
		XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []loc    `xml:"url"`
	}{}
	for _, p := range publicPages {
		set.URLs = append(set.URLs, loc{abs(p)})
	}
	sitemap, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		return err
	}

	robotsFile, err := newStaticFile([]byte(robots.String()), "text/plain; charset=utf-8")
	if err != nil {
		return err
	}
	sitemapFile, err := newStaticFile(append([]byte(xml.Header), sitemap...), "application/xml; charset=utf-8")
	if err != nil {
		return err
	}
	files := staticFiles{"robots.txt": robotsFile, "sitemap.xml": sitemapFile}
	s.app.Get("/robots.txt", func(c *fiber.Ctx) error { return files.send(c, files["robots.txt"], c24h) })
	s.app.Get("/sitemap.xml", func(c *fiber.Ctx) error { return files.send(c, files["sitemap.xml"], c24h) })
	return nil
}
