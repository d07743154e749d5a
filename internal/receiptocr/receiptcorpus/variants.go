package receiptcorpus

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"

	"golang.org/x/image/draw"
)

// Variant is a way a fraudster re-submits an earlier receipt: the same
// picture scaled, cropped, recompressed or shown inside another screenshot.
type Variant struct {
	Name string
	// Caught says the fingerprint recognises this variant
	// (docs/benchmarks.md); the others are measured, not promised.
	Caught bool
	Apply  func(image.Image) image.Image
}

// Variants are the re-screenshots the fingerprint must still recognise.
var Variants = []Variant{
	{"scaled to 70 %", true, func(m image.Image) image.Image { return scale(m, 0.7) }},
	{"scaled to 140 %", true, func(m image.Image) image.Image { return scale(m, 1.4) }},
	{"JPEG quality 40", true, func(m image.Image) image.Image { return recompress(m, 40) }},
	{"status bar cropped", true, func(m image.Image) image.Image { return crop(m, 0.03, 0, 0, 0) }},
	{"cropped 8 % top, 30 % bottom, 2 % sides", false, func(m image.Image) image.Image { return crop(m, 0.08, 0.30, 0.02, 0.02) }},
	{"screenshot of the gallery (letterboxed, 80 %, JPEG 70)", false, func(m image.Image) image.Image { return recompress(letterbox(m), 70) }},
}

func scale(m image.Image, f float64) image.Image {
	b := m.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, int(float64(b.Dx())*f), int(float64(b.Dy())*f)))
	draw.CatmullRom.Scale(out, out.Bounds(), m, b, draw.Src, nil)
	return out
}

func recompress(m image.Image, quality int) image.Image {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: quality}); err != nil {
		panic(err)
	}
	out, err := jpeg.Decode(&buf)
	if err != nil {
		panic(err)
	}
	return out
}

// crop cuts the given fractions off each side.
func crop(m image.Image, top, bottom, left, right float64) image.Image {
	b := m.Bounds()
	r := image.Rect(b.Min.X+int(left*float64(b.Dx())), b.Min.Y+int(top*float64(b.Dy())),
		b.Max.X-int(right*float64(b.Dx())), b.Max.Y-int(bottom*float64(b.Dy())))
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Bounds(), m, r.Min, draw.Src)
	return out
}

// letterbox shows the image at 80 % on a black phone screen with a status
// bar of its own, as a gallery app does.
func letterbox(m image.Image) image.Image {
	b := m.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Bounds(), image.NewUniform(color.Black), image.Point{}, draw.Src)
	draw.Draw(out, image.Rect(0, 0, b.Dx(), b.Dy()/30), image.NewUniform(color.Gray{Y: 40}), image.Point{}, draw.Src)
	inner := image.Rect(b.Dx()/10, b.Dy()/10, b.Dx()*9/10, b.Dy()*9/10)
	draw.CatmullRom.Scale(out, inner, m, b, draw.Src, nil)
	return out
}
