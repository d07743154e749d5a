package realtime

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	pusher "github.com/pusher/pusher-http-go/v5"
)

// hookSink is a local webhook endpoint that checks every request's
// signature with pusher-http-go's Webhook() and records the events.
type hookSink struct {
	t      *testing.T
	srv    *httptest.Server
	mu     sync.Mutex
	events []pusher.WebhookEvent
	bodies []string
	fail   int           // answer 500 to this many requests first
	block  chan struct{} // if set, requests wait on it
}

func newHookSink(t *testing.T) *hookSink {
	h := &hookSink{t: t}
	sdk := &pusher.Client{AppID: tAppID, Key: tKey, Secret: tSecret}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h.block != nil {
			select {
			case <-h.block:
			case <-r.Context().Done():
			}
			return
		}
		body, _ := io.ReadAll(r.Body)
		hook, err := sdk.Webhook(r.Header, body)
		if err != nil {
			t.Errorf("webhook signature: %v (%s)", err, body)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		h.bodies = append(h.bodies, string(body))
		if h.fail > 0 {
			h.fail--
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		h.events = append(h.events, hook.Events...)
	}))
	t.Cleanup(h.srv.Close)
	return h
}

func (h *hookSink) names() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for _, e := range h.events {
		s := e.Name + " " + e.Channel
		if e.UserID != "" {
			s += " " + e.UserID
		}
		out = append(out, s)
	}
	return out
}

func (h *hookSink) has(name string) bool {
	for _, n := range h.names() {
		if n == name {
			return true
		}
	}
	return false
}

// counts are the subscription_count webhooks' counts for channel, in order
// (read from the bodies: pusher-http-go's event type has no such field).
func (h *hookSink) counts(channel string) []int {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []int
	for _, b := range h.bodies {
		var body struct {
			Events []struct {
				Name              string `json:"name"`
				Channel           string `json:"channel"`
				SubscriptionCount *int   `json:"subscription_count"`
			} `json:"events"`
		}
		if err := json.Unmarshal([]byte(b), &body); err != nil {
			h.t.Errorf("webhook body %s: %v", b, err)
		}
		for _, e := range body.Events {
			if e.Name == "subscription_count" && e.Channel == channel && e.SubscriptionCount != nil {
				out = append(out, *e.SubscriptionCount)
			}
		}
	}
	return out
}

func hookEnv(t *testing.T, h *hookSink, mutate func(*Config)) *env {
	return newEnv(t, func(c *Config) {
		c.Apps[0].WebhookURL = h.srv.URL
		c.WebhookRetryMin = 10 * time.Millisecond
		// Long enough that an immediate resubscribe always lands inside it.
		c.WebhookDelay = 2 * time.Second
		if mutate != nil {
			mutate(c)
		}
	})
}

func TestWebhooksDebouncedAndSigned(t *testing.T) {
	h := newHookSink(t)
	e := hookEnv(t, h, nil)
	a, b := e.connect(), e.connect()
	a.join("room", "")
	eventually(t, "channel_occupied", func() bool { return h.has("channel_occupied room") })

	// A reload: leave and come back within the delay — no webhook at all.
	a.send("pusher:unsubscribe", "", map[string]string{"channel": "room"})
	a.join("room", "")

	// Presence: two users, then one leaves and returns (no flap), then a
	// client event on the presence channel.
	a.join("presence-lobby", `{"user_id":"1"}`)
	b.join("presence-lobby", `{"user_id":"2"}`)
	b.send("pusher:unsubscribe", "", map[string]string{"channel": "presence-lobby"})
	b.join("presence-lobby", `{"user_id":"2"}`)
	// The websocket side is not debounced: a sees 2 join, leave, rejoin.
	a.expect("pusher_internal:member_added")
	a.expect("pusher_internal:member_removed")
	a.expect("pusher_internal:member_added")
	b.send("client-typing", "presence-lobby", map[string]int{"n": 1})
	a.expect("client-typing")
	eventually(t, "client_event", func() bool { return h.has("client_event presence-lobby 2") })

	// Everyone leaves: vacated and member_removed arrive after the delay.
	a.ws.Close()
	b.ws.Close()
	eventually(t, "departures", func() bool {
		return h.has("channel_vacated room") && h.has("channel_vacated presence-lobby") &&
			h.has("member_removed presence-lobby 1") && h.has("member_removed presence-lobby 2")
	})
	got := h.names()
	want := []string{
		"channel_occupied room",
		"channel_occupied presence-lobby",
		"member_added presence-lobby 1",
		"member_added presence-lobby 2",
		"client_event presence-lobby 2",
	}
	if len(got) != len(want)+4 {
		t.Fatalf("webhook events %q", got)
	}
	for i, w := range want {
		if got[i] != w {
			t.Fatalf("webhook events %q, want %q first", got, want)
		}
	}
	h.mu.Lock()
	for _, ev := range h.events {
		if ev.Name == "client_event" && (ev.Event != "client-typing" || ev.Data != `{"n":1}` || ev.SocketID != b.socketID) {
			t.Errorf("client_event %+v", ev)
		}
	}
	h.mu.Unlock()
}

func TestWebhookRetriedAfter500(t *testing.T) {
	h := newHookSink(t)
	h.fail = 1
	e := hookEnv(t, h, nil)
	c := e.connect()
	c.join("retry-me", "")
	eventually(t, "redelivery", func() bool { return h.has("channel_occupied retry-me") })
	h.mu.Lock()
	bodies := h.bodies
	h.mu.Unlock()
	if len(bodies) != 2 || bodies[0] != bodies[1] {
		t.Fatalf("want the same body twice, got %q", bodies)
	}
	eventually(t, "counters", func() bool {
		st := e.srv.Stats().Webhooks
		return st.Failed == 1 && st.Delivered == 1
	})
}

// A dead endpoint holds its delivery goroutine; subscriptions go on and
// the overflow is dropped and counted.
func TestWebhookDeadEndpointNeverBlocks(t *testing.T) {
	h := newHookSink(t)
	h.block = make(chan struct{})
	e := hookEnv(t, h, func(c *Config) { c.WebhookQueue = 2 })
	// Registered last, so it runs first: the endpoint lets go before the
	// server shuts down.
	t.Cleanup(func() { close(h.block) })
	c := e.connect()
	for i := range 20 {
		c.join("ch-"+itoa(i), "")
	}
	eventually(t, "drops counted", func() bool { return e.srv.Stats().Webhooks.Dropped > 0 })
}
