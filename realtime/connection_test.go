package realtime

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
)

func TestConnectionEstablished(t *testing.T) {
	e := newEnv(t, nil)
	c, err := e.dial("/app/" + tKey + "?protocol=7&client=js&version=8.4.0&flash=false")
	if err != nil {
		t.Fatal(err)
	}
	f := c.expect("pusher:connection_established")
	s := f.str(t) // data must be a JSON string, not an object
	var d struct {
		SocketID        string `json:"socket_id"`
		ActivityTimeout int    `json:"activity_timeout"`
	}
	f.obj(t, &d)
	if !regexp.MustCompile(`^\d+\.\d+$`).MatchString(d.SocketID) {
		t.Fatalf("socket_id %q in %s", d.SocketID, s)
	}
	if d.ActivityTimeout != 120 {
		t.Fatalf("activity_timeout %d", d.ActivityTimeout)
	}
	c2 := e.connect()
	if c2.socketID == d.SocketID {
		t.Fatal("socket ids repeat")
	}
}

func TestRefusedConnections(t *testing.T) {
	e := newEnv(t, nil)
	hold := e.connectKey("small") // takes the only slot of app "small"
	_ = hold
	cases := []struct {
		name, path string
		code       int
	}{
		{"unknown key", "/app/nope?protocol=7", 4001},
		{"disabled app", "/app/off?protocol=7", 4003},
		{"over app quota", "/app/small?protocol=7", 4004},
		{"bad path", "/app/" + tKey + "/extra?protocol=7", 4005},
		{"protocol not a number", "/app/" + tKey + "?protocol=seven", 4006},
		{"protocol too old", "/app/" + tKey + "?protocol=4", 4007},
		{"protocol too new", "/app/" + tKey + "?protocol=8", 4007},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := e.dial(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			c.t = t
			code, _ := c.expectError()
			if code != tc.code {
				t.Fatalf("pusher:error code %d, want %d", code, tc.code)
			}
			if got := c.expectClose(); got != tc.code {
				t.Fatalf("close code %d, want %d", got, tc.code)
			}
		})
	}
	// A missing protocol is accepted as 7.
	c, err := e.dial("/app/" + tKey)
	if err != nil {
		t.Fatal(err)
	}
	c.expect("pusher:connection_established")
}

func TestServerConnectionLimit(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.MaxConnections = 1 })
	e.connect()
	c, err := e.dial("/app/" + tKey + "?protocol=7")
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := c.expectError(); code != 4100 {
		t.Fatalf("code %d, want 4100", code)
	}
	if code := c.expectClose(); code != 4100 {
		t.Fatalf("close %d, want 4100", code)
	}
}

func TestNotAWebsocket(t *testing.T) {
	e := newEnv(t, nil)
	resp, err := httpGet("http://" + e.addr + "/app/" + tKey)
	if err != nil {
		t.Fatal(err)
	}
	if resp != 426 {
		t.Fatalf("status %d, want 426", resp)
	}
}

