//go:build unix

package realtime

import (
	"net"
	"syscall"
)

// directWriter returns a function that hands frame to the kernel without
// waiting: it writes what the socket buffer takes right now and reports
// how many bytes that was (0 when the buffer is full). nil when nc is not
// a plain TCP socket (Fiber serving TLS itself), where every write goes
// through the writer goroutine.
func directWriter(nc net.Conn) func(frame []byte) (int, error) {
	tc, ok := nc.(*net.TCPConn)
	if !ok {
		return nil
	}
	rc, err := tc.SyscallConn()
	if err != nil {
		return nil
	}
	return func(frame []byte) (int, error) {
		var n int
		var werr error
		// Returning true from the callback means "done": the runtime does
		// not park until the socket is writable, so this never blocks.
		err := rc.Write(func(fd uintptr) bool {
			n, werr = syscall.Write(int(fd), frame)
			return true
		})
		if err != nil {
			return 0, err
		}
		if werr == syscall.EAGAIN || werr == syscall.EINTR {
			return 0, nil
		}
		if werr != nil {
			return 0, werr
		}
		return n, nil
	}
}
