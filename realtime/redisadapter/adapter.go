// Package redisadapter runs several realtime servers as one Pusher service
// over Redis: events travel on one pub/sub channel (one PUBLISH per event,
// whatever the number of subscribers), and presence membership, occupancy
// and the cache channels' last events live in Redis, each node's share tied
// to a heartbeat so that the survivors take a dead node's share out.
//
// When Redis is unreachable a node keeps serving its own clients: events
// reach this node's subscribers, presence answers come from this node's
// members, occupancy is unknown (no webhooks). It reports not ready
// (Ready), logs once per change of state, and when Redis answers again it
// writes its share back (resync) and announces what changed meanwhile.
//
//	adapter.go    Options, New, Start, Ready, Close
//	pubsub.go     publishing to the other nodes and hearing theirs
//	presence.go   presence members (AddMember, RemoveMember, Members)
//	occupancy.go  subscription counts (Subscribed, Channel, Channels)
//	cache.go      cache channels' last events
//	health.go     heartbeat, resync after an outage, reaping dead nodes
//	mirror.go     this node's own share, kept in memory
//	scripts.go    the Redis key layout and the Lua scripts
package redisadapter

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"topup/realtime"
)

// Options configure the adapter. Zero values take the defaults noted.
type Options struct {
	// URL is a redis:// or rediss:// URL; ignored when Client is set.
	URL    string
	Client *redis.Client // optional: an existing client (not closed by Close)

	Prefix string // "pusher:": every key and the pub/sub channel start with it
	NodeID string // random

	// A node renews its heartbeat every Heartbeat; one that has not for
	// NodeTTL is dead, and within another Heartbeat a surviving node has
	// removed its members (member_removed sent) and its subscriptions.
	Heartbeat time.Duration // 1 s
	NodeTTL   time.Duration // 5 s (at least 2 × Heartbeat)

	CacheTTL  time.Duration // 30 min: a cache channel's last event
	Queue     int           // 2048 events waiting to be published; beyond, dropped and counted
	OpTimeout time.Duration // 2 s for one Redis call made for a connection

	Log zerolog.Logger
}

// OptionsFromEnv reads REDIS_URL, REDIS_PREFIX, REDIS_HEARTBEAT and
// REDIS_NODE_TTL (Go durations, e.g. 500ms). ok is false without REDIS_URL.
func OptionsFromEnv(getenv func(string) string) (o Options, ok bool, err error) {
	o.URL = strings.TrimSpace(getenv("REDIS_URL"))
	if o.URL == "" {
		return o, false, nil
	}
	if _, err := redis.ParseURL(o.URL); err != nil {
		return o, false, fmt.Errorf("REDIS_URL: %w", err)
	}
	o.Prefix = getenv("REDIS_PREFIX")
	for _, d := range []struct {
		name string
		v    *time.Duration
	}{{"REDIS_HEARTBEAT", &o.Heartbeat}, {"REDIS_NODE_TTL", &o.NodeTTL}} {
		if s := strings.TrimSpace(getenv(d.name)); s != "" {
			if *d.v, err = time.ParseDuration(s); err != nil || *d.v <= 0 {
				return o, false, fmt.Errorf("%s: want a positive duration such as 2s, got %q", d.name, s)
			}
		}
	}
	return o, true, nil
}

// Stats counts the adapter's work.
type Stats struct {
	Up        bool
	Published int64 // events sent to the other nodes
	Received  int64 // events from other nodes delivered here
	Dropped   int64 // events that reached only this node: queue full or Redis down
	Resyncs   int64
	Reaped    int64 // dead nodes taken out by this node
	Overflow  int64 // outage changes not kept for announcing (cap reached)
}

// Adapter implements realtime.Adapter over Redis.
type Adapter struct {
	opt    Options
	rdb    *redis.Client
	ownRDB bool
	log    zerolog.Logger
	node   realtime.Node
	bus    string
	mir    *mirror

	up        atomic.Bool
	listening atomic.Bool // the bus subscription is live
	dirty     atomic.Bool // Redis may disagree with the mirror: resync
	since     atomic.Int64
	// opMu: connection calls share it, a resync holds it alone, so nothing
	// changes Redis between the resync's snapshot and its script.
	opMu  sync.RWMutex
	epoch string // owned by the health loop

	queue chan []byte
	ps    *redis.PubSub

	stop     chan struct{}
	stopOnce sync.Once
	wg       sync.WaitGroup
	pubDone  chan struct{}

	published, received, dropped, resyncs, reaped, overflow atomic.Int64
}

var _ realtime.Adapter = (*Adapter)(nil)

