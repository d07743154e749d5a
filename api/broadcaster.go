package api

import "context"

// Broadcaster is what the API needs of the realtime service. cmd/topup
// backs it with the built-in Pusher server, or with pusher-http-go when
// PUSHER_HOST points at another Pusher-compatible service; api never
// imports either.
type Broadcaster interface {
	// Publish sends one event to channels ("private-user.7").
	Publish(ctx context.Context, channels []string, event string, data []byte) error
	// AuthorizeChannel signs a private or presence subscription for
	// socketID, answering the "auth" value pusher-js expects (key:signature).
	// channelData is the presence member JSON, or "" for private channels.
	AuthorizeChannel(socketID, channel, channelData string) (string, error)
	// AuthenticateUser signs a pusher:signin of socketID as userData (the
	// user_data JSON, with the user's "id"), answering "key:signature".
	AuthenticateUser(socketID, userData string) (string, error)
	// TerminateUser closes every socket signed in as userID, on every
	// node (terminate_connections).
	TerminateUser(ctx context.Context, userID string) error
	// ChannelUserCount is the number of distinct users in a presence
	// channel (0 when unoccupied), e.g. admins online in presence-admins.
	ChannelUserCount(ctx context.Context, channel string) (int, error)
}
