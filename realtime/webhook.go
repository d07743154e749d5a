package realtime

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"
)

// Webhooks tell an app's backend about channel and presence changes and
// client events, as Pusher sends them. The connection goroutines
// only ever do a map lookup and a non-blocking channel send here: each app
// has its own bounded queue and delivery goroutine, so a slow or dead
// endpoint delays nothing but its own webhooks, and when its queue is full
// new events are dropped and counted.

// hookEvent is one entry of a webhook's "events".
type hookEvent struct {
	Name     string `json:"name"`
	Channel  string `json:"channel"`
	Event    string `json:"event,omitempty"`
	Data     string `json:"data,omitempty"`
	SocketID string `json:"socket_id,omitempty"`
	UserID   string `json:"user_id,omitempty"`
	// SubscriptionCount is set on subscription_count events (0 included).
	SubscriptionCount *int `json:"subscription_count,omitempty"`
}

// maxHookBatch bounds the events sent in one request; whatever is queued
// when a request goes out travels together, so a backlog drains quickly.
const maxHookBatch = 50

type webhooks struct {
	s      *Server
	client *http.Client
	queues map[string]*hookQueue // by app id; apps without a URL have none
	wg     sync.WaitGroup

	mu      sync.Mutex
	pending map[pendingKey]*delayed // debounced channel_vacated / member_removed
}

// pendingKey names a debounced event: user "" is channel_vacated.
type pendingKey struct{ app, channel, user string }

type hookQueue struct {
	app    *App
	events chan hookEvent
}

func newWebhooks(s *Server) *webhooks {
	w := &webhooks{
		s:       s,
		client:  &http.Client{Timeout: s.cfg.WebhookTimeout},
		queues:  map[string]*hookQueue{},
		pending: map[pendingKey]*delayed{},
	}
	for _, a := range s.byID {
		if a.WebhookURL == "" {
			continue
		}
		q := &hookQueue{app: &a.App, events: make(chan hookEvent, s.cfg.WebhookQueue)}
		w.queues[a.ID] = q
		w.wg.Add(1)
		go w.run(q)
	}
	return w
}

// wait returns when the delivery goroutines have stopped (after s.stop).
func (w *webhooks) wait() { w.wg.Wait() }

func (w *webhooks) enqueue(q *hookQueue, ev hookEvent) {
	select {
	case q.events <- ev:
	default:
		w.s.stats.hookDropped.Add(1)
	}
}

func (w *webhooks) occupied(a *appState, channel string) {
	w.arrived(a, pendingKey{a.ID, channel, ""}, hookEvent{Name: "channel_occupied", Channel: channel})
}

func (w *webhooks) memberAdded(a *appState, channel, userID string) {
	w.arrived(a, pendingKey{a.ID, channel, userID}, hookEvent{Name: "member_added", Channel: channel, UserID: userID})
}

func (w *webhooks) vacated(a *appState, channel string) {
	w.left(a, pendingKey{a.ID, channel, ""}, hookEvent{Name: "channel_vacated", Channel: channel})
}

func (w *webhooks) memberRemoved(a *appState, channel, userID string) {
	w.left(a, pendingKey{a.ID, channel, userID}, hookEvent{Name: "member_removed", Channel: channel, UserID: userID})
}

func (w *webhooks) subscriptionCount(a *appState, channel string, n int) {
	if q := w.queues[a.ID]; q != nil {
		w.enqueue(q, hookEvent{Name: "subscription_count", Channel: channel, SubscriptionCount: &n})
	}
}

// cacheMissEvery spaces a channel's cache_miss webhooks, cluster-wide: the
// subscribers that find the cache empty at about the same time cause one.
const cacheMissEvery = time.Second

func (w *webhooks) cacheMiss(ctx context.Context, a *appState, channel string) {
	q := w.queues[a.ID]
	if q == nil {
		return
	}
	ok, err := w.s.adapter.Claim(ctx, a.ID, channel, "cache_miss", cacheMissEvery)
	if err != nil {
		w.s.log.Error().Err(err).Msg("realtime: cache_miss claim")
		return
	}
	if ok {
		w.enqueue(q, hookEvent{Name: "cache_miss", Channel: channel})
	}
}

