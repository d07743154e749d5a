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
// under it), the Pusher HTTP API and socket, admins' uploaded images, and
// pages that only make sense signed in.
var privatePrefixes = []string{"/api/", "/apps/", "/app/", "/media/uploads/", "/dashboard", "/top-up", "/order", "/wallet", "/detail/", "/banned", "/home"}

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
