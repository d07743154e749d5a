package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/clusterbus"
)

// The catalogue (services, games, products, the banner, payment methods)
// is what every visitor reads and what changes only when an admin edits
// it, so each node keeps its answers in memory: the bytes, their ETag and
// content type, by route and the query parameters the handler reads.
// Every admin change to it (any admin request that is not a read and
// succeeds, except on routes marked keepsCatalogue) and every purchase that can sell a product out forgets them on every
// node through the bus before it is answered; anything else (the seed, SQL by hand, a banner's start or end
// time passing) shows within catalogueCacheTTL. Only 200s are kept. An
// answer carries a strong ETag, and If-None-Match with it answers 304
// without a body.

const (
	catalogueCacheTTL = 10 * time.Second
	// catalogueCacheSize bounds the answers kept: the known parameters
	// still take many values (a product id, a page), so a full cache
	// makes room (makeRoom) rather than grow.
	catalogueCacheSize = 2048

	busCatalogue = "catalogue"
)

type cachedAnswer struct {
	body        []byte
	etag        string
	contentType string
	cacheCtl    string
	until       time.Time
}

type catalogueCache struct {
	bus *clusterbus.Bus
	mu  sync.RWMutex
	m   map[string]*cachedAnswer
	gen uint64 // moves on every forget, under mu
}

func newCatalogueCache(bus *clusterbus.Bus) *catalogueCache {
	c := &catalogueCache{bus: bus, m: map[string]*cachedAnswer{}}
	bus.Handle(busCatalogue, clusterbus.Handler{Apply: func(string) { c.clear() }, Reset: c.clear})
	return c
}

func (c *catalogueCache) clear() {
	c.mu.Lock()
	c.m = map[string]*cachedAnswer{}
	c.gen++
	c.mu.Unlock()
}

// generation moves on every forget: what was read from the catalogue under
// an older one may be stale.
func (c *catalogueCache) generation() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.gen
}

