package realtime

import (
	"bufio"
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/binary"
	"io"
	"math/big"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v2"
	"github.com/rs/zerolog"
)

// clientFrame builds a masked client frame.
func clientFrame(op byte, fin bool, payload []byte) []byte {
	b := []byte{op, 0x80}
	if fin {
		b[0] |= 0x80
	}
	switch n := len(payload); {
	case n < 126:
		b[1] |= byte(n)
	case n <= 0xFFFF:
		b[1] |= 126
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b[1] |= 127
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	mask := []byte{1, 2, 3, 4}
	b = append(b, mask...)
	for i, x := range payload {
		b = append(b, x^mask[i&3])
	}
	return b
}

// raw writes bytes on c's socket, past the websocket library.
func (c *client) raw(b []byte) {
	c.t.Helper()
	if _, err := c.ws.NetConn().Write(b); err != nil {
		c.t.Fatal(err)
	}
}

func TestFragmentsAndControlFramesBetweenThem(t *testing.T) {
	e := newEnv(t, nil)
	c := e.connect()
	msg := []byte(`{"event":"pusher:ping","data":{"pad":"` + strings.Repeat("x", 3000) + `"}}`)
	// Three fragments with a ping between the first two, and the whole in
	// one write, then in single bytes.
	frames := append(clientFrame(opText, false, msg[:10]), clientFrame(opPing, true, []byte("hi"))...)
	frames = append(frames, clientFrame(opContinuation, false, msg[10:2000])...)
	frames = append(frames, clientFrame(opContinuation, true, msg[2000:])...)
	got := make(chan string, 1)
	c.ws.SetPongHandler(func(s string) error { got <- s; return nil })
	c.raw(frames)
	c.expect("pusher:pong")
	if s := <-got; s != "hi" {
		t.Fatalf("pong payload %q", s)
	}
	for _, b := range frames {
		c.raw([]byte{b})
	}
	c.expect("pusher:pong")
}

func TestProtocolErrorsClose(t *testing.T) {
	e := newEnv(t, nil)
	ping := []byte(`{"event":"pusher:ping","data":{}}`)
	unmasked := append([]byte{0x81, byte(len(ping))}, ping...)
	cases := []struct {
		name  string
		bytes []byte
		code  int
	}{
		{"unmasked", unmasked, 1002},
		{"continuation without a start", clientFrame(opContinuation, true, ping), 1002},
		{"fragmented ping", clientFrame(opPing, false, nil), 1002},
		{"unknown opcode", clientFrame(0x3, true, ping), 1002},
		{"reserved bit", append([]byte{0xC1}, clientFrame(opText, true, ping)[1:]...), 1002},
		{"invalid UTF-8", clientFrame(opText, true, []byte("{\"event\":\"\xff\"}")), 1007},
		{"too large, refused from its header", clientFrame(opText, true, make([]byte, 70000))[:14], 1009},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := e.connect()
			c.t = t
			c.raw(tc.bytes)
			if code, msg := c.expectError(); code != tc.code {
				t.Fatalf("pusher:error %d (%s), want %d", code, msg, tc.code)
			}
			if code := c.expectClose(); code != tc.code {
				t.Fatalf("close %d, want %d", code, tc.code)
			}
		})
	}
}

// A client may send its first frame in the same packet as the handshake:
// fasthttp has read it already, and it is not lost.
func TestFrameSentWithTheHandshake(t *testing.T) {
	e := newEnv(t, nil)
	nc, err := net.Dial("tcp", e.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	req := "GET /app/" + tKey + "?protocol=7 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := nc.Write(append([]byte(req), clientFrame(opText, true, []byte(`{"event":"pusher:ping","data":{}}`))...)); err != nil {
		t.Fatal(err)
	}
	_ = nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != 101 {
		t.Fatalf("handshake: %v %v", resp, err)
	}
	var seen []string
	for len(seen) < 2 {
		hdr := make([]byte, 2)
		if _, err := io.ReadFull(br, hdr); err != nil {
			t.Fatal(err)
		}
		p := make([]byte, hdr[1]&0x7f)
		if _, err := io.ReadFull(br, p); err != nil {
			t.Fatal(err)
		}
		seen = append(seen, string(p))
	}
	if !strings.Contains(seen[0], "connection_established") || !strings.Contains(seen[1], "pusher:pong") {
		t.Fatalf("frames %q", seen)
	}
}

// Served over TLS by Fiber itself, a connection cannot be detached from
// fasthttp; it is read through it instead, and works the same.
func TestTLSServedByFiber(t *testing.T) {
	srv := New(testConfig(), zerolog.Nop(), nil)
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	srv.Mount(app)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		_ = app.Listener(tls.NewListener(ln, &tls.Config{Certificates: []tls.Certificate{selfSigned(t)}}))
	}()
	t.Cleanup(func() {
		_ = srv.Shutdown(t.Context())
		_ = app.Shutdown()
	})
	d := websocket.Dialer{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
	ws, _, err := d.Dial("wss://"+ln.Addr().String()+"/app/"+tKey+"?protocol=7", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	c := &client{t: t, ws: ws}
	c.expect("pusher:connection_established")
	c.join("news", "")
	if err := srv.Publish(t.Context(), tAppID, []string{"news"}, "hello", []byte(`{}`), ""); err != nil {
		t.Fatal(err)
	}
	c.expect("hello")
}

func selfSigned(t *testing.T) tls.Certificate {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// Whatever a client sends, its reader ends when the bytes do, without a
// panic, and leaves nothing behind.
func FuzzClientFrames(f *testing.F) {
	msg := []byte(`{"event":"pusher:subscribe","data":{"channel":"news"}}`)
	f.Add(clientFrame(opText, true, msg))
	f.Add(append(clientFrame(opText, false, msg[:5]), clientFrame(opContinuation, true, msg[5:])...))
	f.Add(append(clientFrame(opPing, true, []byte("x")), clientFrame(opClose, true, []byte{3, 232})...))
	f.Add([]byte{0x81, 0xFF, 0xFF})
	srv := New(testConfig(), zerolog.Nop(), nil)
	f.Cleanup(func() { _ = srv.Shutdown(f.Context()) })
	f.Fuzz(func(t *testing.T, in []byte) {
		a, b := net.Pipe()
		defer a.Close()
		defer b.Close()
		go func() { _, _ = io.Copy(io.Discard, b) }()
		c := &conn{srv: srv, app: srv.byKey[tKey], nc: a, rd: bytes.NewReader(in), id: "1.1"}
		done := make(chan struct{})
		go func() {
			defer close(done)
			c.readLoop(nil)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("the reader did not end with its input")
		}
		c.finish()
		c.leaveAll()
		if c.userID != "" {
			srv.signedOut(c)
		}
	})
}
