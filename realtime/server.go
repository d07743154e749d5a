package realtime

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
)

// Errors returned by Publish.
var (
	ErrUnknownApp   = errors.New("realtime: unknown app")
	ErrInvalidEvent = errors.New("realtime: invalid publish")
)

// Server is a Pusher Channels protocol 7 server: it owns the apps, the
// connections of this node and the channels they are subscribed to.
type Server struct {
	cfg     Config
	log     zerolog.Logger
	adapter Adapter
	byKey   map[string]*appState
	byID    map[string]*appState

	reg     registry
	ips     ipCounts
	nconns  atomic.Int64
	clock   atomic.Int64 // coarse unix nanoseconds, advanced by the sweeper
	closing atomic.Bool

	handlers   sync.WaitGroup
	stop       chan struct{}
	stopOnce   sync.Once
	sweepEvery time.Duration

	stats  counters
	hooks  *webhooks
	timers timers
}

// appState is one app and its channels on this node.
type appState struct {
	App
	conns atomic.Int64
	stats *counters

	mu       sync.RWMutex
	channels map[string]*channel

	// Signed-in connections by user id, for terminate_connections, and
	// by the users they watch (users.go).
	umu     sync.Mutex
	users   map[string][]*conn
	watched map[string]*watchers
}

// New builds a server for cfg. adapter nil means the single-node in-memory
// adapter. The activity sweeper starts at once; Shutdown stops it.
func New(cfg Config, log zerolog.Logger, adapter Adapter) *Server {
	cfg.setDefaults()
	if adapter == nil {
		adapter = NewMemoryAdapter(cfg.CacheTTL)
	}
	s := &Server{
		cfg:     cfg,
		log:     log,
		adapter: adapter,
		byKey:   map[string]*appState{},
		byID:    map[string]*appState{},
		stop:    make(chan struct{}),
	}
	for _, a := range cfg.Apps {
		st := &appState{App: a, stats: &s.stats, channels: map[string]*channel{}, users: map[string][]*conn{}, watched: map[string]*watchers{}}
		s.byKey[a.Key] = st
		s.byID[a.ID] = st
	}
	s.reg.init()
	s.clock.Store(time.Now().UnixNano())
	s.hooks = newWebhooks(s)
	if err := adapter.Start(node{s}); err != nil {
		// The in-memory adapter cannot fail; a networked one reports
		// trouble on Publish too, so log and carry on.
		log.Error().Err(err).Msg("realtime: adapter start")
	}
	s.sweepEvery = min(cfg.ActivityTimeout, cfg.PongTimeout) / 4
	s.sweepEvery = max(min(s.sweepEvery, time.Second), 5*time.Millisecond)
	go s.sweepLoop()
	return s
}

// App returns the configured app with the given id.
func (s *Server) App(id string) (App, bool) {
	a, ok := s.byID[id]
	if !ok {
		return App{}, false
	}
	return a.App, true
}

// Adapter returns the adapter the server publishes through.
func (s *Server) Adapter() Adapter { return s.adapter }

