package realtime

import (
	"strings"
	"sync"

	"github.com/gofiber/fiber/v2"
)

// Limits on what one client may take: connections per address, messages
// per socket. Both are per node; behind a load balancer that spreads one
// address over several nodes, each node counts its share.

// clientIP is the address a handshake is counted under: Config.ClientIP's
// answer, or the peer address when it has none (an empty key would put
// every such client in one shared bucket).
func (s *Server) clientIP(c *fiber.Ctx) string {
	if s.cfg.ClientIP != nil {
		if ip := s.cfg.ClientIP(c); ip != "" {
			return strings.Clone(ip)
		}
	}
	return c.Context().RemoteIP().String()
}

// ipCounts counts this node's open connections by client address.
type ipCounts struct {
	mu sync.Mutex
	m  map[string]int32
}

// take counts one more connection from ip unless it already has limit
// (limit < 0: no cap).
func (p *ipCounts) take(ip string, limit int) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.m == nil {
		p.m = map[string]int32{}
	}
	n := p.m[ip]
	if limit >= 0 && int(n) >= limit {
		return false
	}
	p.m[ip] = n + 1
	return true
}

func (p *ipCounts) release(ip string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := p.m[ip] - 1; n > 0 {
		p.m[ip] = n
	} else {
		delete(p.m, ip)
	}
}

// msgWindow counts one socket's messages over a sliding window made of
// ten slots, each a tenth of the window wide: the count covers between
// nine and ten tenths of the window, never a fixed window that a burst
// straddling its edge could double.
type msgWindow struct {
	slot  int64 // index of the newest slot (time / slot width)
	count [10]uint16
}

// add counts one message at now (ns) and returns the count in the window.
func (w *msgWindow) add(now, window int64) int {
	width := max(window/int64(len(w.count)), 1)
	slot := now / width
	if gap := slot - w.slot; gap > 0 {
		if gap >= int64(len(w.count)) {
			w.count = [len(w.count)]uint16{}
		} else {
			for i := w.slot + 1; i <= slot; i++ {
				w.count[i%int64(len(w.count))] = 0
			}
		}
		w.slot = slot
	}
	if c := &w.count[slot%int64(len(w.count))]; *c < ^uint16(0) {
		*c++
	}
	n := 0
	for _, c := range w.count {
		n += int(c)
	}
	return n
}
