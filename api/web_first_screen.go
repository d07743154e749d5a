package api

import (
	"bytes"
	"context"
	"html"
	"time"

	"github.com/gofiber/fiber/v2"
)

// firstScreen is index.html's first-screen template (web/index.html): the
// markup of /home's banner, which is that page's largest paint, drawn where
// the app will draw it. For a signed-in visitor landing on /home, index.html
// is sent with a copy of it filled in with the active banner, so the banner
// paints as soon as the HTML, the CSS and the image are in, not after the
// app's code has downloaded and run: on the 3G connections many customers
// have, 1.6 s instead of 3.1 s (docs/benchmarks.md). The app removes
// it once its own banner has loaded (web/src/lib/first-screen.ts).
type firstScreen struct {
	at            int    // where in index.html the copy goes: after the template
	before, after []byte // the template's content around the image's src=""
}

var (
	firstScreenOpen  = []byte(`<template id="first-screen-template">`)
	firstScreenClose = []byte(`</template>`)
	emptySrc         = []byte(`src=""`)
)

// newFirstScreen finds the template in index; ok is false when the build
// has none (then index.html is always sent as built).
func newFirstScreen(index []byte) (fs firstScreen, ok bool) {
	start := bytes.Index(index, firstScreenOpen)
	if start < 0 {
		return firstScreen{}, false
	}
	content := index[start+len(firstScreenOpen):]
	end := bytes.Index(content, firstScreenClose)
	if end < 0 {
		return firstScreen{}, false
	}
	content = content[:end]
	before, after, found := bytes.Cut(content, emptySrc)
	if !found || bytes.Contains(after, emptySrc) {
		return firstScreen{}, false
	}
	return firstScreen{at: start + len(firstScreenOpen) + end + len(firstScreenClose), before: before, after: after}, true
}

// render is index with the template's copy showing image.
func (fs firstScreen) render(index []byte, image string) []byte {
	src := `src="` + html.EscapeString(image) + `"`
	out := make([]byte, 0, len(index)+len(fs.before)+len(src)+len(fs.after))
	out = append(out, index[:fs.at]...)
	out = append(out, fs.before...)
	out = append(out, src...)
	out = append(out, fs.after...)
	return append(out, index[fs.at:]...)
}

// firstScreenWait bounds a first screen's query (/home's banner, a game's
// products). Decision: 300 ms, then the page goes out as built. The copy is only a head start (the app draws
// the same banner or cards itself), while a page held by a slow database
// is a blank tab: the service worker falls back to its shell only when a
// fetch fails, not when it is slow. The query takes a few milliseconds
// when the database is well; 300 ms is far above that and still little
// beside a phone's network.
const firstScreenWait = 300 * time.Millisecond

// firstScreenIndex is index.html as sent with the first screen of one
// banner image, compressed: kept for the next visitor, as the banner
// changes rarely.
type firstScreenIndex struct {
	image string
	file  staticFile
}

// personalIndex is index.html for this request: with the first screen for
// a signed-in visitor on / or /home while a banner is active, or on a
// game's page (web_first_screen_game.go), else as built. Guests are sent
// to /login, so they get none, unless guest browsing shows them /home and
// the games too. It is only a head start: on error the page is sent as
// built.
func (s *Server) personalIndex(c *fiber.Ctx, index staticFile) staticFile {
	if c.Cookies("token") == "" && !s.opts.Public.GuestBrowsing {
		return index
	}
	p := c.Path()
	if slug, ok := gamePageSlug(p); ok && s.gameScreens != nil {
		return s.gameIndex(c, index, slug)
	}
	if !s.hasFirstScreen || (p != "/" && p != "/home") {
		return index
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), firstScreenWait)
	defer cancel()
	b, ok, err := s.opts.Store.ActiveBanner(ctx)
	if err != nil {
		s.log.Warn().Err(err).Str("request_id", requestID(c)).Msg("index.html: sent without its first screen")
		return index
	}
	if !ok || b.ImageURL == "" {
		return index
	}
	if last := s.firstScreenIndex.Load(); last != nil && last.image == b.ImageURL {
		return last.file
	}
	file, err := newStaticFile(s.firstScreen.render(index.body, b.ImageURL), index.contentType)
	if err != nil {
		s.log.Warn().Err(err).Str("request_id", requestID(c)).Msg("index.html: sent without its first screen")
		return index
	}
	s.firstScreenIndex.Store(&firstScreenIndex{image: b.ImageURL, file: file})
	return file
}
