package redisadapter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"topup/realtime"
)

func threeNodes(t *testing.T, be backend, o nodeOpts) []*tnode {
	t.Helper()
	o.url, o.cluster, o.prefix = be.url, be.cluster, uniquePrefix()
	cleanPrefix(t, be, o.prefix)
	var ns []*tnode
	for range 3 {
		ns = append(ns, startNode(t, o))
	}
	return ns
}

func TestDeliveryAcrossNodesWithExclusion(t *testing.T) {
	forBackends(t, func(t *testing.T, be backend) {
		ns := threeNodes(t, be, nodeOpts{})
		a, b, b2, c := ns[0].connect(), ns[1].connect(), ns[1].connect(), ns[2].connect()
		for _, cl := range []*client{a, b, b2, c} {
			cl.join("news", "")
		}
		// Published on node 0 with b excluded: everyone else on every node
		// gets it once; b gets only the next one. The two come from different
		// nodes, so their order is not defined (node 2's own subscriber has
		// "two" before "one" crosses Redis); each arrives exactly once.
		ns[0].trigger("news", "posted", "one", b.socketID)
		ns[2].trigger("news", "posted", "two", "")
		for _, cl := range []*client{a, b2, c} {
			got := []string{cl.expect("posted").str(), cl.expect("posted").str()}
			slices.Sort(got)
			if !slices.Equal(got, []string{"one", "two"}) {
				t.Fatalf("events %q, want one and two", got)
			}
		}
		if f := b.expect("posted"); f.str() != "two" {
			t.Fatalf("excluded socket got %q", f.str())
		}

		// Client events cross nodes and are not echoed.
		for _, cl := range []*client{a, b, c} {
			cl.join("private-chat", "")
		}
		a.send("client-typing", "private-chat", map[string]any{"who": "a"})
		for _, cl := range []*client{b, c} {
			if f := cl.expect("client-typing"); f.Channel != "private-chat" {
				t.Fatalf("client event on %s", f.Channel)
			}
		}
		ns[1].trigger("private-chat", "marker", "m", "")
		for _, cl := range []*client{a, b, c} {
			cl.expect("marker") // for a, not client-typing: the sender does not get its own
		}

		// One PUBLISH per event, whatever the subscribers. The counter moves
		// for every bus message (subscription bookkeeping too), so count
		// from a moment when node 0 has nothing else to say, and read it
		// once every subscriber on every node has the whole burst and it no
		// longer moves.
		before := settledPublishes(t, ns[0].ad)
		for i := range 10 {
			ns[0].trigger("news", "burst", fmt.Sprint(i), "")
		}
		for _, cl := range []*client{a, b, b2, c} {
			for range 10 {
				cl.expect("burst")
			}
		}
		// The counter moves when Redis has answered the pipeline, which can
		// be after the other nodes already delivered: read it settled.
		if n := settledPublishes(t, ns[0].ad) - before; n != 10 {
			t.Fatalf("%d publishes for 10 events to 4 subscribers on 3 nodes, want 10", n)
		}
	})
}

