package main

import (
	"net/http"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/rs/zerolog"

	"topup/realtime"
	"topup/realtime/realtimetest"
)

// Behind a proxy the realtime per-IP cap counts the address in
// PROXY_HEADER, so clients of one proxy are not one client.
func TestRealtimeCapCountsTheProxiedAddress(t *testing.T) {
	e, _ := testEnv(map[string]string{"PROXY_HEADER": "X-Forwarded-For", "PUSHER_MAX_CONNECTIONS_PER_IP": "1"}, "")
	_, rtCfg, err := serverConfig(e)
	if err != nil {
		t.Fatal(err)
	}
	rt := realtime.New(rtCfg, zerolog.Nop(), nil)
	addr := realtimetest.Serve(t, rt)
	first := func(xff string) string {
		t.Helper()
		ws, _, err := websocket.DefaultDialer.Dial("ws://"+addr+"/app/"+rtCfg.Apps[0].Key+"?protocol=7", http.Header{"X-Forwarded-For": {xff}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ws.Close() })
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
	if ev := first("203.0.113.2, 10.0.0.1"); ev != "pusher:connection_established" {
		t.Fatalf("second client behind the same proxy: %s", ev)
	}
	if ev := first("203.0.113.1"); ev != "pusher:error" {
		t.Fatalf("first client again: %s, want pusher:error (over its cap)", ev)
	}
}
