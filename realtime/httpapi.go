package realtime

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
)

// The Pusher HTTP API (reference §3), as the server SDKs call it. Errors
// answer with a plain-text message, as Pusher does; the SDKs show it.

const (
	// MaxEventData is the largest event payload the HTTP API accepts.
	MaxEventData = 10 * 1024
	// MaxBatchEvents is the most events one batch_events call may carry.
	MaxBatchEvents = 10
	// maxAPIBody bounds a request body: a full batch of escaped payloads
	// fits; anything larger is refused before it is hashed.
	maxAPIBody          = 512 * 1024
	maxChannelsPerEvent = 100
)

func (s *Server) mountAPI(r fiber.Router) {
	r.Post("/apps/:app_id/events", s.api(s.apiEvents))
	r.Post("/apps/:app_id/batch_events", s.api(s.apiBatchEvents))
	r.Get("/apps/:app_id/channels", s.api(s.apiChannels))
	r.Get("/apps/:app_id/channels/:channel", s.api(s.apiChannel))
	r.Get("/apps/:app_id/channels/:channel/users", s.api(s.apiUsers))
	r.Post("/apps/:app_id/users/:user_id/terminate_connections", s.api(s.apiTerminate))
}

// apiRequest is a request that passed authentication.
type apiRequest struct {
	c     *fiber.Ctx
	app   *appState
	query url.Values
	body  []byte
}

// param returns a path parameter, unescaped.
func (r *apiRequest) param(name string) string {
	v := r.c.Params(name)
	if strings.IndexByte(v, '%') >= 0 {
		if u, err := url.PathUnescape(v); err == nil {
			return u
		}
	}
	return strings.Clone(v)
}

type apiHandler func(ctx context.Context, r *apiRequest) (any, *apiError)

// api authenticates, runs h and writes its answer, counting it by status.
func (s *Server) api(h apiHandler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		v, aerr := s.serveAPI(c, h)
		if aerr != nil {
			s.stats.countAPI(aerr.status)
			c.Set(fiber.HeaderContentType, fiber.MIMETextPlainCharsetUTF8)
			return c.Status(aerr.status).SendString(aerr.msg)
		}
		s.stats.countAPI(fiber.StatusOK)
		return c.JSON(v)
	}
}

func (s *Server) serveAPI(c *fiber.Ctx, h apiHandler) (any, *apiError) {
	a, ok := s.byID[c.Params("app_id")]
	if !ok {
		return nil, &apiError{404, "Unknown app id " + strconv.Quote(c.Params("app_id"))}
	}
	body := c.Body()
	if len(body) > maxAPIBody {
		return nil, &apiError{413, "Request body too large: the limit is " + strconv.Itoa(maxAPIBody) + " bytes"}
	}
	q, aerr := verifyRequest(&a.App, c.Method(), c.Path(), string(c.Request().URI().QueryString()), body, s.cfg.Now())
	if aerr != nil {
		return nil, aerr
	}
	if !a.Enabled {
		return nil, &apiError{403, "Application disabled"}
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), 10*time.Second)
	defer cancel()
	v, aerr := h(ctx, &apiRequest{c: c, app: a, query: q, body: body})
	if aerr != nil && aerr.status >= 500 {
		s.log.Error().Str("path", c.Path()).Msg("realtime: HTTP API: " + aerr.msg)
	}
	return v, aerr
}

func badRequest(msg string) *apiError { return &apiError{400, msg} }

func internalError(err error) *apiError {
	return &apiError{500, "Internal error: " + err.Error()}
}

// apiEvent is one event of events or batch_events.
type apiEvent struct {
	Name     string          `json:"name"`
	Data     json.RawMessage `json:"data"`
	Channel  string          `json:"channel"`
	Channels []string        `json:"channels"`
	SocketID string          `json:"socket_id"`
	Info     string          `json:"info"`
}

// checked is an apiEvent that passed validation.
type checked struct {
	name, socketID string
	data           []byte // JSON string literal
	channels       []string
	info           infoAttrs
}

type infoAttrs struct{ userCount, subscriptionCount, cache bool }

func parseInfo(s string, allowed ...string) (infoAttrs, *apiError) {
	var in infoAttrs
	if s == "" {
		return in, nil
	}
	for _, a := range strings.Split(s, ",") {
		a = strings.TrimSpace(a)
		if !slices.Contains(allowed, a) {
			return in, badRequest("Unsupported info attribute " + strconv.Quote(a) + ": use " + strings.Join(allowed, ", "))
		}
		switch a {
		case "user_count":
			in.userCount = true
		case "subscription_count":
			in.subscriptionCount = true
		case "cache":
			in.cache = true
		}
	}
	return in, nil
}