func TestPresenceCountedOnceAcrossNodes(t *testing.T) {
	forBackends(t, func(t *testing.T, be backend) {
		ns := threeNodes(t, be, nodeOpts{})
		const ch = "presence-room"
		watcher := ns[2].connect()
		if ids := presenceIDs(t, watcher.join(ch, member("w"))); !reflect.DeepEqual(ids, []string{"w"}) {
			t.Fatalf("ids %v", ids)
		}
		// Let w's member_added reach every node first: a join racing it would
		// get it after a subscription_succeeded that already lists w.
		time.Sleep(100 * time.Millisecond)
		u1a := ns[0].connect()
		if ids := presenceIDs(t, u1a.join(ch, member("u1"))); !reflect.DeepEqual(ids, []string{"u1", "w"}) {
			t.Fatalf("ids %v", ids)
		}
		f := watcher.expect("pusher_internal:member_added")
		if f.str() != `{"user_id":"u1","user_info":{"name":"nu1"}}` {
			t.Fatalf("member_added %s", f.str())
		}
		// The same user on a second node: counted once, announced once.
		u1b := ns[1].connect()
		if ids := presenceIDs(t, u1b.join(ch, member("u1"))); !reflect.DeepEqual(ids, []string{"u1", "w"}) {
			t.Fatalf("ids %v", ids)
		}
		ns[0].trigger(ch, "marker", "1", "")
		watcher.expect("marker")
		u1a.expect("marker")

		// Every node answers the HTTP API the same, cluster-wide.
		for _, n := range ns {
			code, b := n.signed("GET", "/apps/"+tAppID+"/channels/"+ch, url.Values{"info": {"user_count,subscription_count"}}, nil)
			if code != 200 || string(b) != `{"occupied":true,"user_count":2,"subscription_count":3}` {
				t.Fatalf("node %s channel: %d %s", n.addr, code, b)
			}
			code, b = n.signed("GET", "/apps/"+tAppID+"/channels/"+ch+"/users", nil, nil)
			if code != 200 || string(b) != `{"users":[{"id":"w"},{"id":"u1"}]}` {
				t.Fatalf("node %s users: %d %s", n.addr, code, b)
			}
			code, b = n.signed("GET", "/apps/"+tAppID+"/channels", url.Values{"filter_by_prefix": {"presence-"}, "info": {"user_count"}}, nil)
			if code != 200 || string(b) != `{"channels":{"presence-room":{"user_count":2}}}` {
				t.Fatalf("node %s channels: %d %s", n.addr, code, b)
			}
		}

		// u1 leaves one node: still there. Leaves the other: removed, once.
		u1a.send("pusher:unsubscribe", "", map[string]any{"channel": ch})
		ns[0].trigger(ch, "marker", "2", "")
		watcher.expect("marker")
		u1b.send("pusher:unsubscribe", "", map[string]any{"channel": ch})
		if f := watcher.expect("pusher_internal:member_removed"); f.str() != `{"user_id":"u1"}` {
			t.Fatalf("member_removed %s", f.str())
		}
		ns[0].trigger(ch, "marker", "3", "")
		watcher.expect("marker")
		code, b := ns[1].signed("GET", "/apps/"+tAppID+"/channels/"+ch+"/users", nil, nil)
		if code != 200 || string(b) != `{"users":[{"id":"w"}]}` {
			t.Fatalf("users after leave: %d %s", code, b)
		}
	})
}

func TestWebhooksFiredOncePerCluster(t *testing.T) {
	forBackends(t, func(t *testing.T, be backend) {
		sink := startHookSink(t)
		ns := threeNodes(t, be, nodeOpts{webhookURL: sink.url})
		var cls []*client
		for _, n := range ns {
			c := n.connect()
			c.join("room", "")
			cls = append(cls, c)
		}
		p0, p1 := ns[0].connect(), ns[1].connect()
		p0.join("presence-p", member("u1"))
		p1.join("presence-p", member("u1"))
		waitFor(t, "occupied and member_added", 3*time.Second, func() bool {
			return sink.count("channel_occupied", "room", "") >= 1 && sink.count("member_added", "presence-p", "u1") >= 1
		})
		for _, c := range cls {
			c.send("pusher:unsubscribe", "", map[string]any{"channel": "room"})
		}
		p0.send("pusher:unsubscribe", "", map[string]any{"channel": "presence-p"})
		p1.send("pusher:unsubscribe", "", map[string]any{"channel": "presence-p"})
		waitFor(t, "vacated and member_removed", 3*time.Second, func() bool {
			return sink.count("channel_vacated", "room", "") >= 1 && sink.count("member_removed", "presence-p", "u1") >= 1
		})
		time.Sleep(600 * time.Millisecond) // any duplicate would have come by now
		for _, w := range []struct{ name, ch, user string }{
			{"channel_occupied", "room", ""}, {"channel_vacated", "room", ""},
			{"channel_occupied", "presence-p", ""}, {"channel_vacated", "presence-p", ""},
			{"member_added", "presence-p", "u1"}, {"member_removed", "presence-p", "u1"},
		} {
			if n := sink.count(w.name, w.ch, w.user); n != 1 {
				t.Fatalf("%s %s %s fired %d times; all: %+v", w.name, w.ch, w.user, n, sink.all())
			}
		}
	})
}

