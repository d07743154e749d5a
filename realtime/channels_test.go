package realtime

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestPublicChannel(t *testing.T) {
	e := newEnv(t, nil)
	a, b := e.connect(), e.connect()
	f := a.join("news", "")
	if f.str(t) != "{}" {
		t.Fatalf("succeeded data %s", f.Data)
	}
	b.join("news", "")
	e.publish("news", "posted", `{"hello":"world"}`, "")
	for _, c := range []*client{a, b} {
		f := c.expect("posted")
		if f.Channel != "news" || f.str(t) != `{"hello":"world"}` {
			t.Fatalf("got %s %s", f.Channel, f.Data)
		}
	}
	// socket_id exclusion (Laravel's toOthers()).
	e.publish("news", "posted", `"2"`, a.socketID)
	if f := b.expect("posted"); f.str(t) != `"2"` {
		t.Fatalf("got %s", f.Data)
	}
	// Subscribing twice is idempotent: confirmed again, delivered once.
	a.join("news", "")
	e.publish("news", "posted", `3`, "")
	a.expect("posted")
	b.expect("posted")
	// Unsubscribe stops delivery; a ping proves nothing else is queued.
	a.send("pusher:unsubscribe", "", map[string]any{"channel": "news"})
	a.send("pusher:unsubscribe", "", map[string]any{"channel": "never-joined"})
	a.send("pusher:ping", "", map[string]any{})
	a.expect("pusher:pong") // the unsubscribe has been handled
	e.publish("news", "posted", `4`, "")
	b.expect("posted")
	a.send("pusher:ping", "", map[string]any{})
	a.expect("pusher:pong")
}

func TestChannelNames(t *testing.T) {
	e := newEnv(t, nil)
	c := e.connect()
	for _, name := range []string{"", "bad name", "bad#x", strings.Repeat("a", 165), "ü", "#server-to-user-"} {
		c.subscribe(name, "", "")
		f := c.expect("pusher:subscription_error")
		var d struct {
			Status int `json:"status"`
		}
		f.obj(t, &d)
		if d.Status != 400 {
			t.Fatalf("%q: status %d", name, d.Status)
		}
	}
	c.join(strings.Repeat("a", 164), "")
	c.join("private-App.Models.User.1", "")
	c.join("a-b_c=d@e,f.g;h", "")
}

func TestPrivateChannelAuth(t *testing.T) {
	e := newEnv(t, nil)
	c := e.connect()
	bad := []string{
		"",
		tKey + ":" + strings.Repeat("0", 64),
		"other:" + strings.TrimPrefix(SignChannel(tSecret, tKey, c.socketID, "private-x", ""), tKey+":"),
		SignChannel(tSecret, tKey, "1.1", "private-x", ""),           // another socket
		SignChannel(tSecret, tKey, c.socketID, "private-y", ""),      // another channel
		SignChannel("wrong", tKey, c.socketID, "private-x", ""),      // another secret
		SignChannel(tSecret, tKey, c.socketID, "private-x", "")[:20], // truncated
	}
	for _, auth := range bad {
		c.subscribe("private-x", auth, "")
		f := c.expect("pusher:subscription_error")
		if f.Channel != "private-x" {
			t.Fatalf("channel %q", f.Channel)
		}
		var d struct {
			Type   string `json:"type"`
			Status int    `json:"status"`
		}
		f.obj(t, &d)
		if d.Type != "AuthError" || d.Status != 401 {
			t.Fatalf("%q: %s", auth, f.Data)
		}
	}
	c.join("private-x", "")
	e.publish("private-x", "e", "{}", "")
	c.expect("e")
}

func TestEncryptedChannelPassThrough(t *testing.T) {
	e := newEnv(t, nil)
	a, b := e.connect(), e.connect()
	a.join("private-encrypted-x", "")
	b.join("private-encrypted-x", "")
	payload := `{"nonce":"bm9uY2U=","ciphertext":"Y2lwaGVy"}`
	e.publish("private-encrypted-x", "secret", payload, "")
	if f := a.expect("secret"); f.str(t) != payload {
		t.Fatalf("payload changed: %s", f.Data)
	}
	b.expect("secret")
	// No client events on encrypted channels: the server cannot check them.
	a.send("client-x", "private-encrypted-x", map[string]any{})
	a.expectError()
	b.send("pusher:ping", "", map[string]any{})
	b.expect("pusher:pong")
}

