package realtime

import (
	"context"
	"strconv"
	"time"
)

// Subscription counting, for apps that turn it on: when a public or private
// channel's cluster-wide count of subscriptions changes, its subscribers get
// pusher_internal:subscription_count (pusher-js: channel.subscriptionCount
// and the pusher:subscription_count event) and the app gets the
// subscription_count webhook. Changes are coalesced cluster-wide: the first
// change claims the channel for Config.SubscriptionCountEvery and the
// claiming node announces the count once that has passed, so a burst of
// joins costs one event per channel per period, and the last change of a
// burst is always announced.

// countSlack makes sure the announcement reads the count after the claim
// has expired everywhere: a change that failed to claim was counted before.
const countSlack = 50 * time.Millisecond

// countChanged is called after a socket of this node joined or left name,
// the cluster-wide count being n (negative: unknown).
func (s *Server) countChanged(ctx context.Context, a *appState, name string, n int) {
	if !a.SubscriptionCount || n < 0 {
		return
	}
	if k := channelKind(name); k == kindPresence || k == kindServerToUser {
		return // presence channels have member events; Pusher counts neither
	}
	ok, err := s.adapter.Claim(ctx, a.ID, name, "count", s.cfg.SubscriptionCountEvery)
	if err != nil {
		s.log.Error().Err(err).Msg("realtime: subscription count claim")
		return
	}
	if ok {
		s.timers.after(s.cfg.SubscriptionCountEvery+countSlack, func() { s.announceCount(a, name) })
	}
}

func (s *Server) announceCount(a *appState, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, err := s.adapter.Channel(ctx, a.ID, name)
	if err != nil {
		s.log.Error().Err(err).Msg("realtime: subscription count")
		return
	}
	s.hooks.subscriptionCount(a, name, st.Subscriptions)
	if st.Subscriptions == 0 {
		return // nobody to tell
	}
	m := Message{AppID: a.ID, Channel: name, Event: "pusher_internal:subscription_count",
		Data: stringData([]byte(`{"subscription_count":` + strconv.Itoa(st.Subscriptions) + `}`))}
	if err := s.adapter.Publish(ctx, m); err != nil {
		s.log.Error().Err(err).Msg("realtime: subscription count publish")
	}
}
