package realtime

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// conn is one client socket. Its reader goroutine (wsread.go) reads and
// runs the protocol. A frame goes straight to the kernel when nothing is
// queued and the socket buffer takes it whole (a client that reads: almost
// always), so a fan-out to 5,000 sockets is 5,000 writes from the
// publishing goroutine, as in the bare loop, not 5,000 goroutines started.
// What the socket does not take waits in a bounded queue drained by a
// writer goroutine that exists only while there is something to write, so
// an idle connection costs one small goroutine and no buffer at all.
type conn struct {
	srv *Server
	app *appState
	nc  net.Conn  // written to, closed
	rd  io.Reader // read from (nc, unless Fiber serves TLS itself)
	// direct writes without blocking (directwrite_unix.go); nil on TLS.
	direct func(frame []byte) (int, error)
	id     string
	shard  uint8

	lastSeen  atomic.Int64 // server clock of the last message read
	pingAt    atomic.Int64 // when the server's pusher:ping went out, 0 = none pending
	closingAt atomic.Int64 // when closing started, 0 = open

	mu      sync.Mutex
	queue   [][]byte // frames not yet handed to the kernel; shared, never modified
	queued  int      // bytes in queue
	writing bool     // a writer goroutine is running
	closed  bool     // no more frames are accepted
	tail    bool     // queue[0] is the rest of a frame the socket took part of
	done    bool     // handler returned: nc belongs to someone else now
	writer  sync.WaitGroup

	// Owned by the reader goroutine.
	subs       []*sub
	userID     string
	watchlist  []string         // from signin: users whose status this socket hears
	watch      map[string]int64 // under app.umu: their status versions last sent here
	rateSecond int64
	rateCount  int
	rate       msgWindow // client messages, for the flood limit
	first      [1]byte   // an idle reader waits for a frame's first byte here
}

var (
	pingFrame = eventFrame("pusher:ping", "", []byte("{}"), "")
	pongFrame = eventFrame("pusher:pong", "", []byte("{}"), "")
)

// enqueue queues a complete frame. Past the queue limit the client is too
// slow: its queue is dropped and it is closed with 4100 (pusher-js backs off
// and reconnects), so memory stays bounded.
func (c *conn) enqueue(frame []byte) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	if c.queued+len(frame) > c.srv.cfg.SendQueueBytes {
		c.srv.stats.slowClosed.Add(1)
		c.closeLocked(4100, "Over capacity: client not reading fast enough")
		c.mu.Unlock()
		return
	}
	// No writer running means nothing is queued: a direct write keeps the
	// order. Under c.mu, so no other frame can overtake this one.
	if !c.writing && c.direct != nil {
		n, err := c.direct(frame)
		if err == nil && n == len(frame) {
			c.mu.Unlock()
			return
		}
		// A broken socket fails the writer's write the same way, which
		// then closes it; otherwise the rest waits for the socket.
		if err == nil && n > 0 {
			frame, c.tail = frame[n:], true
		}
	}
	c.queue = append(c.queue, frame)
	c.queued += len(frame)
	c.startWriterLocked()
	c.mu.Unlock()
}

func (c *conn) startWriterLocked() {
	if c.writing {
		return
	}
	c.writing = true
	c.srv.stats.writers.Add(1)
	c.writer.Add(1)
	go c.writeLoop()
}

// closeWith queues a close frame with code after dropping anything still
// queued; the reader then waits briefly for the client's close reply.
func (c *conn) closeWith(code int, reason string) {
	c.mu.Lock()
	c.closeLocked(code, reason)
	c.mu.Unlock()
}

func (c *conn) closeLocked(code int, reason string) {
	if c.closed || c.done {
		return
	}
	c.queue, c.queued = c.unfinishedLocked(), 0
	c.closeAfterQueuedLocked(code, reason)
}

// unfinishedLocked is what must still go out before any other frame: the
// rest of a frame the client has the beginning of, or nothing.
func (c *conn) unfinishedLocked() [][]byte {
	if c.tail {
		return c.queue[:1:1]
	}
	return nil
}

