package redisadapter

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"topup/realtime"
)

// The bus carries what every node must hear: events, terminate requests
// and users' status changes. On a single Redis it is one pub/sub channel,
// P bus. On a Redis Cluster of version 7 or later it is BusShards sharded
// channels, P{#bus:N}: a message goes to the one its channel (or user)
// hashes to, so each shard carries a part and a channel's events stay in
// order; every node listens to all of them. Older clusters broadcast one
// channel to every shard. Pub/sub is at most once: what is published
// while a node is not listening is lost to it.

type busMode int32

const (
	modeUnknown busMode = iota // Redis not reached yet
	modeSingle                 // PUBLISH / SUBSCRIBE on one channel
	modeSharded                // SPUBLISH / SSUBSCRIBE on BusShards channels
)

type bus struct {
	a       *Adapter
	queue   chan outgoing
	pubDone chan struct{}
	mode    atomic.Int32

	mu   sync.Mutex
	subs []*redis.PubSub
	live []atomic.Bool // per subscription: subscribed now
	deaf []atomic.Bool // per subscription: lost since the node was last up
}

type outgoing struct {
	shard   int
	payload []byte
	event   *chanKey // the channel of an event, for telling its subscribers what they missed
	// sent, when set, hears whether the message reached Redis (nil) or
	// was dropped: a terminate has no subscribers to reconnect, so its
	// caller must learn of the loss and try again (TerminateUser).
	sent chan error
}

// errNotSent is what a message the other nodes will not get answers.
var errNotSent = fmt.Errorf("not sent to the other nodes: %w", ErrUnavailable)

// report tells a waiting sender what became of its message.
func (o outgoing) report(err error) {
	if o.sent != nil {
		o.sent <- err // buffered: one answer per message
	}
}

// envelope is one bus message: an event, a terminate request or a user's
// status change.
type envelope struct {
	Origin string            `json:"o"`
	Msg    *realtime.Message `json:"m,omitempty"`
	App    string            `json:"a,omitempty"`
	User   string            `json:"u,omitempty"` // terminate
	Status *userStatus       `json:"s,omitempty"`
	// Missed names the channels whose events the origin could not send to
	// the other nodes (it was cut off from Redis, or its queue was full):
	// their subscribers are asked to reconnect. All: too many to name.
	Missed *missed `json:"r,omitempty"`
}

type missed struct {
	Channels []string `json:"c,omitempty"`
	All      bool     `json:"all,omitempty"`
}

type userStatus struct {
	App     string `json:"a"`
	User    string `json:"u"`
	Online  bool   `json:"on"`
	Version int64  `json:"v"`
}

func newBus(a *Adapter) *bus {
	return &bus{a: a, queue: make(chan outgoing, a.opt.Queue), pubDone: make(chan struct{})}
}

// shardOf picks the bus channel for a routing key (app and channel, or app
// and user).
func (b *bus) shardOf(app, key string) int {
	h := fnv.New32a()
	h.Write([]byte(app))
	h.Write([]byte{0})
	h.Write([]byte(key))
	return int(h.Sum32() % uint32(b.a.opt.BusShards))
}

func (b *bus) channel(shard int) string {
	if busMode(b.mode.Load()) == modeSharded {
		return b.a.opt.Prefix + "{#bus:" + strconv.Itoa(shard) + "}"
	}
	return b.a.opt.Prefix + "bus"
}

