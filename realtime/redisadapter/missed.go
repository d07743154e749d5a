package redisadapter

import "sync"

// What a node's clients may have missed, and telling them. Pub/sub is at
// most once: an event a node could not send (cut off from Redis, or its
// queue full) never reaches the other nodes' subscribers, and a node whose
// subscription was down never hears what the others sent meanwhile.
// Neither can be replayed, so when the node is back its own sockets (if
// it was deaf) and the other nodes' sockets on the channels it could not
// send to (if it dropped events) are closed with 4200: clients reconnect
// at once and fetch again what the events would have told them.

// maxMissed bounds the channels remembered; beyond it every socket is
// asked to reconnect.
const maxMissed = 10000

type missedSet struct {
	mu       sync.Mutex
	channels map[chanKey]struct{}
	all      bool
}

// drop counts events the other nodes will not get and remembers their
// channels.
func (a *Adapter) drop(batch ...outgoing) {
	a.dropped.Add(int64(len(batch)))
	m := &a.missed
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, o := range batch {
		o.report(errNotSent)
		if o.event == nil || m.all {
			continue
		}
		if len(m.channels) >= maxMissed {
			m.all, m.channels = true, nil
			continue
		}
		if m.channels == nil {
			m.channels = map[chanKey]struct{}{}
		}
		m.channels[*o.event] = struct{}{}
	}
}

// recovered runs when the node is back in the cluster after an outage. A
// bus subscription that was lost meanwhile missed whatever the others sent
// on it: the sockets on its channels (all of them on a single Redis, whose
// bus is one channel; those whose channel hashes to it on a cluster) are
// asked to reconnect.
func (a *Adapter) recovered() {
	b := a.bus
	b.mu.Lock()
	lost := make([]bool, len(b.deaf))
	deafened := false
	for i := range b.deaf {
		lost[i] = b.deaf[i].Swap(false)
		deafened = deafened || lost[i]
	}
	b.mu.Unlock()
	if deafened {
		a.node.Reconnect(func(app, channel string) bool {
			return len(lost) == 1 || lost[b.shardOf(app, channel)]
		})
	}
	a.announceMissed()
}

// announceMissed asks the other nodes to reconnect the subscribers of the
// channels whose events this node dropped. The publish loop calls it after
// a batch went out, so drops of a full queue are announced as soon as the
// bus carries messages again.
func (a *Adapter) announceMissed() {
	m := &a.missed
	m.mu.Lock()
	channels, all := m.channels, m.all
	m.channels, m.all = nil, false
	m.mu.Unlock()
	if all {
		_ = a.bus.send("", "#missed", envelope{Missed: &missed{All: true}})
		return
	}
	byApp := map[string][]string{}
	for k := range channels {
		byApp[k.app] = append(byApp[k.app], k.channel)
	}
	for app, chs := range byApp {
		_ = a.bus.send(app, "#missed", envelope{App: app, Missed: &missed{Channels: chs}})
	}
}

// any reports whether there is something to announce.
func (m *missedSet) any() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.all || len(m.channels) > 0
}

// names says which channels of app an announcement names.
func (m *missed) names(app string) func(appID, channel string) bool {
	if m.All {
		return func(string, string) bool { return true }
	}
	set := make(map[string]bool, len(m.Channels))
	for _, ch := range m.Channels {
		set[ch] = true
	}
	return func(appID, channel string) bool { return appID == app && set[channel] }
}
