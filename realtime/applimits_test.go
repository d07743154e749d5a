package realtime

import (
	"strings"
	"testing"
	"time"
)

// An app's own limits from the apps file: presence members and event size.
func TestPerAppLimits(t *testing.T) {
	path := t.TempDir() + "/apps.json"
	writeFile(t, path, `[{"id":"1","key":"key","secret":"secret","max_presence_members":1,"max_event_bytes":100,"subscription_count":true},
		{"id":"9","key":"roomy","secret":"s9"},{"id":"10","key":"big","secret":"s10","max_event_bytes":20000}]`)
	cfg, err := ConfigFromEnv(func(k string) string { return map[string]string{"PUSHER_APPS_FILE": path}[k] })
	if err != nil {
		t.Fatal(err)
	}
	if a := cfg.Apps[0]; a.MaxPresenceMembers != 1 || a.MaxEventBytes != 100 || !a.SubscriptionCount {
		t.Fatalf("parsed %+v", a)
	}
	e := newEnv(t, func(c *Config) { c.Apps = cfg.Apps })

	// One member at most: a second user is refused, a second tab is not.
	a := e.connect()
	a.join("presence-p", `{"user_id":"a"}`)
	e.connect().join("presence-p", `{"user_id":"a"}`)
	b := e.connect()
	b.subscribe("presence-p", SignChannel(tSecret, tKey, b.socketID, "presence-p", `{"user_id":"b"}`), `{"user_id":"b"}`)
	f := b.expect("pusher:subscription_error")
	var d struct {
		Status int `json:"status"`
	}
	f.obj(t, &d)
	if d.Status != 403 {
		t.Fatalf("over the app's member cap: %d", d.Status)
	}

	// 100 bytes of event data through the HTTP API, 101 refused.
	if code, body := e.signedRequest("POST", "/apps/1/events", []byte(`{"name":"e","channel":"c","data":"`+strings.Repeat("x", 100)+`"}`), nil, nil); code != 200 {
		t.Fatalf("100 bytes: %d %s", code, body)
	}
	if code, body := e.signedRequest("POST", "/apps/1/events", []byte(`{"name":"e","channel":"c","data":"`+strings.Repeat("x", 101)+`"}`), nil, nil); code != 413 {
		t.Fatalf("101 bytes: %d %s", code, body)
	}
	// A client event with over 100 bytes of data is refused; the socket
	// stays (its messages may still be up to 10 KB).
	p := e.connect()
	p.join("private-chat", "")
	p.send("client-big", "private-chat", map[string]any{"pad": strings.Repeat("x", 100)})
	if code, msg := p.expectError(); code != 0 || !strings.Contains(msg, "too large") {
		t.Fatalf("large client event: %d %s", code, msg)
	}
	p.send("pusher:ping", "", map[string]any{"pad": strings.Repeat("x", 5000)})
	p.expect("pusher:pong")

	// The other app keeps the defaults: 100 members, 10 KB.
	o := e.connectKey("roomy")
	o.send("pusher:ping", "", map[string]any{"pad": strings.Repeat("x", 5000)})
	o.expect("pusher:pong")
	o.send("pusher:ping", "", map[string]any{"pad": strings.Repeat("x", 10*1024)})
	if code := o.expectClose(); code != 1009 {
		t.Fatalf("over 10 KB on a default app: close %d", code)
	}
	// An app that allows 20,000 bytes takes a message of that size.
	big := e.connectKey("big")
	big.send("pusher:ping", "", map[string]any{"pad": strings.Repeat("x", 20000)})
	big.expect("pusher:pong")
}

func TestCacheMissWebhookOncePerBurst(t *testing.T) {
	h := newHookSink(t)
	e := hookEnv(t, h, nil)
	a, b := e.connect(), e.connect()
	a.join("cache-prices", "")
	a.expect("pusher:cache_miss")
	b.join("cache-prices", "")
	b.expect("pusher:cache_miss")
	eventually(t, "cache_miss webhook", func() bool { return h.has("cache_miss cache-prices") })
	time.Sleep(200 * time.Millisecond)
	n := 0
	for _, name := range h.names() {
		if name == "cache_miss cache-prices" {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("cache_miss webhooks %d, want 1: %v", n, h.names())
	}
	// A filled cache is no miss.
	e.publish("cache-prices", "price", `{"p":1}`, "")
	c := e.connect()
	c.join("cache-prices", "")
	c.expect("price")
}
