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
package redisadapter

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
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

// envelope is one bus message: an event, or a terminate request.
type envelope struct {
	Origin string            `json:"o"`
	Msg    *realtime.Message `json:"m,omitempty"`
	App    string            `json:"a,omitempty"`
	User   string            `json:"u,omitempty"` // terminate
}

// Publish delivers m to this node's subscribers at once and queues it for
// the others: one PUBLISH per event, in order, batched when busy. The
// other nodes skip nothing but their own echo, and each honours
// ExceptSocketID. A full queue drops the event for the other nodes (counted).
func (a *Adapter) Publish(ctx context.Context, m realtime.Message) error {
	if realtime.IsCacheChannel(m.Channel) {
		a.mir.keep(m, a.opt.CacheTTL)
		if a.up.Load() {
			b, _ := json.Marshal(m)
			cctx, cancel := a.opCtx(ctx)
			err := a.rdb.Set(cctx, a.key("cache:", m.AppID, m.Channel), b, a.opt.CacheTTL).Err()
			cancel()
			if err != nil {
				a.fail(err)
			}
		}
	}
	if !m.RemoteOnly {
		a.node.Deliver(m)
	}
	b, err := json.Marshal(envelope{Origin: a.opt.NodeID, Msg: &m})
	if err != nil {
		return err
	}
	a.send(b)
	return nil
}

func (a *Adapter) send(b []byte) {
	select {
	case a.queue <- b:
	default:
		a.dropped.Add(1)
	}
}

// TerminateUser closes the user's connections here and asks every other
// node to close theirs.
func (a *Adapter) TerminateUser(_ context.Context, app, userID string) error {
	a.node.TerminateUser(app, userID)
	b, err := json.Marshal(envelope{Origin: a.opt.NodeID, App: app, User: userID})
	if err != nil {
		return err
	}
	a.send(b)
	return nil
}

// publishLoop sends queued events in order; whatever queued up while one
// round trip was out goes in the next pipeline.
func (a *Adapter) publishLoop() {
	defer a.wg.Done()
	defer close(a.pubDone)
	batch := make([][]byte, 0, 256)
	for {
		select {
		case <-a.stop:
			// Flush what the last connections left (member_removed…).
			for {
				batch = batch[:0]
			drain:
				for len(batch) < cap(batch) {
					select {
					case b := <-a.queue:
						batch = append(batch, b)
					default:
						break drain
					}
				}
				if len(batch) == 0 || !a.up.Load() {
					return
				}
				a.flush(batch)
			}
		case b := <-a.queue:
			batch = append(batch[:0], b)
		}
	more:
		for len(batch) < cap(batch) {
			select {
			case b := <-a.queue:
				batch = append(batch, b)
			default:
				break more
			}
		}
		if !a.up.Load() {
			a.dropped.Add(int64(len(batch)))
			continue
		}
		a.flush(batch)
	}
}

func (a *Adapter) flush(batch [][]byte) {
	ctx, cancel := context.WithTimeout(context.Background(), a.opt.OpTimeout)
	defer cancel()
	var err error
	if len(batch) == 1 {
		err = a.rdb.Publish(ctx, a.bus, batch[0]).Err()
	} else {
		pipe := a.rdb.Pipeline()
		for _, b := range batch {
			pipe.Publish(ctx, a.bus, b)
		}
		_, err = pipe.Exec(ctx)
	}
	if err != nil {
		a.dropped.Add(int64(len(batch)))
		a.fail(err)
		return
	}
	a.published.Add(int64(len(batch)))
}

