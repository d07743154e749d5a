package main

import (
	"context"
	"maps"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/rs/zerolog"

	"topup/api"
	"topup/realtime"
	"topup/realtime/prommetrics"
	"topup/store"
)

// storeMetrics are the store's own series beside the realtime server's:
// HTTP by route pattern, refusals by error code, orders and SMS. Each node
// counts what it served; Prometheus sums the nodes. deploy/prometheus has
// the alert rules and deploy/grafana the dashboard that read them.
type storeMetrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	refusals *prometheus.CounterVec
	orders   *prometheus.CounterVec
	sms      *prometheus.CounterVec
}

func newStoreMetrics() *storeMetrics {
	m := &storeMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "topup_http_requests_total",
			Help: "HTTP requests answered, by method, route pattern and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "topup_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by method and route pattern.",
			Buckets: []float64{.005, .01, .025, .05, .1, .2, .5, 1, 2, 5},
		}, []string{"method", "route"}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "topup_api_errors_total",
			Help: "API answers that refused or failed, by their stable error code.",
		}, []string{"code"}),
		orders: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "topup_orders_total",
			Help: "Orders answered 201, by product kind and result (placed, or replayed for an idempotent retry).",
		}, []string{"kind", "result"}),
		sms: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "topup_sms_total",
			Help: "Texts handed to the SMS provider, by result (sent, failed).",
		}, []string{"result"}),
	}
	// Series that exist from the start read 0 instead of "no data", so a
	// rate or an alert over them works before the first order or text.
	for _, kind := range []string{store.KindCoin, store.KindCode, store.KindAccount} {
		m.orders.WithLabelValues(kind, "placed")
		m.orders.WithLabelValues(kind, "replayed")
	}
	m.sms.WithLabelValues("sent")
	m.sms.WithLabelValues("failed")
	return m
}

// Request implements api.Metrics.
func (m *storeMetrics) Request(o api.RequestObservation) {
	m.requests.WithLabelValues(o.Method, o.Route, strconv.Itoa(o.Status)).Inc()
	m.latency.WithLabelValues(o.Method, o.Route).Observe(o.Duration.Seconds())
	if o.Code != "" {
		m.refusals.WithLabelValues(o.Code).Inc()
	}
}

// OrderPlaced implements api.Metrics.
func (m *storeMetrics) OrderPlaced(kind string, replayed bool) {
	result := "placed"
	if replayed {
		result = "replayed"
	}
	m.orders.WithLabelValues(kind, result).Inc()
}

// countingSMS counts each text handed to next by result.
func (m *storeMetrics) countingSMS(next api.SMSSender) api.SMSSender {
	if next == nil {
		return nil
	}
	return smsCounter{next: next, sent: m.sms}
}

type smsCounter struct {
	next api.SMSSender
	sent *prometheus.CounterVec
}

func (c smsCounter) Send(ctx context.Context, to, text string) error {
	err := c.next.Send(ctx, to, text)
	result := "sent"
	if err != nil {
		result = "failed"
	}
	c.sent.WithLabelValues(result).Inc()
	return err
}

// mountMetrics serves GET /metrics: the realtime server's collector, the Go
// runtime, the store's counters, the database pool, the readiness checks of
// /readyz, and what the database says at scrape time (outbox backlog, SMS
// budget left).
func mountMetrics(srv *api.Server, rt *realtime.Server, db *store.DB, budget store.SMSBudget, ready map[string]func(context.Context) error, m *storeMetrics, log zerolog.Logger, extra ...prometheus.Collector) {
	reg := prommetrics.Registry(rt)
	reg.MustRegister(extra...)
	reg.MustRegister(m.requests, m.latency, m.refusals, m.orders, m.sms,
		collectors.NewDBStatsCollector(db.SQL().DB, "topup"),
		&databaseCollector{db: db, budget: budget, log: log},
		readinessCollector(ready),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "topup_sms_budget_refusals_total",
			Help: "Reset codes refused because the SMS budget (SMS_BUDGET_HOURLY / SMS_BUDGET_DAILY) was spent.",
		}, func() float64 { return float64(srv.SMSBudgetRefusals()) }))
	pw := srv.Passwords()
	reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "topup_password_hashes_total",
		Help: "Password hashes and verifications run (logins, sign-ups, resets).",
	}, func() float64 { return float64(pw.Runs()) }))
	reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "topup_password_hash_refusals_total",
		Help: "Logins, sign-ups and resets refused with 503 hashing_busy because every hashing slot was taken.",
	}, func() float64 { return float64(pw.Refused()) }))
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "topup_password_hashes_in_flight",
		Help: "Password hashes running now (at most one per CPU).",
	}, func() float64 { return float64(pw.InUse()) }))
	srv.App().Get("/metrics", prommetrics.Handler(reg))
}

