package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A pacer hands out slots at its rate whoever asks, and counts the slots
// taken late instead of quietly slowing down.
func TestPacer(t *testing.T) {
	if p := newPacer(0); p != nil || !p.wait(context.Background()) || p.lateStarts() != 0 {
		t.Fatal("rate 0 must be back to back")
	}
	p := newPacer(100) // every 10 ms
	t0 := time.Unix(1000, 0)
	for i := range 5 {
		if at := p.slot(t0); !at.Equal(t0.Add(time.Duration(i) * 10 * time.Millisecond)) {
			t.Fatalf("slot %d at %v", i, at.Sub(t0))
		}
	}
	// Asked 200 ms on, the next slot (50 ms) is 150 ms late, and so on
	// as the slots catch up with the clock.
	for range 20 {
		p.slot(t0.Add(200 * time.Millisecond))
	}
	if got := p.lateStarts(); got != 10 { // the slots at 50..140 ms are more than 50 ms late
		t.Fatalf("%d late starts, want 10", got)
	}

	ctx, cancel := context.WithCancel(context.Background())
	slow := newPacer(0.001) // the second slot is 1,000 s away
	if !slow.wait(ctx) {
		t.Fatal("the first slot is now")
	}
	cancel()
	if slow.wait(ctx) {
		t.Fatal("waiting must end with its context")
	}
}

// A point holds only with no failed attempt, every p99 within the limit
// and the paced rates reached.
func TestCapacityVerdict(t *testing.T) {
	ms := func(n int) spread {
		d := time.Duration(n) * time.Millisecond
		return spread{Count: 100, P99: d.String(), p99: d}
	}
	good := loadFigures{TargetOrdersPerS: 100, OrdersPerS: 99, TargetReadsPerS: 200, ReaderReadsPerS: 196, seconds: 30,
		Latency: map[string]spread{"order": ms(40), "catalogue": ms(5), allAPI: ms(40)}}
	if v := capacityVerdict(200*time.Millisecond, good, map[string]int64{}); !v.Held || v.P99Limit != "200ms" {
		t.Fatalf("%+v", v)
	}
	for name, c := range map[string]struct {
		mod    func(l *loadFigures)
		failed map[string]int64
		want   string
	}{
		"failed request": {func(*loadFigures) {}, map[string]int64{"order 503": 1}, "1 failed attempts"},
		"slow kind":      {func(l *loadFigures) { l.Latency = map[string]spread{"refetch": ms(201)} }, nil, "refetch p99 201ms > 200ms"},
		"orders short":   {func(l *loadFigures) { l.OrdersPerS = 90 }, nil, "90.0 orders/s of 100.0 asked"},
		"reads short":    {func(l *loadFigures) { l.ReaderReadsPerS = 150 }, nil, "150.0 reader reads/s of 200.0 asked"},
		"late starts":    {func(l *loadFigures) { l.LateStarts = 100 }, nil, "100 paced starts were late"},
	} {
		l := good
		c.mod(&l)
		v := capacityVerdict(200*time.Millisecond, l, c.failed)
		if v.Held || len(v.Why) != 1 || !strings.HasPrefix(v.Why[0], c.want) {
			t.Errorf("%s: %+v, want one reason starting %q", name, v, c.want)
		}
	}
}
