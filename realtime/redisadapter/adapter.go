// Package redisadapter runs several realtime servers as one Pusher service
// over Redis, a single server (with replicas if you like) or a Redis
// Cluster: events travel over pub/sub (one PUBLISH per event, whatever the
// number of subscribers; on a cluster, sharded SPUBLISH spread over
// several bus channels), and presence membership, occupancy, signed-in
// users and the cache channels' last events live in Redis, each node's
// share tied to a heartbeat so that the survivors take a dead node's share
// out.
//
// When Redis is unreachable a node keeps serving its own clients: events
// reach this node's subscribers, presence answers come from this node's
// members, occupancy is unknown (no webhooks). It reports not ready
// (Ready), logs once per change of state, and when Redis answers again it
// writes its share back (resync) and announces what changed meanwhile.
//
//	adapter.go    Options, New, Start, Ready, Close
//	keys.go       the key layout
//	scripts.go    the Lua scripts, one channel's or one user's keys each
//	bus.go        publishing to the other nodes and hearing theirs
//	presence.go   presence members (AddMember, RemoveMember, Members)
//	occupancy.go  subscription counts (Subscribed, Channel, Channels), claims
//	users.go      signed-in users for watchlists (UserOnline, OnlineUsers)
//	cache.go      cache channels' last events
//	health.go     heartbeat and reaping dead nodes
//	resync.go     writing this node's share back after an outage
//	mirror.go     this node's own share, kept in memory
package redisadapter

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
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
	// URL is a redis:// or rediss:// URL; ignored when Client is set. For a
	// cluster, name more nodes to start from with addr parameters:
	// redis://10.0.0.1:7000?addr=10.0.0.2:7000&addr=10.0.0.3:7000.
	URL string
	// Cluster says URL names a Redis Cluster.
	Cluster bool
	Client  redis.UniversalClient // optional: an existing client (not closed by Close)

	Prefix string // "pusher:": every key and the pub/sub channels start with it
	NodeID string // random

	// A node renews its heartbeat every Heartbeat; one that has not for
	// NodeTTL is dead, and within another Heartbeat a surviving node has
	// removed its members (member_removed sent) and its subscriptions.
	Heartbeat time.Duration // 1 s
	NodeTTL   time.Duration // 5 s (at least 2 × Heartbeat)

	// BusShards is how many sharded pub/sub channels carry the events on a
	// Redis Cluster of version 7 or later (each channel's events stay on
	// one, in order). Older clusters use one broadcast channel.
	BusShards int // 16

	CacheTTL  time.Duration // 30 min: a cache channel's last event
	Queue     int           // 2048 events waiting to be published; beyond, dropped and counted
	OpTimeout time.Duration // 2 s for one Redis call made for a connection

	Log zerolog.Logger
}

// OptionsFromEnv reads REDIS_URL, REDIS_CLUSTER (true for a Redis
// Cluster), REDIS_PREFIX, REDIS_HEARTBEAT and REDIS_NODE_TTL (Go
// durations, e.g. 500ms). ok is false without REDIS_URL.
func OptionsFromEnv(getenv func(string) string) (o Options, ok bool, err error) {
	o.URL = strings.TrimSpace(getenv("REDIS_URL"))
	if o.URL == "" {
		return o, false, nil
	}
	if v := strings.TrimSpace(getenv("REDIS_CLUSTER")); v != "" {
		if o.Cluster, err = strconv.ParseBool(v); err != nil {
			return o, false, fmt.Errorf("REDIS_CLUSTER: want true or false, got %q", v)
		}
	}
	if o.Cluster {
		_, err = redis.ParseClusterURL(o.URL)
	} else {
		_, err = redis.ParseURL(o.URL)
	}
	if err != nil {
		return o, false, fmt.Errorf("REDIS_URL: %w", err)
	}
	o.Prefix = getenv("REDIS_PREFIX")
	if strings.ContainsAny(o.Prefix, "{}") {
		return o, false, fmt.Errorf("REDIS_PREFIX: must not contain { or } (they choose a key's cluster slot)")
	}
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
	rdb    redis.UniversalClient
	ownRDB bool
	log    zerolog.Logger
	node   realtime.Node
	mir    *mirror
	bus    *bus

	// nodeID names this node in Redis; after the others took it out for
	// dead (it was too slow), it comes back under a new one. Connection
	// calls read it under opMu; every id this process used is kept in
	// origins, to tell its own echo on the bus.
	nodeID  atomic.Pointer[string]
	origins atomic.Pointer[[]string]

	up    atomic.Bool
	dirty atomic.Bool // Redis may disagree with the mirror: resync
	renew atomic.Bool // the others took this node out: resync under a new id
	since atomic.Int64
	// opMu: connection calls share it, a resync holds it alone, so nothing
	// changes Redis between the resync's snapshot and its scripts.
	opMu    sync.RWMutex
	epoch   string    // owned by the health loop
	upSince time.Time // owned by the health loop: when Redis last came back

	apps sync.Map // app ids served here, whose channel index the janitor prunes

	missed missedSet // channels whose events this node could not send

	stop     chan struct{}
	stopOnce sync.Once
	wg       sync.WaitGroup

	published, received, dropped, resyncs, reaped, overflow atomic.Int64
}