type presenceSnapshot struct {
	Presence struct {
		IDs   []string                  `json:"ids"`
		Hash  map[string]map[string]any `json:"hash"`
		Count int                       `json:"count"`
	} `json:"presence"`
}

func TestPresenceTwoTabsOneMember(t *testing.T) {
	e := newEnv(t, nil)
	watcher := e.connect()
	f := watcher.join("presence-room", `{"user_id":"w","user_info":{"name":"Watcher"}}`)
	var snap presenceSnapshot
	f.obj(t, &snap)
	if snap.Presence.Count != 1 || snap.Presence.IDs[0] != "w" || snap.Presence.Hash["w"]["name"] != "Watcher" {
		t.Fatalf("snapshot %s", f.Data)
	}

	data := `{"user_id":1,"user_info":{"name":"Aung"}}` // numeric id, as Pusher's own example
	tab1, tab2 := e.connect(), e.connect()
	f = tab1.join("presence-room", data)
	f.obj(t, &snap)
	if snap.Presence.Count != 2 || len(snap.Presence.IDs) != 2 {
		t.Fatalf("tab1 snapshot %s", f.Data)
	}
	added := watcher.expect("pusher_internal:member_added")
	var m struct {
		UserID   string         `json:"user_id"`
		UserInfo map[string]any `json:"user_info"`
	}
	added.obj(t, &m)
	if m.UserID != "1" || m.UserInfo["name"] != "Aung" {
		t.Fatalf("member_added %s", added.Data)
	}

	// The second tab of the same user: no member_added, distinct count.
	f = tab2.join("presence-room", data)
	f.obj(t, &snap)
	if snap.Presence.Count != 2 {
		t.Fatalf("tab2 snapshot counts %d", snap.Presence.Count)
	}
	st, _ := e.srv.adapter.Channel(context.Background(), tAppID, "presence-room")
	if st.Users != 2 || st.Subscriptions != 3 {
		t.Fatalf("stats %+v", st)
	}

	// Closing one tab: still a member, nothing sent.
	tab2.ws.Close()
	eventually(t, "tab2 gone", func() bool { return e.srv.Stats().Connections == 2 })
	// Unsubscribing the last tab: member_removed once.
	tab1.send("pusher:unsubscribe", "", map[string]any{"channel": "presence-room"})
	removed := watcher.expect("pusher_internal:member_removed")
	removed.obj(t, &m)
	if m.UserID != "1" {
		t.Fatalf("member_removed %s", removed.Data)
	}
	// tab1 is not on the channel any more and hears nothing.
	e.publish("presence-room", "e", "{}", "")
	watcher.expect("e")
	tab1.send("pusher:ping", "", map[string]any{})
	tab1.expect("pusher:pong")
}

func TestPresenceDisconnectRemovesMember(t *testing.T) {
	e := newEnv(t, nil)
	watcher := e.connect()
	watcher.join("presence-room", `{"user_id":"w"}`)
	c := e.connect()
	c.join("presence-room", `{"user_id":"u"}`)
	watcher.expect("pusher_internal:member_added")
	c.ws.NetConn().Close()
	f := watcher.expect("pusher_internal:member_removed")
	if !strings.Contains(f.str(t), `"u"`) {
		t.Fatalf("removed %s", f.Data)
	}
}

func TestPresenceRefusals(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.MaxPresenceMembers = 2 })
	c := e.connect()
	status := func(channel, auth, data string) int {
		c.subscribe(channel, auth, data)
		f := c.expect("pusher:subscription_error")
		var d struct {
			Status int `json:"status"`
		}
		f.obj(t, &d)
		return d.Status
	}
	sign := func(d string) string { return SignChannel(tSecret, tKey, c.socketID, "presence-p", d) }
	good := `{"user_id":"1"}`
	if s := status("presence-p", sign(good), ""); s != 401 {
		t.Fatalf("no channel_data: %d", s)
	}
	if s := status("presence-p", sign(good), `{"user_id":"2"}`); s != 401 {
		t.Fatalf("tampered channel_data: %d", s)
	}
	for _, d := range []string{`{"user_info":{}}`, `{"user_id":true}`, `{"user_id":""}`, `[1]`, `{"user_id":"a b"}`,
		`{"user_id":"1","user_info":{"x":"` + strings.Repeat("x", 1024) + `"}}`} {
		if s := status("presence-p", sign(d), d); s != 400 {
			t.Fatalf("%s: %d", d, s)
		}
	}
	// Member cap counts distinct users.
	for _, id := range []string{"a", "b"} {
		o := e.connect()
		o.join("presence-p", `{"user_id":"`+id+`"}`)
		o2 := e.connect() // a second tab does not use a slot
		o2.join("presence-p", `{"user_id":"`+id+`"}`)
	}
	if s := status("presence-p", sign(good), good); s != 403 {
		t.Fatalf("over member cap: %d", s)
	}
	// An existing member can still open another tab.
	c.join("presence-p", `{"user_id":"a"}`)
}

