package realtime

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// A fan-out to clients that read goes straight to their sockets: a writer
// goroutine per socket per event is what made a 5,000-socket fan-out's p99
// 1.6× the bare loop's on an idle machine (docs/benchmarks.md).
func TestFanOutToReadingClientsStartsNoWriters(t *testing.T) {
	e := newEnv(t, nil)
	const clients, events = 50, 20
	cs := make([]*client, clients)
	for i := range cs {
		cs[i] = e.connect()
		cs[i].join("news", "")
	}
	before := e.srv.Stats().WritersStarted
	for i := 0; i < events; i++ {
		e.publish("news", "posted", strconv.Itoa(i), "")
		for _, c := range cs {
			if f := c.expect("posted"); f.str(t) != strconv.Itoa(i) {
				t.Fatalf("event %d: got %s", i, f.Data)
			}
		}
	}
	if started := e.srv.Stats().WritersStarted - before; started >= clients {
		t.Fatalf("%d writer goroutines started for %d deliveries to reading clients", started, clients*events)
	}
}

// A client that stops reading fills its socket; what the socket does not
// take waits in the queue (a frame cut part-way included) and reaches the
// client whole and in order when it reads again.
func TestFramesQueuedBehindAFullSocketArriveInOrder(t *testing.T) {
	// The client reads only after the last publish, which takes seconds
	// under -race: a long write timeout keeps it from being cut off as slow.
	e := newEnv(t, func(c *Config) { c.SendQueueBytes, c.WriteTimeout = 64<<20, time.Minute })
	c := e.connect()
	c.join("firehose", "")
	// A fixed receive buffer stops the kernel growing it to tens of MB;
	// 256 KiB still reads fast (a few KiB would crawl past the write
	// timeout). 8 MB is then more than both ends' kernel buffers (the
	// sender's grows to 4 MB here): much of it must wait in the queue.
	if tc, ok := c.ws.NetConn().(*net.TCPConn); ok {
		_ = tc.SetReadBuffer(256 << 10)
	}
	const events = 1000
	pad := strings.Repeat("x", 8000)
	for i := 0; i < events; i++ {
		e.publish("firehose", "tick", `{"n":`+strconv.Itoa(i)+`,"pad":"`+pad+`"}`, "")
	}
	if e.srv.Stats().WritersStarted == 0 {
		t.Fatal("nothing was queued: the test did not fill the socket")
	}
	for i := 0; i < events; i++ {
		f := c.expect("tick")
		want := `{"n":` + strconv.Itoa(i) + `,"pad":"` + pad + `"}`
		if got := f.str(t); got != want {
			t.Fatalf("event %d: got %.40s… (%d bytes)", i, got, len(got))
		}
	}
}

// Once a queue has drained, frames go straight to the socket again, also
// after the write deadline the writer set has passed (a deadline left on
// the socket would fail every direct write and start a writer each time).
func TestDirectWritesResumeAfterTheQueueDrains(t *testing.T) {
	cfg := testConfig()
	cfg.WriteTimeout = 200 * time.Millisecond
	srv := New(cfg, zerolog.Nop(), nil)
	t.Cleanup(func() { _ = srv.Shutdown(t.Context()) })
	nc, peer := tcpPair(t)
	c := &conn{srv: srv, app: srv.byKey[tKey], nc: nc, rd: nc, id: "1.1", direct: directWriter(nc)}
	if c.direct == nil {
		t.Fatal("no direct writer for a TCP socket")
	}

	// Fill the socket while the peer does not read, until a writer starts.
	frame := bytes.Repeat([]byte("x"), 64<<10)
	sent := 0
	for srv.Stats().WritersStarted == 0 {
		c.enqueue(frame)
		sent += len(frame)
	}
	if _, err := io.CopyN(io.Discard, peer, int64(sent)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the writer to finish", func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return !c.writing
	})
	time.Sleep(2 * cfg.WriteTimeout) // past the deadline the writer set

	before := srv.Stats().WritersStarted
	for range 10 {
		c.enqueue([]byte("hello"))
		if _, err := io.CopyN(io.Discard, peer, 5); err != nil {
			t.Fatal(err)
		}
	}
	if n := srv.Stats().WritersStarted - before; n != 0 {
		t.Fatalf("%d writers started for 10 frames to an empty socket", n)
	}
}