func (w *webhooks) clientEvent(a *appState, channel, event string, data []byte, socketID, userID string) {
	q := w.queues[a.ID]
	if q == nil {
		return
	}
	// The webhook's data is a string: the client's string as is, anything
	// else in its JSON form.
	s, ok := jsonString(data)
	if !ok {
		s = string(data)
	}
	w.enqueue(q, hookEvent{Name: "client_event", Channel: channel, Event: event, Data: s, SocketID: socketID, UserID: userID})
}

// arrived sends an occupied / member_added, unless it undoes a departure
// still waiting out its delay: then neither is sent (a page reload).
func (w *webhooks) arrived(a *appState, k pendingKey, ev hookEvent) {
	q := w.queues[a.ID]
	if q == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if t := w.pending[k]; t != nil {
		// Even if the timer has fired, its func has not enqueued yet
		// (that happens under w.mu) and will see it is no longer pending.
		t.Stop()
		delete(w.pending, k)
		return
	}
	w.enqueue(q, ev)
}

// left sends a vacated / member_removed after WebhookDelay, if nothing
// cancelled it and, asked once more, the adapter agrees it still holds
// (another node may have been joined meanwhile).
func (w *webhooks) left(a *appState, k pendingKey, ev hookEvent) {
	q := w.queues[a.ID]
	if q == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if old := w.pending[k]; old != nil {
		old.Stop()
	}
	var t *delayed
	t = w.s.timers.after(w.s.cfg.WebhookDelay, func() {
		gone := w.stillGone(k)
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.pending[k] != t {
			return // cancelled or replaced meanwhile
		}
		delete(w.pending, k)
		if gone {
			// Under w.mu, so a join right now queues its event after this.
			w.enqueue(q, ev)
		}
	})
	w.pending[k] = t
}

func (w *webhooks) stillGone(k pendingKey) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if k.user == "" {
		st, err := w.s.adapter.Channel(ctx, k.app, k.channel)
		return err != nil || st.Subscriptions == 0
	}
	ms, err := w.s.adapter.Members(ctx, k.app, k.channel)
	return err != nil || !hasMember(ms, k.user)
}

// run delivers one app's webhooks in order until the server stops.
func (w *webhooks) run(q *hookQueue) {
	defer w.wg.Done()
	batch := make([]hookEvent, 0, maxHookBatch)
	for {
		select {
		case <-w.s.stop:
			return
		case ev := <-q.events:
			batch = append(batch[:0], ev)
		}
	more:
		for len(batch) < maxHookBatch {
			select {
			case ev := <-q.events:
				batch = append(batch, ev)
			default:
				break more
			}
		}
		body, err := json.Marshal(struct {
			TimeMs int64       `json:"time_ms"`
			Events []hookEvent `json:"events"`
		}{w.s.cfg.Now().UnixMilli(), batch})
		if err != nil {
			continue // strings only: cannot happen
		}
		w.deliver(q, body)
	}
}

// deliver posts body until a 2xx answer, backing off exponentially, for
// at most WebhookRetryFor.
func (w *webhooks) deliver(q *hookQueue, body []byte) {
	giveUp := time.Now().Add(w.s.cfg.WebhookRetryFor)
	wait := w.s.cfg.WebhookRetryMin
	for {
		err := w.post(q, body)
		if err == nil {
			w.s.stats.hookOK.Add(1)
			return
		}
		w.s.stats.hookFailed.Add(1)
		if time.Now().Add(wait).After(giveUp) {
			w.s.stats.hookAbandoned.Add(1)
			w.s.log.Warn().Err(err).Str("app", q.app.ID).Msg("realtime: webhook abandoned")
			return
		}
		w.s.log.Debug().Err(err).Str("app", q.app.ID).Dur("retry_in", wait).Msg("realtime: webhook failed")
		select {
		case <-w.s.stop:
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, time.Minute)
	}
}

type hookStatusError int

func (e hookStatusError) Error() string { return "webhook answered " + http.StatusText(int(e)) }

func (w *webhooks) post(q *hookQueue, body []byte) error {
	req, err := http.NewRequest(http.MethodPost, q.app.WebhookURL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Pusher-Key", q.app.Key)
	req.Header.Set("X-Pusher-Signature", hmacHex(q.app.Secret, string(body)))
	resp, err := w.client.Do(req)
	if err != nil {
		return err
	}
	// Drained (a little) so the connection is reused.
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return hookStatusError(resp.StatusCode)
	}
	return nil
}