var _ realtime.Adapter = (*Adapter)(nil)

// New connects lazily: Start registers the node and starts the loops.
func New(o Options) (*Adapter, error) {
	if o.Prefix == "" {
		o.Prefix = "pusher:"
	}
	if strings.ContainsAny(o.Prefix, "{}") {
		return nil, errors.New("redisadapter: the prefix must not contain { or }")
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
	if o.BusShards <= 0 {
		o.BusShards = 16
	}
	a := &Adapter{
		opt:  o,
		rdb:  o.Client,
		log:  o.Log,
		mir:  newMirror(),
		stop: make(chan struct{}),
	}
	id := o.NodeID
	if id == "" {
		id = newNodeID()
	}
	a.setNodeID(id)
	quietOnce.Do(func() { redis.SetLogger(debugLogger{o.Log}) })
	if a.rdb == nil {
		rdb, err := newClient(o)
		if err != nil {
			return nil, fmt.Errorf("redisadapter: %w", err)
		}
		a.rdb, a.ownRDB = rdb, true
	}
	a.bus = newBus(a)
	return a, nil
}

// newClient connects to a single Redis or a cluster, failing fast while
// Redis is away (the health loop finds it again).
func newClient(o Options) (redis.UniversalClient, error) {
	fast := func(d *time.Duration) {
		if *d <= 0 || *d > time.Second {
			*d = time.Second
		}
	}
	if o.Cluster {
		co, err := redis.ParseClusterURL(o.URL)
		if err != nil {
			return nil, err
		}
		fast(&co.DialTimeout)
		co.MaxRetries = 1
		co.DialerRetries = 1
		return redis.NewClusterClient(co), nil
	}
	ro, err := redis.ParseURL(o.URL)
	if err != nil {
		return nil, err
	}
	fast(&ro.DialTimeout)
	ro.MaxRetries = 1
	ro.DialerRetries = 1
	return redis.NewClient(ro), nil
}

func newNodeID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	host, _ := os.Hostname()
	return host + "-" + hex.EncodeToString(b[:])
}

func (a *Adapter) setNodeID(id string) {
	a.nodeID.Store(&id)
	var all []string
	if old := a.origins.Load(); old != nil {
		all = append(all, *old...)
	}
	all = append(all, id)
	a.origins.Store(&all)
}

// id is this node's current id.
func (a *Adapter) id() string { return *a.nodeID.Load() }

// ours reports whether a bus message came from this process.
func (a *Adapter) ours(origin string) bool {
	for _, id := range *a.origins.Load() {
		if id == origin {
			return true
		}
	}
	return false
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
func (a *Adapter) NodeID() string { return a.id() }

// Client is the Redis client (shared with other users of the same Redis).
func (a *Adapter) Client() redis.UniversalClient { return a.rdb }

// Start starts the heartbeat (which registers the node and, once Redis
// answers, subscribes to the bus), the reaper and the publisher. Redis
// being away is not an error: the node serves locally meanwhile.
func (a *Adapter) Start(n realtime.Node) error {
	a.node = n
	a.since.Store(time.Now().UnixNano())
	a.wg.Add(2)
	go a.bus.publishLoop()
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
		a.log.Warn().Err(err).Str("node", a.id()).Msg("redisadapter: Redis unreachable; serving this node's clients only")
	}
}

func (a *Adapter) opCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, a.opt.OpTimeout)
}

// Close stops the loops after publishing what is queued, and removes this
// node's heartbeat so the others take out whatever it still held at once.
// The server closes its connections before calling it.
func (a *Adapter) Close() error {
	a.stopOnce.Do(func() { close(a.stop) })
	a.bus.close()
	a.wg.Wait()
	var err error
	if a.up.Load() {
		ctx, cancel := context.WithTimeout(context.Background(), a.opt.OpTimeout)
		err = a.rdb.Del(ctx, a.nodeKey(a.id(), "alive")).Err()
		cancel()
	}
	if a.ownRDB {
		if cerr := a.rdb.Close(); err == nil {
			err = cerr
		}
	}
	return err
}
