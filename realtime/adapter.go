package realtime

import (
	"context"
	"encoding/json"
	"time"
)

// Message is one event on one channel, as it travels between nodes.
type Message struct {
	AppID   string          `json:"app_id"`
	Channel string          `json:"channel"`
	Event   string          `json:"event"`
	Data    json.RawMessage `json:"data"`              // the encoded JSON value of "data" (usually a JSON string)
	UserID  string          `json:"user_id,omitempty"` // presence client events only
	// ExceptSocketID is not delivered to (Laravel's toOthers()).
	ExceptSocketID string `json:"except_socket_id,omitempty"`
	// CachedAt (Unix ms) is when a cache channel's event was published, so
	// any node can tell how long it will still be replayed.
	CachedAt int64 `json:"cached_at,omitempty"`
	// RemoteOnly says this node already delivered the message to its own
	// sockets; the adapter passes it to the other nodes only. Never sent.
	RemoteOnly bool `json:"-"`
}

// Member is one distinct user on a presence channel.
type Member struct {
	ID   string          `json:"id"`
	Info json.RawMessage `json:"info,omitempty"`
}

// ChannelStats is the occupancy of a channel across every node.
type ChannelStats struct {
	Subscriptions int // sockets
	Users         int // distinct presence users
}

// Adapter carries everything that must be shared between nodes: fan-out,
// presence membership, occupancy and the cache-channel store. The server
// calls it from connection goroutines and from Publish; implementations must
// be safe for concurrent use. Node-local bookkeeping (which socket is on which
// channel, how many tabs one user has open here) stays in the Server: the
// adapter only hears about a user's first and last connection on this node.
type Adapter interface {
	// Start hands the adapter this node: Deliver is called for every message
	// published on any node, this one included; TerminateUser for every
	// TerminateUser call on any node. Called once by New.
	Start(n Node) error
	// Publish sends m to every node (this one too). For cache channels it
	// also keeps m as the channel's last event.
	Publish(ctx context.Context, m Message) error

	// Subscribed / Unsubscribed count one socket of this node joining or
	// leaving a channel and return the cluster-wide subscription count after.
	// A negative count means unknown (a networked adapter that cannot reach
	// its store): no occupancy webhook is fired, and the adapter reports the
	// transitions through Node when it has reconciled.
	Subscribed(ctx context.Context, appID, channel string) (int, error)
	Unsubscribed(ctx context.Context, appID, channel string) (int, error)

	// AddMember records a user's first connection on this node to a
	// presence channel; first reports the user's first across the cluster.
	AddMember(ctx context.Context, appID, channel string, m Member) (first bool, err error)
	// RemoveMember records a user's last connection on this node leaving;
	// last reports that no node has the user on the channel any more.
	RemoveMember(ctx context.Context, appID, channel, userID string) (last bool, err error)
	// Members lists the distinct users of a presence channel.
	Members(ctx context.Context, appID, channel string) ([]Member, error)

	// Channel returns the occupancy of one channel; Channels of every
	// occupied channel of the app (for the HTTP API).
	Channel(ctx context.Context, appID, channel string) (ChannelStats, error)
	Channels(ctx context.Context, appID string) (map[string]ChannelStats, error)

	// TerminateUser asks every node to close the connections signed in
	// (pusher:signin) as userID. Nodes keep their own user→socket index,
	// so only the request travels.
	TerminateUser(ctx context.Context, appID, userID string) error

	// LastEvent returns the cached last event of a cache channel.
	LastEvent(ctx context.Context, appID, channel string) (Message, bool, error)

	// Claim reports whether this node is the one, cluster-wide, to do what
	// ("count": announce a channel's subscription count; "cache_miss":
	// send the cache_miss webhook) for channel: the first claim wins and
	// every other claim fails until window has passed.
	Claim(ctx context.Context, appID, channel, what string, window time.Duration) (bool, error)

	// UserOnline records a user's first signed-in connection on this node,
	// UserOffline its last. A user is online while any node has one; each
	// change of that is reported to every node through Node.UserStatus.
	UserOnline(ctx context.Context, appID, userID string) error
	UserOffline(ctx context.Context, appID, userID string) error
	// OnlineUsers returns which of ids are online, each with the version
	// of the change that made it so (comparable with Node.UserStatus's).
	OnlineUsers(ctx context.Context, appID string, ids []string) (map[string]int64, error)

	Close() error
}

// Node is the local half of the cluster-wide operations: what an adapter
// calls on each node.
type Node interface {
	Deliver(m Message)
	TerminateUser(appID, userID string)
	// Reconnect closes with 4200 this node's sockets on the channels that
	// may have missed events (missed says which). Pusher clients reconnect
	// at once and, like the web app, fetch again what the events would
	// have told them: an adapter that lost messages cannot replay them
	// (pub/sub is at most once), but it can say on which channels.
	Reconnect(missed func(appID, channel string) bool)

	// UserStatus tells every node that a user came online or went offline,
	// cluster-wide. version grows with every change of one user's status,
	// so a node that hears two changes out of order keeps the later one.
	UserStatus(appID, userID string, online bool, version int64)

	// The cluster changes a networked adapter makes on behalf of a node
	// that died (its members reaped) or of an outage it recovered from
	// (this node's members and counts resynced): the server announces
	// member_added / member_removed on the channel through the adapter and
	// fires the webhooks. Each is called on exactly one node per change.
	MemberAdded(appID, channel string, m Member)
	MemberRemoved(appID, channel, userID string)
	ChannelOccupied(appID, channel string)
	ChannelVacated(appID, channel string)
}
