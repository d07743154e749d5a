package api_test

import (
	"encoding/xml"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rs/zerolog"

	"topup/api"
)

// Crawlers get real robots.txt and sitemap.xml files, not the app's HTML
// (which they read as an invalid robots file: Lighthouse SEO 91).
func TestRobotsAndSitemap(t *testing.T) {
	public, _ := url.Parse("https://shwe.example/")
	srv := api.New(api.Options{Log: zerolog.Nop(), PublicURL: public})
	site := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>app</title>")}}
	if err := srv.MountWeb(site, nil); err != nil {
		t.Fatal(err)
	}

	robots := do(t, srv.App(), http.MethodGet, "/robots.txt")
	if robots.status != 200 || !strings.HasPrefix(robots.header.Get("Content-Type"), "text/plain") {
		t.Fatalf("robots.txt: %d %q", robots.status, robots.header.Get("Content-Type"))
	}
	for _, line := range []string{
		"User-agent: *",
		"Disallow: /api/",
		"Disallow: /dashboard",
		"Disallow: /order",
		"Disallow: /wallet",
		"Disallow: /apps/",
		"Disallow: /broadcasting/",
		"Sitemap: https://shwe.example/sitemap.xml",
	} {
		if !strings.Contains(robots.body, line+"\n") {
			t.Errorf("robots.txt lacks %q:\n%s", line, robots.body)
		}
	}
	// The store's pages stay crawlable (a guest is sent on to /login, or reads
	// the catalogue): Lighthouse's is-crawlable fails a page a Disallow covers.
	disallowed := disallowedPrefixes(robots.body)
	for _, page := range []string{"/home", "/detail/top-up/mobile-legends", "/top-up", "/login"} {
		for _, prefix := range disallowed {
			if strings.HasPrefix(page, prefix) {
				t.Errorf("robots.txt blocks the store page %s (Disallow: %s)", page, prefix)
			}
		}
	}

	sitemap := do(t, srv.App(), http.MethodGet, "/sitemap.xml")
	if sitemap.status != 200 || !strings.HasPrefix(sitemap.header.Get("Content-Type"), "application/xml") {
		t.Fatalf("sitemap.xml: %d %q", sitemap.status, sitemap.header.Get("Content-Type"))
	}
	var set struct {
		XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(sitemap.body), &set); err != nil {
		t.Fatalf("sitemap.xml is not a sitemap: %v\n%s", err, sitemap.body)
	}
	var locs []string
	for _, u := range set.URLs {
		locs = append(locs, u.Loc)
	}
	want := []string{
		"https://shwe.example/login", "https://shwe.example/register",
		"https://shwe.example/privacy-policy", "https://shwe.example/terms-of-service", "https://shwe.example/security-policy",
	}
	if strings.Join(locs, " ") != strings.Join(want, " ") {
		t.Errorf("sitemap lists %v, want %v", locs, want)
	}
	// Nothing the sitemap lists may be one of robots.txt's private paths.
	for _, loc := range locs {
		u, err := url.Parse(loc)
		if err != nil {
			t.Fatal(err)
		}
		for _, prefix := range disallowed {
			if strings.HasPrefix(u.Path, prefix) {
				t.Errorf("sitemap lists %s, which robots.txt disallows (%s)", loc, prefix)
			}
		}
	}
}

// disallowedPrefixes reads the Disallow lines of a robots.txt.
func disallowedPrefixes(robots string) []string {
	var prefixes []string
	for _, line := range strings.Split(robots, "\n") {
		if prefix, ok := strings.CutPrefix(line, "Disallow: "); ok && prefix != "" {
			prefixes = append(prefixes, prefix)
		}
	}
	return prefixes
}
