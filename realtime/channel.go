package realtime

import (
	"errors"
	"sync"
)

// channel is one channel of one app on this node.
type channel struct {
	name  string
	kind  kind
	cache bool

	mu    sync.RWMutex
	subs  []*sub         // swap-removed: each sub knows its index
	users map[string]int // presence: this node's sockets per user
	dead  bool           // removed from the app; a joiner must look again
}

// sub is one socket's subscription to one channel.
type sub struct {
	c      *conn
	ch     *channel
	idx    int
	userID string // presence member id
}

var errPresenceFull = errors.New("Presence channel is full")

func (a *appState) channelFor(name string) *channel {
	a.mu.RLock()
	ch := a.channels[name]
	a.mu.RUnlock()
	if ch != nil {
		return ch
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if ch = a.channels[name]; ch == nil {
		ch = &channel{name: name, kind: channelKind(name), cache: IsCacheChannel(name)}
		if ch.kind == kindPresence {
			ch.users = map[string]int{}
		}
		a.channels[name] = ch
		a.stats.channels.Add(1)
	}
	return ch
}

// dropIfEmpty removes a channel nobody on this node is subscribed to.
func (a *appState) dropIfEmpty(ch *channel) {
	a.mu.Lock()
	ch.mu.Lock()
	if len(ch.subs) == 0 && !ch.dead {
		ch.dead = true
		delete(a.channels, ch.name)
		a.stats.channels.Add(-1)
	}
	ch.mu.Unlock()
	a.mu.Unlock()
}

// join subscribes c to name. Everything the joiner must see first
// (subscription_succeeded, then the cached event) is queued under the
// channel lock, so no channel event can overtake it.
func (s *Server) join(c *conn, name string, m *Member) error {
	ctx, cancel := c.ctx()
	defer cancel()
	var ch *channel
	for {
		ch = c.app.channelFor(name)
		ch.mu.Lock()
		if !ch.dead {
			break
		}
		ch.mu.Unlock()
	}
	sb := &sub{c: c, ch: ch, idx: len(ch.subs)}
	firstMember := false
	var succeeded []byte = []byte(`"{}"`)
	if m != nil {
		if ch.users[m.ID] == 0 {
			members, err := s.adapter.Members(ctx, c.app.ID, name)
			if err != nil {
				ch.mu.Unlock()
				return err
			}
			if len(members) >= c.app.MaxPresenceMembers && !hasMember(members, m.ID) {
				ch.mu.Unlock()
				return errPresenceFull
			}
			if firstMember, err = s.adapter.AddMember(ctx, c.app.ID, name, *m); err != nil {
				ch.mu.Unlock()
				return err
			}
		}
		ch.users[m.ID]++
		sb.userID = m.ID
		members, err := s.adapter.Members(ctx, c.app.ID, name)
		if err != nil {
			s.log.Error().Err(err).Msg("realtime: presence members")
		}
		succeeded = presenceData(members)
	}
	var added Message
	if firstMember {
		// This node's members hear of the newcomer before anyone can join
		// after it: a later joiner then finds it in its snapshot and never
		// gets a member_added for it as well. Other nodes get it through
		// the adapter below.
		added = Message{AppID: c.app.ID, Channel: name, Event: "pusher_internal:member_added",
			Data: memberAddedData(*m), ExceptSocketID: c.id, RemoteOnly: true}
		frame := eventFrame(added.Event, name, added.Data, "")
		for _, other := range ch.subs {
			other.c.enqueue(frame)
		}
		s.stats.messagesOut.Add(int64(len(ch.subs)))
		s.stats.bytesOut.Add(int64(len(ch.subs) * len(frame)))
	}
	ch.subs = append(ch.subs, sb)
	c.subs = append(c.subs, sb)
	s.stats.subscriptions.Add(1)
	count, err := s.adapter.Subscribed(ctx, c.app.ID, name)
	if err != nil {
		s.log.Error().Err(err).Msg("realtime: adapter subscribed")
		count = -1
	} else if count == 1 {
		s.hooks.occupied(c.app, name)
	}
	if firstMember {
		// Before the newcomer is told it is in: subscription_succeeded can
		// reach the client at once, and a later joiner's member_added hook
		// must not overtake this one.
		s.hooks.memberAdded(c.app, name, m.ID)
	}
	cacheMiss := false
	c.enqueue(eventFrame("pusher_internal:subscription_succeeded", name, succeeded, ""))
	if ch.cache {
		last, ok, err := s.adapter.LastEvent(ctx, c.app.ID, name)
		switch {
		case err != nil:
			s.log.Error().Err(err).Msg("realtime: cache lookup")
		case ok:
			c.enqueue(eventFrame(last.Event, name, last.Data, last.UserID))
		default:
			c.enqueue(eventFrame("pusher:cache_miss", name, nil, ""))
			cacheMiss = true
		}
	}
	ch.mu.Unlock()

	s.countChanged(ctx, c.app, name, count)
	if cacheMiss {
		s.hooks.cacheMiss(ctx, c.app, name)
	}
	if firstMember {
		// Other members learn of a user once, on the first connection.
		if err := s.adapter.Publish(ctx, added); err != nil {
			s.log.Error().Err(err).Msg("realtime: member_added")
		}
	}
	return nil
}

func hasMember(ms []Member, id string) bool {
	for _, m := range ms {
		if m.ID == id {
			return true
		}
	}
	return false
}

// resendSucceeded answers a repeated subscribe without a second membership.
func (s *Server) resendSucceeded(c *conn, sb *sub) {
	data := []byte(`"{}"`)
	if sb.userID != "" {
		ctx, cancel := c.ctx()
		defer cancel()
		members, err := s.adapter.Members(ctx, c.app.ID, sb.ch.name)
		if err != nil {
			s.log.Error().Err(err).Msg("realtime: presence members")
		}
		data = presenceData(members)
	}
	c.enqueue(eventFrame("pusher_internal:subscription_succeeded", sb.ch.name, data, ""))
}

// leave removes one subscription; a user's last socket leaving a presence
// channel tells the others with member_removed.
func (s *Server) leave(c *conn, sb *sub) {
	ctx, cancel := c.ctx()
	defer cancel()
	ch := sb.ch
	lastMember := false
	ch.mu.Lock()
	last := len(ch.subs) - 1
	moved := ch.subs[last]
	ch.subs[sb.idx] = moved
	moved.idx = sb.idx
	ch.subs[last] = nil
	ch.subs = ch.subs[:last]
	if len(ch.subs) == 0 {
		ch.subs = nil // give back a large backing array
	}
	if sb.userID != "" {
		if ch.users[sb.userID]--; ch.users[sb.userID] <= 0 {
			delete(ch.users, sb.userID)
			var err error
			// Under the channel lock, so a rejoin by the same user cannot
			// slip between this node's count and the adapter's.
			if lastMember, err = s.adapter.RemoveMember(ctx, c.app.ID, ch.name, sb.userID); err != nil {
				s.log.Error().Err(err).Msg("realtime: remove member")
			}
		}
	}
	s.stats.subscriptions.Add(-1)
	count, err := s.adapter.Unsubscribed(ctx, c.app.ID, ch.name)
	if err != nil {
		s.log.Error().Err(err).Msg("realtime: adapter unsubscribed")
		count = -1
	} else if count == 0 {
		s.hooks.vacated(c.app, ch.name)
	}
	empty := len(ch.subs) == 0
	ch.mu.Unlock()

	s.countChanged(ctx, c.app, ch.name, count)
	for i, x := range c.subs {
		if x == sb {
			c.subs = append(c.subs[:i], c.subs[i+1:]...)
			break
		}
	}
	if lastMember {
		s.hooks.memberRemoved(c.app, ch.name, sb.userID)
		err := s.adapter.Publish(ctx, Message{AppID: c.app.ID, Channel: ch.name, Event: "pusher_internal:member_removed", Data: memberRemovedData(sb.userID)})
		if err != nil {
			s.log.Error().Err(err).Msg("realtime: member_removed")
		}
	}
	if empty {
		c.app.dropIfEmpty(ch)
	}
}

func (c *conn) leaveAll() {
	for len(c.subs) > 0 {
		c.srv.leave(c, c.subs[len(c.subs)-1])
	}
	c.subs = nil
}
