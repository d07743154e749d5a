package main

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// tally counts what every part of the load saw: requests by kind, failed
// attempts by kind and cause, and the slowest failed attempt (a fault must
// be answered fast, not hang).
type tally struct {
	mu       sync.Mutex
	requests map[string]int64
	failures map[string]int64
	byFault  map[string]map[string]int64 // failed attempts by the fault they came during
	answered map[string][]time.Duration  // how long each answered (2xx) request took, by kind
	loaded   map[string][]time.Duration  // the same, of requests answered while the load ran
	slowest  time.Duration
	phase    *phase
}

func newTally(ph *phase) *tally {
	return &tally{requests: map[string]int64{}, failures: map[string]int64{}, byFault: map[string]map[string]int64{},
		answered: map[string][]time.Duration{}, loaded: map[string][]time.Duration{}, phase: ph}
}

func (t *tally) request(kind string) {
	t.mu.Lock()
	t.requests[kind]++
	t.mu.Unlock()
}

// ok records how long an answered request took, and apart those answered
// while the load ran (not while the clients connected, nor while the
// program settled after it).
func (t *tally) ok(kind string, took time.Duration) {
	during := t.phase.loadRuns()
	t.mu.Lock()
	t.answered[kind] = append(t.answered[kind], took)
	if during {
		t.loaded[kind] = append(t.loaded[kind], took)
	}
	t.mu.Unlock()
}

// latencies returns the spread of answered requests' times by kind.
func (t *tally) latencies() map[string]spread {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make(map[string]spread, len(t.answered))
	for k, v := range t.answered {
		out[k] = spreadOf(v)
	}
	return out
}

// allAPI names the spread of every API request together (every kind but
// the websocket's connect and subscribe).
const allAPI = "all API"

// loadedLatencies returns the spread of times answered while the load
// ran, by kind and of every API request together (allAPI).
func (t *tally) loadedLatencies() map[string]spread {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make(map[string]spread, len(t.loaded)+1)
	var every []time.Duration
	for k, v := range t.loaded {
		out[k] = spreadOf(v)
		if k != "websocket" {
			every = append(every, v...)
		}
	}
	out[allAPI] = spreadOf(every)
	return out
}

// failed records a failed attempt of kind: cause is an HTTP status or the
// kind of network error.
func (t *tally) failed(kind, cause string, took time.Duration) {
	fault := t.phase.get()
	t.mu.Lock()
	t.failures[kind+" "+cause]++
	if t.byFault[fault] == nil {
		t.byFault[fault] = map[string]int64{}
	}
	t.byFault[fault][kind+" "+cause]++
	t.slowest = max(t.slowest, took)
	t.mu.Unlock()
}

func (t *tally) snapshot() (requests, failures map[string]int64, byFault map[string]map[string]int64, total int64, slowest time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, n := range t.requests {
		total += n
	}
	byFault = map[string]map[string]int64{}
	for f, m := range t.byFault {
		byFault[f] = maps(m)
	}
	return maps(t.requests), maps(t.failures), byFault, total, t.slowest
}

func maps(m map[string]int64) map[string]int64 {
	out := make(map[string]int64, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// cause names a failed attempt: its status, or its network error by kind
// rather than by the addresses in it.
func cause(status int, err error) string {
	if err == nil {
		return fmt.Sprint(status)
	}
	s := err.Error()
	for _, k := range []string{"EOF", "connection refused", "connection reset", "Client.Timeout", "timeout", "broken pipe"} {
		if strings.Contains(s, k) {
			return k
		}
	}
	parts := strings.Split(s, ": ")
	return parts[len(parts)-1]
}

// durations collects reconnect times by the fault they followed.
type durations struct {
	mu     sync.Mutex
	byName map[string][]time.Duration
	order  []string
}

func (d *durations) add(name string, v time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.byName == nil {
		d.byName = map[string][]time.Duration{}
	}
	if _, seen := d.byName[name]; !seen {
		d.order = append(d.order, name)
	}
	d.byName[name] = append(d.byName[name], v)
}

// spread is a distribution as the report prints it.
type spread struct {
	Count int    `json:"count"`
	P50   string `json:"p50"`
	P99   string `json:"p99"`
	Max   string `json:"max"`
	p99   time.Duration
}

func spreadOf(v []time.Duration) spread {
	if len(v) == 0 {
		return spread{}
	}
	s := slices.Clone(v)
	slices.Sort(s)
	at := func(q float64) time.Duration {
		i := int(q*float64(len(s))+0.999999) - 1
		return s[min(max(i, 0), len(s)-1)]
	}
	ms := func(d time.Duration) string { return d.Round(time.Millisecond).String() }
	return spread{Count: len(s), P50: ms(at(0.50)), P99: ms(at(0.99)), Max: ms(s[len(s)-1]), p99: at(0.99)}
}

// phaseSpreads returns every fault's reconnect times, in the order the
// faults came, and all of them together.
func (d *durations) phaseSpreads() (phases []phaseSpread, all spread, over func(time.Duration) int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var every []time.Duration
	for _, name := range d.order {
		phases = append(phases, phaseSpread{Fault: name, spread: spreadOf(d.byName[name])})
		every = append(every, d.byName[name]...)
	}
	return phases, spreadOf(every), func(limit time.Duration) int {
		n := 0
		for _, v := range every {
			if v > limit {
				n++
			}
		}
		return n
	}
}

type phaseSpread struct {
	Fault string `json:"fault"`
	spread
}

// phase is the fault the drill is in, set by the script on stdin.
type phase struct{ v atomic.Value }

func (p *phase) set(name string) { p.v.Store(name) }
func (p *phase) get() string {
	if s, ok := p.v.Load().(string); ok {
		return s
	}
	return "start"
}

// afterLoad is the phase once the load stopped.
const afterLoad = "after the load"

// loadRuns is true from the script's first phase until the load stops.
func (p *phase) loadRuns() bool {
	s := p.get()
	return s != "start" && s != afterLoad
}