func TestTerminateAcrossNodes(t *testing.T) {
	forBackends(t, func(t *testing.T, be backend) {
		ns := threeNodes(t, be, nodeOpts{})
		a, b, other := ns[1].connect(), ns[2].connect(), ns[2].connect()
		a.signin("42")
		b.signin("42")
		other.signin("43")
		if code, body := ns[0].signed("POST", "/apps/"+tAppID+"/users/42/terminate_connections", nil, []byte("{}")); code != 200 {
			t.Fatalf("terminate: %d %s", code, body)
		}
		for _, c := range []*client{a, b} {
			if code := c.expectClose(); code != 4009 {
				t.Fatalf("closed with %d, want 4009", code)
			}
		}
		other.join("still-here", "")
	})
}

// A terminate that cannot leave its node (Redis is away) is an error, not
// a silent success: the store's outbox then tries again, and once Redis is
// back the retry closes the user's socket on the other node. Before, the
// request was dropped with nothing to tell, and the socket stayed open.
func TestTerminateThatCannotReachTheOtherNodesFails(t *testing.T) {
	r := startOwnRedis(t)
	prefix := uniquePrefix()
	n0 := startNode(t, nodeOpts{url: r.url(), prefix: prefix})
	n1 := startNode(t, nodeOpts{url: r.url(), prefix: prefix})
	c := n1.connect()
	c.signin("42")

	r.kill()
	waitFor(t, "the node to notice Redis is gone", 5*time.Second, func() bool { return !n0.ad.Up() })
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := n0.ad.TerminateUser(ctx, tAppID, "42"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("terminate while Redis is away: %v, want ErrUnavailable", err)
	}

	r.start()
	for _, n := range []*tnode{n0, n1} {
		waitFor(t, "the nodes back in the cluster", 10*time.Second, func() bool { return n.ad.Ready(context.Background()) == nil && n.ad.bus.listening() })
	}
	if err := n0.ad.TerminateUser(ctx, tAppID, "42"); err != nil {
		t.Fatalf("terminate once Redis is back: %v", err)
	}
	if code := c.expectClose(); code != 4009 {
		t.Fatalf("the socket on the other node closed with %d, want 4009", code)
	}
}

func TestDeadNodeMembersReaped(t *testing.T) {
	forBackends(t, func(t *testing.T, be backend) {
		sink := startHookSink(t)
		p := uniquePrefix()
		cleanPrefix(t, be, p)
		opts := nodeOpts{url: be.url, cluster: be.cluster, prefix: p, heartbeat: 100 * time.Millisecond, ttl: 500 * time.Millisecond, webhookURL: sink.url}
		live, doomed := startNode(t, opts), startNode(t, opts)
		w := live.connect()
		w.join("presence-room", member("w"))
		both := live.connect()
		both.join("presence-room", member("both"))
		w.expect("pusher_internal:member_added")
		d1 := doomed.connect()
		d1.join("presence-room", member("gone"))
		d2 := doomed.connect()
		d2.join("presence-room", member("both"))
		d3 := doomed.connect()
		d3.join("lonely", "")
		w.expect("pusher_internal:member_added") // gone; "both" was already there
		waitFor(t, "occupied hook", 2*time.Second, func() bool { return sink.count("channel_occupied", "lonely", "") == 1 })

		start := time.Now()
		doomed.crash()
		// Heartbeat bound: TTL + one heartbeat (+ scheduling slack).
		f := w.expectWithin("pusher_internal:member_removed", 2*time.Second)
		took := time.Since(start)
		if f.str() != `{"user_id":"gone"}` {
			t.Fatalf("member_removed %s", f.str())
		}
		t.Logf("dead node's member removed after %s", took)
		live.trigger("presence-room", "marker", "", "")
		w.expect("marker") // "both" is still on the live node: not removed
		code, b := live.signed("GET", "/apps/"+tAppID+"/channels/presence-room/users", nil, nil)
		if code != 200 || string(b) != `{"users":[{"id":"w"},{"id":"both"}]}` {
			t.Fatalf("users: %d %s", code, b)
		}
		code, b = live.signed("GET", "/apps/"+tAppID+"/channels", url.Values{"info": {"subscription_count"}}, nil)
		if code != 200 || string(b) != `{"channels":{"presence-room":{"subscription_count":2}}}` {
			t.Fatalf("channels: %d %s", code, b)
		}
		waitFor(t, "webhooks for the dead node", 3*time.Second, func() bool {
			return sink.count("member_removed", "presence-room", "gone") == 1 && sink.count("channel_vacated", "lonely", "") == 1
		})
		if n := sink.count("member_removed", "presence-room", "both"); n != 0 {
			t.Fatalf("member_removed for a user still on a live node: %d", n)
		}
		if live.ad.Stats().Reaped != 1 {
			t.Fatalf("reaped %d", live.ad.Stats().Reaped)
		}
	})
}

