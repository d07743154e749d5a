package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
	"time"
)

func TestParseTick(t *testing.T) {
	p := soakPayload(42, 100)
	if len(p) != 100 {
		t.Fatalf("payload is %d bytes, want 100", len(p))
	}
	// As the server sends it: the data is a JSON string.
	frame := []byte(`{"event":"tick","channel":"private-soak-1","data":"` + strings.ReplaceAll(string(p), `"`, `\"`) + `"}`)
	for _, tc := range []struct {
		name string
		msg  []byte
		seq  int64
		ok   bool
	}{
		{"tick", frame, 42, true},
		{"other event", bytes.Replace(frame, []byte(`"tick"`), []byte(`"pusher_internal:member_added"`), 1), 0, false},
		{"no sequence", []byte(`{"event":"tick","data":"{\"t\":5}"}`), 0, false},
	} {
		sent, seq, ok := parseTick(tc.msg)
		if ok != tc.ok || seq != tc.seq || (ok && time.Since(time.Unix(0, sent)) > time.Minute) {
			t.Errorf("%s: got %d %d %v", tc.name, sent, seq, ok)
		}
	}
}

func TestSoakVerdict(t *testing.T) {
	run := func(rss, gor []float64, lost int64) soakReport {
		var xs []soakSample
		for i := range rss {
			xs = append(xs, soakSample{Elapsed: float64(10 * (i + 1)), RSSMB: rss[i], Goroutines: int(gor[i])})
		}
		s := &soak{cfg: soakConfig{warmup: 20 * time.Second, sample: 10 * time.Second}}
		s.lost.Store(lost)
		return s.report(xs, 0)
	}
	for _, tc := range []struct {
		name     string
		rss, gor []float64
		lost     int64
		pass     bool
	}{
		// The first sample is warm-up: growth before the steady one is allowed.
		{"flat after warm-up", []float64{50, 100, 103, 104.9}, []float64{9000, 15000, 15100, 15700}, 0, true},
		{"RSS grew 6 %", []float64{100, 100, 103, 106}, []float64{15000, 15000, 15000, 15000}, 0, false},
		{"goroutines fell 6 %", []float64{100, 100, 100, 100}, []float64{15000, 15000, 15000, 14100}, 0, false},
		{"one lost delivery", []float64{100, 100, 100, 100}, []float64{15000, 15000, 15000, 15000}, 1, false},
	} {
		r := run(tc.rss, tc.gor, tc.lost)
		if r.Steady != 1 || r.Pass != tc.pass {
			t.Errorf("%s: steady sample %d, pass %v; want 1, %v\n%s", tc.name, r.Steady, r.Pass, tc.pass, r.verdictText())
		}
	}
}

// The plots are well-formed SVG with one polyline per series.
func TestPlotIsSVG(t *testing.T) {
	p := plot{title: "RSS <&>", unit: "MB", band: &[2]float64{95, 105}, steadyX: 1,
		series: []series{{"a", "#000", []float64{100, 101, 0}}, {"b", "#111", []float64{1, 2, 3}}}}
	out := p.svg([]float64{0.5, 1, 1.5})
	d := xml.NewDecoder(bytes.NewReader(out))
	lines := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v\n%s", err, out)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "polyline" {
			lines++
		}
	}
	if lines != 2 {
		t.Fatalf("%d polylines, want 2", lines)
	}
}

func TestNiceStep(t *testing.T) {
	for _, tc := range []struct{ span, want float64 }{{30, 10}, {100, 20}, {0.7, 0.2}, {15000, 5000}, {0, 1}} {
		if got := niceStep(tc.span, 5); got != tc.want {
			t.Errorf("niceStep(%v) = %v, want %v", tc.span, got, tc.want)
		}
	}
}

// One noisy first steady sample moves the single-sample comparison, not
// the medians of the first and last minute.
func TestSoakMedians(t *testing.T) {
	var xs []soakSample
	for i := range 30 {
		g := 15000
		if i == 11 { // the first steady sample
			g = 16000
		}
		xs = append(xs, soakSample{Elapsed: float64(10 * (i + 1)), RSSMB: 100, Goroutines: g})
	}
	r := soakReport{WarmupS: 120, SampleS: 10, Samples: xs}
	r.judge()
	if r.Steady != 11 {
		t.Fatalf("steady sample %d, want 11", r.Steady)
	}
	if r.GorMedianChange != 0 || r.RSSMedianChange != 0 {
		t.Fatalf("median changes %v %v, want 0", r.GorMedianChange, r.RSSMedianChange)
	}
	if r.GorChange > -0.06 || r.Pass {
		t.Fatalf("single-sample change %v, pass %v: the literal verdict must still see it", r.GorChange, r.Pass)
	}
}
