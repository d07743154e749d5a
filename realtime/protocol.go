package realtime

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// handle runs one client message. Nothing a client sends crashes the
// connection: bad input gets pusher:error and the socket stays open.
func (c *conn) handle(raw []byte) {
	m, err := decodeIncoming(raw)
	if err != nil {
		c.sendError(0, "Invalid message: "+err.Error())
		return
	}
	switch m.Event {
	case "pusher:ping":
		c.enqueue(pongFrame)
	case "pusher:pong":
		// touch() already recorded it.
	case "pusher:subscribe":
		c.subscribe(m.Data)
	case "pusher:unsubscribe":
		c.unsubscribe(m.Data)
	case "pusher:signin":
		c.signin(m.Data)
	default:
		if strings.HasPrefix(m.Event, "client-") {
			c.clientEvent(m)
			return
		}
		c.sendError(0, "Unsupported event "+quoteForMsg(m.Event))
	}
}

func quoteForMsg(s string) string {
	if len(s) > 64 {
		s = s[:64] + "…"
	}
	return `"` + s + `"`
}

func (c *conn) sendError(code int, msg string) {
	c.srv.stats.errors.Add(1)
	c.enqueue(eventFrame("pusher:error", "", errorData(code, msg), ""))
}

// subscriptionError tells pusher-js (channel.bind('pusher:subscription_error'),
// Echo's .error()) why a subscription was refused.
func (c *conn) subscriptionError(channel, typ, msg string, status int) {
	c.srv.stats.errors.Add(1)
	data := jsonStringData(struct {
		Type   string `json:"type"`
		Error  string `json:"error"`
		Status int    `json:"status"`
	}{typ, msg, status})
	c.enqueue(eventFrame("pusher:subscription_error", channel, data, ""))
}

// jsonString unmarshals a field that must be a JSON string; absent is "".
func jsonString(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", true
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false
	}
	return s, true
}

func (c *conn) findSub(channel string) *sub {
	for _, sb := range c.subs {
		if sb.ch.name == channel {
			return sb
		}
	}
	return nil
}

func (c *conn) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}

func (c *conn) subscribe(data json.RawMessage) {
	var d struct {
		Channel     string          `json:"channel"`
		Auth        json.RawMessage `json:"auth"`
		ChannelData json.RawMessage `json:"channel_data"`
	}
	if err := dataObject(data, &d); err != nil {
		c.sendError(0, "Invalid pusher:subscribe data")
		return
	}
	name := d.Channel
	auth, ok1 := jsonString(d.Auth)
	channelData, ok2 := jsonString(d.ChannelData)
	if !ok1 || !ok2 {
		c.subscriptionError(name, "InvalidRequest", "auth and channel_data must be strings", 400)
		return
	}
	if !ValidChannelName(name, MaxChannelName) {
		c.subscriptionError(name, "InvalidChannel", "Invalid channel name: at most 164 characters of A-Z a-z 0-9 _ - = @ , . ;", 400)
		return
	}
	if sb := c.findSub(name); sb != nil {
		// Already subscribed: confirm again, without a second membership.
		c.srv.resendSucceeded(c, sb)
		return
	}
	if len(c.subs) >= c.srv.cfg.MaxChannelsPerConn {
		c.subscriptionError(name, "LimitReached", "Too many channels on one connection", 403)
		return
	}
	app := &c.app.App
	var member *Member
	switch channelKind(name) {
	case kindPrivate, kindEncrypted:
		if !verifyChannelAuth(app, auth, c.id, name, "") {
			c.subscriptionError(name, "AuthError", "Invalid signature: expected HMAC SHA256 hex digest of "+c.id+":"+name, 401)
			return
		}
	case kindPresence:
		if channelData == "" || !verifyChannelAuth(app, auth, c.id, name, channelData) {
			c.subscriptionError(name, "AuthError", "Invalid signature: expected HMAC SHA256 hex digest of "+c.id+":"+name+":<channel_data>", 401)
			return
		}
		m, err := parseChannelData(channelData, c.srv.cfg.MaxUserInfoBytes)
		if err != nil {
			c.subscriptionError(name, "InvalidChannelData", err.Error(), 400)
			return
		}
		member = &m
	case kindServerToUser:
		if c.userID == "" || name != serverToUserPrefix+c.userID {
			c.subscriptionError(name, "AuthError", "Only the signed-in user may subscribe to its own channel", 403)
			return
		}
	}
	if err := c.srv.join(c, name, member); err != nil {
		c.subscriptionError(name, "LimitReached", err.Error(), 403)
	}
}