// receiveLoop delivers the other nodes' events. go-redis reconnects and
// resubscribes after an error; events published meanwhile are lost, as
// pub/sub is at most once.
func (a *Adapter) receiveLoop() {
	defer a.wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-a.stop; cancel() }()
	backoff := 50 * time.Millisecond
	for {
		v, err := a.ps.Receive(ctx)
		if err != nil {
			select {
			case <-a.stop:
				return
			default:
			}
			if a.listening.Swap(false) {
				a.fail(fmt.Errorf("bus subscription lost: %w", err))
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
			// (Re)subscribed: from now on this node hears the others.
			a.listening.Store(m.Kind == "subscribe" && m.Count > 0)
			continue
		case *redis.Message:
			payload = m.Payload
		default:
			continue
		}
		var env envelope
		if err := json.Unmarshal([]byte(payload), &env); err != nil || env.Origin == a.opt.NodeID {
			continue
		}
		a.received.Add(1)
		switch {
		case env.Msg != nil:
			a.node.Deliver(*env.Msg)
		case env.User != "":
			a.node.TerminateUser(env.App, env.User)
		}
	}
}

func (a *Adapter) key(kind, app, ch string) string {
	return a.opt.Prefix + kind + app + ":" + ch
}

const sep = "\x1f"

// Subscribed counts a socket of this node joining a channel.
func (a *Adapter) Subscribed(ctx context.Context, app, ch string) (int, error) {
	return a.countBy(ctx, app, ch, 1)
}

// Unsubscribed counts a socket of this node leaving a channel.
func (a *Adapter) Unsubscribed(ctx context.Context, app, ch string) (int, error) {
	return a.countBy(ctx, app, ch, -1)
}

// countBy answers -1 (unknown: no webhook) while Redis is away; the resync
// reports the transitions.
func (a *Adapter) countBy(ctx context.Context, app, ch string, d int) (int, error) {
	a.opMu.RLock()
	defer a.opMu.RUnlock()
	if !a.up.Load() {
		a.mir.count(app, ch, d, true)
		return -1, nil
	}
	local := a.mir.count(app, ch, d, false)
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	n, err := countScript.Run(cctx, a.rdb, []string{a.opt.Prefix + "ns:" + a.opt.NodeID, a.opt.Prefix + "subs:" + app},
		app+sep+ch, ch, d).Int()
	if err == nil && n < 0 {
		err = errors.New("subscription count missing in Redis")
	}
	if err != nil {
		a.fail(err)
		a.mir.outage(app, ch, d, local)
		return -1, nil
	}
	return n, nil
}

