package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/fasthttp/websocket"
)

// A websocket client is a customer's open app, as the web app behaves
// (web/src/app/layout/realtime-bridge.tsx): one Pusher connection through
// the balancer, subscribed to private-user.{id} (authorised by
// /api/broadcasting/auth), showing the balance a user.updated event
// carries and then checking it with GET /api/user/{id}, since events come
// at least once and possibly out of order. When the socket drops it
// reconnects as pusher-js does (at once after 4200, else after a short
// back-off), subscribes again and refetches the user, since events
// published while it was away are lost to it.
type wsClient struct {
	c       customer
	shown   atomic.Int64 // the balance the app shows
	up      atomic.Bool  // subscribed
	drops   atomic.Int64
	lastErr atomic.Value
	// One refetch at a time; an event during one asks for another after it.
	fetching, again atomic.Bool
}

type realtime struct {
	api        *api
	wsURL      string // ws://balancer/app/{key}?protocol=7…
	phase      *phase
	reconnects durations
	gaveUp     atomic.Int64 // reconnects that took longer than the limit (still retried)
	limit      time.Duration
}

var dialer = websocket.Dialer{HandshakeTimeout: 5 * time.Second}

type frame struct {
	Event   string          `json:"event"`
	Channel string          `json:"channel,omitempty"`
	Data    json.RawMessage `json:"data"`
}

// run keeps the client connected until ctx ends. ready is called once,
// after the first subscription.
func (r *realtime) run(ctx context.Context, cl *wsClient, ready func()) {
	var droppedAt time.Time
	var fault string
	first := true
	for attempt := 0; ctx.Err() == nil; attempt++ {
		ws, err := r.connect(cl)
		if err != nil {
			cl.lastErr.Store(err.Error())
			// pusher-js backs off between failed attempts; a few hundred
			// milliseconds, growing, with jitter so 2,000 clients spread.
			wait := time.Duration(min(attempt+1, 8)) * 250 * time.Millisecond
			sleep(ctx, wait/2+rand.N(wait/2+1))
			continue
		}
		cl.up.Store(true)
		closed := make(chan int, 1)
		go func() { closed <- r.read(cl, ws) }()
		r.refetch(cl)
		if first {
			first = false
			ready()
		} else {
			took := time.Since(droppedAt)
			r.reconnects.add(fault, took)
			if took > r.limit {
				r.gaveUp.Add(1)
			}
		}
		attempt = -1
		var code int
		select {
		case code = <-closed:
		case <-ctx.Done():
			ws.Close()
			<-closed
			cl.up.Store(false)
			return
		}
		cl.up.Store(false)
		cl.drops.Add(1)
		droppedAt, fault = time.Now(), r.phase.get()
		if code != 4200 { // 4200: reconnect at once; anything else after a short pause
			sleep(ctx, 100*time.Millisecond+rand.N(400*time.Millisecond))
		}
	}
}

