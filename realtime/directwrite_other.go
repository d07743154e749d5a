//go:build !unix

package realtime

import "net"

// directWriter: outside Unix every write goes through the writer goroutine.
func directWriter(net.Conn) func([]byte) (int, error) { return nil }
