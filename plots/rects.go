package plots

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// box is an axis-aligned rectangle in data coordinates.
type box struct {
	x0, x1, y0, y1 float64
	label          string
}

// boxes draws rectangles whose extents are in data units on both axes.
// gonum's BarChart takes its width in points, which makes grouped bars
// depend on the output size; boxes scale with the axes instead.
type boxes struct {
	boxes []box
	fill  color.Color
	line  draw.LineStyle
	// hatch, when its Width is > 0, draws diagonal lines over the fill.
	hatch draw.LineStyle
	// labelSize is the largest font size of box labels; a label is shrunk
	// to fit its box down to minLabelSize, and left out below that.
	labelSize vg.Length
}

const minLabelSize = 5

// hatchGap is the distance between hatch lines, in points.
const hatchGap = 4

func (b *boxes) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, r := range b.boxes {
		x0, x1 := trX(r.x0), trX(r.x1)
		y0, y1 := trY(r.y0), trY(r.y1)
		if x0 > x1 {
			x0, x1 = x1, x0
		}
		if y0 > y1 {
			y0, y1 = y1, y0
		}
		pts := []vg.Point{{X: x0, Y: y0}, {X: x0, Y: y1}, {X: x1, Y: y1}, {X: x1, Y: y0}}
		if b.fill != nil {
			c.FillPolygon(b.fill, c.ClipPolygonXY(pts))
		}
		if b.hatch.Width > 0 {
			c.StrokeLines(b.hatch, c.ClipLinesXY(hatchLines(x0, x1, y0, y1)...)...)
		}
		if b.line.Width > 0 {
			c.StrokeLines(b.line, c.ClipLinesXY(append(pts, pts[0]))...)
		}
		if r.label != "" && b.labelSize > 0 {
			b.drawLabel(c, r.label, x1-x0, y1-y0, vg.Point{X: (x0 + x1) / 2, Y: (y0 + y1) / 2})
		}
	}
}

func (b *boxes) drawLabel(c draw.Canvas, label string, w, h vg.Length, at vg.Point) {
	if !c.Contains(at) {
		return
	}
	sty := text.Style{
		Color:   color.Black,
		XAlign:  draw.XCenter,
		YAlign:  draw.YCenter,
		Handler: plot.DefaultTextHandler,
	}
	const pad = 1.5
	for size := b.labelSize; size >= minLabelSize; size-- {
		sty.Font = font.From(sans, size)
		r := sty.Rectangle(label)
		if r.Size().X+2*pad <= w && r.Size().Y <= h {
			c.FillText(sty, at, label)
			return
		}
	}
}

// hatchLines returns 45-degree segments covering the rectangle. Lines sit
// on a fixed grid (x - y a multiple of hatchGap) so neighbouring boxes'
// hatching lines up.
func hatchLines(x0, x1, y0, y1 vg.Length) [][]vg.Point {
	var out [][]vg.Point
	k0 := math.Ceil(float64(x0-y1) / hatchGap)
	k1 := math.Floor(float64(x1-y0) / hatchGap)
	for k := k0; k <= k1; k++ {
		d := vg.Length(k * hatchGap) // line: x = y + d
		lo := max(y0, x0-d)
		hi := min(y1, x1-d)
		if hi <= lo {
			continue
		}
		out = append(out, []vg.Point{{X: lo + d, Y: lo}, {X: hi + d, Y: hi}})
	}
	return out
}

func (b *boxes) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for _, r := range b.boxes {
		xmin = min(xmin, r.x0, r.x1)
		xmax = max(xmax, r.x0, r.x1)
		ymin = min(ymin, r.y0, r.y1)
		ymax = max(ymax, r.y0, r.y1)
	}
	return xmin, xmax, ymin, ymax
}

func (b *boxes) Thumbnail(c *draw.Canvas) {
	r := c.Rectangle
	pts := []vg.Point{r.Min, {X: r.Min.X, Y: r.Max.Y}, r.Max, {X: r.Max.X, Y: r.Min.Y}}
	if b.fill != nil {
		c.FillPolygon(b.fill, pts)
	}
	if b.hatch.Width > 0 {
		c.StrokeLines(b.hatch, c.ClipLinesXY(hatchLines(r.Min.X, r.Max.X, r.Min.Y, r.Max.Y)...)...)
	}
	if b.line.Width > 0 {
		c.StrokeLines(b.line, append(pts, pts[0]))
	}
}
