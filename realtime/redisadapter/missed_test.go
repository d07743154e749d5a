package redisadapter

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// A Redis restart: events published meanwhile reach only their own node's
// sockets, and neither node hears the other. Pub/sub cannot replay them, so
// once back, each node closes its sockets with 4200: clients reconnect at
// once and fetch again what the lost events would have told them (the web
// app does on every reconnect), instead of showing it stale for good.
func TestRedisRestartReconnectsClientsThatMissedEvents(t *testing.T) {
	r := startOwnRedis(t)
	opts := nodeOpts{url: r.url(), prefix: uniquePrefix(), heartbeat: 100 * time.Millisecond, ttl: 500 * time.Millisecond}
	n0, n1 := startNode(t, opts), startNode(t, opts)
	sa, sb := n0.connect(), n1.connect()
	sa.join("news", "")
	sb.join("news", "")
	n0.trigger("news", "before", `"0"`, "")
	sb.expect("before")
	sa.expect("before")

	r.kill()
	waitFor(t, "both nodes cut off", 3*time.Second, func() bool {
		return n0.ad.Ready(context.Background()) != nil && n1.ad.Ready(context.Background()) != nil
	})
	_ = n0.srv.Publish(context.Background(), tAppID, []string{"news"}, "meanwhile", []byte(`"1"`), "")
	sa.expect("meanwhile") // its own node's sockets still get it
	r.start()
	waitFor(t, "both nodes back", 5*time.Second, func() bool {
		return n0.ad.Ready(context.Background()) == nil && n1.ad.Ready(context.Background()) == nil
	})
	if code := sb.expectClose(); code != 4200 {
		t.Fatalf("the client that missed an event was closed with %d, want 4200 (reconnect)", code)
	}
	// Node 0 did not hear node 1 either: its sockets are asked too.
	if code := sa.expectClose(); code != 4200 {
		t.Fatalf("a socket of a node that could not hear was closed with %d, want 4200", code)
	}
	fresh := n1.connect()
	fresh.join("news", "")
	waitFor(t, "delivery across nodes", 3*time.Second, func() bool {
		_ = n0.srv.Publish(context.Background(), tAppID, []string{"news"}, "after", []byte(`"2"`), "")
		f, ok := fresh.next(200 * time.Millisecond)
		return ok && f.Event == "after"
	})
}

// A node whose publish queue overflowed (Redis up, the node too busy)
// dropped events for the other nodes: their subscribers of those channels,
// and only those, are asked to reconnect. The node's own sockets got
// every event and stay.
func TestDroppedEventsReconnectTheirSubscribers(t *testing.T) {
	prefix := uniquePrefix()
	n0 := startNode(t, nodeOpts{url: redisURL(t), prefix: prefix, queue: 1})
	n1 := startNode(t, nodeOpts{url: redisURL(t), prefix: prefix})
	sa, sb, calm := n0.connect(), n1.connect(), n1.connect()
	sa.join("news", "")
	sb.join("news", "")
	calm.join("calm", "")
	for i := 0; n0.ad.Stats().Dropped == 0; i++ {
		if i == 100000 {
			t.Fatal("a queue of 1 never overflowed")
		}
		_ = n0.srv.Publish(context.Background(), tAppID, []string{"news"}, "tick", []byte(fmt.Sprintf(`"%d"`, i)), "")
	}
	if code := sb.expectClose(); code != 4200 {
		t.Fatalf("the subscriber that missed events was closed with %d, want 4200 (reconnect)", code)
	}
	calm.expectQuiet(500 * time.Millisecond)
	_ = n0.srv.Publish(context.Background(), tAppID, []string{"news"}, "last", []byte(`"x"`), "")
	for {
		f, ok := sa.next(5 * time.Second)
		if !ok {
			t.Fatal("the publishing node's own subscriber was closed or got nothing")
		}
		if f.Event == "last" {
			break
		}
	}
}
