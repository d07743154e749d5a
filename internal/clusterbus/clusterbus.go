// Package clusterbus tells every node of a cluster to forget what it
// cached: a revoked session, a changed catalogue. With Redis
// (REDIS_URL) a message goes out over Redis pub/sub and Publish returns
// once every node subscribed at that moment has applied it, so what a
// request on one node changed is seen by the very next request on any
// other; without Redis the bus is this process alone.
//
// A node whose subscription is down reports !Up: its caches must not be
// trusted then (they may have missed a message), and every handler is
// Reset when the subscription comes back, since messages sent meanwhile
// are lost.
package clusterbus

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"
)

// Handler is what a topic's subscriber does.
type Handler struct {
	// Apply handles one message's payload.
	Apply func(payload string)
	// Reset forgets everything: called when messages may have been lost.
	Reset func()
}

// Bus carries messages by topic to every node.
type Bus struct {
	rdb     redis.UniversalClient // nil: this process only
	channel string
	acks    string // key prefix of the acknowledgement lists
	log     zerolog.Logger
	// AckWait bounds how long Publish waits for the nodes' acknowledgements.
	AckWait time.Duration

	mu       sync.RWMutex
	handlers map[string][]Handler
	up       atomic.Bool
}

// New returns a bus over rdb, or a local bus when rdb is nil. prefix is
// REDIS_PREFIX, so that clusters sharing one Redis do not hear each other.
func New(rdb redis.UniversalClient, prefix string, log zerolog.Logger) *Bus {
	b := &Bus{rdb: rdb, channel: prefix + "cachebus", acks: prefix + "cachebus:ack:", log: log,
		AckWait: 5 * time.Second, handlers: map[string][]Handler{}}
	b.up.Store(rdb == nil)
	return b
}

// Handle subscribes h to topic; call it before Run.
func (b *Bus) Handle(topic string, h Handler) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.handlers[topic] = append(b.handlers[topic], h)
}

// Up reports whether this node hears every message: always for a local
// bus; over Redis, while the subscription is established.
func (b *Bus) Up() bool { return b.up.Load() }

// Publish applies the message here, then on every other node. It returns
// once every subscribed node has applied it, or with an error after
// AckWait (a node that died holding the subscription) or when Redis
// cannot be reached; the nodes that missed it are those whose
// subscription is down, which do not trust their caches (Up).
//
// The caller's cancellation does not cut it short: a message follows a
// commit (a session revoked), and a client hanging up at that moment must
// not leave the other nodes trusting what was taken back. AckWait and the
// client's own timeouts bound it instead.
func (b *Bus) Publish(ctx context.Context, topic, payload string) error {
	ctx = context.WithoutCancel(ctx)
	b.apply(topic, payload)
	if b.rdb == nil {
		return nil
	}
	var n [8]byte
	_, _ = rand.Read(n[:])
	nonce := hex.EncodeToString(n[:])
	receivers, err := b.rdb.Publish(ctx, b.channel, nonce+"|"+topic+"|"+payload).Result()
	if err != nil {
		return fmt.Errorf("clusterbus: publish %s: %w", topic, err)
	}
	key := b.acks + nonce
	defer b.rdb.Del(ctx, key)
	deadline := time.Now().Add(b.AckWait)
	for got := int64(0); got < receivers; got++ {
		wait := time.Until(deadline)
		if wait <= 0 {
			return fmt.Errorf("clusterbus: %s: %d of %d nodes acknowledged within %s", topic, got, receivers, b.AckWait)
		}
		if err := b.rdb.BLPop(ctx, wait, key).Err(); err != nil {
			if errors.Is(err, redis.Nil) {
				return fmt.Errorf("clusterbus: %s: %d of %d nodes acknowledged within %s", topic, got, receivers, b.AckWait)
			}
			return fmt.Errorf("clusterbus: %s: waiting for acknowledgements: %w", topic, err)
		}
	}
	return nil
}

func (b *Bus) apply(topic, payload string) {
	b.mu.RLock()
	hs := b.handlers[topic]
	b.mu.RUnlock()
	for _, h := range hs {
		h.Apply(payload)
	}
}

func (b *Bus) reset() {
	b.mu.RLock()
	defer b.mu.RUnlock()
	for _, hs := range b.handlers {
		for _, h := range hs {
			h.Reset()
		}
	}
}

// Run listens until ctx ends; a local bus returns at once.
func (b *Bus) Run(ctx context.Context) {
	if b.rdb == nil {
		return
	}
	ps := b.rdb.Subscribe(ctx, b.channel)
	// Closing is what interrupts a receive that is waiting for a message.
	stop := context.AfterFunc(ctx, func() { _ = ps.Close() })
	defer stop()
	down := func(err error) {
		if b.up.Swap(false) {
			b.log.Warn().Err(err).Msg("clusterbus: subscription lost; caches bypassed until it is back")
		}
		b.reset()
	}
	for ctx.Err() == nil {
		msg, err := ps.ReceiveTimeout(ctx, 5*time.Second)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			var ne interface{ Timeout() bool }
			if errors.As(err, &ne) && ne.Timeout() && b.up.Load() {
				// Quiet, not necessarily broken: a ping tells.
				if perr := ps.Ping(ctx); perr == nil {
					continue
				} else {
					err = perr
				}
			}
			down(err)
			select {
			case <-ctx.Done():
			case <-time.After(200 * time.Millisecond):
			}
			continue
		}
		switch m := msg.(type) {
		case *redis.Subscription:
			if m.Kind == "subscribe" {
				// Whatever was sent while we were away is lost: start afresh.
				b.reset()
				b.up.Store(true)
			}
		case *redis.Message:
			b.receive(ctx, m.Payload)
		}
	}
}

func (b *Bus) receive(ctx context.Context, raw string) {
	nonce, rest, ok1 := strings.Cut(raw, "|")
	topic, payload, ok2 := strings.Cut(rest, "|")
	if !ok1 || !ok2 {
		b.log.Warn().Str("message", raw).Msg("clusterbus: malformed message")
		return
	}
	b.apply(topic, payload)
	key := b.acks + nonce
	pipe := b.rdb.Pipeline()
	pipe.RPush(ctx, key, "1")
	pipe.Expire(ctx, key, 10*time.Second)
	if _, err := pipe.Exec(ctx); err != nil {
		b.log.Warn().Err(err).Str("topic", topic).Msg("clusterbus: acknowledgement failed")
	}
}
