package realtime

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v2"
)

// Mount registers the websocket endpoint GET /app/:key and the HTTP API
// under /apps/:app_id/ on r.
func (s *Server) Mount(r fiber.Router) {
	// fasthttp/websocket's upgrader is used directly rather than through
	// gofiber/contrib/websocket: the wrapper copies every header, cookie,
	// query and route parameter of the handshake into maps that live as
	// long as the connection (≈1 KB each), and we need two values.
	up := &websocket.FastHTTPUpgrader{
		// Writes bypass the library's writer (see conn.writeFrames); a
		// pool keeps it from holding a write buffer per connection.
		WriteBufferPool: &sync.Pool{},
		ReadBufferSize:  512, // client messages are small; larger ones still read through
		WriteBufferSize: 1024,
	}
	// Pusher clients connect from any site that embeds them.
	up.CheckOrigin = anyOrigin
	r.Get("/app/:key", s.upgrade(up, s.serveWS))
	r.Get("/app/:key/*", s.upgrade(up, func(ws *websocket.Conn, _, _, _ string) {
		s.reject(ws, 4005, "Path not found")
	}))
	s.mountAPI(r)
}

// anyOrigin accepts every Origin. Generic so that its type is inferred
// when assigned to the upgrader's CheckOrigin without importing fasthttp here.
func anyOrigin[T any](T) bool { return true }

// upgrade answers a websocket handshake and runs h on the connection with
// copies of the app key, protocol and client address (fasthttp reuses the
// request's memory).
func (s *Server) upgrade(up *websocket.FastHTTPUpgrader, h func(ws *websocket.Conn, key, protocol, ip string)) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if !websocket.FastHTTPIsWebSocketUpgrade(c.Context()) {
			return fiber.ErrUpgradeRequired
		}
		key := strings.Clone(c.Params("key"))
		protocol := strings.Clone(c.Query("protocol"))
		ip := s.clientIP(c)
		err := up.Upgrade(c.Context(), func(ws *websocket.Conn) {
			defer func() {
				// Logged; the connection just closes.
				if v := recover(); v != nil {
					s.log.Error().Interface("panic", v).Msg("realtime: connection handler panic")
				}
			}()
			h(ws, key, protocol, ip)
		})
		if err != nil {
			return fiber.ErrUpgradeRequired
		}
		return nil
	}
}

// Protocol versions accepted: 5–7 behave the same for everything pusher-js
// and the other maintained clients use; a missing protocol is treated as 7.
const (
	minProtocol = 5
	maxProtocol = 7
)

// admission checks a new connection; 0 means admitted (counters taken).
func (s *Server) admission(key, protocol, ip string) (*appState, int, string) {
	if s.closing.Load() {
		return nil, 4200, "Server shutting down"
	}
	if protocol != "" {
		p, err := strconv.Atoi(protocol)
		if err != nil {
			return nil, 4006, "Invalid version string format"
		}
		if p < minProtocol || p > maxProtocol {
			return nil, 4007, "Unsupported protocol version"
		}
	}
	a, ok := s.byKey[key]
	if !ok {
		return nil, 4001, "App key " + key + " not in this cluster. Did you forget to specify the cluster?"
	}
	if !a.Enabled {
		return nil, 4003, "Application disabled"
	}
	if !s.ips.take(ip, s.cfg.MaxConnectionsPerIP) {
		return nil, 4100, "Over capacity: too many connections from your address"
	}
	if n := s.nconns.Add(1); s.cfg.MaxConnections > 0 && n > int64(s.cfg.MaxConnections) {
		s.nconns.Add(-1)
		s.ips.release(ip)
		return nil, 4100, "Over capacity"
	}
	if n := a.conns.Add(1); a.MaxConnections > 0 && n > int64(a.MaxConnections) {
		a.conns.Add(-1)
		s.nconns.Add(-1)
		s.ips.release(ip)
		return nil, 4004, "Application is over connection quota"
	}
	return a, 0, ""
}

// reject refuses a connection before connection_established: pusher:error
// (which pusher-js maps with the same table before the handshake) and the
// close code.
func (s *Server) reject(ws *websocket.Conn, code int, msg string) {
	s.stats.errors.Add(1)
	deadline := time.Now().Add(time.Second)
	nc := ws.NetConn()
	_ = nc.SetWriteDeadline(deadline)
	if _, err := nc.Write(eventFrame("pusher:error", "", errorData(code, msg), "")); err == nil {
		_, _ = nc.Write(closeFrame(code, msg))
	}
	// Wait for the client's close reply so the close frame is not lost to a
	// reset, then let the handler return.
	_ = nc.SetReadDeadline(time.Now().Add(closeGrace))
	ws.SetCloseHandler(func(int, string) error { return nil })
	for {
		if _, _, err := ws.NextReader(); err != nil {
			return
		}
	}
}

var shardSeq atomic.Uint32