// databaseCollector reads its figures from PostgreSQL at scrape time, so
// every node reports the cluster's one outbox and one SMS budget.
type databaseCollector struct {
	db     *store.DB
	budget store.SMSBudget
	log    zerolog.Logger
}

var (
	outboxPendingDesc = prometheus.NewDesc("topup_outbox_pending", "Events committed but not yet published.", nil, nil)
	outboxOldestDesc  = prometheus.NewDesc("topup_outbox_oldest_seconds", "Age of the oldest unpublished event (0 when none).", nil, nil)
	smsLeftDesc       = prometheus.NewDesc("topup_sms_budget_remaining", "Texts the shared SMS budget still allows in the current period.", []string{"period"}, nil)
	smsLimitDesc      = prometheus.NewDesc("topup_sms_budget_limit", "The SMS budget of a period (SMS_BUDGET_HOURLY, SMS_BUDGET_DAILY).", []string{"period"}, nil)
	dbUpDesc          = prometheus.NewDesc("topup_database_up", "1 when the scrape's database queries answered, else 0.", nil, nil)
)

func (c *databaseCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{outboxPendingDesc, outboxOldestDesc, smsLeftDesc, smsLimitDesc, dbUpDesc} {
		ch <- d
	}
}

// Collect never blocks a scrape for long: a database that does not answer
// in 2 s is reported as down rather than hanging Prometheus.
func (c *databaseCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for _, p := range []struct {
		name  string
		limit int
	}{{"hour", c.budget.Hourly}, {"day", c.budget.Daily}} {
		ch <- prometheus.MustNewConstMetric(smsLimitDesc, prometheus.GaugeValue, float64(p.limit), p.name)
	}
	backlog, err := c.db.OutboxBacklog(ctx)
	var hour, day int
	if err == nil {
		hour, day, err = c.db.SMSBudgetUsed(ctx, time.Now())
	}
	if err != nil {
		c.log.Warn().Err(err).Msg("metrics: database figures unavailable")
		ch <- prometheus.MustNewConstMetric(dbUpDesc, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(dbUpDesc, prometheus.GaugeValue, 1)
	ch <- prometheus.MustNewConstMetric(outboxPendingDesc, prometheus.GaugeValue, float64(backlog.Pending))
	ch <- prometheus.MustNewConstMetric(outboxOldestDesc, prometheus.GaugeValue, backlog.Oldest.Seconds())
	ch <- prometheus.MustNewConstMetric(smsLeftDesc, prometheus.GaugeValue, float64(max(c.budget.Hourly-hour, 0)), "hour")
	ch <- prometheus.MustNewConstMetric(smsLeftDesc, prometheus.GaugeValue, float64(max(c.budget.Daily-day, 0)), "day")
}

var readyDesc = prometheus.NewDesc("topup_ready", "1 when the readiness check of /readyz passes, by check (database, redis).", []string{"check"}, nil)

// readinessCollector runs /readyz's checks at scrape time, so an alert
// names the dependency a node has lost.
func readinessCollector(checks map[string]func(context.Context) error) prometheus.Collector {
	return collectorFunc{desc: readyDesc, collect: func(ch chan<- prometheus.Metric) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		for name, check := range checks {
			v := 1.0
			if check(ctx) != nil {
				v = 0
			}
			ch <- prometheus.MustNewConstMetric(readyDesc, prometheus.GaugeValue, v, name)
		}
	}}
}

// withChecks is every check of both lists, for topup_ready.
func withChecks(a, b map[string]func(context.Context) error) map[string]func(context.Context) error {
	all := maps.Clone(a)
	maps.Copy(all, b)
	return all
}

// collectorFunc is a collector of one described family.
type collectorFunc struct {
	desc    *prometheus.Desc
	collect func(chan<- prometheus.Metric)
}

func (c collectorFunc) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }
func (c collectorFunc) Collect(ch chan<- prometheus.Metric) { c.collect(ch) }