// Publish sends event with data (the payload string, usually JSON) to every
// subscriber of channels, except the socket exceptSocketID.
func (s *Server) Publish(ctx context.Context, appID string, channels []string, event string, data []byte, exceptSocketID string) error {
	a, ok := s.byID[appID]
	if !ok {
		return ErrUnknownApp
	}
	if event == "" || len(event) > MaxEventName {
		return fmt.Errorf("%w: event name must be 1..%d characters", ErrInvalidEvent, MaxEventName)
	}
	if len(channels) == 0 || len(channels) > 100 {
		return fmt.Errorf("%w: 1..100 channels", ErrInvalidEvent)
	}
	for _, ch := range channels {
		if !ValidChannelName(ch, MaxPublishChannelName) {
			return fmt.Errorf("%w: invalid channel name %q", ErrInvalidEvent, ch)
		}
	}
	if exceptSocketID != "" && !ValidSocketID(exceptSocketID) {
		return fmt.Errorf("%w: invalid socket_id %q", ErrInvalidEvent, exceptSocketID)
	}
	enc := stringData(data)
	for _, ch := range channels {
		m := Message{AppID: a.ID, Channel: ch, Event: event, Data: enc, ExceptSocketID: exceptSocketID}
		if err := s.send(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// send hands an event to the adapter for every node. Events on cache
// channels are stamped first, so whichever node answers info=cache can
// tell how long the event will still be replayed.
func (s *Server) send(ctx context.Context, m Message) error {
	if IsCacheChannel(m.Channel) {
		m.CachedAt = s.cfg.Now().UnixMilli()
	}
	return s.adapter.Publish(ctx, m)
}

// node is the Server as its adapter sees it.
type node struct{ s *Server }

func (n node) Deliver(m Message)                                 { n.s.deliver(m) }
func (n node) TerminateUser(appID, userID string)                { n.s.terminateLocal(appID, userID) }
func (n node) Reconnect(missed func(appID, channel string) bool) { n.s.reconnectLocal(missed) }

func (n node) UserStatus(appID, userID string, online bool, version int64) {
	n.s.userStatus(appID, userID, online, version)
}

func (n node) MemberAdded(appID, channel string, m Member) {
	n.s.clusterMember(appID, channel, m, true)
}

func (n node) MemberRemoved(appID, channel, userID string) {
	n.s.clusterMember(appID, channel, Member{ID: userID}, false)
}

func (n node) ChannelOccupied(appID, channel string) {
	if a, ok := n.s.byID[appID]; ok {
		n.s.hooks.occupied(a, channel)
	}
}

func (n node) ChannelVacated(appID, channel string) {
	if a, ok := n.s.byID[appID]; ok {
		n.s.hooks.vacated(a, channel)
	}
}

// clusterMember announces a presence change the adapter made for another
// node (or for this one after an outage), as join and leave do for ours.
func (s *Server) clusterMember(appID, channel string, m Member, added bool) {
	a, ok := s.byID[appID]
	if !ok {
		return
	}
	msg := Message{AppID: appID, Channel: channel}
	if added {
		s.hooks.memberAdded(a, channel, m.ID)
		msg.Event, msg.Data = "pusher_internal:member_added", memberAddedData(m)
	} else {
		s.hooks.memberRemoved(a, channel, m.ID)
		msg.Event, msg.Data = "pusher_internal:member_removed", memberRemovedData(m.ID)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.adapter.Publish(ctx, msg); err != nil {
		s.log.Error().Err(err).Str("event", msg.Event).Msg("realtime: cluster presence change")
	}
}

// deliver fans one message out to this node's subscribers: encoded once,
// the same bytes handed to every socket, under the channel's read lock
// only (a write that would block is queued, never waited for).
func (s *Server) deliver(m Message) {
	a, ok := s.byID[m.AppID]
	if !ok {
		return
	}
	a.mu.RLock()
	ch := a.channels[m.Channel]
	a.mu.RUnlock()
	if ch == nil {
		return
	}
	frame := eventFrame(m.Event, m.Channel, m.Data, m.UserID)
	n := 0
	ch.mu.RLock()
	for _, sb := range ch.subs {
		if m.ExceptSocketID != "" && sb.c.id == m.ExceptSocketID {
			continue
		}
		sb.c.enqueue(frame)
		n++
	}
	ch.mu.RUnlock()
	s.stats.messagesOut.Add(int64(n))
	s.stats.bytesOut.Add(int64(n * len(frame)))
}

// reconnectLocal closes with 4200, after what is already queued, every
// socket subscribed to a channel missed names.
func (s *Server) reconnectLocal(missed func(appID, channel string) bool) {
	const reason = "Events may have been missed: reconnect"
	var cs []*conn
	for id, a := range s.byID {
		a.mu.RLock()
		for name, ch := range a.channels {
			if !missed(id, name) {
				continue
			}
			ch.mu.RLock()
			for _, sb := range ch.subs {
				cs = append(cs, sb.c)
			}
			ch.mu.RUnlock()
		}
		a.mu.RUnlock()
	}
	for _, c := range cs {
		c.closeAfterQueued(4200, reason)
	}
}

// Shutdown refuses new connections, closes every socket with 4200 so that
// clients reconnect (to another node), and waits for them to go or for ctx.
func (s *Server) Shutdown(ctx context.Context) error {
	s.closing.Store(true)
	s.reg.each(func(c *conn) { c.closeWith(4200, "Server shutting down") })
	done := make(chan struct{})
	go func() { s.handlers.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		// Whatever is still open is cut without a close handshake.
		s.reg.each(func(c *conn) { c.forceClose() })
		err = ctx.Err()
	}
	s.timers.stop()
	s.stopOnce.Do(func() { close(s.stop) })
	s.hooks.wait()
	if cerr := s.adapter.Close(); err == nil {
		err = cerr
	}
	return err
}
