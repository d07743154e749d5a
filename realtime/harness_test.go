package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/rs/zerolog"

	"topup/realtime/realtimetest"
)

// A test server on 127.0.0.1 with real sockets, and a minimal client.

const (
	tKey    = "key"
	tSecret = "secret"
	tAppID  = "1"
)

type env struct {
	t    *testing.T
	srv  *Server
	addr string
}

func testConfig() Config {
	return Config{Apps: []App{
		{ID: tAppID, Key: tKey, Secret: tSecret, Enabled: true, ClientEvents: true},
		{ID: "2", Key: "off", Secret: "s2", Enabled: false},
		{ID: "3", Key: "small", Secret: "s3", Enabled: true, MaxConnections: 1},
		{ID: "4", Key: "noclient", Secret: "s4", Enabled: true, ClientEvents: false},
	}}
}

func newEnv(t *testing.T, mutate func(*Config)) *env {
	t.Helper()
	cfg := testConfig()
	if mutate != nil {
		mutate(&cfg)
	}
	srv := New(cfg, zerolog.Nop(), nil)
	return &env{t: t, srv: srv, addr: realtimetest.Serve(t, srv)}
}

type client struct {
	t        *testing.T
	ws       *websocket.Conn
	socketID string
}

type frame struct {
	Event   string          `json:"event"`
	Channel string          `json:"channel"`
	Data    json.RawMessage `json:"data"`
	UserID  string          `json:"user_id"`
}

// str returns data decoded from its JSON-string envelope.
func (f frame) str(t *testing.T) string {
	t.Helper()
	var s string
	if err := json.Unmarshal(f.Data, &s); err != nil {
		t.Fatalf("%s: data is not a JSON string: %s", f.Event, f.Data)
	}
	return s
}

// obj decodes data (string-wrapped or not) into v.
func (f frame) obj(t *testing.T, v any) {
	t.Helper()
	raw := []byte(f.Data)
	var s string
	if json.Unmarshal(f.Data, &s) == nil {
		raw = []byte(s)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: data %s: %v", f.Event, f.Data, err)
	}
}

func (e *env) dial(path string) (*client, error) {
	u := url.URL{Scheme: "ws", Host: e.addr, Path: path}
	if i := strings.IndexByte(path, '?'); i >= 0 {
		u.Path, u.RawQuery = path[:i], path[i+1:]
	}
	ws, _, err := websocket.DefaultDialer.Dial(u.String(), nil)
	if err != nil {
		return nil, err
	}
	c := &client{t: e.t, ws: ws}
	e.t.Cleanup(func() { ws.Close() })
	return c, nil
}

// connect dials the test app and reads connection_established.
func (e *env) connect() *client {
	return e.connectKey(tKey)
}

func (e *env) connectKey(key string) *client {
	e.t.Helper()
	c, err := e.dial("/app/" + key + "?protocol=7&client=js&version=8.4.0&flash=false")
	if err != nil {
		e.t.Fatal(err)
	}
	f := c.expect("pusher:connection_established")
	var d struct {
		SocketID        string `json:"socket_id"`
		ActivityTimeout int    `json:"activity_timeout"`
	}
	f.obj(e.t, &d)
	c.socketID = d.SocketID
	return c
}

func (c *client) send(event, channel string, data any) {
	c.t.Helper()
	m := map[string]any{"event": event}
	if channel != "" {
		m["channel"] = channel
	}
	if data != nil {
		m["data"] = data
	}
	b, _ := json.Marshal(m)
	c.sendRaw(b)
}

func (c *client) sendRaw(b []byte) {
	c.t.Helper()
	if err := c.ws.WriteMessage(websocket.TextMessage, b); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) next(d time.Duration) (frame, error) {
	_ = c.ws.SetReadDeadline(time.Now().Add(d))
	_, b, err := c.ws.ReadMessage()
	if err != nil {
		return frame{}, err
	}
	var f frame
	if err := json.Unmarshal(b, &f); err != nil {
		return frame{}, err
	}
	return f, nil
}

// expect reads the next frame and requires its event name.
func (c *client) expect(event string) frame {
	c.t.Helper()
	f, err := c.next(3 * time.Second)
	if err != nil {
		c.t.Fatalf("waiting for %s: %v", event, err)
	}
	if f.Event != event {
		c.t.Fatalf("want %s, got %s %s %s", event, f.Event, f.Channel, f.Data)
	}
	return f
}

// expectError reads a pusher:error and returns its code (0 = null).
func (c *client) expectError() (int, string) {
	c.t.Helper()
	f := c.expect("pusher:error")
	var d struct {
		Message string `json:"message"`
		Code    *int   `json:"code"`
	}
	f.obj(c.t, &d)
	if d.Code == nil {
		return 0, d.Message
	}
	return *d.Code, d.Message
}

// expectClose reads until the connection closes and returns the close code.
func (c *client) expectClose() int {
	c.t.Helper()
	for {
		_ = c.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		_, _, err := c.ws.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return ce.Code
		}
		c.t.Fatalf("want a close frame, got %v", err)
	}
}

// expectQuiet requires that nothing arrives for d.
func (c *client) expectQuiet(d time.Duration) {
	c.t.Helper()
	f, err := c.next(d)
	if err == nil {
		c.t.Fatalf("want nothing, got %s %s %s", f.Event, f.Channel, f.Data)
	}
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		c.t.Fatalf("want a read timeout, got %v", err)
	}
	// A timed-out read leaves the gorilla conn unusable; callers use
	// expectQuiet only as the last read on a client.
}

func (c *client) subscribe(channel, auth, channelData string) {
	c.t.Helper()
	d := map[string]any{"channel": channel, "auth": auth}
	if channelData != "" {
		d["channel_data"] = channelData
	}
	c.send("pusher:subscribe", "", d)
}

// join subscribes with a correct signature and expects success.
func (c *client) join(channel, channelData string) frame {
	c.t.Helper()
	auth := ""
	if k := channelKind(channel); k != kindPublic && k != kindServerToUser {
		auth = SignChannel(tSecret, tKey, c.socketID, channel, channelData)
	}
	c.subscribe(channel, auth, channelData)
	f := c.expect("pusher_internal:subscription_succeeded")
	if f.Channel != channel {
		c.t.Fatalf("succeeded for %q, want %q", f.Channel, channel)
	}
	return f
}

func (e *env) publish(channel, event, data, except string) {
	e.t.Helper()
	if err := e.srv.Publish(context.Background(), tAppID, []string{channel}, event, []byte(data), except); err != nil {
		e.t.Fatal(err)
	}
}

// eventually polls cond for up to 5 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for i := 0; i < 500; i++ {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

func httpGet(u string) (int, error) {
	resp, err := http.Get(u)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}
