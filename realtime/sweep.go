package realtime

import (
	"sync"
	"time"
)

// One sweeper per server checks every connection's activity a few times per
// timeout, instead of a timer or goroutine per idle connection.

const registryShards = 64

// registry holds this node's connections, sharded so that connect and
// disconnect storms do not serialise on one lock.
type registry struct {
	shards [registryShards]struct {
		mu sync.Mutex
		m  map[*conn]struct{}
	}
}

func (r *registry) init() {
	for i := range r.shards {
		r.shards[i].m = map[*conn]struct{}{}
	}
}

func (r *registry) add(c *conn) {
	sh := &r.shards[c.shard]
	sh.mu.Lock()
	sh.m[c] = struct{}{}
	sh.mu.Unlock()
}

func (r *registry) remove(c *conn) {
	sh := &r.shards[c.shard]
	sh.mu.Lock()
	delete(sh.m, c)
	sh.mu.Unlock()
}

// each calls f for every connection, outside the shard locks.
func (r *registry) each(f func(*conn)) {
	var batch []*conn
	for i := range r.shards {
		sh := &r.shards[i]
		sh.mu.Lock()
		batch = batch[:0]
		for c := range sh.m {
			batch = append(batch, c)
		}
		sh.mu.Unlock()
		for _, c := range batch {
			f(c)
		}
	}
}

// closeGrace is how long a closing connection may take to finish the close
// handshake (or a blocked write) before its socket is cut.
const closeGrace = 2 * time.Second

func (s *Server) sweepLoop() {
	t := time.NewTicker(s.sweepEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case now := <-t.C:
			s.sweep(now.UnixNano())
		}
	}
}

// sweep pings connections idle for the activity timeout, closes with 4201
// those that did not answer within the pong timeout, and cuts connections
// stuck in closing.
func (s *Server) sweep(now int64) {
	s.clock.Store(now)
	activity := int64(s.cfg.ActivityTimeout)
	pong := int64(s.cfg.PongTimeout)
	s.reg.each(func(c *conn) {
		if at := c.closingAt.Load(); at != 0 {
			if now-at > int64(closeGrace) {
				c.forceClose()
			}
			return
		}
		if p := c.pingAt.Load(); p != 0 {
			if now-p > pong {
				s.stats.pongTimeouts.Add(1)
				c.closeWith(4201, "Pong reply not received")
			}
			return
		}
		if now-c.lastSeen.Load() > activity {
			c.pingAt.Store(now)
			c.enqueue(pingFrame)
		}
	})
}