// start picks the mode once Redis answers and subscribes. Called by the
// health loop until it has succeeded.
func (b *bus) start(ctx context.Context) error {
	if busMode(b.mode.Load()) != modeUnknown {
		return nil
	}
	mode := modeSingle
	if b.a.opt.Cluster {
		info, err := b.a.rdb.Info(ctx, "server").Result()
		if err != nil {
			return err
		}
		if redisMajor(info) >= 7 {
			mode = modeSharded
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-b.a.stop:
		return nil
	default:
	}
	b.mode.Store(int32(mode))
	var channels []string
	if mode == modeSharded {
		for i := range b.a.opt.BusShards {
			channels = append(channels, b.channel(i))
		}
	} else {
		channels = []string{b.channel(0)}
	}
	b.live = make([]atomic.Bool, len(channels))
	b.deaf = make([]atomic.Bool, len(channels))
	for i, ch := range channels {
		var ps *redis.PubSub
		if mode == modeSharded {
			ps = b.a.rdb.SSubscribe(context.Background(), ch)
		} else {
			ps = b.a.rdb.Subscribe(context.Background(), ch)
		}
		b.subs = append(b.subs, ps)
		b.a.wg.Add(1)
		go b.receiveLoop(ps, &b.live[i], &b.deaf[i])
	}
	b.a.log.Info().Str("node", b.a.id()).Bool("sharded", mode == modeSharded).Int("channels", len(channels)).Msg("redisadapter: listening on the bus")
	return nil
}

// redisMajor reads redis_version's major number from INFO server.
func redisMajor(info string) int {
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "redis_version:"); ok {
			major, _, _ := strings.Cut(v, ".")
			n, _ := strconv.Atoi(major)
			return n
		}
	}
	return 0
}

// listening reports whether this node hears every bus channel.
func (b *bus) listening() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.live) == 0 {
		return false
	}
	for i := range b.live {
		if !b.live[i].Load() {
			return false
		}
	}
	return true
}

func (b *bus) close() {
	select {
	case <-b.pubDone:
	case <-time.After(3 * time.Second):
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, ps := range b.subs {
		_ = ps.Close() // unblocks its receive loop
	}
}

// Publish delivers m to this node's subscribers at once and queues it for
// the others: one PUBLISH per event, in order, batched when busy. The
// other nodes skip nothing but their own echo, and each honours
// ExceptSocketID. A full queue drops the event for the other nodes (counted).
func (a *Adapter) Publish(ctx context.Context, m realtime.Message) error {
	if realtime.IsCacheChannel(m.Channel) {
		a.keepLast(ctx, m)
	}
	if !m.RemoteOnly {
		a.node.Deliver(m)
	}
	return a.bus.send(m.AppID, m.Channel, envelope{Msg: &m})
}

// TerminateUser closes the user's connections here and asks every other
// node to close theirs. Unlike an event's, a terminate's loss cannot be
// made good by reconnecting subscribers (a signed-in socket need not be on
// any channel), so it returns only once the request went out to Redis, in
// order after what was queued before it, and is an error when it could
// not: the caller (the store's outbox) tries again until it goes out, and a
// ban or a demotion never leaves the user's sockets open on another node.
// The other nodes hear it after the events published before it when the
// bus is one channel (a single Redis) or the event went to the same shard;
// on a sharded cluster each shard has its own receiving loop, so there it
// can overtake the ban's own event (docs/security.md).
func (a *Adapter) TerminateUser(ctx context.Context, app, userID string) error {
	a.node.TerminateUser(app, userID)
	sent := make(chan error, 1)
	if err := a.bus.sendReported(app, "#u:"+userID, envelope{App: app, User: userID}, sent); err != nil {
		return err
	}
	select {
	case err := <-sent:
		if err != nil {
			return fmt.Errorf("redisadapter: terminate user %s: %w", userID, err)
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("redisadapter: terminate user %s: %w", userID, ctx.Err())
	}
}

// announceStatus tells every node, this one included, of a user's status
// change cluster-wide.
func (a *Adapter) announceStatus(st userStatus) {
	a.node.UserStatus(st.App, st.User, st.Online, st.Version)
	_ = a.bus.send(st.App, "#u:"+st.User, envelope{Status: &st})
}

func (b *bus) send(app, key string, env envelope) error {
	return b.sendReported(app, key, env, nil)
}

// sendReported queues env; sent, when not nil, hears whether it went out.
func (b *bus) sendReported(app, key string, env envelope, sent chan error) error {
	env.Origin = b.a.id()
	p, err := json.Marshal(env)
	if err != nil {
		return err
	}
	o := outgoing{shard: b.shardOf(app, key), payload: p, sent: sent}
	if env.Msg != nil {
		o.event = &chanKey{env.Msg.AppID, env.Msg.Channel}
	}
	select {
	case b.queue <- o:
	default:
		b.a.drop(o)
	}
	return nil
}

// publishLoop sends queued messages in order; whatever queued up while one
// round trip was out goes in the next pipeline.
func (b *bus) publishLoop() {
	defer b.a.wg.Done()
	defer close(b.pubDone)
	batch := make([]outgoing, 0, 256)
	for {
		select {
		case <-b.a.stop:
			// Flush what the last connections left (member_removed…).
			for {
				batch = b.drain(batch[:0])
				if len(batch) == 0 {
					return
				}
				if !b.a.up.Load() {
					b.a.drop(batch...)
					return
				}
				b.flush(batch)
			}
		case m := <-b.queue:
			batch = b.drain(append(batch[:0], m))
		}
		if !b.a.up.Load() {
			b.a.drop(batch...)
			continue
		}
		if b.flush(batch) && b.a.missed.any() {
			b.a.announceMissed()
		}
	}
}

func (b *bus) drain(batch []outgoing) []outgoing {
	for len(batch) < cap(batch) {
		select {
		case m := <-b.queue:
			batch = append(batch, m)
		default:
			return batch
		}
	}
	return batch
}

// flush publishes a batch and reports whether it went out.
func (b *bus) flush(batch []outgoing) bool {
	ctx, cancel := context.WithTimeout(context.Background(), b.a.opt.OpTimeout)
	defer cancel()
	sharded := busMode(b.mode.Load()) == modeSharded
	_, err := b.a.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, m := range batch {
			if sharded {
				p.SPublish(ctx, b.channel(m.shard), m.payload)
			} else {
				p.Publish(ctx, b.channel(m.shard), m.payload)
			}
		}
		return nil
	})
	if err != nil {
		b.a.drop(batch...)
		b.a.fail(err)
		return false
	}
	b.a.published.Add(int64(len(batch)))
	for _, m := range batch {
		m.report(nil)
	}
	return true
}

