package plots

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// sans is set on every text style explicitly rather than through
// plot.DefaultFont, so this package never mutates gonum's globals that
// other packages may read concurrently.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

const (
	titleSize  = 12
	noteSize   = 9
	labelSize  = 11
	tickSize   = 9
	legendSize = 9
)

// newPlot returns a plot with gridbench's fonts. note, when not empty, is
// appended to the title as a second line; it names the data the figure
// was drawn from.
func newPlot(title, note, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.TextStyle.Font = font.From(sans, titleSize)
	p.Title.Text = title
	if note != "" {
		if title != "" {
			p.Title.Text += "\n"
		}
		p.Title.Text += note
	}
	p.Title.Padding = vg.Points(6)
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.Font = font.From(sans, labelSize)
		ax.Tick.Label.Font = font.From(sans, tickSize)
		ax.Tick.Length = vg.Points(4)
		ax.Tick.Marker = niceTicks{}
	}
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Legend.TextStyle.Font = font.From(sans, legendSize)
	p.Legend.Top = true
	p.Legend.ThumbnailWidth = vg.Points(18)
	p.Legend.Padding = vg.Points(2)
	return p
}

// addLegend adds entries to p's legend and reserves room for it outside
// the data, so the legend never hides data: a column right of the data
// when its widest entry is narrow (at most maxLegend), else rows above the
// data (flowLegend), so that long names do not take a quarter of the
// figure's width from the data. gonum draws its legend inside the data
// area; reserving room is done with an invisible glyph box sticking out
// past the right edge, which the layout honours. It must be called after
// every data plotter is added: the room reserved includes how far the
// data's glyphs (markers, error bars' caps) reach past the data area's
// edge, which gonum's layout only pads for the widest glyph box, here the
// legend's own.
func addLegend(p *plot.Plot, names []string, thumbs [][]plot.Thumbnailer) {
	if len(names) == 0 {
		return
	}
	reach := glyphReach(p)
	right := legendColumn(p, names)
	if right > maxLegend {
		p.Add(newFlowLegend(p, names, thumbs, reach.Y))
		return
	}
	for i, n := range names {
		p.Legend.Add(n, thumbs[i]...)
	}
	p.Add(margin{right: right + reach.X})
}

// glyphReach is how far p's glyphs reach right of and above their
// anchors (a marker's radius, half an error bar's cap), plus legendGap
// and the width of a glyph's outline: a glyph anchored on the data
// area's right or top edge reaches that far past it. A glyph anchored
// further in reaches less far out, so this is an upper bound.
func glyphReach(p *plot.Plot) vg.Point {
	var r vg.Point
	for _, b := range p.GlyphBoxes(p) {
		r.X, r.Y = max(r.X, b.Rectangle.Max.X), max(r.Y, b.Rectangle.Max.Y)
	}
	return vg.Point{X: r.X + legendGap, Y: r.Y + legendGap}
}

// legendGap is the least white between the data's ink and the legend's,
// beyond the glyphs' extents: the outline gonum strokes a marker with
// (0.5 pt, half of it outside the radius) and a visible gap.
const legendGap = vg.Length(2.5)

// legendColumn is the width of p's legend as a column right of the data,
// the data's glyphs' reach aside: thumbnail, a space, the widest name
// and a space before the data area's edge (gonum sets the names
// right-aligned a space left of the thumbnails).
func legendColumn(p *plot.Plot, names []string) vg.Length {
	sty := p.Legend.TextStyle
	var widest vg.Length
	for _, n := range names {
		widest = max(widest, sty.Width(n))
	}
	return p.Legend.ThumbnailWidth + 2*sty.Rectangle(" ").Max.X + widest
}

// maxLegend is the widest a legend column right of the data may be: a
// fifth of a 13 cm panel, the narrowest the studies draw.
const maxLegend = 13 * vg.Centimeter / 5

