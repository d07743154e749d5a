package realtime

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"sync"
	"time"
	"unicode/utf8"
)

// Client frames are read here, not through the websocket library, for
// memory: an idle connection holds no read buffer at all. Its reader
// goroutine waits for the first byte of the next frame in a one-byte field
// of the connection; only then does it take a buffer from a pool, read the
// frame (and whatever else has arrived), and give the buffer back once
// everything read is handled. The websocket library's reader keeps a
// buffer per connection, fasthttp keeps its request context and a 4 KB
// read buffer for as long as a hijacked connection lives, and both need
// their goroutine's stack to stay grown: together most of the memory of an
// idle subscribed socket.

// link is an upgraded connection: nc is written to, closed and given
// deadlines; rd is read from; lead holds bytes the client sent right after
// the handshake that were already read.
type link struct {
	nc   net.Conn
	rd   io.Reader
	lead []byte
}

var errNotTCP = errors.New("not a TCP connection")

// detach takes a hijacked connection away from fasthttp, which closes its
// own descriptor and releases its request context and read buffer when
// the hijack handler returns: the socket lives on as a duplicate
// descriptor. Bytes fasthttp had already read past the handshake are read
// out of its buffer first (a deadline in the past returns what is
// buffered without touching the socket).
func detach(hijacked net.Conn) (link, error) {
	raw := rawConn(hijacked)
	tc, ok := raw.(*net.TCPConn)
	if !ok {
		return link{}, errNotTCP
	}
	var lead []byte
	if err := raw.SetReadDeadline(time.Unix(1, 0)); err != nil {
		return link{}, err
	}
	var b [512]byte
	for {
		n, err := hijacked.Read(b[:])
		lead = append(lead, b[:n]...)
		if err != nil || n == 0 {
			break
		}
	}
	f, err := tc.File()
	if err != nil {
		return link{}, err
	}
	defer f.Close()
	nc, err := net.FileConn(f)
	if err != nil {
		return link{}, err
	}
	return link{nc: nc, rd: nc, lead: lead}, nil
}

// attached is a connection read through fasthttp's (a TLS one): it lives
// as long as the hijack handler runs.
func attached(hijacked net.Conn) link {
	return link{nc: rawConn(hijacked), rd: hijacked}
}

// discard reads and drops until the connection ends (EOF, deadline).
func discard(r io.Reader) {
	b := getReadBuf()
	defer putReadBuf(b)
	for {
		if _, err := r.Read(b[:cap(b)]); err != nil {
			return
		}
	}
}

const readBufSize = 4096

var readBufs = sync.Pool{New: func() any { b := make([]byte, 0, readBufSize); return &b }}

func getReadBuf() []byte { return (*readBufs.Get().(*[]byte))[:0] }

func putReadBuf(b []byte) {
	if cap(b) == readBufSize {
		b = b[:0]
		readBufs.Put(&b)
	}
}

// reader is the read state of one connection while it reads.
type reader struct {
	c     *conn
	limit int    // largest message
	buf   []byte // pooled while there are bytes to handle; nil when idle
	frag  []byte // a fragmented message being assembled
	inMsg bool   // a text message's first fragment came, not its last
}

// errStop ends reading: the connection failed, or is closing and only its
// end is awaited.
var errStop = errors.New("stop reading")

// readLoop reads the client's frames until the connection ends.
func (c *conn) readLoop(lead []byte) {
	r := &reader{c: c, limit: c.srv.frameLimit(c.app)}
	if len(lead) > 0 {
		r.buf = append(getReadBuf(), lead...)
	}
	defer func() {
		if r.buf != nil {
			putReadBuf(r.buf)
		}
	}()
	for {
		if len(r.buf) == 0 {
			if r.buf != nil {
				putReadBuf(r.buf)
				r.buf = nil
			}
			// Idle: wait for the next frame holding nothing but this byte.
			if _, err := io.ReadFull(c.rd, c.first[:]); err != nil {
				return
			}
			r.buf = append(getReadBuf(), c.first[0])
		}
		need, err := r.frame()
		if err == errStop {
			discard(c.rd)
			return
		}
		if need > 0 && !r.fill(need) {
			return
		}
	}
}

// fill reads until the buffer holds at least need bytes.
func (r *reader) fill(need int) bool {
	if cap(r.buf) < need {
		grown := make([]byte, len(r.buf), need)
		copy(grown, r.buf)
		putReadBuf(r.buf)
		r.buf = grown
	}
	for len(r.buf) < need {
		n, err := r.c.rd.Read(r.buf[len(r.buf):cap(r.buf)])
		r.buf = r.buf[:len(r.buf)+n]
		if err != nil && len(r.buf) < need {
			return false
		}
	}
	return true
}

const (
	opContinuation = 0x0
	opBinary       = 0x2
)