func TestClientEvents(t *testing.T) {
	e := newEnv(t, nil)
	a, b := e.connect(), e.connect()
	a.join("private-chat", "")
	b.join("private-chat", "")
	a.send("client-typing", "private-chat", map[string]any{"who": "a"})
	f := b.expect("client-typing")
	if f.Channel != "private-chat" || string(f.Data) != `{"who":"a"}` || f.UserID != "" {
		t.Fatalf("got %+v", f)
	}
	// Not echoed to the sender.
	a.send("pusher:ping", "", map[string]any{})
	a.expect("pusher:pong")

	// Presence: the server adds user_id.
	a.join("presence-chat", `{"user_id":"alice"}`)
	b.join("presence-chat", `{"user_id":"bob"}`)
	a.expect("pusher_internal:member_added")
	a.send("client-wave", "presence-chat", "hi")
	f = b.expect("client-wave")
	if f.UserID != "alice" || string(f.Data) != `"hi"` {
		t.Fatalf("got %+v", f)
	}

	// Refusals are pusher:error events; the connection stays.
	a.join("public", "")
	for _, m := range []struct{ event, channel string }{
		{"client-x", "public"},       // public channel
		{"client-x", "private-none"}, // not subscribed
		{"notclient", "private-chat"},
		{"client-" + strings.Repeat("x", 200), "private-chat"},
	} {
		a.send(m.event, m.channel, map[string]any{})
		a.expectError()
	}
	b.send("pusher:ping", "", map[string]any{})
	b.expect("pusher:pong") // b got none of the refused events
}

func TestClientEventsDisabled(t *testing.T) {
	e := newEnv(t, nil)
	c := e.connectKey("noclient")
	c.subscribe("private-x", SignChannel("s4", "noclient", c.socketID, "private-x", ""), "")
	c.expect("pusher_internal:subscription_succeeded")
	c.send("client-x", "private-x", map[string]any{})
	if code, _ := c.expectError(); code != 4301 {
		t.Fatalf("code %d", code)
	}
}

func TestClientEventRateLimit(t *testing.T) {
	e := newEnv(t, nil)
	a, b := e.connect(), e.connect()
	a.join("private-chat", "")
	b.join("private-chat", "")
	for i := 0; i < 15; i++ {
		a.send("client-burst", "private-chat", i)
	}
	limited := 0
	for i := 0; i < 5; i++ {
		if code, _ := a.expectError(); code == 4301 {
			limited++
		}
	}
	if limited != 5 {
		t.Fatalf("%d of 5 rejected with 4301", limited)
	}
	for i := 0; i < 10; i++ {
		b.expect("client-burst")
	}
	// Still connected.
	a.send("pusher:ping", "", map[string]any{})
	a.expect("pusher:pong")
}

func TestCacheChannel(t *testing.T) {
	e := newEnv(t, nil)
	a := e.connect()
	a.join("cache-prices", "")
	a.expect("pusher:cache_miss")
	e.publish("cache-prices", "price", `{"v":1}`, "")
	a.expect("price")
	e.publish("cache-prices", "price", `{"v":2}`, "")
	a.expect("price")
	b := e.connect()
	b.join("cache-prices", "")
	if f := b.expect("price"); f.str(t) != `{"v":2}` {
		t.Fatalf("replayed %s", f.Data)
	}
	c := e.connect()
	c.join("private-cache-x", "")
	c.expect("pusher:cache_miss")
}

