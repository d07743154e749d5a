// Package redislimit is the store's rate limiter (ratelimit.Limiter) over
// Redis, so several nodes share one allowance per key: the same token bucket
// as ratelimit.Memory (Burst at once, then one more every Every), kept as a
// GCRA "theoretical arrival time" per key in one Lua script, timed by the
// Redis clock so the nodes' clocks do not matter.
package redislimit

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"

	"topup/internal/ratelimit"
)

// Limiter implements ratelimit.Limiter.
type Limiter struct {
	rdb    redis.Scripter
	prefix string

	// Available, if set, is asked first: while it says Redis is away the
	// limiter answers ErrUnavailable at once instead of waiting out a dial
	// per request (api lets the request through on an error).
	Available func() bool
}

// ErrUnavailable is returned while Available reports Redis away.
var ErrUnavailable = errors.New("redislimit: Redis unreachable")

var _ ratelimit.Limiter = (*Limiter)(nil)

// New keeps its keys under prefix ("ratelimit:" if empty).
func New(rdb redis.Scripter, prefix string) *Limiter {
	if prefix == "" {
		prefix = "ratelimit:"
	}
	return &Limiter{rdb: rdb, prefix: prefix}
}

// gcra: KEYS the key; ARGV every µs, burst. The key holds the theoretical
// arrival time (µs) of the next event once the bucket is drained; an event
// is allowed when that time is at most burst × every ahead of now. A refused
// event changes nothing (as ratelimit.Memory gives its token back). Returns
// 0 when allowed, or the µs to wait.
var gcra = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local every = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local newTat = tat + every
local allowAt = newTat - burst * every
if allowAt > now then return allowAt - now end
redis.call('SET', KEYS[1], newTat, 'PX', math.ceil((newTat - now) / 1000))
return 0
`)

// Allow implements ratelimit.Limiter.
func (l *Limiter) Allow(ctx context.Context, key string, lim ratelimit.Limit) (time.Duration, error) {
	if l.Available != nil && !l.Available() {
		return 0, ErrUnavailable
	}
	if lim.Burst <= 0 || lim.Every <= 0 {
		return lim.Every, nil // no allowance at all, as rate.Limiter with burst 0
	}
	us, err := gcra.Run(ctx, l.rdb, []string{l.prefix + key}, lim.Every.Microseconds(), lim.Burst).Int64()
	if err != nil {
		return 0, err
	}
	return time.Duration(us) * time.Microsecond, nil
}