// connect dials, reads pusher:connection_established, has the channel
// signed and subscribes, returning once the server confirmed it.
func (r *realtime) connect(cl *wsClient) (*websocket.Conn, error) {
	r.api.tally.request("websocket")
	t0 := time.Now()
	ws, _, err := dialer.Dial(r.wsURL, http.Header{"X-Forwarded-For": {clientAddr(cl.c.id)}})
	if err != nil {
		r.api.tally.failed("websocket", cause(0, err), time.Since(t0))
		return nil, err
	}
	fail := func(err error) (*websocket.Conn, error) { ws.Close(); return nil, err }
	_ = ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	var f frame
	if err := ws.ReadJSON(&f); err != nil || f.Event != "pusher:connection_established" {
		r.api.tally.failed("websocket", "no connection_established", time.Since(t0))
		return fail(fmt.Errorf("connection_established: %v %s", err, f.Data))
	}
	var est struct {
		SocketID string `json:"socket_id"`
	}
	var s string
	_ = json.Unmarshal(f.Data, &s)
	_ = json.Unmarshal([]byte(s), &est)
	channel := fmt.Sprintf("private-user.%d", cl.c.id)
	var auth struct {
		Auth string `json:"auth"`
	}
	st, _, err := r.api.call("channel auth", http.MethodPost, "/api/broadcasting/auth", cl.c.token, "", clientAddr(cl.c.id),
		fmt.Sprintf(`{"socket_id":%q,"channel_name":%q}`, est.SocketID, channel), &auth)
	if err != nil || st != http.StatusOK {
		return fail(fmt.Errorf("channel auth: %d %v", st, err))
	}
	sub, _ := json.Marshal(map[string]any{"event": "pusher:subscribe", "data": map[string]string{"channel": channel, "auth": auth.Auth}})
	if err := ws.WriteMessage(websocket.TextMessage, sub); err != nil {
		return fail(err)
	}
	for {
		if err := ws.ReadJSON(&f); err != nil {
			r.api.tally.failed("websocket", "no subscription_succeeded", time.Since(t0))
			return fail(err)
		}
		switch f.Event {
		case "pusher_internal:subscription_succeeded":
			_ = ws.SetReadDeadline(time.Time{})
			r.api.tally.ok("websocket", time.Since(t0))
			return ws, nil
		case "pusher:error", "pusher:subscription_error":
			r.api.tally.failed("websocket", f.Event, time.Since(t0))
			return fail(fmt.Errorf("%s %s", f.Event, f.Data))
		}
	}
}

// read applies events until the socket closes and returns its close code
// (0 for a dropped connection).
func (r *realtime) read(cl *wsClient, ws *websocket.Conn) int {
	defer ws.Close()
	for {
		_, raw, err := ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code
			}
			return 0
		}
		var f frame
		if json.Unmarshal(raw, &f) != nil {
			continue
		}
		switch f.Event {
		case "pusher:ping":
			_ = ws.WriteMessage(websocket.TextMessage, []byte(`{"event":"pusher:pong","data":{}}`))
		case "user.updated":
			var s string
			var ev struct {
				User struct {
					ID           int64 `json:"id"`
					WalletAmount int64 `json:"wallet_amount"`
				} `json:"user"`
			}
			if json.Unmarshal(f.Data, &s) == nil && json.Unmarshal([]byte(s), &ev) == nil && ev.User.ID == cl.c.id {
				cl.shown.Store(ev.User.WalletAmount)
				r.confirm(cl)
			}
		}
	}
}

// confirm refetches the user after an event, one refetch at a time, and
// once more if events came while one was out: the last refetch starts
// after the last event arrived.
func (r *realtime) confirm(cl *wsClient) {
	cl.again.Store(true)
	if !cl.fetching.CompareAndSwap(false, true) {
		return
	}
	go func() {
		for {
			for cl.again.Swap(false) {
				r.refetch(cl)
			}
			cl.fetching.Store(false)
			if !cl.again.Load() || !cl.fetching.CompareAndSwap(false, true) {
				return
			}
		}
	}()
}

// refetch reads the user again, as the web app does after a reconnect.
func (r *realtime) refetch(cl *wsClient) {
	for attempt := 0; attempt < 50; attempt++ {
		var body struct {
			Data struct {
				WalletAmount int64 `json:"wallet_amount"`
			} `json:"data"`
		}
		st, _, err := r.api.call("refetch", http.MethodGet, fmt.Sprintf("/api/user/%d", cl.c.id), cl.c.token, "", clientAddr(cl.c.id), "", &body)
		if err == nil && st == http.StatusOK {
			cl.shown.Store(body.Data.WalletAmount)
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// wsURLOf turns the balancer's http URL and the app key into the URL
// pusher-js opens.
func wsURLOf(base, key string) string {
	return strings.Replace(base, "http", "ws", 1) + "/app/" + key + "?protocol=7&client=js&version=8.6.0&flash=false"
}

// waitAll waits until every client is subscribed, for at most d.
func waitAll(clients []*wsClient, d time.Duration) int {
	deadline := time.Now().Add(d)
	for {
		down := 0
		for _, cl := range clients {
			if !cl.up.Load() {
				down++
			}
		}
		if down == 0 || time.Now().After(deadline) {
			return down
		}
		time.Sleep(100 * time.Millisecond)
	}
}
