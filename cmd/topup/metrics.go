package main

import (
	"github.com/prometheus/client_golang/prometheus"

	"topup/api"
	"topup/realtime"
	"topup/realtime/prommetrics"
)

// mountMetrics serves GET /metrics: the realtime server's collector and the
// Go runtime, plus the store's own counters read at scrape time.
func mountMetrics(srv *api.Server, rt *realtime.Server) {
	reg := prommetrics.Registry(rt)
	reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
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