func (s *Server) serveWS(ws *websocket.Conn, key, protocol, ip string) {
	a, code, msg := s.admission(key, protocol, ip)
	if code != 0 {
		s.reject(ws, code, msg)
		return
	}
	s.handlers.Add(1)
	defer s.handlers.Done()
	s.stats.opened.Add(1)

	c := &conn{
		srv:   s,
		app:   a,
		ws:    ws,
		nc:    rawConn(ws.NetConn()),
		id:    newSocketID(),
		shard: uint8(shardSeq.Add(1) % registryShards),
	}
	c.lastSeen.Store(s.clock.Load())
	s.reg.add(c)
	defer func() {
		c.finish()
		c.leaveAll()
		if c.userID != "" {
			s.signedOut(c)
		}
		s.reg.remove(c)
		a.conns.Add(-1)
		s.nconns.Add(-1)
		s.ips.release(ip)
	}()
	// Shutdown may have swept the registry just before add.
	if s.closing.Load() {
		c.closeWith(4200, "Server shutting down")
	}

	// Control frames are answered through our queue: the library would
	// write them itself, racing our writer.
	ws.SetPingHandler(func(data string) error {
		c.touch()
		if c.counted() {
			c.enqueue(wsFrame(opPong, []byte(data)))
		}
		return nil
	})
	ws.SetPongHandler(func(string) error { c.touch(); return nil })
	ws.SetCloseHandler(func(code int, _ string) error {
		if code == websocket.CloseNoStatusReceived {
			c.mu.Lock()
			if !c.closed {
				c.closed = true
				c.closingAt.Store(time.Now().UnixNano())
				c.queue = append(c.queue[:0:0], wsFrame(opClose, nil))
				c.startWriterLocked()
			}
			c.mu.Unlock()
			return nil
		}
		c.closeWith(code, "")
		return nil
	})

	est := `{"socket_id":"` + c.id + `","activity_timeout":` + strconv.Itoa(max(1, int(s.cfg.ActivityTimeout/time.Second))) + `}`
	c.enqueue(eventFrame("pusher:connection_established", "", stringData([]byte(est)), ""))

	s.readLoop(c)
}

var errTooLarge = errors.New("message too large")

// frameLimit is the largest client message of an app's sockets: the node's
// MaxMessageBytes, or, for an app allowing larger events, room for one
// such event's data and its envelope.
func (s *Server) frameLimit(a *appState) int {
	if a.MaxEventBytes <= s.cfg.MaxMessageBytes {
		return s.cfg.MaxMessageBytes
	}
	return a.MaxEventBytes + 1024
}

func (s *Server) readLoop(c *conn) {
	limit := int64(s.frameLimit(c.app))
	for {
		typ, r, err := c.ws.NextReader()
		if err != nil {
			return
		}
		c.touch()
		s.stats.messagesIn.Add(1)
		msg, err := readLimited(r, limit)
		s.stats.bytesIn.Add(int64(len(msg)))
		if c.closingAt.Load() != 0 {
			continue // closing: only the client's close reply matters
		}
		if err == errTooLarge {
			c.refuse(1009, "Message too large: the limit is "+strconv.FormatInt(limit, 10)+" bytes")
			continue
		}
		if err != nil {
			return
		}
		if typ != websocket.TextMessage {
			c.refuse(1003, "Binary frames are not supported: send JSON text")
			continue
		}
		if !c.counted() {
			continue
		}
		onFreshStack(func() { c.handle(msg) })
	}
}

// onFreshStack runs f on a short-lived goroutine and waits for it. Handling
// a message (JSON decoding, HMAC, adapter calls) needs several KB of stack;
// done on the reader goroutine, that stack would stay grown for the life of
// every idle connection — 4 KB each, a quarter of the memory budget.
func onFreshStack(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}

// readLimited reads one message of at most limit bytes; a longer one is
// read to its end and discarded, so memory is bounded by the limit.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if n > limit {
		if _, err := io.Copy(io.Discard, r); err != nil {
			return nil, err
		}
		return nil, errTooLarge
	}
	return buf.Bytes(), nil
}

// counted counts one client message against the socket's rate limit and
// reports whether it may be handled; past the limit the socket is refused
// with 4301, which pusher-js does not retry.
func (c *conn) counted() bool {
	cfg := &c.srv.cfg
	if c.rate.add(time.Now().UnixNano(), int64(cfg.ClientMessageWindow)) <= cfg.MaxClientMessages {
		return true
	}
	c.refuse(4301, "Too many messages: at most "+strconv.Itoa(cfg.MaxClientMessages)+" in "+cfg.ClientMessageWindow.String())
	return false
}

// touch records liveness: any message, pong or ping from the client.
func (c *conn) touch() {
	c.lastSeen.Store(c.srv.clock.Load())
	if c.pingAt.Load() != 0 {
		c.pingAt.Store(0)
	}
}
