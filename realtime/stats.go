package realtime

import "sync/atomic"

// Stats is a snapshot of the server's counters and gauges, for metrics.
// Counters only grow; the gauges (Connections, Subscriptions, Channels) are
// this node's current values.
type Stats struct {
	Connections     int64 // open now
	ConnectionsOpen int64 // opened since start
	Subscriptions   int64 // socket-channel subscriptions now
	Channels        int64 // channels with a subscriber on this node now
	MessagesIn      int64 // client messages read
	BytesIn         int64 // their payload bytes
	MessagesOut     int64 // frames queued to clients by fan-out
	BytesOut        int64
	ClientEvents    int64 // client- events accepted for fan-out
	SlowClosed      int64 // closed because the send queue overflowed
	WritersStarted  int64 // writer goroutines started: frames a socket did not take at once
	PongTimeouts    int64
	Errors          int64 // pusher:error and subscription_error sent

	// APIRequests counts HTTP API responses by status code.
	APIRequests map[int]int64
	Webhooks    WebhookStats
}

// WebhookStats counts webhook work. Delivered, Failed and Abandoned count
// requests (one request carries a batch of events); Dropped counts events
// refused because the app's queue was full.
type WebhookStats struct {
	Delivered int64 // 2xx answers
	Failed    int64 // attempts that got an error or a non-2xx answer (retried)
	Abandoned int64 // batches given up after WebhookRetryFor
	Dropped   int64 // events not queued: the queue was full
}

// apiCodes are the statuses the HTTP API answers with; anything else (none
// today) is counted under 0.
var apiCodes = [...]int{200, 400, 401, 403, 404, 413, 500}

type counters struct {
	opened, messagesIn, bytesIn, messagesOut, bytesOut, slowClosed, pongTimeouts, errors atomic.Int64
	subscriptions, channels, clientEvents, writers                                       atomic.Int64
	api                                                                                  [len(apiCodes) + 1]atomic.Int64
	hookOK, hookFailed, hookAbandoned, hookDropped                                       atomic.Int64
}

func (c *counters) countAPI(status int) {
	for i, code := range apiCodes {
		if code == status {
			c.api[i].Add(1)
			return
		}
	}
	c.api[len(apiCodes)].Add(1)
}

// Stats returns the current counters.
func (s *Server) Stats() Stats {
	st := Stats{
		Connections:     s.nconns.Load(),
		ConnectionsOpen: s.stats.opened.Load(),
		Subscriptions:   s.stats.subscriptions.Load(),
		Channels:        s.stats.channels.Load(),
		MessagesIn:      s.stats.messagesIn.Load(),
		BytesIn:         s.stats.bytesIn.Load(),
		MessagesOut:     s.stats.messagesOut.Load(),
		BytesOut:        s.stats.bytesOut.Load(),
		ClientEvents:    s.stats.clientEvents.Load(),
		SlowClosed:      s.stats.slowClosed.Load(),
		WritersStarted:  s.stats.writers.Load(),
		PongTimeouts:    s.stats.pongTimeouts.Load(),
		Errors:          s.stats.errors.Load(),
		APIRequests:     map[int]int64{},
		Webhooks: WebhookStats{
			Delivered: s.stats.hookOK.Load(),
			Failed:    s.stats.hookFailed.Load(),
			Abandoned: s.stats.hookAbandoned.Load(),
			Dropped:   s.stats.hookDropped.Load(),
		},
	}
	for i := range s.stats.api {
		if n := s.stats.api[i].Load(); n > 0 {
			code := 0
			if i < len(apiCodes) {
				code = apiCodes[i]
			}
			st.APIRequests[code] = n
		}
	}
	return st
}
