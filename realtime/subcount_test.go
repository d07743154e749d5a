package realtime

import (
	"slices"
	"testing"
	"time"
)

// countEvents reads c's frames for d and returns the subscription counts
// announced on channel, in order.
func countEvents(c *client, channel string, d time.Duration) []int {
	c.t.Helper()
	var got []int
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		f, err := c.next(time.Until(end))
		if err != nil {
			break
		}
		if f.Event != "pusher_internal:subscription_count" {
			c.t.Fatalf("unexpected %s %s", f.Event, f.Data)
		}
		if f.Channel != channel {
			c.t.Fatalf("count for %s, want %s", f.Channel, channel)
		}
		var d struct {
			SubscriptionCount int `json:"subscription_count"`
		}
		f.obj(c.t, &d)
		got = append(got, d.SubscriptionCount)
	}
	return got
}

func countEnv(t *testing.T, h *hookSink) *env {
	mutate := func(c *Config) {
		c.Apps[0].SubscriptionCount = true
		c.SubscriptionCountEvery = 300 * time.Millisecond
	}
	if h != nil {
		return hookEnv(t, h, mutate)
	}
	return newEnv(t, mutate)
}

// expectCount waits for one subscription_count event and returns its count.
func expectCount(c *client, channel string) int {
	c.t.Helper()
	f := c.expect("pusher_internal:subscription_count")
	if f.Channel != channel {
		c.t.Fatalf("count for %s, want %s", f.Channel, channel)
	}
	var d struct {
		SubscriptionCount int `json:"subscription_count"`
	}
	f.obj(c.t, &d)
	return d.SubscriptionCount
}

func TestSubscriptionCountAnnouncedToSubscribers(t *testing.T) {
	h := newHookSink(t)
	e := countEnv(t, h)
	a := e.connect()
	a.join("private-room", "")
	if n := expectCount(a, "private-room"); n != 1 {
		t.Fatalf("after the first join: %d", n)
	}
	b := e.connect()
	b.join("private-room", "")
	for _, c := range []*client{a, b} {
		if n := expectCount(c, "private-room"); n != 2 {
			t.Fatalf("after the second join: %d", n)
		}
	}
	b.send("pusher:unsubscribe", "", map[string]any{"channel": "private-room"})
	if n := expectCount(a, "private-room"); n != 1 {
		t.Fatalf("after a leave: %d", n)
	}

	// A burst inside one period is one announcement of the final count.
	// (Connected first, then subscribed back to back.)
	var burst []*client
	for range 4 {
		burst = append(burst, e.connect())
	}
	for _, c := range burst {
		c.subscribe("private-room", SignChannel(tSecret, tKey, c.socketID, "private-room", ""), "")
	}
	for _, c := range burst {
		c.expect("pusher_internal:subscription_succeeded")
	}
	if got := countEvents(a, "private-room", 1200*time.Millisecond); !slices.Equal(got, []int{5}) {
		t.Fatalf("burst announced %v, want [5]", got)
	}
	eventually(t, "subscription_count webhooks", func() bool { return len(h.counts("private-room")) >= 4 })
	if got := h.counts("private-room"); !slices.Equal(got, []int{1, 2, 1, 5}) {
		t.Fatalf("subscription_count webhooks %v, want 1 2 1 5", got)
	}
}

func TestSubscriptionCountNotForPresenceOrOtherApps(t *testing.T) {
	e := countEnv(t, nil)
	p := e.connect()
	p.join("presence-room", `{"user_id":"1"}`)
	p.expectQuiet(400 * time.Millisecond)

	// An app without the setting never sends it.
	e = newEnv(t, func(c *Config) { c.SubscriptionCountEvery = 50 * time.Millisecond })
	a, b := e.connect(), e.connect()
	a.join("room", "")
	b.join("room", "")
	a.expectQuiet(300 * time.Millisecond)
}