func TestRedisRestartMidTraffic(t *testing.T) {
	r := startOwnRedis(t)
	opts := nodeOpts{url: r.url(), prefix: "pusher:", heartbeat: 100 * time.Millisecond, ttl: 500 * time.Millisecond}
	n0, n1 := startNode(t, opts), startNode(t, opts)
	const ch = "presence-room"
	a, b := n0.connect(), n1.connect()
	a.join(ch, member("a"))
	b.join(ch, member("b"))
	a.expect("pusher_internal:member_added")
	sa, sb := n0.connect(), n1.connect()
	sa.join("news", "")
	sb.join("news", "")

	// Traffic throughout: node 0 publishes every 5 ms.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			_ = n0.srv.Publish(context.Background(), tAppID, []string{"news"}, "tick", []byte(fmt.Sprint(i)), "")
		}
	}()
	defer func() { close(stop); wg.Wait() }()
	sb.expect("tick")

	r.kill()
	waitFor(t, "both nodes not ready", 3*time.Second, func() bool {
		return n0.ad.Ready(context.Background()) != nil && n1.ad.Ready(context.Background()) != nil
	})
	// Local delivery goes on; the queue stays bounded (dropped, counted).
	drain(sa)
	sa.expect("tick")
	// A presence join while Redis is away succeeds, with this node's view.
	c := n1.connect()
	if ids := presenceIDs(t, c.join(ch, member("c"))); !reflect.DeepEqual(ids, []string{"b", "c"}) {
		t.Fatalf("ids while Redis is down: %v", ids)
	}
	time.Sleep(300 * time.Millisecond)
	if n0.ad.Stats().Dropped == 0 {
		t.Fatal("nothing counted as dropped while Redis was down")
	}
	if q := len(n0.ad.bus.queue); q > cap(n0.ad.bus.queue) {
		t.Fatalf("queue %d", q)
	}

	r.start() // empty: the data is gone
	waitFor(t, "both nodes ready again", 5*time.Second, func() bool {
		return n0.ad.Ready(context.Background()) == nil && n1.ad.Ready(context.Background()) == nil
	})
	// Neither node heard the other meanwhile: every socket is asked to
	// reconnect (TestRedisRestartReconnectsClientsThatMissedEvents), and
	// the clients come back.
	for _, cl := range []*client{a, b, c, sa, sb} {
		if code := cl.expectClose(); code != 4200 {
			t.Fatalf("closed with %d after the restart, want 4200", code)
		}
	}
	a, b = n0.connect(), n1.connect()
	a.join(ch, member("a"))
	b.join(ch, member("b"))
	c = n1.connect()
	if ids := presenceIDs(t, c.join(ch, member("c"))); !reflect.DeepEqual(ids, []string{"a", "b", "c"}) {
		t.Fatalf("members after the restart: %v", ids)
	}
	sa, sb = n0.connect(), n1.connect()
	sa.join("news", "")
	sb.join("news", "")
	// Delivery across nodes resumes.
	waitFor(t, "tick across nodes", 3*time.Second, func() bool {
		f, ok := sb.next(200 * time.Millisecond)
		return ok && f.Event == "tick"
	})
	// Presence and counts, resynced and then left by the closed sockets,
	// are the reconnected clients', from either node: no ghost of a
	// socket that was closed.
	for _, n := range []*tnode{n0, n1} {
		waitFor(t, "members resynced", 3*time.Second, func() bool {
			code, body := n.signed("GET", "/apps/"+tAppID+"/channels/"+ch, url.Values{"info": {"user_count,subscription_count"}}, nil)
			return code == 200 && string(body) == `{"occupied":true,"user_count":3,"subscription_count":3}`
		})
	}
	waitFor(t, "channel counts resynced", 3*time.Second, func() bool {
		code, body := n0.signed("GET", "/apps/"+tAppID+"/channels", url.Values{"info": {"subscription_count"}}, nil)
		var cs struct {
			Channels map[string]struct {
				SubscriptionCount int `json:"subscription_count"`
			} `json:"channels"`
		}
		_ = json.Unmarshal(body, &cs)
		return code == 200 && cs.Channels["news"].SubscriptionCount == 2
	})
}