// AddMember records a user's first connection on this node. While Redis is
// away it reports not-first: the cluster hears of the user at the resync.
func (a *Adapter) AddMember(ctx context.Context, app, ch string, m realtime.Member) (bool, error) {
	a.opMu.RLock()
	defer a.opMu.RUnlock()
	if !a.up.Load() {
		a.mir.addMember(app, ch, m, false)
		return false, nil
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	k := app + ":" + ch
	p := a.opt.Prefix
	first, err := addMemberScript.Run(cctx, a.rdb,
		[]string{p + "nm:" + a.opt.NodeID, p + "pr:" + k, p + "pi:" + k, p + "po:" + k, p + "seq"},
		app+sep+ch+sep+m.ID, m.ID, string(m.Info)).Int()
	if err != nil {
		a.fail(err)
		a.mir.addMember(app, ch, m, false)
		return false, nil
	}
	a.mir.addMember(app, ch, m, true)
	return first == 1, nil
}

// RemoveMember records a user's last connection on this node leaving.
func (a *Adapter) RemoveMember(ctx context.Context, app, ch, userID string) (bool, error) {
	a.opMu.RLock()
	defer a.opMu.RUnlock()
	if !a.up.Load() {
		a.noteOverflow(a.mir.removeMember(app, ch, userID, true))
		return false, nil
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	k := app + ":" + ch
	p := a.opt.Prefix
	last, err := removeMemberScript.Run(cctx, a.rdb,
		[]string{p + "nm:" + a.opt.NodeID, p + "pr:" + k, p + "pi:" + k, p + "po:" + k},
		app+sep+ch+sep+userID, userID).Int()
	if err == nil && last < 0 {
		err = errors.New("presence entry missing in Redis")
	}
	if err != nil {
		a.fail(err)
		a.noteOverflow(a.mir.removeMember(app, ch, userID, true))
		return false, nil
	}
	a.mir.removeMember(app, ch, userID, false)
	return last == 1, nil
}

func (a *Adapter) noteOverflow(o bool) {
	if o {
		a.overflow.Add(1)
	}
}

// Members lists a presence channel's users in join order, cluster-wide;
// while Redis is away, this node's.
func (a *Adapter) Members(ctx context.Context, app, ch string) ([]realtime.Member, error) {
	if !a.up.Load() {
		return a.mir.localMembers(app, ch), nil
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	var ids *redis.StringSliceCmd
	var infos *redis.MapStringStringCmd
	_, err := a.rdb.TxPipelined(cctx, func(p redis.Pipeliner) error {
		ids = p.ZRange(cctx, a.key("po:", app, ch), 0, -1)
		infos = p.HGetAll(cctx, a.key("pi:", app, ch))
		return nil
	})
	if err != nil {
		a.fail(err)
		return a.mir.localMembers(app, ch), nil
	}
	info := infos.Val()
	out := make([]realtime.Member, 0, len(ids.Val()))
	for _, id := range ids.Val() {
		m := realtime.Member{ID: id}
		if s := info[id]; s != "" {
			m.Info = json.RawMessage(s)
		}
		out = append(out, m)
	}
	return out, nil
}

// ErrUnavailable answers occupancy questions while Redis is unreachable:
// only the cluster knows.
var ErrUnavailable = errors.New("redisadapter: Redis unreachable")

// Channel returns one channel's cluster-wide occupancy.
func (a *Adapter) Channel(ctx context.Context, app, ch string) (realtime.ChannelStats, error) {
	if !a.up.Load() {
		return realtime.ChannelStats{}, ErrUnavailable
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	var subs *redis.StringCmd
	var users *redis.IntCmd
	_, err := a.rdb.TxPipelined(cctx, func(p redis.Pipeliner) error {
		subs = p.HGet(cctx, a.opt.Prefix+"subs:"+app, ch)
		users = p.HLen(cctx, a.key("pr:", app, ch))
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		a.fail(err)
		return realtime.ChannelStats{}, ErrUnavailable
	}
	n, _ := strconv.Atoi(subs.Val())
	return realtime.ChannelStats{Subscriptions: n, Users: int(users.Val())}, nil
}

// Channels returns every occupied channel of the app, cluster-wide.
func (a *Adapter) Channels(ctx context.Context, app string) (map[string]realtime.ChannelStats, error) {
	if !a.up.Load() {
		return nil, ErrUnavailable
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	v, err := channelsScript.Run(cctx, a.rdb, []string{a.opt.Prefix + "subs:" + app}, a.opt.Prefix+"pr:"+app+":").Slice()
	if err != nil {
		a.fail(err)
		return nil, ErrUnavailable
	}
	out := make(map[string]realtime.ChannelStats, len(v)/3)
	for i := 0; i+2 < len(v); i += 3 {
		name, _ := v[i].(string)
		subs, _ := v[i+1].(int64)
		users, _ := v[i+2].(int64)
		if subs > 0 {
			out[name] = realtime.ChannelStats{Subscriptions: int(subs), Users: int(users)}
		}
	}
	return out, nil
}

// LastEvent returns a cache channel's last event: from Redis, or while it
// is away from what this node published.
func (a *Adapter) LastEvent(ctx context.Context, app, ch string) (realtime.Message, bool, error) {
	if a.up.Load() {
		cctx, cancel := a.opCtx(ctx)
		defer cancel()
		b, err := a.rdb.Get(cctx, a.key("cache:", app, ch)).Bytes()
		switch {
		case errors.Is(err, redis.Nil):
			return realtime.Message{}, false, nil
		case err == nil:
			var m realtime.Message
			if json.Unmarshal(b, &m) == nil {
				return m, true, nil
			}
		default:
			a.fail(err)
		}
	}
	m, ok := a.mir.last(app, ch)
	return m, ok, nil
}

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
