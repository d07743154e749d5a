package api

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/internal/ratelimit"
	"topup/store"
)

// Bearer tokens: 32 random bytes, base64url without padding (43
// characters), shown to the client once at login. The database keeps only
// their SHA-256, so a leaked backup holds no usable session; SHA-256 rather
// than a slow hash is right here because the token has 256 bits of entropy,
// not a human's handful.
const (
	tokenBytes = 32
	tokenLen   = 43
	// TokenTTL matches the 7-day cookies of docs/spec.md §3.
	TokenTTL = 7 * 24 * time.Hour
)

// c.Locals keys set by requireUser.
const (
	localUser    = "auth.user"
	localTokenID = "auth.token_id"
)

// newToken returns a fresh token and its hash.
func newToken() (string, []byte) {
	b := make([]byte, tokenBytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	tok := base64.RawURLEncoding.EncodeToString(b)
	return tok, hashToken(tok)
}

func hashToken(tok string) []byte {
	sum := sha256.Sum256([]byte(tok))
	return sum[:]
}

// wellFormedToken rejects what newToken cannot have made before it costs
// a database query.
func wellFormedToken(tok string) bool {
	if len(tok) != tokenLen {
		return false
	}
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// bearerToken reads "Authorization: Bearer <token>". Tokens in the query
// string are ignored on purpose: URLs end up in logs and referrers.
func bearerToken(c *fiber.Ctx) (string, bool) {
	scheme, tok, ok := strings.Cut(c.Get(fiber.HeaderAuthorization), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	tok = strings.TrimSpace(tok)
	return tok, wellFormedToken(tok)
}

func unauthenticated(c *fiber.Ctx) error {
	c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="api"`)
	return Fail(http.StatusUnauthorized, i18n.Unauthenticated)
}

// requireUser is the bearer-auth middleware: a live token (not revoked, not
// expired by the injected clock) or 401. The session comes from this
// node's short-lived cache or the database (session_cache.go); whatever
// ends or changes a session forgets it on every node first, so a logout
// or a ban shows on the very next request. The user it carries is as of
// that lookup: what changes without ending the session (the balance) is
// read from the database where it is shown. Handlers get it with
// currentUser(c).
func (s *Server) requireUser(c *fiber.Ctx) error {
	tok, ok := bearerToken(c)
	if !ok {
		return unauthenticated(c)
	}
	se, err := s.session(c.UserContext(), tok, clientIP(c))
	if errors.Is(err, store.ErrNotFound) {
		return unauthenticated(c)
	}
	if err != nil {
		return err
	}
	c.Locals(localUser, se.User)
	c.Locals(localTokenID, se.TokenID)
	return c.Next()
}

// refuseBanned answers 403 with the ban reason to banned users; put it
// after requireUser on everything but user/{id}, logout and channel auth.
func (s *Server) refuseBanned(c *fiber.Ctx) error {
	if u := currentUser(c); u.IsBanned {
		return banned(u)
	}
	return c.Next()
}

// requireAdmin answers 403 unless the user is an admin (and not banned);
// put it after requireUser.
func (s *Server) requireAdmin(c *fiber.Ctx) error {
	u := currentUser(c)
	if u.IsBanned {
		return banned(u)
	}
	if !u.IsAdmin {
		return Fail(http.StatusForbidden, i18n.Forbidden)
	}
	return c.Next()
}

// banned is the 403 a banned user gets, with the reason the banned page
// shows (docs/spec.md §2).
func banned(u store.User) *Error {
	reason := i18n.T(i18n.DefaultBanReason).String()
	if u.BanReason != nil && *u.BanReason != "" {
		reason = *u.BanReason
	}
	return &Error{Status: http.StatusForbidden, Text: i18n.T(i18n.AccountBanned),
		Extra: map[string]any{"ban_reason": reason}}
}

// currentUser is the signed-in user. Only call it behind requireUser; it
// panics otherwise, because a handler that forgot the middleware must not
// quietly run as user 0.
func currentUser(c *fiber.Ctx) store.User {
	u, ok := c.Locals(localUser).(store.User)
	if !ok {
		panic("api: currentUser without requireUser on route " + c.Route().Path)
	}
	return u
}

// currentTokenID is the id of the token the request came with.
func currentTokenID(c *fiber.Ctx) int64 {
	id, _ := c.Locals(localTokenID).(int64)
	return id
}

// now is the injected clock.
func (s *Server) now() time.Time {
	if s.opts.Now != nil {
		return s.opts.Now()
	}
	return time.Now()
}

// localClientIP is the c.Locals key of the request's client address.
const localClientIP = "client.ip"

// resolveClientIP works out the client's address once per request (see
// internal/clientip: behind a trusted proxy, the right-most address the
// proxy did not add itself).
func (s *Server) resolveClientIP(c *fiber.Ctx) error {
	c.Locals(localClientIP, s.opts.ClientIP.Of(c))
	return c.Next()
}

// clientIP is the address limits, codes and the audit log are keyed by, or
// "" when it cannot be known (never use "" as a shared key: see perIP).
func clientIP(c *fiber.Ctx) string {
	ip, _ := c.Locals(localClientIP).(string)
	return ip
}

// initAccounts fills the defaults of the account options: an in-memory
// limiter on the injected clock, and the CSP for an app without inline
// scripts until MountWeb reads the real index.html.
func (s *Server) initAccounts() {
	s.limiter = s.opts.Limiter
	if s.limiter == nil {
		s.limiter = ratelimit.NewMemory(s.now)
	}
	s.setAppCSP(nil)
}
