package redislimit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"topup/internal/ratelimit"
)

func client(t *testing.T) *redis.Client {
	t.Helper()
	u := os.Getenv("TEST_REDIS_URL")
	if u == "" {
		t.Fatal("TEST_REDIS_URL is not set: run scripts/devredis.sh (make test does) and export it")
	}
	o, err := redis.ParseURL(u)
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(o)
	t.Cleanup(func() { c.Close() })
	return c
}

func prefix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return "test-rl-" + hex.EncodeToString(b[:]) + ":"
}

func TestBurstThenOneEvery(t *testing.T) {
	rdb := client(t)
	p := prefix()
	// Two nodes, one allowance.
	a, b := New(rdb, p), New(rdb, p)
	lim := ratelimit.Limit{Burst: 3, Every: 300 * time.Millisecond}
	ctx := context.Background()
	for i, l := range []*Limiter{a, b, a} {
		if d, err := l.Allow(ctx, "phone:1", lim); err != nil || d != 0 {
			t.Fatalf("event %d: wait %s, err %v", i, d, err)
		}
	}
	d, err := b.Allow(ctx, "phone:1", lim)
	if err != nil || d <= 0 || d > lim.Every {
		t.Fatalf("4th event: wait %s, err %v; want (0, %s]", d, err, lim.Every)
	}
	// Refused events take nothing: asking again answers about the same.
	d2, _ := a.Allow(ctx, "phone:1", lim)
	if d2 <= 0 || d2 > d {
		t.Fatalf("second refusal: wait %s after %s", d2, d)
	}
	// Another key has its own bucket.
	if d, _ := a.Allow(ctx, "phone:2", lim); d != 0 {
		t.Fatalf("other key waits %s", d)
	}
	time.Sleep(d2 + 20*time.Millisecond)
	if d, _ := b.Allow(ctx, "phone:1", lim); d != 0 {
		t.Fatalf("after waiting: %s", d)
	}
	if d, _ := b.Allow(ctx, "phone:1", lim); d == 0 {
		t.Fatal("only one event came back")
	}
	// The key expires once the bucket is full again.
	ttl, err := rdb.PTTL(ctx, p+"phone:1").Result()
	if err != nil || ttl <= 0 || ttl > time.Duration(lim.Burst)*lim.Every+time.Millisecond {
		t.Fatalf("ttl %s, err %v", ttl, err)
	}
}

func TestConcurrentNodesShareTheLimit(t *testing.T) {
	rdb := client(t)
	p := prefix()
	lim := ratelimit.Limit{Burst: 10, Every: time.Hour}
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for range 8 {
		l := New(rdb, p)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				d, err := l.Allow(context.Background(), "ip:1.2.3.4", lim)
				if err != nil {
					t.Error(err)
					return
				}
				if d == 0 {
					allowed.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if n := allowed.Load(); n != 10 {
		t.Fatalf("allowed %d of 80, want exactly the burst of 10", n)
	}
}

func TestMatchesMemoryLimiter(t *testing.T) {
	// Same answers as the in-memory limiter for a burst at one instant.
	rdb := client(t)
	r := New(rdb, prefix())
	now := time.Now()
	m := ratelimit.NewMemory(func() time.Time { return now })
	lim := ratelimit.Limit{Burst: 5, Every: time.Minute}
	for i := range 7 {
		dr, err := r.Allow(context.Background(), "k", lim)
		if err != nil {
			t.Fatal(err)
		}
		dm, _ := m.Allow(context.Background(), "k", lim)
		if (dr == 0) != (dm == 0) {
			t.Fatalf("event %d: redis waits %s, memory %s", i, dr, dm)
		}
		if dm > 0 && (dr < dm-time.Second || dr > dm) {
			t.Fatalf("event %d: redis waits %s, memory %s", i, dr, dm)
		}
	}
}

func TestRedisDownIsAnError(t *testing.T) {
	c := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", DialTimeout: 100 * time.Millisecond, MaxRetries: -1})
	defer c.Close()
	if _, err := New(c, "").Allow(context.Background(), "k", ratelimit.Limit{Burst: 1, Every: time.Second}); err == nil {
		t.Fatal("want an error: api.throttle then lets the request through")
	}
}

func TestUnavailableAnswersAtOnce(t *testing.T) {
	l := New(client(t), prefix())
	l.Available = func() bool { return false }
	start := time.Now()
	if _, err := l.Allow(context.Background(), "k", ratelimit.Limit{Burst: 1, Every: time.Second}); err != ErrUnavailable {
		t.Fatalf("err %v", err)
	}
	if time.Since(start) > 10*time.Millisecond {
		t.Fatal("waited for Redis")
	}
}
