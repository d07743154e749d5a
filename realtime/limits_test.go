package realtime

import (
	"strings"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v2"
)

// What a client that breaks the rules gets: an explanation, then the close
// code pusher-js acts on.

func TestOversizedMessageCloses1009(t *testing.T) {
	e := newEnv(t, nil)
	c := e.connect()
	over := `{"event":"pusher:ping","data":{"x":"` + strings.Repeat("a", 10*1024) + `"}}`
	c.sendRaw([]byte(over))
	if code, _ := c.expectError(); code != 1009 {
		t.Fatalf("pusher:error code %d, want 1009", code)
	}
	if code := c.expectClose(); code != 1009 {
		t.Fatalf("close %d, want 1009", code)
	}
	eventually(t, "connection gone", func() bool { return e.srv.Stats().Connections == 0 })
}

func TestBinaryFrameCloses1003(t *testing.T) {
	e := newEnv(t, nil)
	c := e.connect()
	if err := c.ws.WriteMessage(websocket.BinaryMessage, []byte(`{"event":"pusher:ping","data":{}}`)); err != nil {
		t.Fatal(err)
	}
	if code, _ := c.expectError(); code != 1003 {
		t.Fatalf("pusher:error code %d, want 1003", code)
	}
	if code := c.expectClose(); code != 1003 {
		t.Fatalf("close %d, want 1003", code)
	}
}

// More than 100 client messages in 10 s, pings (the protocol's and the
// websocket's) included, close the socket with 4301; pusher-js does not
// reconnect after a 43xx close.
func TestMessageFloodCloses4301(t *testing.T) {
	e := newEnv(t, nil)
	c := e.connect()
	for i := range 100 {
		if i%2 == 0 {
			c.send("pusher:ping", "", map[string]any{})
			continue
		}
		if err := c.ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	for range 50 {
		c.expect("pusher:pong")
	}
	c.send("pusher:ping", "", map[string]any{})
	if code, msg := c.expectError(); code != 4301 {
		t.Fatalf("pusher:error code %d (%s), want 4301", code, msg)
	}
	if code := c.expectClose(); code != 4301 {
		t.Fatalf("close %d, want 4301", code)
	}

	// Another socket is not affected, and the window slides: a client
	// that spreads its messages stays.
	e = newEnv(t, func(cfg *Config) { cfg.ClientMessageWindow = 500 * time.Millisecond })
	c = e.connect()
	for range 3 {
		for range 60 {
			c.send("pusher:ping", "", map[string]any{})
			c.expect("pusher:pong")
		}
		time.Sleep(600 * time.Millisecond)
	}
}

func TestConnectionsPerIP(t *testing.T) {
	e := newEnv(t, func(cfg *Config) { cfg.MaxConnectionsPerIP = 2 })
	first := e.connect()
	e.connect()
	c, err := e.dial("/app/" + tKey + "?protocol=7")
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := c.expectError(); code != 4100 {
		t.Fatalf("pusher:error code %d, want 4100", code)
	}
	if code := c.expectClose(); code != 4100 {
		t.Fatalf("close %d, want 4100", code)
	}
	// A slot is given back when a connection ends.
	first.ws.Close()
	eventually(t, "slot freed", func() bool { return e.srv.Stats().Connections == 1 })
	e.connect()

	// The default is 100 per IP.
	e = newEnv(t, nil)
	for range 100 {
		e.connect()
	}
	c, err = e.dial("/app/" + tKey + "?protocol=7")
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := c.expectError(); code != 4100 {
		t.Fatalf("101st connection: code %d, want 4100", code)
	}
}

// ClientIP decides what counts as one client: behind a proxy, the address
// the proxy vouches for, not the proxy's own.
func TestConnectionsPerIPUsesClientIP(t *testing.T) {
	e := newEnv(t, func(cfg *Config) {
		cfg.MaxConnectionsPerIP = 1
		cfg.ClientIP = func(c *fiber.Ctx) string { return c.Query("ip") }
	})
	for _, ip := range []string{"10.0.0.1", "10.0.0.2"} {
		c, err := e.dial("/app/" + tKey + "?protocol=7&ip=" + ip)
		if err != nil {
			t.Fatal(err)
		}
		c.expect("pusher:connection_established")
	}
	c, err := e.dial("/app/" + tKey + "?protocol=7&ip=10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := c.expectError(); code != 4100 {
		t.Fatalf("second from 10.0.0.1: code %d, want 4100", code)
	}
	// An empty answer falls back to the peer address, never one shared
	// empty key.
	c, err = e.dial("/app/" + tKey + "?protocol=7")
	if err != nil {
		t.Fatal(err)
	}
	c.expect("pusher:connection_established")
}

func TestMessageWindowSlides(t *testing.T) {
	const sec = int64(time.Second)
	var w msgWindow
	steps := []struct {
		at   int64 // ns
		want int
	}{
		{0, 1}, {sec / 2, 2}, {9 * sec, 3}, // all within ten slots
		{10*sec + 1, 2}, // slot 0 (t=0, t=0.5 s) slid out
		{19*sec + 1, 2}, // t=9 s still in, t=10 s in
		{40 * sec, 1},   // a long gap clears everything
		{40*sec + 1, 2},
	}
	for _, st := range steps {
		if got := w.add(st.at, 10*sec); got != st.want {
			t.Fatalf("at %v: %d in the window, want %d", time.Duration(st.at), got, st.want)
		}
	}
}
