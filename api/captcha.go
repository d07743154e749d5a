package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/captcha"
	"topup/internal/i18n"
	"topup/store"
)

// The captcha is self-hosted proof of work (internal/captcha,
// ALTCHA's format): GET /api/captcha/challenge hands out a signed challenge,
// the web app's altcha widget solves it, and register, otp/send and a login
// after loginFailuresBeforeCaptcha failures carry the solution as
// captcha_token. Each solution is spent once, in PostgreSQL, so no node
// takes it twice.

const (
	// captchaTTL is how long a challenge stays solvable: long enough to
	// fill a form after the widget solved it.
	captchaTTL = 5 * time.Minute
	// DefaultCaptchaMaxNumber makes a phone spend about half a second
	// (50,000 SHA-256 on average); a script pays the same per attempt.
	DefaultCaptchaMaxNumber = 100_000
	// captchaKeyLabel derives the challenges' HMAC key from APP_KEY.
	captchaKeyLabel = "altcha hmac key v1"
)

const ()

// captchaError is a 422 under the field "captcha" with a stable code.
func captchaError(code i18n.Code) *Error {
	return &Error{Status: http.StatusUnprocessableEntity, Text: i18n.T(code), Fields: fieldsErr("captcha", code)}
}

// initCaptcha signs challenges with a key derived from APP_KEY (through
// the store's secret box), so every node checks every node's challenges.
func (s *Server) initCaptcha() {
	if s.opts.Store == nil {
		return
	}
	maxNumber := s.opts.CaptchaMaxNumber
	if maxNumber <= 0 {
		maxNumber = DefaultCaptchaMaxNumber
	}
	key := s.opts.Store.Box().Hash([]byte(captchaKeyLabel))
	s.captcha = captcha.New(key, maxNumber, captchaTTL)
}

// captchaChallenge answers a fresh challenge (GET /api/captcha/challenge)
// as the bare object the widget reads, not in the success envelope.
func (s *Server) captchaChallenge(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.JSON(s.captcha.Challenge(s.now()))
}

// checkCaptcha verifies a posted solution and spends it. Missing,
// forged, expired and already used solutions are each a 422 with their
// own code; the app shows the widget again for all of them.
func (s *Server) checkCaptcha(c *fiber.Ctx, token string) error {
	solved, err := s.captcha.Verify(token, s.now())
	switch {
	case errors.Is(err, captcha.ErrMissing):
		return captchaError(i18n.CaptchaRequired)
	case errors.Is(err, captcha.ErrExpired):
		return captchaError(i18n.CaptchaExpired)
	case err != nil:
		return captchaError(i18n.CaptchaFailed)
	}
	err = s.opts.Store.SpendCaptcha(c.UserContext(), solved.ID, solved.Expires)
	if errors.Is(err, store.ErrCaptchaSpent) {
		return captchaError(i18n.CaptchaUsed)
	}
	return err
}
