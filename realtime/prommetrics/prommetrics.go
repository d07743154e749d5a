// Package prommetrics exposes the realtime server's counters to Prometheus. The
// realtime package itself stays free of the client library: it keeps plain
// atomic counters (realtime.Server.Stats), and this collector reads them at
// scrape time, so nothing is counted twice and the hot path pays nothing.
package prommetrics

import (
	"strconv"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/adaptor"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"topup/realtime"
)

const ns = "realtime"

// Collector is a prometheus.Collector over a realtime.Server's Stats.
type Collector struct {
	srv *realtime.Server

	connections, connectionsOpened, subscriptions, channels            *prometheus.Desc
	messagesIn, bytesIn, messagesOut, bytesOut, clientEvents           *prometheus.Desc
	slowClosed, pongTimeouts, errorsSent, apiRequests, webhookRequests *prometheus.Desc
	webhookEventsDropped, writersStarted                               *prometheus.Desc
}

// NewCollector describes srv's metrics.
func NewCollector(srv *realtime.Server) *Collector {
	d := func(name, help string, labels ...string) *prometheus.Desc {
		return prometheus.NewDesc(prometheus.BuildFQName(ns, "", name), help, labels, nil)
	}
	return &Collector{
		srv:                  srv,
		connections:          d("connections", "Websocket connections open now."),
		connectionsOpened:    d("connections_opened_total", "Websocket connections accepted since start."),
		subscriptions:        d("subscriptions", "Channel subscriptions (socket and channel pairs) now."),
		channels:             d("channels", "Channels with at least one subscriber on this node now."),
		messagesIn:           d("messages_received_total", "Messages read from clients."),
		bytesIn:              d("received_bytes_total", "Payload bytes of messages read from clients."),
		messagesOut:          d("messages_sent_total", "Event frames queued to clients by fan-out."),
		bytesOut:             d("sent_bytes_total", "Bytes of event frames queued to clients by fan-out."),
		clientEvents:         d("client_events_total", "Client (client-*) events accepted for fan-out."),
		slowClosed:           d("slow_clients_closed_total", "Connections closed because their send queue overflowed."),
		writersStarted:       d("send_queue_writers_total", "Writer goroutines started because a socket did not take a frame at once (its client reads slowly)."),
		pongTimeouts:         d("pong_timeouts_total", "Connections closed for not answering a ping."),
		errorsSent:           d("errors_sent_total", "pusher:error and pusher:subscription_error messages sent."),
		apiRequests:          d("http_api_requests_total", "HTTP API (/apps/...) responses by status code.", "code"),
		webhookRequests:      d("webhook_requests_total", "Webhook requests by result: delivered (2xx), failed (retried), abandoned (gave up).", "result"),
		webhookEventsDropped: d("webhook_events_dropped_total", "Webhook events dropped because the app's queue was full."),
	}
}

// Describe implements prometheus.Collector.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{
		c.connections, c.connectionsOpened, c.subscriptions, c.channels,
		c.messagesIn, c.bytesIn, c.messagesOut, c.bytesOut, c.clientEvents,
		c.slowClosed, c.pongTimeouts, c.errorsSent, c.apiRequests, c.webhookRequests,
		c.webhookEventsDropped, c.writersStarted,
	} {
		ch <- d
	}
}

// Collect implements prometheus.Collector: one Stats snapshot per scrape.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	st := c.srv.Stats()
	gauge := func(d *prometheus.Desc, v int64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, float64(v), labels...)
	}
	counter := func(d *prometheus.Desc, v int64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), labels...)
	}
	gauge(c.connections, st.Connections)
	counter(c.connectionsOpened, st.ConnectionsOpen)
	gauge(c.subscriptions, st.Subscriptions)
	gauge(c.channels, st.Channels)
	counter(c.messagesIn, st.MessagesIn)
	counter(c.bytesIn, st.BytesIn)
	counter(c.messagesOut, st.MessagesOut)
	counter(c.bytesOut, st.BytesOut)
	counter(c.clientEvents, st.ClientEvents)
	counter(c.slowClosed, st.SlowClosed)
	counter(c.writersStarted, st.WritersStarted)
	counter(c.pongTimeouts, st.PongTimeouts)
	counter(c.errorsSent, st.Errors)
	for code, n := range st.APIRequests {
		counter(c.apiRequests, n, strconv.Itoa(code))
	}
	counter(c.webhookRequests, st.Webhooks.Delivered, "delivered")
	counter(c.webhookRequests, st.Webhooks.Failed, "failed")
	counter(c.webhookRequests, st.Webhooks.Abandoned, "abandoned")
	counter(c.webhookEventsDropped, st.Webhooks.Dropped)
}

// Registry returns a registry with srv's collector and the Go runtime and
// process collectors.
func Registry(srv *realtime.Server) *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(
		NewCollector(srv),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return reg
}

// Handler serves reg in the Prometheus exposition format, for GET /metrics.
func Handler(reg prometheus.Gatherer) fiber.Handler {
	// A scrape can cost database queries (the store's collectors): a few at
	// once is plenty for Prometheus, and more are refused with 503 rather
	// than queued against the connection pool. No Timeout: promhttp would
	// wrap the handler in http.TimeoutHandler, whose context watches the
	// fasthttp request context that a server shutdown writes (a data race);
	// the collectors bound their own database waits (2 s each).
	return adaptor.HTTPHandler(promhttp.HandlerFor(reg, promhttp.HandlerOpts{MaxRequestsInFlight: 4}))
}

// Mount registers GET /metrics on r for srv.
func Mount(r fiber.Router, srv *realtime.Server) {
	r.Get("/metrics", Handler(Registry(srv)))
}
