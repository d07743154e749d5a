package redisadapter

import (
	"sort"
	"sync"
	"time"

	"topup/realtime"
)

// mirror is this node's own contribution to the cluster state, kept in
// memory whatever Redis says: the server tells the adapter about every
// first/last member, every subscription and every first/last signed-in
// socket of this node, so the mirror is exactly what Redis must hold for
// this node. A resync writes it back after an outage; while Redis is
// unreachable, presence answers come from it.
//
// It grows only with what this node serves (live members, channels and
// users); the outage bookkeeping (pending removals, vacancies, offlines)
// is capped.
type mirror struct {
	mu      sync.Mutex
	seq     uint64
	members map[chanKey]map[string]*localMember
	subs    map[chanKey]int
	users   map[userKey]bool // signed in here → the cluster was told

	// Changes made while Redis was unreachable, announced at the resync.
	newChans       map[chanKey]bool   // got their first local socket
	pendingRemoved map[memberKey]bool // announced members that left
	pendingVacated map[chanKey]bool   // lost their last local socket
	pendingOffline map[userKey]bool   // announced users whose last socket here closed

	cache      map[chanKey]cachedMsg // last events published here, for when Redis is away
	cacheSwept time.Time
}

type chanKey struct{ app, channel string }

type memberKey struct{ app, channel, user string }

type userKey struct{ app, user string }

type localMember struct {
	m         realtime.Member
	seq       uint64
	announced bool // member_added went out (or was known) cluster-wide
}

type cachedMsg struct {
	m       realtime.Message
	expires time.Time
}

// maxPending caps the outage bookkeeping; beyond it changes are dropped
// (and counted): a resync still fixes the counts, only some announcements
// are lost.
const maxPending = 10000

func newMirror() *mirror {
	return &mirror{
		members:        map[chanKey]map[string]*localMember{},
		subs:           map[chanKey]int{},
		users:          map[userKey]bool{},
		newChans:       map[chanKey]bool{},
		pendingRemoved: map[memberKey]bool{},
		pendingVacated: map[chanKey]bool{},
		pendingOffline: map[userKey]bool{},
		cache:          map[chanKey]cachedMsg{},
	}
}

// shared reports whether this node has a share of the channel: a
// subscription or a member. Under mu.
func (mi *mirror) shared(k chanKey) bool {
	return mi.subs[k] > 0 || len(mi.members[k]) > 0
}

// addMember records a member; announced says whether the cluster knows.
// started reports the node's first share of the channel.
func (mi *mirror) addMember(app, ch string, m realtime.Member, announced bool) (started bool) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	k := chanKey{app, ch}
	started = !mi.shared(k)
	ms := mi.members[k]
	if ms == nil {
		ms = map[string]*localMember{}
		mi.members[k] = ms
	}
	mi.seq++
	ms[m.ID] = &localMember{m: m, seq: mi.seq, announced: announced}
	delete(mi.pendingRemoved, memberKey{app, ch, m.ID})
	return started
}

// removeMember forgets a member; degraded keeps it for announcing later if
// the cluster had been told about it. Reports whether that was dropped for
// the cap, and whether the node's share of the channel ended.
func (mi *mirror) removeMember(app, ch, user string, degraded bool) (overflow, ended bool) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	k := chanKey{app, ch}
	ms := mi.members[k]
	lm := ms[user]
	if lm == nil {
		return false, false
	}
	delete(ms, user)
	if len(ms) == 0 {
		delete(mi.members, k)
	}
	if degraded && lm.announced {
		if len(mi.pendingRemoved) >= maxPending {
			overflow = true
		} else {
			mi.pendingRemoved[memberKey{app, ch, user}] = true
		}
	}
	return overflow, !mi.shared(k)
}

// localMembers lists this node's members of a channel in join order.
func (mi *mirror) localMembers(app, ch string) []realtime.Member {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	ms := mi.members[chanKey{app, ch}]
	out := make([]*localMember, 0, len(ms))
	for _, lm := range ms {
		out = append(out, lm)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].seq < out[j].seq })
	res := make([]realtime.Member, len(out))
	for i, lm := range out {
		res[i] = lm.m
	}
	return res
}

// count moves this node's subscriptions of a channel by d; started and
// ended report the node's share of the channel beginning or ending.
func (mi *mirror) count(app, ch string, d int, degraded bool) (n int, started, ended bool) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	k := chanKey{app, ch}
	before := mi.shared(k)
	n = max(mi.subs[k]+d, 0)
	if n == 0 {
		delete(mi.subs, k)
	} else {
		mi.subs[k] = n
	}
	if degraded {
		mi.outageLocked(k, d, n)
	}
	after := mi.shared(k)
	return n, !before && after, before && !after
}

// outage notes a count change Redis did not hear of (n is the count
// after), for the resync's announcements.
func (mi *mirror) outage(app, ch string, d, n int) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	mi.outageLocked(chanKey{app, ch}, d, n)
}