func (c *conn) unsubscribe(data json.RawMessage) {
	var d struct {
		Channel string `json:"channel"`
	}
	if err := dataObject(data, &d); err != nil {
		c.sendError(0, "Invalid pusher:unsubscribe data")
		return
	}
	// Unsubscribing from a channel one is not on is a no-op, as in Pusher.
	if sb := c.findSub(d.Channel); sb != nil {
		c.srv.leave(c, sb)
	}
}

func (c *conn) signin(data json.RawMessage) {
	var d struct {
		Auth     string `json:"auth"`
		UserData string `json:"user_data"`
	}
	if err := dataObject(data, &d); err != nil {
		c.sendError(4009, "Invalid pusher:signin data")
		return
	}
	if !verifyUserAuth(&c.app.App, d.Auth, c.id, d.UserData) {
		c.sendError(4009, "Invalid signature: expected HMAC SHA256 hex digest of "+c.id+"::user::<user_data>")
		return
	}
	u, err := parseUserData(d.UserData)
	if err != nil {
		c.sendError(4009, err.Error())
		return
	}
	if c.userID != "" && c.userID != u.id {
		c.sendError(4009, "Connection is already signed in as another user")
		return
	}
	success := eventFrame("pusher:signin_success", "", jsonStringData(struct {
		UserData string `json:"user_data"`
	}{d.UserData}), "")
	if c.userID != "" {
		c.enqueue(success) // signed in again as the same user: the first watchlist stays
		return
	}
	c.userID, c.watchlist = u.id, u.watchlist
	if len(u.watchlist) > 0 {
		c.watch = make(map[string]int64, len(u.watchlist))
		for _, id := range u.watchlist {
			c.watch[id] = -1 // nothing sent yet
		}
	}
	ctx, cancel := c.ctx()
	defer cancel()
	c.srv.signedIn(ctx, c, success, u.truncated)
}

func (c *conn) clientEvent(m incoming) {
	if !c.app.ClientEvents {
		c.sendError(4301, "Client events are not enabled for this app")
		return
	}
	if len(m.Event) > MaxEventName {
		c.sendError(0, "Event name too long")
		return
	}
	if len(m.Data) > c.app.MaxEventBytes {
		c.sendError(0, "Client event data too large: the limit is "+strconv.Itoa(c.app.MaxEventBytes)+" bytes")
		return
	}
	sb := c.findSub(m.Channel)
	if sb == nil {
		c.sendError(0, "Client event rejected: not subscribed to "+quoteForMsg(m.Channel))
		return
	}
	if k := sb.ch.kind; k != kindPrivate && k != kindPresence {
		c.sendError(0, "Client events are only allowed on private and presence channels")
		return
	}
	sec := c.srv.clock.Load() / int64(time.Second)
	if sec != c.rateSecond {
		c.rateSecond, c.rateCount = sec, 0
	}
	c.rateCount++
	if c.rateCount > c.srv.cfg.ClientEventsPerSecond {
		c.sendError(4301, "Client event rejected due to rate limit")
		return
	}
	data := m.Data
	if len(bytes.TrimSpace(data)) == 0 {
		data = nil
	}
	ctx, cancel := c.ctx()
	defer cancel()
	msg := Message{AppID: c.app.ID, Channel: m.Channel, Event: m.Event, Data: data, UserID: sb.userID, ExceptSocketID: c.id}
	if err := c.srv.send(ctx, msg); err != nil {
		c.srv.log.Error().Err(err).Str("channel", m.Channel).Msg("realtime: client event publish")
		c.sendError(0, "Client event could not be delivered")
		return
	}
	c.srv.stats.clientEvents.Add(1)
	c.srv.hooks.clientEvent(c.app, m.Channel, m.Event, data, c.id, sb.userID)
}
