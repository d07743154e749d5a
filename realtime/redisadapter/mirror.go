package redisadapter

import (
	"sort"
	"sync"
	"time"

	"topup/realtime"
)

// mirror is this node's own contribution to the cluster state, kept in
// memory whatever Redis says: the server tells the adapter about every
// first/last member and every subscription of this node, so the mirror is
// exactly what Redis must hold for this node. A resync writes it back after
// an outage; while Redis is unreachable, presence answers come from it.
//
// It grows only with what this node serves (live members and channels);
// the outage bookkeeping (pending removals and vacancies) is capped.
type mirror struct {
	mu      sync.Mutex
	seq     uint64
	members map[chanKey]map[string]*localMember
	subs    map[chanKey]int

	// Changes made while Redis was unreachable, announced at the resync.
	newChans       map[chanKey]bool      // got their first local socket
	pendingRemoved map[memberKey]bool    // announced members that left
	pendingVacated map[chanKey]bool      // lost their last local socket
	cache          map[chanKey]cachedMsg // last events published here, for when Redis is away
	cacheSwept     time.Time
}

type chanKey struct{ app, channel string }

type memberKey struct{ app, channel, user string }

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
		newChans:       map[chanKey]bool{},
		pendingRemoved: map[memberKey]bool{},
		pendingVacated: map[chanKey]bool{},
		cache:          map[chanKey]cachedMsg{},
	}
}

// addMember records a member; announced says whether the cluster knows.
func (mi *mirror) addMember(app, ch string, m realtime.Member, announced bool) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	k := chanKey{app, ch}
	ms := mi.members[k]
	if ms == nil {
		ms = map[string]*localMember{}
		mi.members[k] = ms
	}
	mi.seq++
	ms[m.ID] = &localMember{m: m, seq: mi.seq, announced: announced}
	delete(mi.pendingRemoved, memberKey{app, ch, m.ID})
}

// removeMember forgets a member; degraded keeps it for announcing later if
// the cluster had been told about it. Reports whether dropped for the cap.
func (mi *mirror) removeMember(app, ch, user string, degraded bool) (overflow bool) {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	k := chanKey{app, ch}
	ms := mi.members[k]
	lm := ms[user]
	if lm == nil {
		return false
	}
	delete(ms, user)
	if len(ms) == 0 {
		delete(mi.members, k)
	}
	if degraded && lm.announced {
		if len(mi.pendingRemoved) >= maxPending {
			return true
		}
		mi.pendingRemoved[memberKey{app, ch, user}] = true
	}
	return false
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

// count moves this node's subscriptions of a channel by d and returns them.
func (mi *mirror) count(app, ch string, d int, degraded bool) int {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	k := chanKey{app, ch}
	n := max(mi.subs[k]+d, 0)
	if n == 0 {
		delete(mi.subs, k)
	} else {
		mi.subs[k] = n
	}
	if degraded {
		mi.outageLocked(k, d, n)
	}
	return n
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

// snapshot is what a resync writes back.
type snapshot struct {
	members []memberKey
	infos   []realtime.Member
	known   []bool // announced
	subs    []chanKey
	counts  []int
	removed []memberKey
	vacated []chanKey
	newCh   map[chanKey]bool
}

func (mi *mirror) snapshot() snapshot {
	mi.mu.Lock()
	defer mi.mu.Unlock()
	var s snapshot
	for k, ms := range mi.members {
		for id, lm := range ms {
			s.members = append(s.members, memberKey{k.app, k.channel, id})
			s.infos = append(s.infos, lm.m)
			s.known = append(s.known, lm.announced)
		}
	}
	for k, n := range mi.subs {
		s.subs = append(s.subs, k)
		s.counts = append(s.counts, n)
	}
	for k := range mi.pendingRemoved {
		s.removed = append(s.removed, k)
	}
	for k := range mi.pendingVacated {
		s.vacated = append(s.vacated, k)
	}
	s.newCh = make(map[chanKey]bool, len(mi.newChans))
	for k := range mi.newChans {
		s.newCh[k] = true
	}
	return s
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
	mi.newChans = map[chanKey]bool{}
	mi.pendingRemoved = map[memberKey]bool{}
	mi.pendingVacated = map[chanKey]bool{}
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
