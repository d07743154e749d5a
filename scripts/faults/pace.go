package main

import (
	"context"
	"sync"
	"time"
)

// pacer hands out start times at a fixed rate to whichever worker asks
// next: an open load, as many customers each doing one thing, instead of
// a few doing things back to back (whose pace falls as the server slows,
// hiding the slowness). A slot no worker was free to take is still taken,
// late; late slots are counted, so a rate the workers could not keep shows
// in the report, not as a lower rate with fine latencies.
type pacer struct {
	interval time.Duration
	lateBy   time.Duration // how late a start counts as late

	mu   sync.Mutex
	next time.Time
	late int64
}

// newPacer paces rate starts a second; nil (back to back) for rate <= 0.
func newPacer(rate float64) *pacer {
	if rate <= 0 {
		return nil
	}
	return &pacer{interval: time.Duration(float64(time.Second) / rate), lateBy: 50 * time.Millisecond}
}

// slot takes the next start time at now: the first slot is now.
func (p *pacer) slot(now time.Time) time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.next.IsZero() {
		p.next = now
	}
	at := p.next
	p.next = p.next.Add(p.interval)
	if now.Sub(at) > p.lateBy {
		p.late++
	}
	return at
}

// wait blocks until the caller's slot; false when ctx ended first. A nil
// pacer never waits.
func (p *pacer) wait(ctx context.Context) bool {
	if p == nil {
		return ctx.Err() == nil
	}
	d := time.Until(p.slot(time.Now()))
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// lateStarts is how many slots began more than lateBy after their time.
func (p *pacer) lateStarts() int64 {
	if p == nil {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.late
}
