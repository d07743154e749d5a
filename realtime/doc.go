// Package realtime is a Pusher Channels server, protocol 7: the websocket
// endpoint /app/{key} that pusher-js, laravel-echo and every other Pusher
// client speak, the signed HTTP API /apps/{id}/... that the Pusher server
// SDKs call, and the webhooks Pusher sends. It imports none of the store's
// packages, so it runs alone as `topup pusher`, and it imports no metrics
// library: realtime/prommetrics reads its counters (Server.Stats).
//
// Three roles:
//
//   - Server owns the apps, this node's connections and the channels they
//     are subscribed to. It fans an event out to this node's sockets,
//     encoded once, the same bytes queued on every subscriber.
//   - Adapter carries what several nodes must share: publishing to every
//     node, presence membership, channel occupancy, the cache channels'
//     last events and terminate requests. MemoryAdapter is the single-node
//     one; realtime/redisadapter joins nodes over Redis.
//   - conn is one client socket: a reader goroutine that runs the protocol
//     (each message on a short-lived goroutine, so the reader's stack stays
//     small). A frame is written straight to the socket without blocking
//     when nothing is queued (directwrite_unix.go); what the socket does
//     not take is queued for a writer goroutine that exists only while
//     frames are queued. An idle subscribed socket costs about 6 KB in all.
//
// Where things are:
//
//	doc.go          this overview
//	config.go       Config, App, the apps file and the PUSHER_* variables
//	server.go       Server: New, Publish, delivery to local sockets, Shutdown
//	adapter.go      the Adapter and Node contracts, Message, Member
//	memory.go       MemoryAdapter
//	mount.go        the websocket handshake and admission (app, protocol,
//	                limits)
//	wsread.go       reading client frames, holding no buffer while idle
//	conn.go         one connection's send queue, writer and close
//	frame.go        websocket frames and protocol messages as bytes
//	protocol.go     the client messages: subscribe, unsubscribe, signin,
//	                ping, client events
//	channel.go      channels on this node: join, leave, fan-out lists
//	presence.go     presence channel_data, user_data and member payloads
//	users.go        signed-in users per node: watchlists, terminate_connections
//	subcount.go     subscription counts announced to subscribers, coalesced
//	limits.go       per-address connection cap, per-socket message rate
//	sweep.go        the connection registry and the activity sweeper
//	                (server pings, pong timeouts, stuck closes)
//	auth.go         channel and user authorization signatures
//	signature.go    HTTP API request signatures
//	httpapi*.go     the HTTP API: authentication, publishing, reading
//	webhook.go      webhook queues, delays and delivery
//	timers.go       delayed work that Shutdown cancels and waits for
//	names.go        channel kinds and name rules
//	socketid.go     socket ids
//	stats.go        counters for metrics
//
// docs/benchmarks.md has the measured fan-out latency, throughput and
// memory per connection, with the commands that reproduce them.
package realtime