// receiveLoop delivers the other nodes' messages from one subscription.
// go-redis reconnects and resubscribes after an error (on a cluster, to
// the shard's current master).
func (b *bus) receiveLoop(ps *redis.PubSub, live, deaf *atomic.Bool) {
	a := b.a
	defer a.wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { <-a.stop; cancel() }()
	backoff := 50 * time.Millisecond
	for {
		v, err := ps.Receive(ctx)
		if err != nil {
			select {
			case <-a.stop:
				return
			default:
			}
			if live.Swap(false) {
				deaf.Store(true)
				a.fail(fmt.Errorf("bus subscription lost: %w", err))
			}
			// On a cluster the shard may have a new master: learn the slots
			// again, or the subscription keeps dialling the dead one.
			if cc, ok := a.rdb.(*redis.ClusterClient); ok {
				cc.ReloadState(ctx)
			}
			select {
			case <-a.stop:
				return
			case <-time.After(backoff):
			}
			backoff = min(backoff*2, a.opt.Heartbeat)
			continue
		}
		backoff = 50 * time.Millisecond
		var payload string
		switch m := v.(type) {
		case *redis.Subscription:
			// (Re)subscribed: from now on this node hears this channel.
			live.Store((m.Kind == "subscribe" || m.Kind == "ssubscribe") && m.Count > 0)
			continue
		case *redis.Message:
			payload = m.Payload
		default:
			continue
		}
		var env envelope
		if err := json.Unmarshal([]byte(payload), &env); err != nil || a.ours(env.Origin) {
			continue
		}
		a.received.Add(1)
		switch {
		case env.Msg != nil:
			a.node.Deliver(*env.Msg)
		case env.Status != nil:
			a.node.UserStatus(env.Status.App, env.Status.User, env.Status.Online, env.Status.Version)
		case env.User != "":
			a.node.TerminateUser(env.App, env.User)
		case env.Missed != nil:
			a.node.Reconnect(env.Missed.names(env.App))
		}
	}
}
