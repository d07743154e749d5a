package realtime

import (
	"context"
	"encoding/json"
	"strconv"
)

// Publishing through the HTTP API: events and batch_events.

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

// check validates one event; batch events name exactly one channel.
func (e *apiEvent) check(batch bool, maxData int) (checked, *apiError) {
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
	if len(data) > maxData {
		return out, &apiError{413, "Event data too large: " + strconv.Itoa(len(data)) + " bytes, the limit is " + strconv.Itoa(maxData)}
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
	ev, aerr := e.check(false, r.app.MaxEventBytes)
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
		ev, aerr := b.Batch[i].check(true, r.app.MaxEventBytes)
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
