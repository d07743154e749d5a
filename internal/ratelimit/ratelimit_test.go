package ratelimit_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"topup/internal/ratelimit"
)

func TestMemory(t *testing.T) {
	clock := &stepClock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	lim := ratelimit.NewMemory(clock.Now)
	ctx := context.Background()
	l := ratelimit.Limit{Burst: 3, Every: time.Minute}
	allow := func(key string) time.Duration {
		t.Helper()
		d, err := lim.Allow(ctx, key, l)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}

	for i := range 3 {
		if d := allow("a"); d != 0 {
			t.Fatalf("event %d refused (%v)", i, d)
		}
	}
	if d := allow("a"); d != time.Minute {
		t.Fatalf("4th event: wait %v, want 1m", d)
	}
	// A refusal costs nothing: the wait does not grow by hammering.
	if d := allow("a"); d != time.Minute {
		t.Fatalf("5th event: wait %v, want 1m", d)
	}
	if d := allow("b"); d != 0 {
		t.Fatalf("another key is limited: %v", d)
	}
	clock.Advance(30 * time.Second)
	if d := allow("a"); d != 30*time.Second {
		t.Fatalf("half-way: wait %v", d)
	}
	clock.Advance(30 * time.Second)
	if d := allow("a"); d != 0 {
		t.Fatalf("after refill: wait %v", d)
	}

	// Idle keys are swept (many keys, then a long pause): the limiter
	// keeps working and the keys start full again.
	for i := range 1000 {
		allow(fmt.Sprint("k", i))
	}
	clock.Advance(time.Hour)
	for i := range 3 {
		if d := allow("k1"); d != 0 {
			t.Fatalf("swept key, event %d: wait %v", i, d)
		}
	}
}

// stepClock is a time the test moves by hand.
type stepClock struct{ now time.Time }

func (c *stepClock) Now() time.Time          { return c.now }
func (c *stepClock) Advance(d time.Duration) { c.now = c.now.Add(d) }