func (mi *mirror) outageLocked(k chanKey, d, n int) {
	switch {
	case d > 0 && n == 1:
		if len(mi.newChans) < maxPending {
			mi.newChans[k] = true
		}
		delete(mi.pendingVacated, k)
	case d < 0 && n == 0:
		if !mi.newChans[k] && len(mi.pendingVacated) < maxPending {
			mi.pendingVacated[k] = true
		}
		delete(mi.newChans, k)
	}
}

// userOn records a user's first signed-in socket here; announced says
// whether the cluster knows.
func (mi *mirror) userOn(app, user string, announced bool) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	k := userKey{app, user}
	mi.users[k] = announced
	delete(mi.pendingOffline, k)
}

// userOff records a user's last signed-in socket here closing; degraded
// keeps it for announcing later if the cluster had been told. Reports
// whether that was dropped for the cap.
func (mi *mirror) userOff(app, user string, degraded bool) (overflow bool) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	k := userKey{app, user}
	announced, ok := mi.users[k]
	delete(mi.users, k)
	if ok && degraded && announced {
		if len(mi.pendingOffline) >= maxPending {
			return true
		}
		mi.pendingOffline[k] = true
	}
	return false
}

// onlineHere answers OnlineUsers from this node's signed-in users while
// Redis is away (version 0: any change heard later wins).
func (mi *mirror) onlineHere(app string, ids []string) map[string]int64 {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	out := map[string]int64{}
	for _, id := range ids {
		if _, ok := mi.users[userKey{app, id}]; ok {
			out[id] = 0
		}
	}
	return out
}

// chanShare is what a resync writes back for one channel.
type chanShare struct {
	chanKey
	count   int
	members []realtime.Member
	known   []bool   // announced
	gone    []string // announced members that left during the outage
	vacated bool     // lost its last local socket during the outage
	isNew   bool     // got its first local socket during the outage
}

// userShare is what a resync writes back for one user.
type userShare struct {
	userKey
	online  bool // signed in here
	known   bool // announced
	offline bool // announced, then left during the outage
}

// snapshot is what a resync writes back: every channel and user this node
// has a share of or owes an announcement for.
func (mi *mirror) snapshot() ([]chanShare, []userShare) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	byChan := map[chanKey]*chanShare{}
	get := func(k chanKey) *chanShare {
		if cs := byChan[k]; cs != nil {
			return cs
		}
		cs := &chanShare{chanKey: k, isNew: mi.newChans[k], vacated: mi.pendingVacated[k]}
		byChan[k] = cs
		return cs
	}
	for k, n := range mi.subs {
		get(k).count = n
	}
	for k, ms := range mi.members {
		cs := get(k)
		for _, lm := range ms {
			cs.members = append(cs.members, lm.m)
			cs.known = append(cs.known, lm.announced)
		}
	}
	for k := range mi.pendingRemoved {
		cs := get(chanKey{k.app, k.channel})
		cs.gone = append(cs.gone, k.user)
	}
	for k := range mi.pendingVacated {
		get(k)
	}
	chans := make([]chanShare, 0, len(byChan))
	for _, cs := range byChan {
		chans = append(chans, *cs)
	}
	users := make([]userShare, 0, len(mi.users)+len(mi.pendingOffline))
	for k, known := range mi.users {
		users = append(users, userShare{userKey: k, online: true, known: known})
	}
	for k := range mi.pendingOffline {
		users = append(users, userShare{userKey: k, offline: true})
	}
	return chans, users
}

// channelsAndUsers are this node's shares, as its index in Redis lists them.
func (mi *mirror) channelsAndUsers() (chans, users []string) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	seen := map[chanKey]bool{}
	for k := range mi.subs {
		seen[k] = true
	}
	for k := range mi.members {
		seen[k] = true
	}
	for k := range seen {
		chans = append(chans, pair(k.app, k.channel))
	}
	for k := range mi.users {
		users = append(users, pair(k.app, k.user))
	}
	return chans, users
}

// synced marks everything as known to the cluster after a resync.
func (mi *mirror) synced() {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	for _, ms := range mi.members {
		for _, lm := range ms {
			lm.announced = true
		}
	}
	for k := range mi.users {
		mi.users[k] = true
	}
	mi.newChans = map[chanKey]bool{}
	mi.pendingRemoved = map[memberKey]bool{}
	mi.pendingVacated = map[chanKey]bool{}
	mi.pendingOffline = map[userKey]bool{}
}

// keep stores a cache channel's last event locally, dropping expired ones
// at most ten times per ttl.
func (mi *mirror) keep(m realtime.Message, ttl time.Duration) {
	now := time.Now()
	mi.mu.Lock()
	defer mi.mu.Unlock()
	if now.Sub(mi.cacheSwept) > ttl/10 {
		mi.cacheSwept = now
		for k, c := range mi.cache {
			if now.After(c.expires) {
				delete(mi.cache, k)
			}
		}
	}
	mi.cache[chanKey{m.AppID, m.Channel}] = cachedMsg{m: m, expires: now.Add(ttl)}
}

func (mi *mirror) last(app, ch string) (realtime.Message, bool) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	c, ok := mi.cache[chanKey{app, ch}]
	if !ok || time.Now().After(c.expires) {
		return realtime.Message{}, false
	}
	return c.m, true
}