func TestSignin(t *testing.T) {
	e := newEnv(t, nil)
	c := e.connect()
	ud := `{"id":"7","user_info":{"name":"Su"}}`
	c.send("pusher:signin", "", map[string]any{"auth": SignUser(tSecret, tKey, c.socketID, ud), "user_data": ud})
	f := c.expect("pusher:signin_success")
	var d struct {
		UserData string `json:"user_data"`
	}
	f.obj(t, &d)
	if d.UserData != ud {
		t.Fatalf("user_data %q", d.UserData)
	}
	c.join("#server-to-user-7", "")
	c.subscribe("#server-to-user-8", "", "")
	c.expect("pusher:subscription_error")
	e.publish("#server-to-user-7", "hello", "{}", "")
	c.expect("hello")
	// Signing in again as someone else is refused.
	other := `{"id":"8"}`
	c.send("pusher:signin", "", map[string]any{"auth": SignUser(tSecret, tKey, c.socketID, other), "user_data": other})
	if code, _ := c.expectError(); code != 4009 {
		t.Fatalf("code %d", code)
	}

	n := e.connect()
	n.subscribe("#server-to-user-7", "", "") // not signed in
	n.expect("pusher:subscription_error")
	for _, ud := range []string{`{"id":""}`, `{"name":"x"}`, `nope`} {
		n.send("pusher:signin", "", map[string]any{"auth": SignUser(tSecret, tKey, n.socketID, ud), "user_data": ud})
		if code, _ := n.expectError(); code != 4009 {
			t.Fatalf("%s: code %d", ud, code)
		}
	}
	n.send("pusher:signin", "", map[string]any{"auth": SignUser("bad", tKey, n.socketID, ud), "user_data": ud})
	if code, _ := n.expectError(); code != 4009 {
		t.Fatalf("bad signature: code %d", code)
	}
}

func TestPublishValidation(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	if err := e.srv.Publish(ctx, "nope", []string{"a"}, "e", nil, ""); !errors.Is(err, ErrUnknownApp) {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		chans  []string
		event  string
		except string
	}{
		{nil, "e", ""},
		{make([]string, 101), "e", ""},
		{[]string{"bad name"}, "e", ""},
		{[]string{strings.Repeat("a", 201)}, "e", ""},
		{[]string{"a"}, "", ""},
		{[]string{"a"}, strings.Repeat("e", 201), ""},
		{[]string{"a"}, "e", "abc"},
	} {
		if err := e.srv.Publish(ctx, tAppID, tc.chans, tc.event, nil, tc.except); !errors.Is(err, ErrInvalidEvent) {
			t.Fatalf("%v: %v", tc, err)
		}
	}
}

// A client that stops reading is cut off once its queue passes the limit,
// while the others keep receiving every event.
func TestSlowReaderIsCutOff(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.SendQueueBytes = 64 << 10 })
	slow := e.connect()
	slow.join("firehose", "")
	fast := []*client{e.connect(), e.connect()}
	for _, c := range fast {
		c.join("firehose", "")
	}
	if tc, ok := slow.ws.NetConn().(*net.TCPConn); ok {
		_ = tc.SetReadBuffer(4096) // keep the kernel from buffering megabytes for it
	}
	// 8 MB in all, more than the kernel buffers of the slow socket. The
	// publisher waits for the reading clients, so they never fall behind by
	// more than a few events: only the slow one can overflow.
	const events = 2000
	payload := `"` + strings.Repeat("x", 4000) + `"`
	var read [2]atomic.Int64
	got := make(chan int, len(fast))
	for i, c := range fast {
		go func(c *client, n *atomic.Int64) {
			for n.Load() < events {
				_ = c.ws.SetReadDeadline(time.Now().Add(10 * time.Second))
				if _, _, err := c.ws.ReadMessage(); err != nil {
					break
				}
				n.Add(1)
			}
			got <- int(n.Load())
		}(c, &read[i])
	}
	for i := 0; i < events; i++ {
		e.publish("firehose", "tick", payload, "")
		for j := range read {
			for deadline := time.Now().Add(10 * time.Second); read[j].Load() < int64(i-8) && time.Now().Before(deadline); {
				time.Sleep(50 * time.Microsecond)
			}
		}
	}
	for range fast {
		if n := <-got; n != events {
			t.Fatalf("a reading client got %d of %d", n, events)
		}
	}
	eventually(t, "slow client cut off", func() bool { return e.srv.Stats().SlowClosed == 1 })
	eventually(t, "slow client gone", func() bool { return e.srv.Stats().Connections == 2 })
}
