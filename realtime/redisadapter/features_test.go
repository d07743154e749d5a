package redisadapter

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

// The cluster-wide features over both backends: subscription counts and
// watchlist online status, whichever node the sockets are on.

// expectCount reads the next frame, which must be a subscription count.
func (c *client) expectCount(channel string) int {
	c.t.Helper()
	f := c.expect("pusher_internal:subscription_count")
	if f.Channel != channel {
		c.t.Fatalf("count for %s, want %s", f.Channel, channel)
	}
	var d struct {
		SubscriptionCount int `json:"subscription_count"`
	}
	if err := json.Unmarshal([]byte(f.str()), &d); err != nil {
		c.t.Fatalf("count data %s: %v", f.Data, err)
	}
	return d.SubscriptionCount
}

// expectWatch reads the next frame, which must be watchlist events, and
// returns them as "name id,id".
func (c *client) expectWatch() []string {
	c.t.Helper()
	f := c.expect("pusher_internal:watchlist_events")
	var d struct {
		Events []struct {
			Name    string   `json:"name"`
			UserIDs []string `json:"user_ids"`
		} `json:"events"`
	}
	if err := json.Unmarshal([]byte(f.str()), &d); err != nil {
		c.t.Fatalf("watchlist data %s: %v", f.Data, err)
	}
	var out []string
	for _, e := range d.Events {
		out = append(out, e.Name+" "+strings.Join(e.UserIDs, ","))
	}
	return out
}

// countReaches reads c's counts until want; a socket that joined on one
// node may first hear the count announced on another node before it
// joined (the bus is slower than a local join).
func (c *client) countReaches(channel string, want int) {
	c.t.Helper()
	for {
		if n := c.expectCount(channel); n == want {
			return
		}
	}
}

func TestSubscriptionCountAcrossNodes(t *testing.T) {
	forBackends(t, func(t *testing.T, be backend) {
		ns := threeNodes(t, be, nodeOpts{countEvery: 200 * time.Millisecond})
		a := ns[0].connect()
		a.join("room", "")
		// a, there from the start, hears each count once and in order,
		// whichever node counted it and announced it.
		var got []int
		expect := func(want int, others ...*client) {
			t.Helper()
			got = append(got, a.expectCount("room"))
			for _, c := range others {
				c.countReaches("room", want)
			}
		}
		expect(1)
		b := ns[1].connect()
		b.join("room", "")
		expect(2, b)
		c := ns[2].connect()
		c.join("room", "")
		expect(3, b, c)
		c.send("pusher:unsubscribe", "", map[string]any{"channel": "room"})
		expect(2, b)
		if !slices.Equal(got, []int{1, 2, 3, 2}) {
			t.Fatalf("counts %v, want 1 2 3 2", got)
		}
		a.expectQuiet(500 * time.Millisecond)
	})
}

func TestWatchlistAcrossNodes(t *testing.T) {
	forBackends(t, func(t *testing.T, be backend) {
		ns := threeNodes(t, be, nodeOpts{})
		w := ns[0].connect()
		w.signin("w", "u", "v")
		u1 := ns[1].connect()
		u1.signin("u")
		if got := strings.Join(w.expectWatch(), ";"); got != "online u" {
			t.Fatalf("u on node 1: %s", got)
		}
		// Every node reads u's status with its version (µs, all digits).
		vs, err := ns[2].ad.OnlineUsers(context.Background(), tAppID, []string{"u", "v"})
		if err != nil || len(vs) != 1 || vs["u"] < 1e15 {
			t.Fatalf("online users %v, %v", vs, err)
		}
		// Another socket of u on another node: still online, no news.
		u2 := ns[2].connect()
		u2.signin("u")
		u1.ws.Close()
		// A watcher signing in on a third node hears who is online.
		late := ns[2].connect()
		late.signin("late", "u", "v")
		if got := strings.Join(late.expectWatch(), ";"); got != "online u" {
			t.Fatalf("initial status: %s", got)
		}
		u2.ws.Close()
		for _, c := range []*client{w, late} {
			if got := strings.Join(c.expectWatch(), ";"); got != "offline u" {
				t.Fatalf("u's last socket closed: %s", got)
			}
		}
		w.expectQuiet(300 * time.Millisecond)
	})
}

// A node that dies holding a user's only signed-in socket takes the user
// offline, cluster-wide, within the heartbeat bound.
func TestDeadNodeUsersGoOffline(t *testing.T) {
	forBackends(t, func(t *testing.T, be backend) {
		p := uniquePrefix()
		cleanPrefix(t, be, p)
		opts := nodeOpts{url: be.url, cluster: be.cluster, prefix: p, heartbeat: 100 * time.Millisecond, ttl: 500 * time.Millisecond}
		live, doomed := startNode(t, opts), startNode(t, opts)
		w := live.connect()
		w.signin("w", "gone", "stays")
		stays := live.connect()
		stays.signin("stays")
		if got := strings.Join(w.expectWatch(), ";"); got != "online stays" {
			t.Fatalf("%s", got)
		}
		gone := doomed.connect()
		gone.signin("gone")
		if got := strings.Join(w.expectWatch(), ";"); got != "online gone" {
			t.Fatalf("%s", got)
		}
		doomed.crash()
		if got := strings.Join(w.expectWatch(), ";"); got != "offline gone" {
			t.Fatalf("after the crash: %s", got)
		}
		w.expectQuiet(300 * time.Millisecond)
	})
}