func TestPingPong(t *testing.T) {
	e := newEnv(t, nil)
	c := e.connect()
	c.send("pusher:ping", "", map[string]any{})
	f := c.expect("pusher:pong")
	if string(f.Data) != "{}" {
		t.Fatalf("pong data %s", f.Data)
	}
	// A websocket ping control frame is answered with a pong frame.
	got := make(chan string, 1)
	c.ws.SetPongHandler(func(s string) error { got <- s; return nil })
	if err := c.ws.WriteControl(websocket.PingMessage, []byte("hi"), time.Now().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	c.send("pusher:ping", "", map[string]any{})
	c.expect("pusher:pong") // reading runs the pong handler
	select {
	case s := <-got:
		if s != "hi" {
			t.Fatalf("pong payload %q", s)
		}
	default:
		t.Fatal("no pong control frame")
	}
}

func TestServerPingAndPongTimeout(t *testing.T) {
	e := newEnv(t, func(c *Config) {
		c.ActivityTimeout = 300 * time.Millisecond
		c.PongTimeout = 300 * time.Millisecond
	})
	c := e.connect()
	start := time.Now()
	c.expect("pusher:ping")
	if el := time.Since(start); el < 250*time.Millisecond {
		t.Fatalf("pinged after %v, before the activity timeout", el)
	}
	c.send("pusher:pong", "", map[string]any{})
	// Answered: the next ping comes after another idle period, no close.
	c.expect("pusher:ping")
	// Not answered this time: 4201.
	start = time.Now()
	if code := c.expectClose(); code != 4201 {
		t.Fatalf("close %d, want 4201", code)
	}
	if el := time.Since(start); el < 250*time.Millisecond || el > 2*time.Second {
		t.Fatalf("closed %v after the ping", el)
	}
	eventually(t, "connection gone", func() bool { return e.srv.Stats().Connections == 0 })
	if e.srv.Stats().PongTimeouts != 1 {
		t.Fatalf("pong timeouts %d", e.srv.Stats().PongTimeouts)
	}
}

func TestActivityKeepsConnection(t *testing.T) {
	const activity = time.Second
	e := newEnv(t, func(c *Config) {
		c.ActivityTimeout = activity
		c.PongTimeout = 500 * time.Millisecond
	})
	c := e.connect()
	// A client that keeps talking (every 100 ms, for 2.5 activity timeouts)
	// is never pinged. A loaded machine can stall the client for longer
	// than the timeout (CI runs this beside the browser journeys; 300 ms
	// was too little there), and then the server's ping is right: a ping
	// fails the test only when the client had spoken within half the
	// timeout.
	last := time.Now()
	for end := last.Add(5 * activity / 2); time.Now().Before(end); {
		time.Sleep(100 * time.Millisecond)
		gap := time.Since(last)
		last = time.Now()
		c.send("pusher:ping", "", map[string]any{})
		for {
			f, err := c.next(3 * time.Second)
			if err != nil {
				t.Fatalf("waiting for pusher:pong: %v", err)
			}
			if f.Event == "pusher:pong" {
				break
			}
			if f.Event != "pusher:ping" || gap < activity/2 {
				t.Fatalf("got %s %s %s; the client had spoken %v before", f.Event, f.Channel, f.Data, gap)
			}
			c.send("pusher:pong", "", map[string]any{})
		}
	}
}

func TestMalformedMessages(t *testing.T) {
	e := newEnv(t, nil)
	c := e.connect()
	for _, m := range []string{
		`not json`,
		`[1,2]`,
		`{"event":`,
		`{"data":{}}`,
		`{"event":"pusher:subscribe","data":"x"}`,
		`{"event":"pusher:subscribe","data":{"channel":5}}`,
		`{"event":"pusher:bogus","data":{}}`,
		`{"event":"pusher_internal:member_added","data":{}}`,
		`{"event":"my-event","channel":"x","data":{}}`,
		`{"event":"pusher:signin","data":7}`,
	} {
		c.sendRaw([]byte(m))
		if code, msg := c.expectError(); code != 0 && code != 4009 {
			t.Fatalf("%s: code %d %s", m, code, msg)
		}
	}
	// 10 KB is the limit: the limit itself is read.
	at := `{"event":"pusher:ping","data":{"x":"`
	at += strings.Repeat("a", 10*1024-len(at)-3) + `"}}`
	if len(at) != 10*1024 {
		t.Fatalf("len %d", len(at))
	}
	c.sendRaw([]byte(at))
	c.expect("pusher:pong")
}

func TestShutdownCloses4200(t *testing.T) {
	e := newEnv(t, nil)
	a, b := e.connect(), e.connect()
	a.join("news", "")
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		done <- e.srv.Shutdown(ctx)
	}()
	if code := a.expectClose(); code != 4200 {
		t.Fatalf("close %d", code)
	}
	if code := b.expectClose(); code != 4200 {
		t.Fatalf("close %d", code)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// New connections are refused with 4200 too.
	c, err := e.dial("/app/" + tKey + "?protocol=7")
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := c.expectError(); code != 4200 {
		t.Fatalf("after shutdown: %d", code)
	}
}

func TestClientCloseCleansUp(t *testing.T) {
	e := newEnv(t, nil)
	for i := 0; i < 20; i++ {
		c := e.connect()
		c.join("news", "")
		c.join("private-x", "")
		c.join("presence-room", `{"user_id":"`+string(rune('a'+i))+`"}`)
		if i%2 == 0 {
			_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(1000, ""), time.Now().Add(time.Second))
		} else {
			_ = c.ws.NetConn().Close() // abrupt
		}
	}
	eventually(t, "all connections gone", func() bool { return e.srv.Stats().Connections == 0 })
	a := e.srv.byID[tAppID]
	eventually(t, "all channels gone", func() bool {
		a.mu.RLock()
		defer a.mu.RUnlock()
		return len(a.channels) == 0
	})
	chans, _ := e.srv.adapter.Channels(context.Background(), tAppID)
	if len(chans) != 0 {
		t.Fatalf("adapter still has %v", chans)
	}
	if ms, _ := e.srv.adapter.Members(context.Background(), tAppID, "presence-room"); len(ms) != 0 {
		t.Fatalf("members left: %v", ms)
	}
}
