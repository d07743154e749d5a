package api

import (
	"math"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/internal/ratelimit"
)

// The throttles of the account endpoints. Per-phone limits stop guessing
// one account's code; per-IP limits are looser because many Myanmar mobile
// customers share one carrier NAT address.
//
// Logins are limited per account and address, not per account alone: a
// per-account limit is a lock-out anyone can trigger for the owner with one
// wrong password a minute. Guessing from many addresses meets the captcha
// after loginFailuresBeforeCaptcha failures, and the hard per-account
// ceiling, which a human owner never reaches.
var (
	limitLoginPerAccountIP = ratelimit.Limit{Burst: 5, Every: time.Minute}        // ≤ 65 tries an hour from one address
	limitLoginPerAccount   = ratelimit.Limit{Burst: 100, Every: 36 * time.Second} // 100 an hour once the burst is spent
	limitLoginPerIP        = ratelimit.Limit{Burst: 30, Every: 2 * time.Second}   // a busy NAT still logs in
	limitRegisterPerIP     = ratelimit.Limit{Burst: 10, Every: 6 * time.Minute}
	limitOTPSendPerIP      = ratelimit.Limit{Burst: 10, Every: 6 * time.Minute}
	limitOTPVerifyPhone    = ratelimit.Limit{Burst: 10, Every: 6 * time.Minute}
	limitOTPVerifyPerIP    = ratelimit.Limit{Burst: 30, Every: 2 * time.Minute}
	limitResetPerIP        = ratelimit.Limit{Burst: 10, Every: 6 * time.Minute}
)

// limitCheck is one key under one limit.
type limitCheck struct {
	key   string
	limit ratelimit.Limit
	// byIP marks a key made from the client address, which must be known.
	byIP bool
}

// perIP is the check of name's limit for the request's client address.
func perIP(c *fiber.Ctx, name string, l ratelimit.Limit) limitCheck {
	return limitCheck{key: name + ":ip:" + clientIP(c), limit: l, byIP: true}
}

// i18n.ClientAddressUnknown answers a request whose address a trusted proxy garbled.

// throttle takes one event from every check and answers 429 with
// Retry-After (whole seconds, rounded up) when any is exhausted. A failing
// limiter lets the request through: a shared limiter's outage must not lock
// every customer out, and the password and code checks still stand.
//
// A check by IP with no known address refuses the request: an unknown
// address shared as one key would let one client use up everyone's
// allowance, and a key per request would be no limit at all. Only a
// misbehaving trusted proxy can cause it, so it is logged.
func (s *Server) throttle(c *fiber.Ctx, checks ...limitCheck) error {
	var wait time.Duration
	for _, ch := range checks {
		if ch.byIP && clientIP(c) == "" {
			s.log.Warn().Str("request_id", requestID(c)).Str("proxy_header", s.opts.ClientIP.Header()).
				Msg("client address unknown: a trusted proxy sent a malformed header")
			return Fail(fiber.StatusBadRequest, i18n.ClientAddressUnknown)
		}
		d, err := s.limiter.Allow(c.UserContext(), ch.key, ch.limit)
		if err != nil {
			s.log.Warn().Err(err).Str("request_id", requestID(c)).Msg("rate limiter failed; allowing")
			continue
		}
		wait = max(wait, d)
	}
	if wait > 0 {
		return tooManyRequests(c, wait)
	}
	return nil
}

// tooManyRequests is docs/spec.md §8's 429 with a Retry-After header.
func tooManyRequests(c *fiber.Ctx, wait time.Duration) *Error {
	secs := int(math.Ceil(wait.Seconds()))
	c.Set(fiber.HeaderRetryAfter, strconv.Itoa(max(secs, 1)))
	return &Error{
		Status: fiber.StatusTooManyRequests,
		Text:   i18n.T(i18n.TooManyRequests),
		Extra:  map[string]any{"retry_after": max(secs, 1)},
	}
}
