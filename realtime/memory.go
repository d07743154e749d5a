package realtime

import (
	"context"
	"sync"
	"time"
)

// MemoryAdapter is the single-node Adapter: publish is a direct call, and
// occupancy, presence and the cache live in maps.
type MemoryAdapter struct {
	ttl  time.Duration
	now  func() time.Time
	node Node

	mu      sync.Mutex
	subs    map[chanKey]int
	members map[chanKey]map[string]Member
	order   map[chanKey][]string // join order, so presence ids are stable
	cache   map[chanKey]cached
	swept   time.Time
	claims  map[claimKey]time.Time // until when a claim holds
	online  map[userKey]int64      // online users and the version of that change
	version int64
}

type claimKey struct{ app, channel, what string }

type userKey struct{ app, user string }

type chanKey struct{ app, channel string }

type cached struct {
	m       Message
	expires time.Time
}

// NewMemoryAdapter keeps cache-channel events for ttl (0 = 30 min).
func NewMemoryAdapter(ttl time.Duration) *MemoryAdapter {
	if ttl <= 0 {
		ttl = 30 * time.Minute
	}
	return &MemoryAdapter{
		ttl:     ttl,
		now:     time.Now,
		subs:    map[chanKey]int{},
		members: map[chanKey]map[string]Member{},
		order:   map[chanKey][]string{},
		cache:   map[chanKey]cached{},
		claims:  map[claimKey]time.Time{},
		online:  map[userKey]int64{},
	}
}

func (a *MemoryAdapter) Start(n Node) error {
	a.node = n
	return nil
}

func (a *MemoryAdapter) TerminateUser(_ context.Context, app, userID string) error {
	a.node.TerminateUser(app, userID)
	return nil
}

func (a *MemoryAdapter) Publish(_ context.Context, m Message) error {
	if IsCacheChannel(m.Channel) {
		a.mu.Lock()
		now := a.now()
		// Expired entries are dropped at most ten times per ttl, so the map
		// holds only channels written recently without a scan per publish.
		if now.Sub(a.swept) > a.ttl/10 {
			a.swept = now
			for k, c := range a.cache {
				if now.After(c.expires) {
					delete(a.cache, k)
				}
			}
		}
		a.cache[chanKey{m.AppID, m.Channel}] = cached{m: m, expires: now.Add(a.ttl)}
		a.mu.Unlock()
	}
	if !m.RemoteOnly {
		a.node.Deliver(m)
	}
	return nil
}

func (a *MemoryAdapter) Subscribed(_ context.Context, app, ch string) (int, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := chanKey{app, ch}
	a.subs[k]++
	return a.subs[k], nil
}

func (a *MemoryAdapter) Unsubscribed(_ context.Context, app, ch string) (int, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := chanKey{app, ch}
	n := a.subs[k] - 1
	if n <= 0 {
		delete(a.subs, k)
		return 0, nil
	}
	a.subs[k] = n
	return n, nil
}

func (a *MemoryAdapter) AddMember(_ context.Context, app, ch string, m Member) (bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := chanKey{app, ch}
	ms := a.members[k]
	if ms == nil {
		ms = map[string]Member{}
		a.members[k] = ms
	}
	if _, ok := ms[m.ID]; ok {
		return false, nil
	}
	ms[m.ID] = m
	a.order[k] = append(a.order[k], m.ID)
	return true, nil
}

func (a *MemoryAdapter) RemoveMember(_ context.Context, app, ch, userID string) (bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := chanKey{app, ch}
	ms := a.members[k]
	if _, ok := ms[userID]; !ok {
		return false, nil
	}
	delete(ms, userID)
	ids := a.order[k]
	for i, id := range ids {
		if id == userID {
			a.order[k] = append(ids[:i:i], ids[i+1:]...)
			break
		}
	}
	if len(ms) == 0 {
		delete(a.members, k)
		delete(a.order, k)
	}
	return true, nil
}

func (a *MemoryAdapter) Members(_ context.Context, app, ch string) ([]Member, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := chanKey{app, ch}
	out := make([]Member, 0, len(a.order[k]))
	for _, id := range a.order[k] {
		out = append(out, a.members[k][id])
	}
	return out, nil
}

func (a *MemoryAdapter) Channel(_ context.Context, app, ch string) (ChannelStats, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := chanKey{app, ch}
	return ChannelStats{Subscriptions: a.subs[k], Users: len(a.members[k])}, nil
}

func (a *MemoryAdapter) Channels(_ context.Context, app string) (map[string]ChannelStats, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := map[string]ChannelStats{}
	for k, n := range a.subs {
		if k.app == app {
			out[k.channel] = ChannelStats{Subscriptions: n, Users: len(a.members[k])}
		}
	}
	return out, nil
}

func (a *MemoryAdapter) LastEvent(_ context.Context, app, ch string) (Message, bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c, ok := a.cache[chanKey{app, ch}]
	if !ok || a.now().After(c.expires) {
		return Message{}, false, nil
	}
	return c.m, true, nil
}

func (a *MemoryAdapter) Close() error { return nil }

func (a *MemoryAdapter) Claim(_ context.Context, app, ch, what string, window time.Duration) (bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	k := claimKey{app, ch, what}
	if until, ok := a.claims[k]; ok && now.Before(until) {
		return false, nil
	}
	if len(a.claims) > 1024 {
		for k, until := range a.claims {
			if !now.Before(until) {
				delete(a.claims, k)
			}
		}
	}
	a.claims[k] = now.Add(window)
	return true, nil
}

// UserOnline and UserOffline tell the node at once: on one node, the
// server calls them for the user's first and last socket.
func (a *MemoryAdapter) UserOnline(_ context.Context, app, userID string) error {
	a.mu.Lock()
	a.version++
	v := a.version
	a.online[userKey{app, userID}] = v
	a.mu.Unlock()
	a.node.UserStatus(app, userID, true, v)
	return nil
}

func (a *MemoryAdapter) UserOffline(_ context.Context, app, userID string) error {
	a.mu.Lock()
	a.version++
	v := a.version
	delete(a.online, userKey{app, userID})
	a.mu.Unlock()
	a.node.UserStatus(app, userID, false, v)
	return nil
}

func (a *MemoryAdapter) OnlineUsers(_ context.Context, app string, ids []string) (map[string]int64, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := map[string]int64{}
	for _, id := range ids {
		if v, ok := a.online[userKey{app, id}]; ok {
			out[id] = v
		}
	}
	return out, nil
}
