package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// soakSample is one row of the soak's record. Counts marked "window" are
// since the previous sample; the others are totals or current values.
type soakSample struct {
	Elapsed       float64 `json:"elapsed_s"`
	RSSMB         float64 `json:"rss_mb"`     // server VmRSS
	Goroutines    int     `json:"goroutines"` // server
	FDs           int     `json:"fds"`        // server's open descriptors
	ServerConns   int64   `json:"server_connections"`
	Held          int     `json:"held"`        // client connections subscribed
	Connects      int64   `json:"connects"`    // window
	Disconnects   int64   `json:"disconnects"` // window
	Published     int64   `json:"published"`   // window
	Delivered     int64   `json:"delivered"`   // window
	P50           float64 `json:"p50_ms"`      // window
	P99           float64 `json:"p99_ms"`      // window
	Lost          int64   `json:"lost"`        // total
	Dropped       int64   `json:"dropped"`     // total: closed by the server or network
	PublishErrors int64   `json:"publish_errors"`
	CPU           float64 `json:"server_cpu_pct"` // window, % of one core
	Load1         float64 `json:"load1"`          // the machine's
}

var soakCSVHeader = []string{"elapsed_s", "rss_mb", "goroutines", "fds", "server_connections", "held", "connects", "disconnects",
	"published", "delivered", "p50_ms", "p99_ms", "lost", "dropped", "publish_errors", "server_cpu_pct", "load1"}

func (x soakSample) csvRow() []string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
	i := func(v int64) string { return strconv.FormatInt(v, 10) }
	return []string{f(x.Elapsed), f(x.RSSMB), i(int64(x.Goroutines)), i(int64(x.FDs)), i(x.ServerConns), i(int64(x.Held)),
		i(x.Connects), i(x.Disconnects), i(x.Published), i(x.Delivered), f(x.P50), f(x.P99), i(x.Lost), i(x.Dropped),
		i(x.PublishErrors), f(x.CPU), f(x.Load1)}
}

// sampleLoop records a sample every cfg.sample until cfg.duration has
// passed since start, printing each.
func (s *soak) sampleLoop(start time.Time) []soakSample {
	var out []soakSample
	tick := time.NewTicker(s.cfg.sample)
	defer tick.Stop()
	var prevConn, prevDisc, prevPub, prevDel int64
	prevCPU, prevAt := s.srv.cpuTicks(), time.Now()
	fmt.Printf("%8s %8s %10s %7s %7s %7s %6s %6s %7s %9s %8s %8s %6s %6s %6s %5s\n", "t_s", "rss_MB", "goroutines", "fds", "srvconn",
		"held", "conn", "disc", "pub", "deliv", "p50_ms", "p99_ms", "lost", "drop", "cpu%", "load")
	for {
		now := <-tick.C
		x := soakSample{Elapsed: now.Sub(start).Seconds(), RSSMB: float64(s.srv.rss()) / (1 << 20), FDs: openFDs(s.srv.cmd.Process.Pid), Held: s.count()}
		var rt struct {
			Goroutines  int   `json:"goroutines"`
			Connections int64 `json:"connections"`
		}
		if err := s.srv.getJSON("/bench/runtime", &rt); err == nil {
			x.Goroutines, x.ServerConns = rt.Goroutines, rt.Connections
		}
		c, d, p, dl := s.connects.Load(), s.disconnects.Load(), s.published.Load(), s.delivered.Load()
		x.Connects, x.Disconnects, x.Published, x.Delivered = c-prevConn, d-prevDisc, p-prevPub, dl-prevDel
		prevConn, prevDisc, prevPub, prevDel = c, d, p, dl
		s.latMu.Lock()
		lat := s.lat
		s.lat = make([]int32, 0, len(lat))
		s.latMu.Unlock()
		x.P50, x.P99 = percentileMS(lat, 50), percentileMS(lat, 99)
		x.Lost, x.Dropped, x.PublishErrors = s.lost.Load(), s.dropped.Load(), s.publishErrors.Load()
		cpu := s.srv.cpuTicks()
		x.CPU = float64(cpu-prevCPU) / now.Sub(prevAt).Seconds() // ticks are 1/100 s
		prevCPU, prevAt = cpu, now
		x.Load1 = load1()
		out = append(out, x)
		fmt.Printf("%8.0f %8.1f %10d %7d %7d %7d %6d %6d %7d %9d %8.2f %8.2f %6d %6d %6.0f %5.1f\n", x.Elapsed, x.RSSMB, x.Goroutines, x.FDs,
			x.ServerConns, x.Held, x.Connects, x.Disconnects, x.Published, x.Delivered, x.P50, x.P99, x.Lost, x.Dropped, x.CPU, x.Load1)
		if now.Sub(start) >= s.cfg.duration {
			return out
		}
	}
}