// New connects lazily: Start registers the node and starts the loops.
func New(o Options) (*Adapter, error) {
	if o.Prefix == "" {
		o.Prefix = "pusher:"
	}
	if o.NodeID == "" {
		var b [8]byte
		_, _ = rand.Read(b[:])
		host, _ := os.Hostname()
		o.NodeID = host + "-" + hex.EncodeToString(b[:])
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = time.Second
	}
	if o.NodeTTL <= 0 {
		o.NodeTTL = 5 * time.Second
	}
	o.NodeTTL = max(o.NodeTTL, 2*o.Heartbeat)
	if o.CacheTTL <= 0 {
		o.CacheTTL = 30 * time.Minute
	}
	if o.Queue <= 0 {
		o.Queue = 2048
	}
	if o.OpTimeout <= 0 {
		o.OpTimeout = 2 * time.Second
	}
	a := &Adapter{
		opt:     o,
		rdb:     o.Client,
		log:     o.Log,
		bus:     o.Prefix + "bus",
		mir:     newMirror(),
		queue:   make(chan []byte, o.Queue),
		stop:    make(chan struct{}),
		pubDone: make(chan struct{}),
	}
	quietOnce.Do(func() { redis.SetLogger(debugLogger{o.Log}) })
	if a.rdb == nil {
		ro, err := redis.ParseURL(o.URL)
		if err != nil {
			return nil, fmt.Errorf("redisadapter: %w", err)
		}
		// Fail fast while Redis is away; the health loop finds it again.
		ro.DialTimeout = min(ro.DialTimeout, time.Second)
		if ro.DialTimeout <= 0 {
			ro.DialTimeout = time.Second
		}
		ro.MaxRetries = 1
		ro.DialerRetries = 1
		a.rdb = redis.NewClient(ro)
		a.ownRDB = true
	}
	return a, nil
}

// go-redis logs every failed dial; while Redis is away that is a line per
// call. The adapter logs the state changes itself, so the library's lines
// go to debug. (go-redis has one logger per process.)
var quietOnce sync.Once

type debugLogger struct{ log zerolog.Logger }

func (l debugLogger) Printf(_ context.Context, format string, v ...any) {
	l.log.Debug().Msgf(format, v...)
}

// NodeID names this node in Redis.
func (a *Adapter) NodeID() string { return a.opt.NodeID }

// Client is the Redis client (shared with other users of the same Redis).
func (a *Adapter) Client() *redis.Client { return a.rdb }

// Start registers the node (writing back nothing: it has no clients yet),
// subscribes to the bus and starts the heartbeat, reaper and publisher.
// Redis being away is not an error: the node serves locally meanwhile.
func (a *Adapter) Start(n realtime.Node) error {
	a.node = n
	a.since.Store(time.Now().UnixNano())
	a.ps = a.rdb.Subscribe(context.Background(), a.bus)
	a.wg.Add(3)
	go a.receiveLoop()
	go a.publishLoop()
	go a.healthLoop()
	return nil
}

// Ready reports whether the node is part of the cluster: Redis answers and
// this node's share is written back.
func (a *Adapter) Ready(ctx context.Context) error {
	if !a.up.Load() {
		return fmt.Errorf("redis unreachable since %s", time.Unix(0, a.since.Load()).UTC().Format(time.RFC3339))
	}
	return a.rdb.Ping(ctx).Err()
}

// Up reports whether Redis answers and this node's state is written back
// (Ready without the round trip).
func (a *Adapter) Up() bool { return a.up.Load() }

// Stats returns the adapter's counters.
func (a *Adapter) Stats() Stats {
	return Stats{
		Up: a.up.Load(), Published: a.published.Load(), Received: a.received.Load(), Dropped: a.dropped.Load(),
		Resyncs: a.resyncs.Load(), Reaped: a.reaped.Load(), Overflow: a.overflow.Load(),
	}
}

// fail records that Redis did not answer: log once, serve locally, resync
// when it is back.
func (a *Adapter) fail(err error) {
	a.dirty.Store(true)
	if a.up.CompareAndSwap(true, false) {
		a.since.Store(time.Now().UnixNano())
		a.log.Warn().Err(err).Str("node", a.opt.NodeID).Msg("redisadapter: Redis unreachable; serving this node's clients only")
	}
}

func (a *Adapter) opCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, a.opt.OpTimeout)
}

func (a *Adapter) key(kind, app, ch string) string {
	return a.opt.Prefix + kind + app + ":" + ch
}

const sep = "\x1f"

// Close stops the loops after publishing what is queued, and removes this
// node's heartbeat so the others take out whatever it still held at once.
// The server closes its connections before calling it.
func (a *Adapter) Close() error {
	a.stopOnce.Do(func() { close(a.stop) })
	select {
	case <-a.pubDone:
	case <-time.After(3 * time.Second):
	}
	if a.ps != nil {
		_ = a.ps.Close() // unblocks the receive loop
	}
	a.wg.Wait()
	var err error
	if a.up.Load() {
		ctx, cancel := context.WithTimeout(context.Background(), a.opt.OpTimeout)
		err = a.rdb.Del(ctx, a.opt.Prefix+"alive:"+a.opt.NodeID).Err()
		cancel()
	}
	if a.ownRDB {
		if cerr := a.rdb.Close(); err == nil {
			err = cerr
		}
	}
	return err
}