// check validates one event; batch events name exactly one channel.
func (e *apiEvent) check(batch bool) (checked, *apiError) {
	var out checked
	if e.Name == "" || len(e.Name) > MaxEventName {
		return out, badRequest("Event name must be 1 to " + strconv.Itoa(MaxEventName) + " characters")
	}
	if len(e.Data) == 0 {
		return out, badRequest("Missing data")
	}
	var data string
	if err := json.Unmarshal(e.Data, &data); err != nil {
		return out, badRequest("data must be a string (JSON-encode objects first)")
	}
	if len(data) > MaxEventData {
		return out, &apiError{413, "Event data too large: " + strconv.Itoa(len(data)) + " bytes, the limit is " + strconv.Itoa(MaxEventData)}
	}
	out.name, out.data = e.Name, appendJSONString(nil, data)
	switch {
	case batch && len(e.Channels) > 0:
		return out, badRequest("A batch event names one channel in channel")
	case e.Channel != "" && len(e.Channels) > 0:
		return out, badRequest("Give channel or channels, not both")
	case e.Channel != "":
		out.channels = []string{e.Channel}
	default:
		out.channels = e.Channels
	}
	if len(out.channels) == 0 {
		return out, badRequest("Missing channel")
	}
	if len(out.channels) > maxChannelsPerEvent {
		return out, badRequest("Too many channels: " + strconv.Itoa(len(out.channels)) + ", at most " + strconv.Itoa(maxChannelsPerEvent) + " per event")
	}
	for _, ch := range out.channels {
		if !ValidChannelName(ch, MaxPublishChannelName) {
			return out, badRequest("Invalid channel name " + quoteForMsg(ch) + ": at most 200 characters of A-Z a-z 0-9 _ - = @ , . ;")
		}
	}
	if e.SocketID != "" && !ValidSocketID(e.SocketID) {
		return out, badRequest("Invalid socket_id " + quoteForMsg(e.SocketID))
	}
	out.socketID = e.SocketID
	var aerr *apiError
	out.info, aerr = parseInfo(e.Info, "user_count", "subscription_count")
	return out, aerr
}

func (s *Server) publishChecked(ctx context.Context, a *appState, e checked) error {
	for _, ch := range e.channels {
		m := Message{AppID: a.ID, Channel: ch, Event: e.name, Data: e.data, ExceptSocketID: e.socketID}
		if err := s.send(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// channelInfo is the info object of one channel; absent counts are omitted.
type channelInfo struct {
	UserCount         *int `json:"user_count,omitempty"`
	SubscriptionCount *int `json:"subscription_count,omitempty"`
}

func (s *Server) infoFor(ctx context.Context, a *appState, ch string, in infoAttrs) (channelInfo, error) {
	var ci channelInfo
	if !in.userCount && !in.subscriptionCount {
		return ci, nil
	}
	st, err := s.adapter.Channel(ctx, a.ID, ch)
	if err != nil {
		return ci, err
	}
	if in.userCount && channelKind(ch) == kindPresence {
		ci.UserCount = &st.Users
	}
	if in.subscriptionCount {
		ci.SubscriptionCount = &st.Subscriptions
	}
	return ci, nil
}

// POST /apps/:app_id/events
func (s *Server) apiEvents(ctx context.Context, r *apiRequest) (any, *apiError) {
	var e apiEvent
	if err := json.Unmarshal(r.body, &e); err != nil {
		return nil, badRequest("Invalid JSON body: " + err.Error())
	}
	ev, aerr := e.check(false)
	if aerr != nil {
		return nil, aerr
	}
	if err := s.publishChecked(ctx, r.app, ev); err != nil {
		return nil, internalError(err)
	}
	if ev.info == (infoAttrs{}) {
		return struct{}{}, nil
	}
	out := map[string]channelInfo{}
	for _, ch := range ev.channels {
		ci, err := s.infoFor(ctx, r.app, ch, ev.info)
		if err != nil {
			return nil, internalError(err)
		}
		out[ch] = ci
	}
	return map[string]any{"channels": out}, nil
}

// POST /apps/:app_id/batch_events: every event is checked before any is
// published, so a refused batch publishes nothing.
func (s *Server) apiBatchEvents(ctx context.Context, r *apiRequest) (any, *apiError) {
	var b struct {
		Batch []apiEvent `json:"batch"`
	}
	if err := json.Unmarshal(r.body, &b); err != nil {
		return nil, badRequest("Invalid JSON body: " + err.Error())
	}
	if len(b.Batch) == 0 {
		return nil, badRequest("Empty batch")
	}
	if len(b.Batch) > MaxBatchEvents {
		return nil, badRequest("Batch too large: " + strconv.Itoa(len(b.Batch)) + " events, at most " + strconv.Itoa(MaxBatchEvents))
	}
	evs := make([]checked, len(b.Batch))
	anyInfo := false
	for i := range b.Batch {
		ev, aerr := b.Batch[i].check(true)
		if aerr != nil {
			aerr.msg = "Batch event " + strconv.Itoa(i) + ": " + aerr.msg
			return nil, aerr
		}
		evs[i] = ev
		anyInfo = anyInfo || ev.info != (infoAttrs{})
	}
	for _, ev := range evs {
		if err := s.publishChecked(ctx, r.app, ev); err != nil {
			return nil, internalError(err)
		}
	}
	if !anyInfo {
		return struct{}{}, nil
	}
	out := make([]channelInfo, len(evs))
	for i, ev := range evs {
		ci, err := s.infoFor(ctx, r.app, ev.channels[0], ev.info)
		if err != nil {
			return nil, internalError(err)
		}
		out[i] = ci
	}
	return map[string]any{"batch": out}, nil
}

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
