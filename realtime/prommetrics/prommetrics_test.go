package prommetrics_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v2"
	pusher "github.com/pusher/pusher-http-go/v5"
	"github.com/rs/zerolog"

	"topup/realtime"
	"topup/realtime/prommetrics"
	"topup/realtime/realtimetest"
)

func TestMetricsEndpoint(t *testing.T) {
	srv := realtime.New(realtime.Config{Apps: []realtime.App{{ID: "1", Key: "k", Secret: "s", Enabled: true}}}, zerolog.Nop(), nil)
	addr := realtimetest.Serve(t, srv, func(r fiber.Router) { prommetrics.Mount(r, srv) })
	ws, _ := realtimetest.Connect(t, addr, "k")
	ws.WriteMessage(websocket.TextMessage, []byte(`{"event":"pusher:subscribe","data":{"channel":"news"}}`))
	if _, _, err := ws.ReadMessage(); err != nil { // subscription_succeeded
		t.Fatal(err)
	}
	p := &pusher.Client{AppID: "1", Key: "k", Secret: "s", Host: addr}
	if err := p.Trigger("news", "e", "{}"); err != nil {
		t.Fatal(err)
	}
	bad := *p
	bad.Secret = "x"
	_ = bad.Trigger("news", "e", "{}")

	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	body := string(b)
	for _, want := range []string{
		"realtime_connections 1",
		"realtime_connections_opened_total 1",
		"realtime_subscriptions 1",
		"realtime_channels 1",
		"realtime_messages_received_total 1",
		"realtime_messages_sent_total 1",
		`realtime_http_api_requests_total{code="200"} 1`,
		`realtime_http_api_requests_total{code="401"} 1`,
		`realtime_webhook_requests_total{result="delivered"} 0`,
		"realtime_webhook_events_dropped_total 0",
		"go_goroutines",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(body)
	}
}