func percentileMS(lat []int32, p int) float64 {
	if len(lat) == 0 {
		return 0
	}
	slices.Sort(lat)
	return float64(lat[(len(lat)-1)*p/100]) / 1000
}

func openFDs(pid int) int {
	es, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return 0
	}
	return len(es)
}

func load1() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	v, _ := strconv.ParseFloat(strings.Fields(string(b))[0], 64)
	return v
}

// soakReport is samples.json: the run's settings, its totals and the verdict.
type soakReport struct {
	Connections int     `json:"connections"`
	Churn       int     `json:"churn_per_s"`
	Channels    int     `json:"channels"`
	DurationS   float64 `json:"duration_s"`
	WarmupS     float64 `json:"warmup_s"`
	SampleS     float64 `json:"sample_s"`
	Steady      int     `json:"steady_sample"` // index of the first steady sample
	RSSChange   float64 `json:"rss_change"`    // end vs first steady, fraction
	GorChange   float64 `json:"goroutines_change"`
	RSSSpread   float64 `json:"rss_max_deviation"` // largest steady sample vs the first steady one
	GorSpread   float64 `json:"goroutines_max_deviation"`
	// The median of the last minute's samples against the first steady
	// minute's: the same comparison without one moment's noise.
	RSSMedianChange float64      `json:"rss_median_change"`
	GorMedianChange float64      `json:"goroutines_median_change"`
	Connects        int64        `json:"connects"`
	Disconnects     int64        `json:"disconnects"`
	ConnectErrors   int64        `json:"connect_errors"`
	Dropped         int64        `json:"dropped"`
	Published       int64        `json:"published"`
	PublishErrors   int64        `json:"publish_errors"`
	Delivered       int64        `json:"delivered"`
	Lost            int64        `json:"lost"`
	TailLost        int64        `json:"tail_lost"` // of Lost, owed at the end
	LoadMin         float64      `json:"load1_min"`
	LoadMax         float64      `json:"load1_max"`
	LoadMean        float64      `json:"load1_mean"`
	Pass            bool         `json:"pass"`
	Samples         []soakSample `json:"samples"`
}

func (s *soak) report(samples []soakSample, tail int64) soakReport {
	r := soakReport{Connections: s.cfg.conns, Churn: s.cfg.churn, Channels: s.cfg.channels, DurationS: s.cfg.duration.Seconds(),
		WarmupS: s.cfg.warmup.Seconds(), SampleS: s.cfg.sample.Seconds(), Connects: s.connects.Load(), Disconnects: s.disconnects.Load(),
		ConnectErrors: s.connectErrors.Load(), Dropped: s.dropped.Load(), Published: s.published.Load(),
		PublishErrors: s.publishErrors.Load(), Delivered: s.delivered.Load(), Lost: s.lost.Load(), TailLost: tail, Samples: samples}
	r.judge()
	return r
}

