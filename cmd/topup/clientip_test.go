package main

import (
	"net/http"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"topup/realtime"
	"topup/realtime/realtimetest"
)

// Behind a trusted proxy the realtime per-IP cap counts the address the
// proxy vouches for (the right-most one it did not add), so clients of one
// proxy are not one client, and what a client writes to the left of its
// entry does not buy it a new allowance.
func TestRealtimeCapCountsTheProxiedAddress(t *testing.T) {
	e, _ := testEnv(map[string]string{"PROXY_HEADER": "X-Forwarded-For", "TRUSTED_PROXIES": "127.0.0.1",
		"PUSHER_MAX_CONNECTIONS_PER_IP": "1"}, "")
	_, rtCfg, err := serverConfig(e)
	if err != nil {
		t.Fatal(err)
	}
	rt := realtime.New(rtCfg, zerolog.Nop(), nil)
	addr := realtimetest.Serve(t, rt)
	first := func(xff string) string {
		t.Helper()
		ws := realtimetest.Dial(t, addr, rtCfg.Apps[0].Key, http.Header{"X-Forwarded-For": {xff}})
		_ = ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		var f struct{ Event string }
		if err := ws.ReadJSON(&f); err != nil {
			t.Fatal(err)
		}
		return f.Event
	}
	if ev := first("203.0.113.1"); ev != "pusher:connection_established" {
		t.Fatalf("first client: %s", ev)
	}
	if ev := first("203.0.113.1, 203.0.113.2"); ev != "pusher:connection_established" {
		t.Fatalf("second client behind the same proxy: %s", ev)
	}
	if ev := first("198.51.100.9, 203.0.113.1"); ev != "pusher:error" {
		t.Fatalf("first client again with a spoofed left entry: %s, want pusher:error (over its cap)", ev)
	}
}
