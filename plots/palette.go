package plots

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// okabeIto is the Okabe-Ito colour-blind-safe palette, reordered so the
// first colours have the most contrast on white: yellow is weak for thin
// lines, so it comes late, and black last so it does not look like an axis.
var okabeIto = []color.RGBA{
	{R: 0x00, G: 0x72, B: 0xB2, A: 0xFF}, // blue
	{R: 0xE6, G: 0x9F, B: 0x00, A: 0xFF}, // orange
	{R: 0x00, G: 0x9E, B: 0x73, A: 0xFF}, // bluish green
	{R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF}, // vermillion
	{R: 0xCC, G: 0x79, B: 0xA7, A: 0xFF}, // reddish purple
	{R: 0x56, G: 0xB4, B: 0xE9, A: 0xFF}, // sky blue
	{R: 0xF0, G: 0xE4, B: 0x42, A: 0xFF}, // yellow
	{R: 0x00, G: 0x00, B: 0x00, A: 0xFF}, // black
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
