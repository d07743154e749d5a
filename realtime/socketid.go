package realtime

import (
	"crypto/rand"
	"encoding/binary"
	"strconv"
)

// newSocketID returns "<n>.<m>" from 64 crypto-random bits, so ids are
// unique across nodes without coordination (server SDKs demand \d+\.\d+).
func newSocketID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // never fails on supported platforms
	hi := binary.BigEndian.Uint32(b[:4])
	lo := binary.BigEndian.Uint32(b[4:])
	buf := make([]byte, 0, 21)
	buf = strconv.AppendUint(buf, uint64(hi), 10)
	buf = append(buf, '.')
	buf = strconv.AppendUint(buf, uint64(lo), 10)
	return string(buf)
}

// ValidSocketID reports whether id has the \d+\.\d+ form.
func ValidSocketID(id string) bool {
	dot := -1
	for i := 0; i < len(id); i++ {
		switch c := id[i]; {
		case c >= '0' && c <= '9':
		case c == '.' && dot < 0:
			dot = i
		default:
			return false
		}
	}
	return dot > 0 && dot < len(id)-1 && len(id) <= 41
}
