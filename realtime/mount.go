package realtime

import (
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
	// fasthttp/websocket's upgrader answers the handshake (it checks the
	// headers and writes the 101); the connection is then read by our own
	// frame reader (wsread.go) and written by our own writer (conn.go).
	up := &websocket.FastHTTPUpgrader{
		WriteBufferPool: &sync.Pool{},
		ReadBufferSize:  64, // never used: nothing is read through the library
		WriteBufferSize: 64,
	}
	// Pusher clients connect from any site that embeds them.
	up.CheckOrigin = anyOrigin
	r.Get("/app/:key", s.upgrade(up, s.serveWS))
	r.Get("/app/:key/*", s.upgrade(up, func(l link, _, _, _ string) func() {
		s.reject(l, 4005, "Path not found")
		return nil
	}))
	s.mountAPI(r)
}

// anyOrigin accepts every Origin. Generic so that its type is inferred
// when assigned to the upgrader's CheckOrigin without importing fasthttp here.
func anyOrigin[T any](T) bool { return true }

// upgrade answers a websocket handshake and runs h on the connection with
// copies of the app key, protocol and client address (fasthttp reuses the
// request's memory); h returns what reads the connection for its life.
// The connection is detached from fasthttp (wsread.go) and that runs on a
// goroutine of its own, so fasthttp's request context and read buffer go
// back to its pools instead of living as long as the socket, and the
// reader starts on a fresh stack that the handshake's work never grew.
func (s *Server) upgrade(up *websocket.FastHTTPUpgrader, h func(l link, key, protocol, ip string) func()) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if !websocket.FastHTTPIsWebSocketUpgrade(c.Context()) {
			return fiber.ErrUpgradeRequired
		}
		key := strings.Clone(c.Params("key"))
		protocol := strings.Clone(c.Query("protocol"))
		ip := s.clientIP(c)
		err := up.Upgrade(c.Context(), func(ws *websocket.Conn) {
			guarded := func(f func()) {
				defer func() {
					// Logged; the connection just closes.
					if v := recover(); v != nil {
						s.log.Error().Interface("panic", v).Msg("realtime: connection handler panic")
					}
				}()
				f()
			}
			l, err := detach(ws.NetConn())
			if err != nil {
				// Not a plain TCP socket (TLS served by Fiber itself): read
				// through fasthttp's connection for as long as it lasts.
				guarded(func() {
					if read := h(attached(ws.NetConn()), key, protocol, ip); read != nil {
						read()
					}
				})
				return
			}
			var read func()
			guarded(func() { read = h(l, key, protocol, ip) })
			if read != nil {
				go guarded(read)
			}
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
// close code; then it waits briefly for the client to close.
func (s *Server) reject(l link, code int, msg string) {
	s.stats.errors.Add(1)
	defer l.nc.Close()
	_ = l.nc.SetWriteDeadline(time.Now().Add(time.Second))
	if _, err := l.nc.Write(eventFrame("pusher:error", "", errorData(code, msg), "")); err == nil {
		_, _ = l.nc.Write(closeFrame(code, msg))
	}
	// Wait for the client's close reply so the close frame is not lost to a
	// reset.
	_ = l.nc.SetReadDeadline(time.Now().Add(closeGrace))
	discard(l.rd)
}

var shardSeq atomic.Uint32

// serveWS admits a connection and returns its reader, which runs the
// protocol until the connection ends and then cleans up after it.
func (s *Server) serveWS(l link, key, protocol, ip string) func() {
	a, code, msg := s.admission(key, protocol, ip)
	if code != 0 {
		s.reject(l, code, msg)
		return nil
	}
	s.handlers.Add(1)
	s.stats.opened.Add(1)
	c := &conn{
		srv:    s,
		app:    a,
		nc:     l.nc,
		rd:     l.rd,
		direct: directWriter(l.nc),
		id:     newSocketID(),
		shard:  uint8(shardSeq.Add(1) % registryShards),
	}
	c.lastSeen.Store(s.clock.Load())
	s.reg.add(c)
	// Shutdown may have swept the registry just before add.
	if s.closing.Load() {
		c.closeWith(4200, "Server shutting down")
	}
	est := `{"socket_id":"` + c.id + `","activity_timeout":` + strconv.Itoa(max(1, int(s.cfg.ActivityTimeout/time.Second))) + `}`
	c.enqueue(eventFrame("pusher:connection_established", "", stringData([]byte(est)), ""))

	return func() {
		defer s.handlers.Done()
		defer func() {
			c.finish()
			_ = c.nc.Close()
			c.leaveAll()
			if c.userID != "" {
				s.signedOut(c)
			}
			s.reg.remove(c)
			a.conns.Add(-1)
			s.nconns.Add(-1)
			s.ips.release(ip)
		}()
		c.readLoop(l.lead)
	}
}

// frameLimit is the largest client message of an app's sockets: the node's
// MaxMessageBytes, or, for an app allowing larger events, room for one
// such event's data and its envelope.
func (s *Server) frameLimit(a *appState) int {
	if a.MaxEventBytes <= s.cfg.MaxMessageBytes {
		return s.cfg.MaxMessageBytes
	}
	return a.MaxEventBytes + 1024
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
