package api

import (
	"context"
	"crypto/sha256"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"topup/internal/clusterbus"
	"topup/store"
)

// Sessions are cached per node for a few seconds, keyed by the token's
// SHA-256, so an authenticated request costs no database round trip
// (docs/benchmarks.md, "End to end"). What must end or change a session
// at once (logout, a ban or unban, a password change, a revoked session,
// admin rights) calls forgetSessions, which drops the user's cached
// sessions on every node and returns once every node has: the very next
// request, on any node, reads the database again. A node that is not
// sure to hear those messages (its Redis subscription is down) does not
// use its cache at all.

const (
	// DefaultSessionCacheTTL bounds how long a cached session is trusted
	// without a word from the bus: the most a change made where no
	// server hears it (a SQL console, `topup admin` without REDIS_URL on
	// a cluster) takes to show.
	DefaultSessionCacheTTL = 5 * time.Second
	// DefaultSessionCacheSize bounds the entries per node (about 300
	// bytes each).
	DefaultSessionCacheSize = 50_000

	// busSessions is the bus topic; the payload is a user id.
	busSessions = "sessions"
)

type cachedSession struct {
	se    store.Session
	until time.Time
}

type sessionCache struct {
	ttl time.Duration // 0: off
	max int
	bus *clusterbus.Bus
	// gen moves on every forget: a lookup that started before a forget
	// must not put back what the forget dropped.
	gen atomic.Uint64

	mu      sync.RWMutex
	byToken map[[sha256.Size]byte]cachedSession
	byUser  map[int64]map[[sha256.Size]byte]struct{}
}

func newSessionCache(ttl time.Duration, max int, bus *clusterbus.Bus) *sessionCache {
	c := &sessionCache{ttl: ttl, max: max, bus: bus}
	c.clear()
	bus.Handle(busSessions, clusterbus.Handler{
		Apply: func(payload string) {
			if id, err := strconv.ParseInt(payload, 10, 64); err == nil {
				c.forgetLocal(id)
			}
		},
		Reset: c.clear,
	})
	return c
}

func (c *sessionCache) get(hash [sha256.Size]byte, now time.Time) (store.Session, bool) {
	if c.ttl <= 0 || !c.bus.Up() {
		return store.Session{}, false
	}
	c.mu.RLock()
	e, ok := c.byToken[hash]
	c.mu.RUnlock()
	if !ok || !now.Before(e.until) {
		return store.Session{}, false
	}
	return e.se, true
}

// put caches se unless a forget happened since gen was read.
func (c *sessionCache) put(hash [sha256.Size]byte, se store.Session, gen uint64, now time.Time) {
	if c.ttl <= 0 || !c.bus.Up() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen.Load() != gen {
		return
	}
	if len(c.byToken) >= c.max {
		c.sweep(now)
		if len(c.byToken) >= c.max {
			// Full of live sessions: start again rather than track use.
			c.byToken, c.byUser = map[[sha256.Size]byte]cachedSession{}, map[int64]map[[sha256.Size]byte]struct{}{}
		}
	}
	until := now.Add(c.ttl)
	if se.TokenExpiresAt.Before(until) {
		until = se.TokenExpiresAt
	}
	c.byToken[hash] = cachedSession{se: se, until: until}
	tokens := c.byUser[se.ID]
	if tokens == nil {
		tokens = map[[sha256.Size]byte]struct{}{}
		c.byUser[se.ID] = tokens
	}
	tokens[hash] = struct{}{}
}

// sweep drops expired entries; the caller holds mu.
func (c *sessionCache) sweep(now time.Time) {
	for h, e := range c.byToken {
		if !now.Before(e.until) {
			delete(c.byToken, h)
			if tokens := c.byUser[e.se.ID]; tokens != nil {
				delete(tokens, h)
				if len(tokens) == 0 {
					delete(c.byUser, e.se.ID)
				}
			}
		}
	}
}

func (c *sessionCache) forgetLocal(userID int64) {
	c.gen.Add(1)
	c.mu.Lock()
	defer c.mu.Unlock()
	for h := range c.byUser[userID] {
		delete(c.byToken, h)
	}
	delete(c.byUser, userID)
}

func (c *sessionCache) clear() {
	c.gen.Add(1)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.byToken = map[[sha256.Size]byte]cachedSession{}
	c.byUser = map[int64]map[[sha256.Size]byte]struct{}{}
}

// forgetSessions drops the cached sessions of users on every node and
// returns once every node subscribed to the bus has dropped them. The
// store calls it (through OnSessionChange) after every change that ends
// or alters a session has committed: logout, ban, unban, password set or
// reset, tokens revoked, admin rights; a store function of that kind calls
// sessionsChanged (store/session_hooks.go), nothing here needs calling by
// hand. A node that missed it (bus down) was not using its cache, so its
// failure is logged, not returned: the change itself is committed.
func (s *Server) forgetSessions(ctx context.Context, userIDs ...int64) {
	for _, id := range userIDs {
		if err := ForgetSessions(ctx, s.bus, id); err != nil {
			s.log.Warn().Err(err).Int64("user_id", id).Msg("sessions: not every node confirmed forgetting the user's cached sessions")
		}
	}
}

// ForgetSessions is forgetSessions for a process that is not a server
// (`topup admin`): it tells the servers on bus to drop userID's cached
// sessions, and returns once they have.
func ForgetSessions(ctx context.Context, bus *clusterbus.Bus, userID int64) error {
	return bus.Publish(ctx, busSessions, strconv.FormatInt(userID, 10))
}

// initCaches sets up the per-node caches and the bus that empties them.
func (s *Server) initCaches() {
	s.bus = s.opts.Bus
	if s.bus == nil {
		s.bus = clusterbus.New(nil, "", s.log)
	}
	ttl, size := s.opts.SessionCacheTTL, s.opts.SessionCacheSize
	if ttl == 0 {
		ttl = DefaultSessionCacheTTL
	}
	if size <= 0 {
		size = DefaultSessionCacheSize
	}
	s.sessions = newSessionCache(ttl, size, s.bus)
	s.catalogue = newCatalogueCache(s.bus)
	if s.opts.Store != nil {
		s.opts.Store.OnSessionChange(func(ctx context.Context, userID int64) { s.forgetSessions(ctx, userID) })
	}
}

// session is the live session of a token hash: from this node's cache, or
// from the database (then cached).
func (s *Server) session(ctx context.Context, tok, ip string) (store.Session, error) {
	hash := sha256.Sum256([]byte(tok))
	now := s.now()
	if se, ok := s.sessions.get(hash, now); ok {
		return se, nil
	}
	gen := s.sessions.gen.Load()
	se, err := s.opts.Store.SessionByToken(ctx, hash[:], now, ip)
	if err != nil {
		return store.Session{}, err
	}
	s.sessions.put(hash, se, gen, now)
	return se, nil
}