// judge derives the comparisons and the verdict from the samples.
func (r *soakReport) judge() {
	samples := r.Samples
	r.Steady = len(samples) - 1
	for i, x := range samples {
		if x.Elapsed >= r.WarmupS {
			r.Steady = i
			break
		}
	}
	r.RSSSpread, r.GorSpread, r.LoadMean = 0, 0, 0
	if len(samples) > 0 {
		first, end := samples[r.Steady], samples[len(samples)-1]
		r.RSSChange = end.RSSMB/first.RSSMB - 1
		r.GorChange = float64(end.Goroutines)/float64(first.Goroutines) - 1
		for _, x := range samples[r.Steady:] {
			r.RSSSpread = max(r.RSSSpread, math.Abs(x.RSSMB/first.RSSMB-1))
			r.GorSpread = max(r.GorSpread, math.Abs(float64(x.Goroutines)/float64(first.Goroutines)-1))
		}
		// Single samples carry the moment's load (goroutines that exist
		// only while a socket has frames queued, messages being handled);
		// the medians of the first steady minute and the last one do not.
		n := max(1, int(60/max(1, r.SampleS)))
		head := samples[r.Steady:min(len(samples), r.Steady+n)]
		tail := samples[max(r.Steady, len(samples)-n):]
		med := func(xs []soakSample, f func(soakSample) float64) float64 {
			v := make([]float64, len(xs))
			for i, x := range xs {
				v[i] = f(x)
			}
			slices.Sort(v)
			return v[len(v)/2]
		}
		rss := func(x soakSample) float64 { return x.RSSMB }
		gor := func(x soakSample) float64 { return float64(x.Goroutines) }
		r.RSSMedianChange = med(tail, rss)/med(head, rss) - 1
		r.GorMedianChange = med(tail, gor)/med(head, gor) - 1
		r.LoadMin = math.Inf(1)
		for _, x := range samples {
			r.LoadMin, r.LoadMax = min(r.LoadMin, x.Load1), max(r.LoadMax, x.Load1)
			r.LoadMean += x.Load1 / float64(len(samples))
		}
	}
	r.Pass = len(samples) > 0 && math.Abs(r.RSSChange) <= 0.05 && math.Abs(r.GorChange) <= 0.05 && r.Lost == 0
}

// replot reads dir/samples.json, judges it again and rewrites the plots,
// so the figures can be redrawn without another run.
func replot(dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, "samples.json"))
	if err != nil {
		return err
	}
	var r soakReport
	if err := json.Unmarshal(b, &r); err != nil {
		return err
	}
	r.judge()
	if err := writeSoak(dir, r); err != nil {
		return err
	}
	fmt.Print(r.verdictText())
	return nil
}

func (r soakReport) verdictText() string {
	ok := func(b bool) string {
		if b {
			return "ok"
		}
		return "FAILED"
	}
	var b strings.Builder
	if len(r.Samples) == 0 {
		return "verdict: FAILED (no samples)\n"
	}
	first, end := r.Samples[r.Steady], r.Samples[len(r.Samples)-1]
	fmt.Fprintf(&b, "first steady sample at %.0f s; end at %.0f s\n", first.Elapsed, end.Elapsed)
	fmt.Fprintf(&b, "RSS        %.1f -> %.1f MB (%+.1f %%, limit ±5 %%): %s\n", first.RSSMB, end.RSSMB, 100*r.RSSChange, ok(math.Abs(r.RSSChange) <= 0.05))
	fmt.Fprintf(&b, "goroutines %d -> %d (%+.1f %%, limit ±5 %%): %s\n", first.Goroutines, end.Goroutines, 100*r.GorChange, ok(math.Abs(r.GorChange) <= 0.05))
	fmt.Fprintf(&b, "median of the last minute vs the first steady minute: RSS %+.1f %%, goroutines %+.1f %%\n", 100*r.RSSMedianChange, 100*r.GorMedianChange)
	fmt.Fprintf(&b, "largest deviation of any steady sample: RSS %.1f %%, goroutines %.1f %%\n", 100*r.RSSSpread, 100*r.GorSpread)
	fmt.Fprintf(&b, "deliveries %d, lost %d (of which owed at the end %d): %s\n", r.Delivered, r.Lost, r.TailLost, ok(r.Lost == 0))
	fmt.Fprintf(&b, "connects %d, disconnects %d, connect errors %d, closed by the server %d; published %d, publish errors %d\n",
		r.Connects, r.Disconnects, r.ConnectErrors, r.Dropped, r.Published, r.PublishErrors)
	fmt.Fprintf(&b, "load average (1 min) %.1f–%.1f, mean %.1f\n", r.LoadMin, r.LoadMax, r.LoadMean)
	if r.Pass {
		b.WriteString("verdict: PASS\n")
	} else {
		b.WriteString("verdict: FAILED\n")
	}
	return b.String()
}