// waitForMember reads c's frames until a member_added for id (ticks and
// others skipped) and returns its data.
func waitForMember(t *testing.T, c *client, id string) string {
	t.Helper()
	end := time.Now().Add(5 * time.Second)
	for time.Now().Before(end) {
		f, ok := c.next(time.Until(end))
		if !ok {
			break
		}
		if f.Event == "pusher_internal:member_added" {
			var d struct {
				UserID string `json:"user_id"`
			}
			_ = json.Unmarshal([]byte(f.str()), &d)
			if d.UserID == id {
				return f.str()
			}
		}
	}
	t.Fatalf("no member_added for %s", id)
	return ""
}

// drain discards what c has received so far.
func drain(c *client) {
	for {
		select {
		case <-c.frames:
		default:
			return
		}
	}
}

func TestCacheChannelAcrossNodes(t *testing.T) {
	forBackends(t, func(t *testing.T, be backend) {
		ns := threeNodes(t, be, nodeOpts{})
		ns[0].trigger("cache-prices", "price", "100", "")
		c := ns[2].connect()
		c.join("cache-prices", "")
		if f := c.expect("price"); f.str() != "100" {
			t.Fatalf("cached %s", f.str())
		}
		d := ns[1].connect()
		d.join("cache-none", "")
		d.expect("pusher:cache_miss")
	})
}

func TestAdapterUnreachableAtStart(t *testing.T) {
	r := startOwnRedis(t)
	r.kill()
	ad, err := New(Options{URL: r.url(), Prefix: uniquePrefix(), Heartbeat: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	srv := realtime.New(realtime.Config{Apps: []realtime.App{{ID: tAppID, Key: tKey, Secret: tSecret, Enabled: true}}}, nopLog(), ad)
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}()
	time.Sleep(200 * time.Millisecond)
	if ad.Ready(context.Background()) == nil {
		t.Fatal("ready without Redis")
	}
	r.start()
	waitFor(t, "ready once Redis is up", 5*time.Second, func() bool { return ad.Ready(context.Background()) == nil })
	// Registered with a heartbeat.
	rdb := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", r.port)})
	defer rdb.Close()
	if ok, _ := rdb.SIsMember(context.Background(), ad.nodesKey(), ad.NodeID()).Result(); !ok {
		t.Fatal("node not registered")
	}
}

// settledPublishes waits until ad has published nothing for a second and
// returns its count then.
func settledPublishes(t *testing.T, ad *Adapter) int64 {
	t.Helper()
	last, since := ad.Stats().Published, time.Now()
	end := time.Now().Add(10 * time.Second)
	for time.Now().Before(end) {
		time.Sleep(50 * time.Millisecond)
		if n := ad.Stats().Published; n != last {
			last, since = n, time.Now()
		} else if time.Since(since) >= time.Second {
			return n
		}
	}
	t.Fatal("node kept publishing for 10 s with no traffic")
	return 0
}
