package plots

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// okabeIto is the Okabe-Ito colour-blind-safe palette, with each colour
// that reads poorly on white darkened along its own hue until its contrast
// ratio against white (WCAG 2) is at least 3:1, the least for graphics:
// orange (2.2:1) and sky blue (2.3:1) failed, and yellow (1.3:1, nearly
// invisible as a thin line) is replaced. Ordered so the first colours have the most
// contrast, and black last so it does not look like an axis.
var okabeIto = []color.RGBA{
	{R: 0x00, G: 0x72, B: 0xB2, A: 0xFF}, // blue, 5.2:1
	{R: 0xAD, G: 0x7A, B: 0x00, A: 0xFF}, // orange darkened, 3.8:1 (was E69F00)
	{R: 0x00, G: 0x9E, B: 0x73, A: 0xFF}, // bluish green, 3.4:1
	{R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF}, // vermillion, 3.9:1
	{R: 0xC6, G: 0x5F, B: 0x9B, A: 0xFF}, // reddish purple darkened, 3.8:1 (was CC79A7, 3.06:1)
	{R: 0x3A, G: 0x8F, B: 0xC8, A: 0xFF}, // sky blue darkened, 3.5:1 (was 56B4E9)
	{R: 0x88, G: 0x22, B: 0x55, A: 0xFF}, // wine (Paul Tol's muted scheme), 8.7:1, for yellow (F0E442): darkened enough, yellow turns olive, beside the darkened orange
	{R: 0x00, G: 0x00, B: 0x00, A: 0xFF}, // black, 21:1
}

// MinContrast is the least contrast ratio against white of every colour
// Color gives: WCAG 2's 3:1 for graphical objects.
const MinContrast = 3.0

// ContrastOnWhite is c's contrast ratio against white, (1+0.05)/(L+0.05)
// with L c's relative luminance (WCAG 2).
func ContrastOnWhite(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v>>8) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	l := 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
	return 1.05 / (l + 0.05)
}

// glyphs has 7 shapes against 8 colours so that (colour, shape) pairs stay
// distinct for the first 56 series and a series stays identifiable in a
// grey-scale print.
var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{},
	draw.SquareGlyph{},
	draw.TriangleGlyph{},
	draw.PyramidGlyph{},
	draw.RingGlyph{},
	draw.BoxGlyph{},
	draw.CrossGlyph{},
}

// dashes are cycled once every colour has been used, so series 8..15 do
// not look like series 0..7.
var dashes = [][]vg.Length{
	nil,
	{vg.Points(5), vg.Points(2)},
	{vg.Points(1), vg.Points(2)},
}

// NumColors is the number of distinct colours Color cycles through.
const NumColors = 8

// Color returns the colour of series i (Okabe-Ito, cycling every NumColors).
// Negative i is treated as its absolute value.
func Color(i int) color.Color {
	return okabeIto[cycle(i, len(okabeIto))]
}

// Glyph returns the marker shape of series i.
func Glyph(i int) draw.GlyphDrawer {
	return glyphs[cycle(i, len(glyphs))]
}

// Dashes returns the line dash pattern of series i: solid for the first
// NumColors series, then dashed, then dotted.
func Dashes(i int) []vg.Length {
	return dashes[cycle(i/NumColors, len(dashes))]
}

// tint mixes c with white; f=0 gives c, f=1 gives white. Filled areas use
// tints so black text on them stays readable.
func tint(c color.Color, f float64) color.Color {
	r, g, b, _ := c.RGBA()
	mix := func(v uint32) uint8 {
		x := float64(v>>8)*(1-f) + 255*f
		return uint8(x + 0.5)
	}
	return color.RGBA{R: mix(r), G: mix(g), B: mix(b), A: 0xFF}
}

func cycle(i, n int) int {
	i %= n
	if i < 0 {
		i = -i
	}
	return i
}
