package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/internal/password"
)

// Password hashing runs in a bounded number of slots (password.Slots, one
// per CPU unless Options.PasswordSlots says otherwise): beyond them, after a
// short wait, a login, sign-up or reset answers 503 hashing_busy with
// Retry-After instead of queueing without end.

// Passwords are the server's hashing slots (exported for /metrics).
func (s *Server) Passwords() *password.Slots { return s.passwords }

func (s *Server) hashPassword(c *fiber.Ctx, plain string) (string, error) {
	h, err := s.passwords.Hash(c.UserContext(), plain)
	return h, hashingBusy(c, err)
}

// verifyPassword reports whether plain matches hash; its error is only
// for no slot (or a client that gave up): a malformed stored hash matches
// nothing.
func (s *Server) verifyPassword(c *fiber.Ctx, plain, hash string) (bool, error) {
	ok, err := s.passwords.Verify(c.UserContext(), plain, hash)
	if errors.Is(err, password.ErrBusy) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false, hashingBusy(c, err)
	}
	return ok && err == nil, nil
}

// hashingBusy turns password.ErrBusy into the 503 the client sees.
func hashingBusy(c *fiber.Ctx, err error) error {
	if errors.Is(err, password.ErrBusy) {
		c.Set(fiber.HeaderRetryAfter, "1")
		return &Error{Status: http.StatusServiceUnavailable, Text: i18n.T(i18n.HashingBusy),
			Extra: map[string]any{"retry_after": 1}}
	}
	return err
}
