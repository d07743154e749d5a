// Package broadcast gives the store's API its way to reach browsers: the
// built-in Pusher server in the same process (Local), or any Pusher-
// compatible HTTP API through the official pusher-http-go client (Remote).
// Both satisfy api.Broadcaster; cmd/topup picks one.
package broadcast

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"topup/realtime"
)

// ErrForbidden is returned for a subscription that cannot be signed: a
// malformed socket id or channel name, or a channel that is not private or
// presence.
var ErrForbidden = errors.New("broadcast: channel cannot be authorized")

// maxChannelName is Pusher's limit on channel names.
const maxChannelName = 164

// sign checks the request's shape and signs it with the app's credentials,
// the same HMAC whichever server will verify it.
func sign(key, secret, socketID, channel, channelData string) (string, error) {
	if !realtime.ValidSocketID(socketID) {
		return "", fmt.Errorf("%w: socket_id %q", ErrForbidden, socketID)
	}
	if !realtime.ValidChannelName(channel, maxChannelName) ||
		!(strings.HasPrefix(channel, "private-") || strings.HasPrefix(channel, "presence-")) {
		return "", fmt.Errorf("%w: channel %q", ErrForbidden, channel)
	}
	if strings.HasPrefix(channel, "presence-") != (channelData != "") {
		return "", fmt.Errorf("%w: presence channels need channel_data, others none", ErrForbidden)
	}
	return realtime.SignChannel(secret, key, socketID, channel, channelData), nil
}

// signUser checks the socket id and signs a pusher:signin.
func signUser(key, secret, socketID, userData string) (string, error) {
	if !realtime.ValidSocketID(socketID) {
		return "", fmt.Errorf("%w: socket_id %q", ErrForbidden, socketID)
	}
	return realtime.SignUser(secret, key, socketID, userData), nil
}

// Local publishes through the realtime server running in this process.
type Local struct {
	srv *realtime.Server
	app realtime.App
}

// NewLocal serves the app with id appID of srv.
func NewLocal(srv *realtime.Server, appID string) (*Local, error) {
	app, ok := srv.App(appID)
	if !ok {
		return nil, fmt.Errorf("broadcast: no realtime app %q", appID)
	}
	return &Local{srv: srv, app: app}, nil
}

// Publish sends event to channels.
func (l *Local) Publish(ctx context.Context, channels []string, event string, data []byte) error {
	return l.srv.Publish(ctx, l.app.ID, channels, event, data, "")
}

// AuthorizeChannel signs a private or presence subscription.
func (l *Local) AuthorizeChannel(socketID, channel, channelData string) (string, error) {
	return sign(l.app.Key, l.app.Secret, socketID, channel, channelData)
}

// AuthenticateUser signs a pusher:signin.
func (l *Local) AuthenticateUser(socketID, userData string) (string, error) {
	return signUser(l.app.Key, l.app.Secret, socketID, userData)
}

// TerminateUser closes the user's sockets here and, through the adapter,
// on every other node.
func (l *Local) TerminateUser(ctx context.Context, userID string) error {
	if err := l.srv.Adapter().TerminateUser(ctx, l.app.ID, userID); err != nil {
		return fmt.Errorf("broadcast: terminate user %s: %w", userID, err)
	}
	return nil
}

// ChannelUserCount counts distinct users on a presence channel, cluster-wide.
func (l *Local) ChannelUserCount(ctx context.Context, channel string) (int, error) {
	st, err := l.srv.Adapter().Channel(ctx, l.app.ID, channel)
	if err != nil {
		return 0, fmt.Errorf("broadcast: channel %s: %w", channel, err)
	}
	return st.Users, nil
}
