package main

import (
	"fmt"
	"slices"
	"time"
)

// loadFigures is what the load was while it ran (docs/reliability.md,
// "Capacity"): the rates asked for and reached, and the latency of the
// requests answered meanwhile.
type loadFigures struct {
	TargetOrdersPerS   float64           `json:"target_orders_per_s"` // 0: buyers back to back
	OrdersPerS         float64           `json:"orders_per_s"`
	Readers            int               `json:"readers"`
	TargetReadsPerS    float64           `json:"target_reader_reads_per_s"` // 0: readers back to back
	ReaderReadsPerS    float64           `json:"reader_reads_per_s"`
	CatalogueReadsPerS float64           `json:"catalogue_reads_per_s"` // the buyers' and the readers'
	ConfirmsPerS       float64           `json:"confirms_per_s"`
	LateStarts         int64             `json:"paced_starts_late"` // more than 50 ms after their slot
	Latency            map[string]spread `json:"latency_by_kind"`
	Capacity           verdict           `json:"capacity"`
	seconds            float64
}

// verdict says whether the load was sustained: every request answered,
// every kind's p99 within the limit, the paced rates reached.
type verdict struct {
	P99Limit string   `json:"p99_limit"`
	Held     bool     `json:"held"`
	Why      []string `json:"why_not,omitempty"`
}

func perSecond(n int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(int64(float64(n)/d.Seconds()*10)) / 10
}

// capacityVerdict judges a point of the curve. Any failed attempt fails
// it, whenever it came (connecting the clients too): "no errors" is the
// bar. A paced rate counts as reached at 95 % (the first and last
// seconds are partial).
func capacityVerdict(limit time.Duration, l loadFigures, failed map[string]int64) verdict {
	v := verdict{P99Limit: limit.String()}
	why := func(format string, args ...any) { v.Why = append(v.Why, fmt.Sprintf(format, args...)) }
	var total int64
	for _, n := range failed {
		total += n
	}
	if total > 0 {
		why("%d failed attempts: %v", total, failed)
	}
	kinds := make([]string, 0, len(l.Latency))
	for k := range l.Latency {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		if sp := l.Latency[k]; sp.Count > 0 && sp.p99 > limit {
			why("%s p99 %s > %s", k, sp.P99, limit)
		}
	}
	if l.TargetOrdersPerS > 0 && l.OrdersPerS < 0.95*l.TargetOrdersPerS {
		why("%.1f orders/s of %.1f asked", l.OrdersPerS, l.TargetOrdersPerS)
	}
	if l.TargetReadsPerS > 0 && l.ReaderReadsPerS < 0.95*l.TargetReadsPerS {
		why("%.1f reader reads/s of %.1f asked", l.ReaderReadsPerS, l.TargetReadsPerS)
	}
	// A slot started late measures the pacing, not the server: more than
	// 1 % of them and the latencies above leave out the waiting.
	paced := l.OrdersPerS + l.ReaderReadsPerS
	if l.LateStarts > 0 && float64(l.LateStarts) > 0.01*paced*l.seconds {
		why("%d paced starts were late (more buyers or readers needed, or the load program is starved)", l.LateStarts)
	}
	v.Held = len(v.Why) == 0
	return v
}