// frame handles the frame at the start of the buffer and removes it; if
// the buffer holds less than a frame it returns how many bytes it needs.
func (r *reader) frame() (need int, err error) {
	b := r.buf
	if len(b) < 2 {
		return 2, nil
	}
	fin, op := b[0]&0x80 != 0, b[0]&0x0f
	length, h := uint64(b[1]&0x7f), 2
	switch length {
	case 126:
		if h = 4; len(b) < h {
			return h, nil
		}
		length = uint64(binary.BigEndian.Uint16(b[2:]))
	case 127:
		if h = 10; len(b) < h {
			return h, nil
		}
		length = binary.BigEndian.Uint64(b[2:])
	}
	switch {
	case b[0]&0x70 != 0:
		return 0, r.fail(1002, "Protocol error: no extension was negotiated")
	case b[1]&0x80 == 0:
		return 0, r.fail(1002, "Protocol error: client frames must be masked")
	case op >= opClose && (!fin || length > 125):
		return 0, r.fail(1002, "Protocol error: invalid control frame")
	case op == opBinary:
		return 0, r.fail(1003, "Binary frames are not supported: send JSON text")
	case op > opBinary && op < opClose, op > opPong:
		return 0, r.fail(1002, "Protocol error: unknown opcode")
	case op == opContinuation && !r.inMsg, op == opText && r.inMsg:
		return 0, r.fail(1002, "Protocol error: unexpected fragment")
	case op < opClose && length+uint64(len(r.frag)) > uint64(r.limit):
		return 0, r.fail(1009, "Message too large: the limit is "+itoa(r.limit)+" bytes")
	}
	h += 4 // the mask
	end := h + int(length)
	if len(b) < end {
		return end, nil
	}
	payload := b[h:end]
	mask := b[h-4 : h]
	for i := range payload {
		payload[i] ^= mask[i&3]
	}
	if err := r.dispatch(op, fin, payload); err != nil {
		return 0, err
	}
	r.buf = b[:copy(b, b[end:])]
	return 0, nil
}

// dispatch acts on one frame's unmasked payload (valid until it returns).
func (r *reader) dispatch(op byte, fin bool, p []byte) error {
	c := r.c
	switch op {
	case opPing:
		c.touch()
		if c.counted() {
			c.enqueue(wsFrame(opPong, p))
		}
	case opPong:
		c.touch()
	case opClose:
		r.closeReceived(p)
		return errStop
	case opText:
		if !fin {
			r.frag, r.inMsg = append(r.frag[:0], p...), true
			return nil
		}
		return r.message(p)
	case opContinuation:
		r.frag = append(r.frag, p...)
		if fin {
			msg := r.frag
			r.frag, r.inMsg = nil, false
			return r.message(msg)
		}
	}
	return nil
}

// message handles one complete text message.
func (r *reader) message(p []byte) error {
	c := r.c
	c.touch()
	c.srv.stats.messagesIn.Add(1)
	c.srv.stats.bytesIn.Add(int64(len(p)))
	if c.closingAt.Load() != 0 {
		return nil // closing: only the client's close reply matters
	}
	if !utf8.Valid(p) {
		return r.fail(1007, "Invalid UTF-8 in a text message")
	}
	if !c.counted() {
		return errStop
	}
	// Copied: what a message leaves behind (cached events) must not point
	// into the pooled buffer.
	msg := bytes.Clone(p)
	onFreshStack(func() { c.handle(msg) })
	return nil
}

// closeReceived answers the client's close frame with the same code (an
// empty close frame for an empty one) unless the server is closing already.
func (r *reader) closeReceived(p []byte) {
	c := r.c
	switch {
	case len(p) == 0:
		c.mu.Lock()
		if !c.closed {
			c.closed = true
			c.closingAt.Store(time.Now().UnixNano())
			c.queue = append(c.queue[:0:0], wsFrame(opClose, nil))
			c.startWriterLocked()
		}
		c.mu.Unlock()
	case len(p) == 1, !validCloseCode(int(binary.BigEndian.Uint16(p))):
		c.closeWith(1002, "Protocol error: invalid close frame")
	case !utf8.Valid(p[2:]):
		c.closeWith(1007, "Invalid UTF-8 in the close reason")
	default:
		c.closeWith(int(binary.BigEndian.Uint16(p)), "")
	}
}

// validCloseCode reports whether a client may send code (RFC 6455 7.4).
func validCloseCode(code int) bool {
	switch {
	case code >= 1000 && code <= 1003, code >= 1007 && code <= 1011, code >= 3000 && code <= 4999:
		return true
	}
	return false
}

// fail refuses the client (pusher:error, then the close code) and stops
// reading anything but the end of the connection.
func (r *reader) fail(code int, msg string) error {
	r.c.refuse(code, msg)
	return errStop
}
