package clusterbus

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"
)

// recorder remembers what a node's handler saw.
type recorder struct {
	mu     sync.Mutex
	got    []string
	resets int
}

func (r *recorder) handler() Handler {
	return Handler{
		Apply: func(p string) { r.mu.Lock(); r.got = append(r.got, p); r.mu.Unlock() },
		Reset: func() { r.mu.Lock(); r.resets++; r.mu.Unlock() },
	}
}

func (r *recorder) seen() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.got...)
}

func redisClient(t *testing.T) redis.UniversalClient {
	t.Helper()
	url := os.Getenv("TEST_REDIS_URL")
	if url == "" {
		t.Fatal("TEST_REDIS_URL is not set; scripts/test.sh starts a Redis (scripts/devredis.sh)")
	}
	o, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(o)
	t.Cleanup(func() { c.Close() })
	return c
}

func waitUp(t *testing.T, buses ...*Bus) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		up := true
		for _, b := range buses {
			up = up && b.Up()
		}
		if up {
			return
		}
	}
	t.Fatal("a bus never subscribed")
}

// Publish returns only once every other node has applied the message: a
// read on node B right after node A published sees it, with no waiting.
func TestPublishReturnsOnceEveryNodeApplied(t *testing.T) {
	var p [6]byte
	_, _ = rand.Read(p[:])
	prefix := "bustest-" + hex.EncodeToString(p[:]) + ":"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var recs [3]recorder
	var buses []*Bus
	for i := range recs {
		b := New(redisClient(t), prefix, zerolog.Nop())
		b.Handle("sessions", recs[i].handler())
		go b.Run(ctx)
		buses = append(buses, b)
	}
	waitUp(t, buses...)
	for i := range 50 {
		payload := "user:" + string(rune('a'+i%26))
		if err := buses[i%3].Publish(ctx, "sessions", payload); err != nil {
			t.Fatal(err)
		}
		for n := range recs {
			got := recs[n].seen()
			if len(got) == 0 || got[len(got)-1] != payload {
				t.Fatalf("message %d: node %d had not applied %q when Publish returned (saw %v)", i, n, payload, got[max(0, len(got)-3):])
			}
		}
	}
	// Another cluster on the same Redis hears nothing.
	other := New(redisClient(t), prefix+"other:", zerolog.Nop())
	var rec recorder
	other.Handle("sessions", rec.handler())
	go other.Run(ctx)
	waitUp(t, other)
	if err := buses[0].Publish(ctx, "sessions", "x"); err != nil {
		t.Fatal(err)
	}
	if got := rec.seen(); len(got) != 0 {
		t.Fatalf("another prefix heard %v", got)
	}
}

// A message is published after a commit, often with the request's context:
// a client that hangs up right then must not leave the other nodes trusting
// what was just revoked.
func TestPublishOutlivesTheCallersCancellation(t *testing.T) {
	var p [6]byte
	_, _ = rand.Read(p[:])
	prefix := "bustest-" + hex.EncodeToString(p[:]) + ":"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var recs [2]recorder
	var buses []*Bus
	for i := range recs {
		b := New(redisClient(t), prefix, zerolog.Nop())
		b.Handle("sessions", recs[i].handler())
		go b.Run(ctx)
		buses = append(buses, b)
	}
	waitUp(t, buses...)
	gone, hangUp := context.WithCancel(context.Background())
	hangUp()
	if err := buses[0].Publish(gone, "sessions", "user:7"); err != nil {
		t.Fatal(err)
	}
	if got := recs[1].seen(); len(got) != 1 || got[0] != "user:7" {
		t.Fatalf("the other node saw %v after a publish whose caller had gone", got)
	}
}

// A node trusts its caches only while subscribed, and forgets everything
// when it subscribes (again): what was published meanwhile is lost.
func TestUpOnlyWhileSubscribedAndResetOnSubscribe(t *testing.T) {
	b := New(redisClient(t), "bustest-up:", zerolog.Nop())
	var rec recorder
	b.Handle("t", rec.handler())
	if b.Up() {
		t.Fatal("a Redis bus is up before it subscribed")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Run(ctx); close(done) }()
	waitUp(t, b)
	rec.mu.Lock()
	resets := rec.resets
	rec.mu.Unlock()
	if resets == 0 {
		t.Fatal("subscribing did not reset the handlers")
	}
	cancel()
	<-done

	local := New(nil, "", zerolog.Nop())
	local.Handle("t", rec.handler())
	if !local.Up() {
		t.Fatal("a local bus is always up")
	}
	if err := local.Publish(context.Background(), "t", "here"); err != nil {
		t.Fatal(err)
	}
	if got := rec.seen(); got[len(got)-1] != "here" {
		t.Fatalf("a local bus did not apply its own message: %v", got)
	}
}
