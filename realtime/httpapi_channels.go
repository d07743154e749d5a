package realtime

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// Reading through the HTTP API: channels, one channel, its users; and
// terminating a user's connections.

// GET /apps/:app_id/channels: occupied channels, optionally by prefix.
// #server-to-user- channels are internal to signin and not listed.
func (s *Server) apiChannels(ctx context.Context, r *apiRequest) (any, *apiError) {
	prefix := r.query.Get("filter_by_prefix")
	in, aerr := parseInfo(r.query.Get("info"), "user_count", "subscription_count")
	if aerr != nil {
		return nil, aerr
	}
	if in.userCount && !strings.HasPrefix(prefix, "presence-") {
		return nil, badRequest("info=user_count is only available with filter_by_prefix=presence-")
	}
	all, err := s.adapter.Channels(ctx, r.app.ID)
	if err != nil {
		return nil, internalError(err)
	}
	out := map[string]channelInfo{}
	for name, st := range all {
		if st.Subscriptions <= 0 || !strings.HasPrefix(name, prefix) || strings.HasPrefix(name, "#") {
			continue
		}
		var ci channelInfo
		if in.userCount {
			ci.UserCount = &st.Users
		}
		if in.subscriptionCount {
			ci.SubscriptionCount = &st.Subscriptions
		}
		out[name] = ci
	}
	return map[string]any{"channels": out}, nil
}

// GET /apps/:app_id/channels/:channel
func (s *Server) apiChannel(ctx context.Context, r *apiRequest) (any, *apiError) {
	name := r.param("channel")
	if !ValidChannelName(name, MaxPublishChannelName) {
		return nil, badRequest("Invalid channel name " + quoteForMsg(name))
	}
	in, aerr := parseInfo(r.query.Get("info"), "user_count", "subscription_count", "cache")
	if aerr != nil {
		return nil, aerr
	}
	if in.userCount && channelKind(name) != kindPresence {
		return nil, badRequest("info=user_count is only available for presence channels")
	}
	if in.cache && !IsCacheChannel(name) {
		return nil, badRequest("info=cache is only available for cache channels")
	}
	st, err := s.adapter.Channel(ctx, r.app.ID, name)
	if err != nil {
		return nil, internalError(err)
	}
	var ci channelInfo
	if in.userCount {
		ci.UserCount = &st.Users
	}
	if in.subscriptionCount {
		ci.SubscriptionCount = &st.Subscriptions
	}
	var cache *cacheInfo
	if in.cache {
		last, ok, err := s.adapter.LastEvent(ctx, r.app.ID, name)
		if err != nil {
			return nil, internalError(err)
		}
		if ok {
			cache = &cacheInfo{Data: last.Data, TTL: s.cacheTTLLeft(last)}
		}
	}
	return struct {
		Occupied bool `json:"occupied"`
		channelInfo
		Cache *cacheInfo `json:"cache,omitempty"`
	}{st.Subscriptions > 0, ci, cache}, nil
}

// GET /apps/:app_id/channels/:channel/users
func (s *Server) apiUsers(ctx context.Context, r *apiRequest) (any, *apiError) {
	name := r.param("channel")
	if !ValidChannelName(name, MaxPublishChannelName) {
		return nil, badRequest("Invalid channel name " + quoteForMsg(name))
	}
	if channelKind(name) != kindPresence {
		return nil, badRequest("Users are only available for presence channels")
	}
	ms, err := s.adapter.Members(ctx, r.app.ID, name)
	if err != nil {
		return nil, internalError(err)
	}
	type user struct {
		ID string `json:"id"`
	}
	users := make([]user, len(ms))
	for i, m := range ms {
		users[i] = user{m.ID}
	}
	return map[string]any{"users": users}, nil
}

// POST /apps/:app_id/users/:user_id/terminate_connections
func (s *Server) apiTerminate(ctx context.Context, r *apiRequest) (any, *apiError) {
	id := r.param("user_id")
	if !validUserID(id) {
		return nil, badRequest("Invalid user id " + quoteForMsg(id))
	}
	if err := s.adapter.TerminateUser(ctx, r.app.ID, id); err != nil {
		return nil, internalError(err)
	}
	return struct{}{}, nil
}

// cacheInfo is a cache channel's last event as info=cache answers it.
type cacheInfo struct {
	Data json.RawMessage `json:"data"`
	TTL  int64           `json:"ttl"` // whole seconds it will still be replayed
}

// cacheTTLLeft is how long a cached event has left, rounded up.
func (s *Server) cacheTTLLeft(m Message) int64 {
	left := s.cfg.CacheTTL - s.cfg.Now().Sub(time.UnixMilli(m.CachedAt))
	return max(0, int64((left+time.Second-1)/time.Second))
}
