package main

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"
)

// A line chart written as SVG by hand, so the soak's plots need no tool
// beyond this binary. The y axis starts at zero: a flat curve looks flat
// at its true scale.

type series struct {
	name, color string
	ys          []float64
}

type plot struct {
	file, title, unit string
	series            []series
	band              *[2]float64 // shaded: ±5 % of the first steady sample
	steadyX           float64     // dashed line where the steady part begins
}

const (
	plotW, plotH                   = 760, 320
	padL, padR, padT, padB         = 72, 20, 44, 44
	innerW, innerH         float64 = plotW - padL - padR, plotH - padT - padB
)

// niceStep is a 1, 2 or 5 times a power of ten step giving about n ticks
// over span.
func niceStep(span float64, n int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

func fmtTick(v float64) string {
	if v == math.Trunc(v) {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

func (p plot) svg(xs []float64) []byte {
	xmax, ymax := 0.0, 0.0
	for _, x := range xs {
		xmax = max(xmax, x)
	}
	for _, s := range p.series {
		for _, y := range s.ys {
			ymax = max(ymax, y)
		}
	}
	if p.band != nil {
		ymax = max(ymax, p.band[1])
	}
	xstep, ystep := niceStep(xmax, 8), niceStep(ymax*1.05, 5)
	// A run of 30 min ends a moment after 30: no extra empty tick for it.
	xmax = math.Max(xstep, math.Ceil(xmax/xstep-0.01)*xstep)
	ymax = math.Max(ystep, math.Ceil(ymax*1.05/ystep)*ystep)
	px := func(x float64) float64 { return padL + x/xmax*innerW }
	py := func(y float64) float64 { return padT + innerH - y/ymax*innerH }

	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", plotW, plotH, plotW, plotH)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", plotW, plotH)
	fmt.Fprintf(&b, `<text x="%d" y="20" font-size="14" font-weight="bold">%s</text>`+"\n", padL, html.EscapeString(p.title))
	if p.band != nil {
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#2ca02c" fill-opacity="0.12"/>`+"\n",
			px(0), py(p.band[1]), innerW, py(p.band[0])-py(p.band[1]))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="11" fill="#2a7a2a" text-anchor="end">±5 %% of the first steady sample</text>`+"\n",
			px(xmax)-4, py(p.band[0])+14)
	}
	for y := 0.0; y <= ymax+ystep/2; y += ystep {
		fmt.Fprintf(&b, `<line x1="%d" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", padL, px(xmax), py(y), py(y))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", padL-6, py(y)+4, fmtTick(y))
	}
	for x := 0.0; x <= xmax+xstep/2; x += xstep {
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%.1f" stroke="#eee"/>`+"\n", px(x), px(x), padT, py(0))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", px(x), py(0)+16, fmtTick(x))
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">minutes</text>`+"\n", padL+innerW/2, plotH-6)
	fmt.Fprintf(&b, `<text transform="translate(16 %.1f) rotate(-90)" text-anchor="middle">%s</text>`+"\n", padT+innerH/2, html.EscapeString(p.unit))
	if p.steadyX > 0 {
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%.1f" stroke="#888" stroke-dasharray="4 3"/>`+"\n", px(p.steadyX), px(p.steadyX), padT, py(0))
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="11" fill="#555">steady</text>`+"\n", px(p.steadyX)+3, padT+12)
	}
	for i, s := range p.series {
		b.WriteString(`<polyline fill="none" stroke-width="1.6" stroke="` + s.color + `" points="`)
		for j, y := range s.ys {
			if j < len(xs) {
				fmt.Fprintf(&b, "%.1f,%.1f ", px(xs[j]), py(y))
			}
		}
		b.WriteString("\"/>\n")
		lx := plotW - padR - 130*(len(p.series)-i)
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="34" y2="34" stroke="%s" stroke-width="3"/><text x="%d" y="38">%s</text>`+"\n",
			lx, lx+18, s.color, lx+22, html.EscapeString(s.name))
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%.1f" fill="none" stroke="#444"/>`+"\n", padL, padT, innerW, innerH)
	b.WriteString("</svg>\n")
	return b.Bytes()
}