// flowLegend is a legend set in rows above the data area, entries side
// by side, a row wrapped before an entry that would pass the data's right
// edge. The rows reserved are those a data area flowWidth wide needs.
type flowLegend struct {
	names  []string
	thumbs [][]plot.Thumbnailer
	sty    text.Style
	thumbW vg.Length
	rows   int
	above  vg.Length // the data's glyphs' reach above the data area (glyphReach)
}

// flowWidth is the data width the rows are counted for: a 13 cm panel
// less its y axis.
const flowWidth = 13*vg.Centimeter - 50

func newFlowLegend(p *plot.Plot, names []string, thumbs [][]plot.Thumbnailer, above vg.Length) *flowLegend {
	l := &flowLegend{names: names, thumbs: thumbs, sty: p.Legend.TextStyle, thumbW: p.Legend.ThumbnailWidth, above: above}
	l.sty.XAlign, l.sty.YAlign = draw.XLeft, draw.YBottom
	l.rows = len(l.layout(0, flowWidth))
	return l
}

// entryWidth is the room entry i takes: thumbnail, gap, name, gap.
func (l *flowLegend) entryWidth(i int) vg.Length {
	em := l.sty.Rectangle(" ").Max.X
	return l.thumbW + em + l.sty.Width(l.names[i]) + 2*em
}

// layout puts the entries in rows between x0 and x1: each row's entries'
// left edges.
func (l *flowLegend) layout(x0, x1 vg.Length) [][]vg.Length {
	var rows [][]vg.Length
	x := x0
	for i := range l.names {
		w := l.entryWidth(i)
		if len(rows) == 0 || (x+w > x1 && x > x0) {
			rows = append(rows, nil)
			x = x0
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], x)
		x += w
	}
	return rows
}

func (l *flowLegend) rowHeight() vg.Length { return l.sty.Height("Xg") * 1.25 }

// Plot draws the rows above c, the data area, whose top the reserved
// glyph box has pushed down.
func (l *flowLegend) Plot(c draw.Canvas, _ *plot.Plot) {
	rh := l.rowHeight()
	i := 0
	for r, row := range l.layout(c.Min.X, c.Max.X) {
		y := c.Max.Y + l.above + vg.Length(l.rows-r-1)*rh + rh/4
		for _, x := range row {
			tc := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
				Min: vg.Point{X: x, Y: y}, Max: vg.Point{X: x + l.thumbW, Y: y + rh*0.7}}}
			for _, t := range l.thumbs[i] {
				t.Thumbnail(&tc)
			}
			c.FillText(l.sty, vg.Point{X: x + l.thumbW + l.sty.Rectangle(" ").Max.X, Y: y}, l.names[i])
			i++
		}
	}
}

// GlyphBoxes reserves the rows' height above the data area.
func (l *flowLegend) GlyphBoxes(*plot.Plot) []plot.GlyphBox {
	return []plot.GlyphBox{{X: 0.5, Y: 1, Rectangle: vg.Rectangle{Max: vg.Point{Y: l.above + vg.Length(l.rows)*l.rowHeight() + l.rowHeight()/4}}}}
}

// margin is a plotter that draws nothing and only widens the plot's
// right-hand padding.
type margin struct{ right vg.Length }

func (margin) Plot(draw.Canvas, *plot.Plot) {}

func (m margin) GlyphBoxes(*plot.Plot) []plot.GlyphBox {
	return []plot.GlyphBox{{
		X: 1, Y: 0.5,
		Rectangle: vg.Rectangle{Max: vg.Point{X: m.right}},
	}}
}

// checkFinite reports the first non-finite value of vs.
func checkFinite(what string, vs []float64) error {
	for i, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s[%d] is %v", what, i, v)
		}
	}
	return nil
}

// checkLen reports a slice whose length differs from want.
func checkLen(what string, vs []float64, want int) error {
	if len(vs) != want {
		return fmt.Errorf("len(%s)=%d, want %d", what, len(vs), want)
	}
	return nil
}