// writeSoak writes samples.csv, samples.json and the plots into dir.
func writeSoak(dir string, r soakReport) error {
	f, err := os.Create(filepath.Join(dir, "samples.csv"))
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	_ = w.Write(soakCSVHeader)
	for _, x := range r.Samples {
		_ = w.Write(x.csvRow())
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "samples.json"), js, 0o644); err != nil {
		return err
	}
	return writeSoakPlots(dir, r)
}

func writeSoakPlots(dir string, r soakReport) error {
	xs := make([]float64, len(r.Samples))
	col := func(f func(soakSample) float64) []float64 {
		ys := make([]float64, len(r.Samples))
		for i, x := range r.Samples {
			ys[i] = f(x)
		}
		return ys
	}
	for i, x := range r.Samples {
		xs[i] = x.Elapsed / 60
	}
	var steadyX float64
	if len(r.Samples) > 0 {
		steadyX = xs[r.Steady]
	}
	band := func(ys []float64) *[2]float64 {
		if len(ys) == 0 {
			return nil
		}
		v := ys[r.Steady]
		return &[2]float64{0.95 * v, 1.05 * v}
	}
	rss := col(func(x soakSample) float64 { return x.RSSMB })
	gor := col(func(x soakSample) float64 { return float64(x.Goroutines) })
	plots := []plot{
		{file: "rss.svg", title: "Server resident memory (VmRSS)", unit: "MB", band: band(rss), steadyX: steadyX,
			series: []series{{"RSS", "#1f77b4", rss}}},
		{file: "goroutines.svg", title: "Server goroutines", unit: "goroutines", band: band(gor), steadyX: steadyX,
			series: []series{{"goroutines", "#2ca02c", gor}}},
		{file: "fds.svg", title: "Server open file descriptors and client connections held", unit: "count", steadyX: steadyX,
			series: []series{
				{"open fds", "#9467bd", col(func(x soakSample) float64 { return float64(x.FDs) })},
				{"connections held", "#8c564b", col(func(x soakSample) float64 { return float64(x.Held) })},
			}},
		{file: "latency.svg", title: "Publish (HTTP API) to delivery latency, per sampling window", unit: "ms", steadyX: steadyX,
			series: []series{
				{"p50", "#1f77b4", col(func(x soakSample) float64 { return x.P50 })},
				{"p99", "#d62728", col(func(x soakSample) float64 { return x.P99 })},
			}},
		{file: "churn.svg", title: "Churn: connections opened and closed per second", unit: "per second", steadyX: steadyX,
			series: []series{
				{"connects/s", "#2ca02c", col(func(x soakSample) float64 { return float64(x.Connects) / r.SampleS })},
				{"disconnects/s", "#ff7f0e", col(func(x soakSample) float64 { return float64(x.Disconnects) / r.SampleS })},
			}},
		{file: "load.svg", title: "The machine's load average (1 min; 2 cores shared) and server CPU (cores)", unit: "load / cores", steadyX: steadyX,
			series: []series{
				{"load average", "#7f7f7f", col(func(x soakSample) float64 { return x.Load1 })},
				{"server CPU", "#d62728", col(func(x soakSample) float64 { return x.CPU / 100 })},
			}},
		{file: "deliveries.svg", title: "Events delivered to clients per second", unit: "per second", steadyX: steadyX,
			series: []series{{"deliveries/s", "#1f77b4", col(func(x soakSample) float64 { return float64(x.Delivered) / r.SampleS })}}},
	}
	for _, p := range plots {
		if err := os.WriteFile(filepath.Join(dir, p.file), p.svg(xs), 0o644); err != nil {
			return err
		}
	}
	return nil
}