// A frame the socket took only part of must be finished before anything
// else goes out, a close included: the client has its header and first
// bytes, and a close frame in the middle of it would corrupt the stream
// (the client would see 1002/1006 instead of the code it must act on). A
// refusal (pusher:error, then the close) keeps the same order: the rest of
// the frame, the error, the close.
func TestACloseNeverCutsAFrameTheSocketTookPartOf(t *testing.T) {
	for _, tc := range []struct {
		name      string
		close     func(c *conn)
		code      int
		wantError bool // a pusher:error with the code, right before the close
	}{
		{"close", func(c *conn) { c.closeWith(4100, "Over capacity") }, 4100, false},
		{"refuse", func(c *conn) { c.refuse(4009, "Connection not authorized") }, 4009, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := New(testConfig(), zerolog.Nop(), nil)
			t.Cleanup(func() { _ = srv.Shutdown(t.Context()) })
			payload := []byte(`"` + strings.Repeat("x", 60000) + `"`)
			for attempt := range 20 {
				nc, peer := tcpPair(t)
				c := &conn{srv: srv, app: srv.byKey[tKey], nc: nc, rd: nc, id: "1.1", direct: directWriter(nc)}
				// Fill the socket until a frame does not go out whole, then
				// close at once, before the writer goroutine has taken the rest.
				before := srv.Stats().WritersStarted
				for srv.Stats().WritersStarted == before {
					c.enqueue(eventFrame("tick", "news", payload, ""))
				}
				tc.close(c)

				r := bufio.NewReader(peer)
				_ = peer.SetReadDeadline(time.Now().Add(10 * time.Second))
				sawError := false
				for {
					op, body, err := readServerFrame(r)
					if err != nil {
						t.Fatalf("attempt %d: reading the stream: %v", attempt, err)
					}
					if op == 8 {
						if code := int(binary.BigEndian.Uint16(body)); code != tc.code {
							t.Fatalf("attempt %d: close code %d, want %d", attempt, code, tc.code)
						}
						break
					}
					if sawError {
						t.Fatalf("attempt %d: a frame between the pusher:error and the close: %.60q", attempt, body)
					}
					if op == 1 && bytes.Contains(body, []byte(`"event":"pusher:error"`)) {
						if !tc.wantError || !bytes.Contains(body, []byte(fmt.Sprintf(`"code":%d`, tc.code))) {
							t.Fatalf("attempt %d: unexpected %s", attempt, body)
						}
						sawError = true
						continue
					}
					if op != 1 || !bytes.Contains(body, []byte(`"event":"tick"`)) {
						t.Fatalf("attempt %d: a broken frame: opcode %d, %.60q", attempt, op, body)
					}
				}
				if tc.wantError && !sawError {
					t.Fatalf("attempt %d: closed with %d without a pusher:error first", attempt, tc.code)
				}
			}
		})
	}
}

// readServerFrame reads one unmasked frame as the server sends them.
func readServerFrame(r *bufio.Reader) (op byte, body []byte, err error) {
	var h [2]byte
	if _, err = io.ReadFull(r, h[:]); err != nil {
		return 0, nil, err
	}
	if h[0]&0x80 == 0 || h[1]&0x80 != 0 {
		return 0, nil, fmt.Errorf("not a whole unmasked frame: header % x", h)
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var l [2]byte
		_, err = io.ReadFull(r, l[:])
		n = uint64(binary.BigEndian.Uint16(l[:]))
	case 127:
		var l [8]byte
		_, err = io.ReadFull(r, l[:])
		n = binary.BigEndian.Uint64(l[:])
	}
	if err != nil {
		return 0, nil, err
	}
	if n > 1<<20 {
		return 0, nil, fmt.Errorf("frame length %d: the stream is out of step", n)
	}
	body = make([]byte, n)
	_, err = io.ReadFull(r, body)
	return h[0] & 0x0f, body, err
}

// tcpPair is a real loopback TCP connection: the server's end (what a conn
// writes to) and the client's. Both are closed when the test ends.
func tcpPair(t *testing.T) (server, client net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		s, _ := ln.Accept()
		accepted <- s
	}()
	client, err = net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	server = <-accepted
	t.Cleanup(func() {
		_ = client.Close()
		_ = server.Close()
	})
	return server, client
}
