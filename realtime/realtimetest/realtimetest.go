// Package realtimetest runs realtime servers on loopback ports for tests,
// connects websocket clients to them and signs HTTP API requests the way
// the Pusher server SDKs do. It imports neither realtime (so the realtime
// package's own tests can use it as well as the packages built on it) nor
// anything of ours outside realtime/.
package realtimetest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v2"

	"topup/realtime/pushersign"
)

// Server is what Serve runs; *realtime.Server is one.
type Server interface {
	Mount(fiber.Router)
	Shutdown(context.Context) error
}

// Serve mounts srv, then each of extra, on a Fiber app listening on
// 127.0.0.1 and returns its address. The test's cleanup shuts the server
// down (closing its sockets with 4200) and then the app.
func Serve(t testing.TB, srv Server, extra ...func(fiber.Router)) string {
	t.Helper()
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	srv.Mount(app)
	for _, mount := range extra {
		mount(app)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		_ = app.ShutdownWithContext(ctx)
	})
	return ln.Addr().String()
}

// Dial opens a websocket to the app with key on addr, as pusher-js 8 does,
// sending header (which may be nil), and reads nothing. The test's cleanup
// closes the socket.
func Dial(t testing.TB, addr, key string, header http.Header) *websocket.Conn {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial("ws://"+addr+"/app/"+key+"?protocol=7&client=js&version=8.6.0&flash=false", header)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return ws
}

// Connect is Dial, then it reads pusher:connection_established and
// returns the socket and its socket id.
func Connect(t testing.TB, addr, key string) (*websocket.Conn, string) {
	t.Helper()
	ws := Dial(t, addr, key, nil)
	_ = ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	var f struct {
		Event string `json:"event"`
		Data  string `json:"data"`
	}
	if err := ws.ReadJSON(&f); err != nil {
		t.Fatalf("reading connection_established: %v", err)
	}
	var d struct {
		SocketID string `json:"socket_id"`
	}
	if f.Event != "pusher:connection_established" || json.Unmarshal([]byte(f.Data), &d) != nil || d.SocketID == "" {
		t.Fatalf("first frame %+v, want pusher:connection_established with a socket_id", f)
	}
	_ = ws.SetReadDeadline(time.Time{})
	return ws, d.SocketID
}

// SignQuery returns extra plus the authentication parameters of an HTTP API
// request: auth_key, auth_timestamp (now), auth_version, body_md5 when
// there is a body, and auth_signature, the HMAC-SHA256 with secret of
// "METHOD\nPATH\nQUERY" where QUERY is every other parameter sorted by key
// as k=v, not URL-escaped.
func SignQuery(key, secret, method, path string, extra url.Values, body []byte) url.Values {
	return pushersign.Query(key, secret, method, path, extra, body, time.Now())
}

// Do sends method path?query with body to addr and returns the status and
// the response body.
func Do(t testing.TB, addr, method, path string, query url.Values, body []byte) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, "http://"+addr+path+"?"+query.Encode(), bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// Signed sends an HTTP API request signed with key and secret.
func Signed(t testing.TB, addr, key, secret, method, path string, extra url.Values, body []byte) (int, []byte) {
	t.Helper()
	return Do(t, addr, method, path, SignQuery(key, secret, method, path, extra, body), body)
}