// cached answers a catalogue GET from this node's cache, or runs next and
// keeps its 200. params are the query parameters next reads: the key is
// built from them and the route alone (cacheKey).
func (s *Server) cached(next fiber.Handler, params ...string) fiber.Handler {
	c := s.catalogue
	return func(ctx *fiber.Ctx) error {
		if !c.bus.Up() {
			return next(ctx)
		}
		key := cacheKey(ctx, params)
		now := time.Now()
		c.mu.RLock()
		a, gen := c.m[key], c.gen
		c.mu.RUnlock()
		if a != nil && now.Before(a.until) {
			return sendCached(ctx, a)
		}
		if err := next(ctx); err != nil {
			return err
		}
		res := ctx.Response()
		if res.StatusCode() != http.StatusOK {
			return nil
		}
		body := append([]byte(nil), res.Body()...)
		sum := sha256.Sum256(body)
		a = &cachedAnswer{body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`,
			contentType: string(res.Header.ContentType()), cacheCtl: string(res.Header.Peek(fiber.HeaderCacheControl)),
			until: now.Add(catalogueCacheTTL)}
		c.mu.Lock()
		// A forget since the read began: the answer may predate it.
		if c.gen == gen {
			c.makeRoom(now)
			c.m[key] = a
		}
		c.mu.Unlock()
		res.Header.Set(fiber.HeaderETag, a.etag)
		if etagMatches(ctx, a.etag) {
			res.ResetBody()
			ctx.Status(http.StatusNotModified)
		}
		return nil
	}
}

// cacheKey is what the handler's answer depends on: the route's pattern
// (so case and a trailing slash do not count), its parameters and the
// known query parameters, in that order, each number in one spelling
// ("05", " 5" and "5" are the page the handler reads). Anything else in the
// query string is the client's to vary and never makes another entry.
func cacheKey(ctx *fiber.Ctx, params []string) string {
	r := ctx.Route()
	var b strings.Builder
	b.WriteString(r.Path)
	for _, name := range r.Params {
		b.WriteByte('|')
		b.WriteString(canonical(ctx.Params(name)))
	}
	for _, name := range params {
		if v := canonical(ctx.Query(name)); v != "" {
			b.WriteByte('|')
			b.WriteString(name)
			b.WriteByte('=')
			b.WriteString(v)
		}
	}
	return b.String()
}

// canonical trims a value as handlers do and writes a whole number as
// strconv would.
func canonical(v string) string {
	v = strings.TrimSpace(v)
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		return strconv.FormatInt(n, 10)
	}
	return v
}

// makeRoom bounds the cache, under mu (makeRoomIn).
func (c *catalogueCache) makeRoom(now time.Time) {
	makeRoomIn(c.m, catalogueCacheSize, func(a *cachedAnswer) bool { return !now.Before(a.until) })
}

// makeRoomIn bounds a cache of size entries, under its lock: when full, it
// drops the expired entries, and if none were, one at random (map order),
// so a flood of distinct valid queries costs the popular answers one miss
// each now and then instead of emptying the cache.
func makeRoomIn[V any](m map[string]V, size int, expired func(V) bool) {
	if len(m) < size {
		return
	}
	for k, v := range m {
		if expired(v) {
			delete(m, k)
		}
	}
	for k := range m {
		if len(m) < size {
			break
		}
		delete(m, k)
	}
}

func sendCached(ctx *fiber.Ctx, a *cachedAnswer) error {
	h := &ctx.Response().Header
	h.Set(fiber.HeaderETag, a.etag)
	if a.cacheCtl != "" {
		h.Set(fiber.HeaderCacheControl, a.cacheCtl)
	}
	if etagMatches(ctx, a.etag) {
		return ctx.SendStatus(http.StatusNotModified)
	}
	h.SetContentType(a.contentType)
	// The cached bytes are never changed, so the response may point at
	// them instead of copying.
	ctx.Response().SetBodyRaw(a.body)
	return nil
}

// etagMatches reads If-None-Match: the tag itself, a list containing it
// (weak or strong, RFC 9110 §13.1.2 compares weakly), or *.
func etagMatches(ctx *fiber.Ctx, etag string) bool {
	inm := ctx.Request().Header.Peek(fiber.HeaderIfNoneMatch)
	if len(inm) == 0 {
		return false
	}
	for len(inm) > 0 {
		for len(inm) > 0 && (inm[0] == ' ' || inm[0] == ',') {
			inm = inm[1:]
		}
		end := 0
		for end < len(inm) && inm[end] != ',' {
			end++
		}
		tag := inm[:end]
		for len(tag) > 0 && tag[len(tag)-1] == ' ' {
			tag = tag[:len(tag)-1]
		}
		if len(tag) > 2 && tag[0] == 'W' && tag[1] == '/' {
			tag = tag[2:]
		}
		if string(tag) == "*" || string(tag) == etag {
			return true
		}
		inm = inm[end:]
	}
	return false
}

// forgetCatalogue drops every node's catalogue answers and returns once
// they have (see clusterbus); a failure is logged: the change is made and
// shows within catalogueCacheTTL on a node that missed it.
func (s *Server) forgetCatalogue(ctx context.Context) {
	if err := s.bus.Publish(ctx, busCatalogue, ""); err != nil {
		s.log.Warn().Err(err).Msg("catalogue: not every node confirmed forgetting its cached answers")
	}
}

// forgetCatalogueAfterChange is on every admin route: an admin request
// that changes something (not GET or HEAD) and succeeds forgets the
// catalogue before it is answered, unless its route is marked
// keepsCatalogue. Forgetting is the default so that a new admin route
// can at worst forget too often, never leave a stale price up.
func (s *Server) forgetCatalogueAfterChange(c *fiber.Ctx) error {
	err := c.Next()
	if m := c.Method(); m == fiber.MethodGet || m == fiber.MethodHead {
		return err
	}
	if kept, _ := c.Locals(catalogueKept).(bool); kept {
		return err
	}
	if err == nil && c.Response().StatusCode() < 400 {
		s.forgetCatalogue(c.UserContext())
	}
	return err
}

type catalogueKeptKey struct{}

var catalogueKept = catalogueKeptKey{}

// keepsCatalogue marks an admin route that changes nothing a catalogue
// answer shows (top-up decisions, the order queue, wallets, bans,
// settings): forgetting waits for every node's acknowledgement, and
// admins confirm top-ups several times a minute, each of which made the
// cluster drop every visitor's cached catalogue.
func keepsCatalogue(c *fiber.Ctx) error {
	c.Locals(catalogueKept, true)
	return c.Next()
}
