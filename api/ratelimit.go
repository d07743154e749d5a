package api

import (
	"context"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"golang.org/x/time/rate"
)

// Limit allows Burst events at once, then one more every Every: a token
// bucket, the same shape as a GCRA limit in Redis (go-redis/redis_rate), so
// a shared limiter for several nodes can replace the in-memory one.
type Limit struct {
	Burst int
	Every time.Duration
}

// Limiter decides whether one more event under a key is allowed now.
type Limiter interface {
	// Allow takes one event from key's allowance under l. It answers 0 when
	// the event is allowed, or how long until the next one will be.
	Allow(ctx context.Context, key string, l Limit) (retryAfter time.Duration, err error)
}

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
	limitLoginPerAccountIP = Limit{Burst: 5, Every: time.Minute}        // ≤ 65 tries an hour from one address
	limitLoginPerAccount   = Limit{Burst: 100, Every: 36 * time.Second} // 100 an hour once the burst is spent
	limitLoginPerIP        = Limit{Burst: 30, Every: 2 * time.Second}   // a busy NAT still logs in
	limitRegisterPerIP     = Limit{Burst: 10, Every: 6 * time.Minute}
	limitOTPSendPerIP      = Limit{Burst: 10, Every: 6 * time.Minute}
	limitOTPVerifyPhone    = Limit{Burst: 10, Every: 6 * time.Minute}
	limitOTPVerifyPerIP    = Limit{Burst: 30, Every: 2 * time.Minute}
	limitResetPerIP        = Limit{Burst: 10, Every: 6 * time.Minute}
)

// limitCheck is one key under one limit.
type limitCheck struct {
	key   string
	limit Limit
	// byIP marks a key made from the client address, which must be known.
	byIP bool
}

// perIP is the check of name's limit for the request's client address.
func perIP(c *fiber.Ctx, name string, l Limit) limitCheck {
	return limitCheck{key: name + ":ip:" + clientIP(c), limit: l, byIP: true}
}

// msgClientUnknown answers a request whose address a trusted proxy garbled.
const msgClientUnknown = "We could not tell where this request comes from. Please try again."

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
			return &Error{Status: fiber.StatusBadRequest, Message: msgClientUnknown, Code: "client_address_unknown"}
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

// tooManyRequests is SPEC §8's 429 with a Retry-After header.
func tooManyRequests(c *fiber.Ctx, wait time.Duration) *Error {
	secs := int(math.Ceil(wait.Seconds()))
	c.Set(fiber.HeaderRetryAfter, strconv.Itoa(max(secs, 1)))
	return &Error{
		Status:  fiber.StatusTooManyRequests,
		Message: msgTooManyRequests,
		Code:    "too_many_requests",
		Extra:   map[string]any{"retry_after": max(secs, 1)},
	}
}

// MemoryLimiter keeps token buckets in this process. It is exact for one
// node; with several nodes each allows the full limit.
type MemoryLimiter struct {
	now func() time.Time

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
	full time.Duration // idle this long, the bucket is full again: forget it
}

// sweepEvery bounds how often idle buckets are dropped.
const sweepEvery = time.Minute

// NewMemoryLimiter returns a limiter reading the time from now (time.Now
// if nil), so tests step the clock instead of sleeping.
func NewMemoryLimiter(now func() time.Time) *MemoryLimiter {
	if now == nil {
		now = time.Now
	}
	return &MemoryLimiter{now: now, buckets: map[string]*bucket{}}
}

// Allow implements Limiter.
func (m *MemoryLimiter) Allow(_ context.Context, key string, l Limit) (time.Duration, error) {
	now := m.now()
	m.mu.Lock()
	m.sweep(now)
	b, ok := m.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(rate.Every(l.Every), l.Burst), full: time.Duration(l.Burst) * l.Every}
		m.buckets[key] = b
	}
	b.seen = now
	m.mu.Unlock()

	r := b.lim.ReserveN(now, 1)
	if !r.OK() {
		return l.Every, nil
	}
	if d := r.DelayFrom(now); d > 0 {
		// Refused: give the token back so waiting, not hammering, recovers.
		r.CancelAt(now)
		return d, nil
	}
	return 0, nil
}

// sweep drops buckets idle long enough to be full again, so memory follows
// the active keys rather than every phone and IP ever seen. m.mu is held.
func (m *MemoryLimiter) sweep(now time.Time) {
	if now.Sub(m.lastSweep) < sweepEvery {
		return
	}
	m.lastSweep = now
	for k, b := range m.buckets {
		if now.Sub(b.seen) > b.full {
			delete(m.buckets, k)
		}
	}
}
