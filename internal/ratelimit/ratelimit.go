// Package ratelimit is the shape of the store's rate limits, a token bucket
// per key, and the in-memory limiter a single node uses. The HTTP layer
// (api) takes any Limiter; internal/redislimit is the one shared across
// nodes.
package ratelimit

import (
	"context"
	"sync"
	"time"

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

// Memory keeps token buckets in this process. It is exact for one
// node; with several nodes each allows the full limit.
type Memory struct {
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

// NewMemory returns a limiter reading the time from now (time.Now
// if nil), so tests step the clock instead of sleeping.
func NewMemory(now func() time.Time) *Memory {
	if now == nil {
		now = time.Now
	}
	return &Memory{now: now, buckets: map[string]*bucket{}}
}

// Allow implements Limiter.
func (m *Memory) Allow(_ context.Context, key string, l Limit) (time.Duration, error) {
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
func (m *Memory) sweep(now time.Time) {
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
