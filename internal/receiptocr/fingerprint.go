package receiptocr

import (
	"encoding/binary"
	"errors"
	"image"
	"math/bits"
)

// Fingerprint is a perceptual hash of a receipt: a grid of cells over the
// receipt's content (the uniform margins trimmed away, so letterboxing and
// the empty screen below a receipt do not count), each cell compared with
// its right and lower neighbour. A comparison sets one of two bits when the
// cells differ by more than fpMargin (darker, lighter), none when they are
// alike, so the wide flat areas of a receipt stay zero under resampling
// noise instead of flipping at random as a plain dHash does.
//
// The grid's cells are square with fpCols across the content, so the grid
// is as tall as the receipt (up to fpMaxRows): scaling the image does not
// change it, and a crop at the top or bottom removes rows, which Distance
// absorbs by trying the alignments a crop can cause.
type Fingerprint struct {
	Rows int
	Bits []uint64 // fpWords per row
}

const (
	fpCols    = 32
	fpMaxRows = 96
	fpMargin  = 6 // luminance levels between cell means
	// fpWords holds a row: 31 horizontal and 32 vertical comparisons,
	// two bits each.
	fpWords = 2
	// fpTrimTolerance: an edge row or column whose pixels all lie this
	// close to the edge's colour is margin.
	fpTrimTolerance = 10
)

// FingerprintOf hashes an image.
func FingerprintOf(img image.Image) Fingerprint {
	g := gray(img)
	r := trim(g)
	if r.Dx() < fpCols || r.Dy() < fpCols {
		return Fingerprint{}
	}
	cell := float64(r.Dx()) / fpCols
	rows := min(fpMaxRows, int(float64(r.Dy())/cell))
	if rows < 2 {
		return Fingerprint{}
	}
	sum := integral(g)
	w := g.Bounds().Dx()
	means := make([][fpCols]int64, rows)
	for y := range rows {
		y0, y1 := r.Min.Y+int(float64(y)*cell), r.Min.Y+int(float64(y+1)*cell)
		for x := range fpCols {
			x0, x1 := r.Min.X+int(float64(x)*cell), r.Min.X+int(float64(x+1)*cell)
			total := sum[y1*(w+1)+x1] - sum[y0*(w+1)+x1] - sum[y1*(w+1)+x0] + sum[y0*(w+1)+x0]
			means[y][x] = total / int64(max(1, (y1-y0)*(x1-x0)))
		}
	}
	fp := Fingerprint{Rows: rows - 1, Bits: make([]uint64, (rows-1)*fpWords)}
	for y := range rows - 1 {
		row := fp.Bits[y*fpWords : (y+1)*fpWords]
		for x := range fpCols {
			if x+1 < fpCols {
				setPair(row, x, compare(means[y][x], means[y][x+1]))
			}
			setPair(row, fpCols+x, compare(means[y][x], means[y+1][x]))
		}
	}
	return fp
}

// setPair stores comparison i (two bits) of a row.
func setPair(row []uint64, i int, v uint64) {
	row[(2*i)/64] |= v << ((2 * i) % 64)
}

// compare is 01 when a is clearly lighter than b, 10 when clearly darker,
// 00 when they are alike.
func compare(a, b int64) uint64 {
	switch {
	case a > b+fpMargin:
		return 1
	case b > a+fpMargin:
		return 2
	}
	return 0
}

// trim finds the content: it peels off edge rows and columns that are
// uniform in the colour of that edge (a letterbox, the screen's empty
// background below a receipt).
func trim(g *image.Gray) image.Rectangle {
	r := image.Rect(0, 0, g.Bounds().Dx(), g.Bounds().Dy())
	uniform := func(x0, y0, x1, y1 int) bool {
		ref := int(g.Pix[y0*g.Stride+x0])
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if d := int(g.Pix[y*g.Stride+x]) - ref; d > fpTrimTolerance || d < -fpTrimTolerance {
					return false
				}
			}
		}
		return true
	}
	for r.Dy() > 1 && uniform(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1) {
		r.Min.Y++
	}
	for r.Dy() > 1 && uniform(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y) {
		r.Max.Y--
	}
	for r.Dx() > 1 && uniform(r.Min.X, r.Min.Y, r.Min.X+1, r.Max.Y) {
		r.Min.X++
	}
	for r.Dx() > 1 && uniform(r.Max.X-1, r.Min.Y, r.Max.X, r.Max.Y) {
		r.Max.X--
	}
	return r
}

// fpMaxShift is how many rows a crop may move the content by (a cut
// status bar is one row, a cut app bar about four).
const fpMaxShift = 6

// Distance compares two fingerprints: the share of their set bits that
// differ (Hamming distance over the bits either has set), at the best of
// the row alignments a crop can cause, over the rows both have. 0 is the
// same picture, values near 1 are unrelated ones; 1 when either is empty.
func Distance(a, b Fingerprint) float64 {
	best := 1.0
	for shift := -fpMaxShift; shift <= fpMaxShift; shift++ {
		var diff, union int
		for y := max(0, -shift); y < a.Rows && y+shift < b.Rows; y++ {
			if y+shift < 0 {
				continue
			}
			for k := range fpWords {
				x, z := a.Bits[y*fpWords+k], b.Bits[(y+shift)*fpWords+k]
				diff += bits.OnesCount64(x ^ z)
				union += bits.OnesCount64(x | z)
			}
		}
		overlap := min(a.Rows, b.Rows-shift) - max(0, -shift)
		if union == 0 || overlap < min(a.Rows, b.Rows)/2 {
			continue
		}
		best = min(best, float64(diff)/float64(union))
	}
	return best
}

// MarshalBinary encodes the fingerprint for storage: a version byte, the
// row count, then the rows' words, little-endian.
func (f Fingerprint) MarshalBinary() ([]byte, error) {
	b := make([]byte, 3, 3+8*len(f.Bits))
	b[0] = fpVersion
	binary.LittleEndian.PutUint16(b[1:], uint16(f.Rows))
	for _, w := range f.Bits {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote.
func (f *Fingerprint) UnmarshalBinary(b []byte) error {
	if len(b) < 3 || b[0] != fpVersion {
		return errFingerprint
	}
	rows := int(binary.LittleEndian.Uint16(b[1:]))
	if len(b) != 3+8*rows*fpWords {
		return errFingerprint
	}
	f.Rows, f.Bits = rows, make([]uint64, rows*fpWords)
	for i := range f.Bits {
		f.Bits[i] = binary.LittleEndian.Uint64(b[3+8*i:])
	}
	return nil
}

const fpVersion = 1

var errFingerprint = errors.New("receiptocr: not a fingerprint of this version")

// NearDuplicate is the default Distance at or below which two receipts are
// the same picture (docs/benchmarks.md has the measurements behind it).
const NearDuplicate = 0.25
