package main

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/rs/zerolog"

	"topup/realtime"
	"topup/realtime/realtimetest"
)

// `topup trigger` sends through the signed HTTP API and a websocket client
// subscribed to the channel receives the event.
func TestTriggerDeliversToSubscriber(t *testing.T) {
	vars := map[string]string{"PUSHER_APP_ID": "jobs", "PUSHER_APP_KEY": "jobs-key", "PUSHER_APP_SECRET": "jobs-secret"}
	rtCfg, err := realtime.ConfigFromEnv(envOf(vars))
	if err != nil {
		t.Fatal(err)
	}
	rt := realtime.New(rtCfg, zerolog.Nop(), nil)
	addr := realtimetest.Serve(t, rt)
	host, port, _ := net.SplitHostPort(addr)

	ws, _ := realtimetest.Connect(t, addr, "jobs-key")
	next := func() (ev, channel, data string) {
		t.Helper()
		ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		var f struct {
			Event   string          `json:"event"`
			Channel string          `json:"channel"`
			Data    json.RawMessage `json:"data"`
		}
		if err := ws.ReadJSON(&f); err != nil {
			t.Fatal(err)
		}
		var s string
		json.Unmarshal(f.Data, &s)
		return f.Event, f.Channel, s
	}
	ws.WriteMessage(websocket.TextMessage, []byte(`{"event":"pusher:subscribe","data":{"channel":"orders"}}`))
	if ev, _, _ := next(); ev != "pusher_internal:subscription_succeeded" {
		t.Fatalf("subscribe answered %s", ev)
	}

	targets := map[string]map[string]string{
		"PUSHER_HOST": {"PUSHER_HOST": host, "PUSHER_PORT": port, "PUSHER_SCHEME": "http"},
		"LISTEN_ADDR": {"LISTEN_ADDR": "127.0.0.1:" + port},
	}
	for name, target := range targets {
		t.Run(name, func(t *testing.T) {
			all := map[string]string{}
			for k, v := range vars {
				all[k] = v
			}
			for k, v := range target {
				all[k] = v
			}
			e, out := testEnv(all, "")
			err := run(context.Background(), []string{"trigger", "--channel", "orders", "--event", "order.paid", "--data", `{"id":7}`}, e)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "sent order.paid") {
				t.Fatalf("output %q", out)
			}
			ev, ch, data := next()
			if ev != "order.paid" || ch != "orders" || data != `{"id":7}` {
				t.Fatalf("received %s %s %s", ev, ch, data)
			}
		})
	}

	e, _ := testEnv(vars, "")
	if err := run(context.Background(), []string{"trigger", "--channel", "orders", "--event", "x", "--data", "{nope"}, e); err == nil {
		t.Fatal("invalid --data accepted")
	}
	if err := run(context.Background(), []string{"trigger", "--event", "x"}, e); err == nil {
		t.Fatal("missing --channel accepted")
	}
	bad := map[string]string{"PUSHER_APP_SECRET": "wrong", "PUSHER_APP_ID": "jobs", "PUSHER_APP_KEY": "jobs-key", "LISTEN_ADDR": "127.0.0.1:" + port}
	e, _ = testEnv(bad, "")
	if err := run(context.Background(), []string{"trigger", "--channel", "orders", "--event", "x"}, e); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("wrong secret: %v", err)
	}
}