// closeAfterQueued closes like closeWith, but after the frames already
// queued: terminate_connections follows what the app published just before
// it (a ban's user.updated), which must not be dropped. The queue is
// bounded (SendQueueBytes) and written under the closing deadline, so a
// client that does not read still goes as fast.
func (c *conn) closeAfterQueued(code int, reason string) {
	c.mu.Lock()
	c.closeAfterQueuedLocked(code, reason)
	c.mu.Unlock()
}

func (c *conn) closeAfterQueuedLocked(code int, reason string) {
	if c.closed || c.done {
		return
	}
	c.closed = true
	c.closingAt.Store(time.Now().UnixNano())
	c.queue = append(c.queue, closeFrame(code, reason))
	c.queued = 0
	if c.writing {
		// A write may be blocked on a full socket buffer: bound it so the
		// close is not stuck behind data the client is not reading.
		_ = c.nc.SetWriteDeadline(time.Now().Add(time.Second))
	}
	c.startWriterLocked()
}

// refuse sends pusher:error with code and msg, then closes with the same
// code: the client is told why before pusher-js acts on the code. Frames
// still queued before them are dropped, as with any close.
func (c *conn) refuse(code int, msg string) {
	c.srv.stats.errors.Add(1)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || c.done {
		return
	}
	c.closeLocked(code, msg)
	// The error goes before the close, after a frame already begun.
	head := c.unfinishedLocked()
	rest := c.queue[len(head):]
	c.queue = append(append(head, eventFrame("pusher:error", "", errorData(code, msg), "")), rest...)
}

// forceClose cuts the socket without a close handshake. Safe after the
// handler returned (then it does nothing).
func (c *conn) forceClose() {
	c.mu.Lock()
	if !c.done {
		c.closed = true
		_ = c.nc.Close()
	}
	c.mu.Unlock()
}

func (c *conn) writeLoop() {
	defer c.writer.Done()
	for {
		c.mu.Lock()
		q := c.queue
		closing := c.closed
		c.queue, c.queued, c.tail = nil, 0, false
		if len(q) == 0 || c.done {
			c.writing = false
			if !c.closed {
				// Drained: the next frames go direct, which a deadline
				// left on the socket would fail once it passed.
				_ = c.nc.SetWriteDeadline(time.Time{})
			}
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()

		wait := c.srv.cfg.WriteTimeout
		if closing {
			wait = time.Second
		}
		_ = c.nc.SetWriteDeadline(time.Now().Add(wait))
		// One writev for everything queued since the last write.
		bufs := net.Buffers(q)
		if _, err := bufs.WriteTo(c.nc); err != nil {
			c.mu.Lock()
			c.closed = true
			c.queue, c.queued, c.tail = nil, 0, false
			c.writing = false
			if !c.done {
				// Reset rather than close: the kernel would otherwise keep
				// sending this client megabytes it is not reading.
				if tc, ok := c.nc.(*net.TCPConn); ok {
					_ = tc.SetLinger(0)
				}
				_ = c.nc.Close()
			}
			c.mu.Unlock()
			return
		}
		if closing {
			// The close frame is out; give the client a moment to answer
			// it, then the reader's deadline ends the connection.
			_ = c.nc.SetReadDeadline(time.Now().Add(closeGrace))
		}
	}
}

// rawConn unwraps fasthttp's hijacked connection: its Close is a no-op
// until the handler returns and it hides writev, both of which we need.
func rawConn(nc net.Conn) net.Conn {
	if u, ok := nc.(interface{ UnsafeConn() net.Conn }); ok {
		if raw := u.UnsafeConn(); raw != nil {
			return raw
		}
	}
	return nc
}

// finish runs when the reader stops: no frame is accepted any more, the
// writer is given a bounded moment to flush, and then the connection is
// marked done so nobody touches the (pooled) socket again.
func (c *conn) finish() {
	c.mu.Lock()
	c.closed = true
	if c.writing {
		_ = c.nc.SetWriteDeadline(time.Now().Add(time.Second))
	}
	c.mu.Unlock()
	c.writer.Wait()
	c.mu.Lock()
	c.done = true
	c.queue = nil
	c.mu.Unlock()
}
