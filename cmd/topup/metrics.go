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
	srv.App().Get("/metrics", prommetrics.Handler(reg))
}
