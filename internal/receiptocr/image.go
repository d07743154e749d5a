package receiptocr

import (
	"bytes"
	"errors"
	"image"
	_ "image/jpeg" // receipts are JPEG or PNG
	"image/png"

	"golang.org/x/image/draw"
)

// The receipts package refuses larger images; these bounds keep a caller
// that skipped it from decoding a bomb.
const (
	maxSide   = 10000
	maxPixels = 25_000_000
)

// ocrWidth is the width the text is read at: phone screenshots are 720 to
// 1440 pixels wide, and at 1000 their body text is about 30 pixels tall.
// At 1400 Myanmar digits were read more often but the large Latin amount
// of KBZPay and CB Pay receipts less often (docs/benchmarks.md).
const ocrWidth = 1000

var errImage = errors.New("receiptocr: not a readable JPEG or PNG image")

func decode(b []byte) (image.Image, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxSide || cfg.Height > maxSide ||
		cfg.Width*cfg.Height > maxPixels {
		return nil, errImage
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, errImage
	}
	return img, nil
}

// gray converts to 8-bit luminance.
func gray(img image.Image) *image.Gray {
	b := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(g, g.Bounds(), img, b.Min, draw.Src)
	return g
}

// ocrInput is the picture Tesseract reads: scaled to width, then every
// pixel that stands out from its neighbourhood, darker or lighter, becomes
// black ink on white. Receipts mix dark text on light cards with white text
// on coloured bars and dark mode's light text on black; Tesseract reads
// dark-on-light best, and this gives it that everywhere.
func ocrInput(img image.Image, width int) []byte {
	g := gray(img)
	// A small image is enlarged at most twice: more invents nothing.
	if w := min(width, 2*g.Bounds().Dx()); w != g.Bounds().Dx() {
		g = scaleGray(g, w)
	}
	ink(g)
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	_ = enc.Encode(&buf, g) // writing to memory cannot fail
	return buf.Bytes()
}

// scaleGray resizes g to width w, keeping its aspect, by bilinear
// interpolation (x/image/draw's scalers take the slow generic path for
// Gray, ten times slower than this).
func scaleGray(g *image.Gray, w int) *image.Gray {
	sw, sh := g.Bounds().Dx(), g.Bounds().Dy()
	h := max(1, sh*w/sw)
	out := image.NewGray(image.Rect(0, 0, w, h))
	fx, fy := float64(sw)/float64(w), float64(sh)/float64(h)
	for y := range h {
		sy := max(0, (float64(y)+0.5)*fy-0.5)
		y0 := min(int(sy), sh-1)
		y1, wy := min(y0+1, sh-1), sy-float64(y0)
		r0, r1 := g.Pix[y0*g.Stride:], g.Pix[y1*g.Stride:]
		for x := range w {
			sx := max(0, (float64(x)+0.5)*fx-0.5)
			x0 := min(int(sx), sw-1)
			x1, wx := min(x0+1, sw-1), sx-float64(x0)
			top := float64(r0[x0])*(1-wx) + float64(r0[x1])*wx
			bottom := float64(r1[x0])*(1-wx) + float64(r1[x1])*wx
			out.Pix[y*out.Stride+x] = uint8(top*(1-wy) + bottom*wy + 0.5)
		}
	}
	return out
}

// Ink detection: a pixel is ink when it differs from the mean of the
// (2·inkRadius+1)² square around it by more than inkContrast levels, on the
// side away from the local background: darker on a light ground, lighter on
// a dark one. The square is about a line of body text at ocrWidth.
const (
	inkRadius   = 15
	inkContrast = 40
)

// ink binarizes g in place (0 = ink, 255 = paper), in time linear in its
// pixels.
func ink(g *image.Gray) {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	sum := integral(g)
	pol := polarity(g)
	out := make([]uint8, w*h)
	for y := 0; y < h; y++ {
		y0, y1 := max(0, y-inkRadius), min(h, y+inkRadius+1)
		for x := 0; x < w; x++ {
			x0, x1 := max(0, x-inkRadius), min(w, x+inkRadius+1)
			total := sum[y1*(w+1)+x1] - sum[y0*(w+1)+x1] - sum[y1*(w+1)+x0] + sum[y0*(w+1)+x0]
			d := int64(g.Pix[y*g.Stride+x]) - total/int64((y1-y0)*(x1-x0))
			out[y*w+x] = 255
			switch pol[(y/polBlock)*polCols(w)+x/polBlock] {
			case lightGround:
				if d < -inkContrast {
					out[y*w+x] = 0
				}
			case darkGround:
				if d > inkContrast {
					out[y*w+x] = 0
				}
			}
		}
	}
	for y := 0; y < h; y++ {
		copy(g.Pix[y*g.Stride:y*g.Stride+w], out[y*w:(y+1)*w])
	}
}

func integral(g *image.Gray) []int64 {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	sum := make([]int64, (w+1)*(h+1))
	for y := 0; y < h; y++ {
		var row int64
		for x := 0; x < w; x++ {
			row += int64(g.Pix[y*g.Stride+x])
			sum[(y+1)*(w+1)+x+1] = sum[y*(w+1)+x+1] + row
		}
	}
	return sum
}

// The ground's polarity is decided per polBlock-pixel block from the
// blocks within polReach of it: where their mean lies nearer their
// brightest pixel than their darkest, most of the area is light ground
// with dark ink, and the other way round. Too little contrast: no ink.
const (
	polBlock = 16
	polReach = 2
)

const (
	flatGround  = 0
	lightGround = 1
	darkGround  = 2
)

func polCols(w int) int { return (w + polBlock - 1) / polBlock }

func polarity(g *image.Gray) []uint8 {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	cols, rows := polCols(w), (h+polBlock-1)/polBlock
	lo, hi := make([]int, cols*rows), make([]int, cols*rows)
	sum, n := make([]int, cols*rows), make([]int, cols*rows)
	for i := range lo {
		lo[i] = 255
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			b, v := (y/polBlock)*cols+x/polBlock, int(g.Pix[y*g.Stride+x])
			lo[b], hi[b] = min(lo[b], v), max(hi[b], v)
			sum[b] += v
			n[b]++
		}
	}
	pol := make([]uint8, cols*rows)
	for by := 0; by < rows; by++ {
		for bx := 0; bx < cols; bx++ {
			l, u, s, c := 255, 0, 0, 0
			for yy := max(0, by-polReach); yy <= min(rows-1, by+polReach); yy++ {
				for xx := max(0, bx-polReach); xx <= min(cols-1, bx+polReach); xx++ {
					b := yy*cols + xx
					l, u, s, c = min(l, lo[b]), max(u, hi[b]), s+sum[b], c+n[b]
				}
			}
			switch mean := s / c; {
			case u-l < inkContrast:
				pol[by*cols+bx] = flatGround
			case 2*mean >= l+u:
				pol[by*cols+bx] = lightGround
			default:
				pol[by*cols+bx] = darkGround
			}
		}
	}
	return pol
}
