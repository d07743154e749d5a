package api

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gofiber/fiber/v2"
	"github.com/mileusna/useragent"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// A customer's sessions (the account page's "where you're signed in"):
//
//	GET  account/sessions               the live sessions, "this device" marked
//	DELETE account/sessions/{id}        sign one out
//	POST account/sessions/revoke-others sign out everywhere else
//
// Revoking ends the token at once (the next request with it is 401) and
// closes the customer's realtime sockets through the outbox. Pusher's
// terminate_connections closes every socket signed in as a user, not one
// session's, so the sessions that stay signed in see their socket drop
// too; their app checks that its token still works and reconnects
// (web/src/features/realtime). Telling sessions apart on the socket would
// need a user id per session, which would stop a ban (terminate by user)
// from reaching them.

func toSessionJSON(s store.SessionInfo, current int64) contract.Session {
	browser, os, device := describeUserAgent(s.UserAgent)
	return contract.Session{ID: s.ID, Browser: browser, OS: os, Device: device, IP: s.IP,
		CreatedAt: s.CreatedAt, LastUsedAt: s.LastUsedAt, Current: s.ID == current}
}

// describeUserAgent names the browser, the system and the kind of device
// of a User-Agent header, "" for what it does not tell.
func describeUserAgent(header string) (browser, os, device string) {
	if header == "" {
		return "", "", ""
	}
	ua := useragent.Parse(header)
	browser = joinNonEmpty(ua.Name, majorVersion(ua.Version))
	os = joinNonEmpty(ua.OS, ua.OSVersion)
	switch {
	case ua.Tablet:
		device = "tablet"
	case ua.Mobile:
		device = "phone"
	case ua.Desktop:
		device = "desktop"
	}
	return browser, os, device
}

// majorVersion is "131" of "131.0.6778.85": the rest only clutters a list.
func majorVersion(v string) string {
	for i := 0; i < len(v); i++ {
		if v[i] == '.' {
			return v[:i]
		}
	}
	return v
}

func joinNonEmpty(a, b string) string {
	switch {
	case a == "":
		return ""
	case b == "":
		return a
	}
	return a + " " + b
}

// listSessions answers GET /api/account/sessions.
func (s *Server) listSessions(c *fiber.Ctx) error {
	u := currentUser(c)
	list, err := s.opts.Store.Sessions(c.UserContext(), u.ID, s.now())
	if err != nil {
		return err
	}
	out := make([]contract.Session, 0, len(list))
	for _, se := range list {
		out = append(out, toSessionJSON(se, currentTokenID(c)))
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return ok(c, out)
}

// revokeSession answers DELETE /api/account/sessions/{id}. Another
// customer's session, an ended one and a malformed id are all 404.
func (s *Server) revokeSession(c *fiber.Ctx) error {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || id <= 0 {
		return Fail(http.StatusNotFound, i18n.SessionNotFound)
	}
	err = s.opts.Store.RevokeSession(c.UserContext(), currentUser(c).ID, id, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return Fail(http.StatusNotFound, i18n.SessionNotFound)
	}
	if err != nil {
		return err
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.SessionEnded), "data": fiber.Map{"revoked": 1}})
}

// revokeOtherSessions answers POST /api/account/sessions/revoke-others:
// every session but the one asking ends.
func (s *Server) revokeOtherSessions(c *fiber.Ctx) error {
	n, err := s.opts.Store.RevokeOtherSessions(c.UserContext(), currentUser(c).ID, currentTokenID(c), s.now())
	if err != nil {
		return err
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.OtherSessionsEnd), "data": fiber.Map{"revoked": n}})
}
