package plots

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// BarSpec describes a grouped bar chart: one group per category, one bar
// per series in each group.
type BarSpec struct {
	Title, XLabel, YLabel string
	// Note is a second, caption-like line under the title.
	Note       string
	Categories []string
	Series     []BarSeries
	// HasRef draws a dashed horizontal line at Ref (e.g. 1.0 for
	// "normalised to MCT"), named RefLabel in the legend when not empty.
	HasRef   bool
	Ref      float64
	RefLabel string
}

// BarSeries is one bar per category: Y[k] is the bar height in category
// k. Lo and Hi are absolute interval bounds (e.g. a 95% CI) drawn as error
// bars; both nil means no bars.
type BarSeries struct {
	Name      string
	Y, Lo, Hi []float64
}

// groupWidth is the share of a category slot covered by its bars; the
// rest separates neighbouring groups.
const groupWidth = 0.8

// rotateAbove is the summed width of category labels, in points, above
// which they are drawn slanted: about the data width of a 6-inch figure,
// past which horizontal labels start to collide.
const rotateAbove = 300

// GroupedBars draws, for each category, one bar per series side by side,
// from 0 to Y, with interval bars from Lo to Hi; when the heights span
// more than LogAbove the axis is logarithmic (BarsLog) and bars grow from
// the power of ten below the smallest. Series i is filled with Color(i). Bar widths are in data units, so the figure can be saved at
// any size. Long category labels are slanted at 35 degrees.
func GroupedBars(spec BarSpec) (*plot.Plot, error) {
	if err := checkBarSpec(spec); err != nil {
		return nil, fmt.Errorf("plots: GroupedBars: %w", err)
	}
	logY := BarsLog(spec)
	if logY {
		// Said under the title: a longer y label makes gonum shrink the
		// data area to fit it.
		spec.Note = strings.TrimPrefix(spec.Note+"; log scale", "; ")
	}
	p := newPlot(spec.Title, spec.Note, spec.XLabel, spec.YLabel)
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	grid.Horizontal.Color = color.Gray{Y: 0xDD}
	p.Add(grid)

	nc, ns := len(spec.Categories), len(spec.Series)
	bw := groupWidth / float64(ns)
	// On a linear axis bars grow from 0; on a log axis, which has no 0,
	// from the power of ten below the smallest value shown.
	base := 0.0
	if logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
		base = math.Pow(10, math.Floor(math.Log10(barsMin(spec))))
	}
	names := make([]string, 0, ns+1)
	thumbs := make([][]plot.Thumbnailer, 0, ns+1)
	for i, s := range spec.Series {
		b := &boxes{
			fill: Color(i),
			line: draw.LineStyle{Color: color.Black, Width: vg.Points(0.4)},
		}
		xys := make(plotter.XYs, nc)
		for k := range nc {
			x := float64(k) - groupWidth/2 + (float64(i)+0.5)*bw
			b.boxes = append(b.boxes, box{x0: x - bw/2, x1: x + bw/2, y0: base, y1: s.Y[k]})
			xys[k].X, xys[k].Y = x, s.Y[k]
		}
		p.Add(b)
		if s.Lo != nil {
			bars, err := plotter.NewYErrorBars(intervals(xys, s.Lo, s.Hi))
			if err != nil {
				return nil, fmt.Errorf("plots: GroupedBars: series %d %q: %w", i, s.Name, err)
			}
			bars.Width = vg.Points(0.8)
			bars.CapWidth = vg.Points(3)
			p.Add(bars)
		}
		names = append(names, s.Name)
		thumbs = append(thumbs, []plot.Thumbnailer{b})
	}
	if spec.HasRef {
		ref := plotter.NewFunction(func(float64) float64 { return spec.Ref })
		ref.Samples = 2
		ref.LineStyle = draw.LineStyle{
			Color:  color.Black,
			Width:  vg.Points(1),
			Dashes: []vg.Length{vg.Points(4), vg.Points(3)},
		}
		p.Add(ref)
		p.Y.Min = math.Min(p.Y.Min, spec.Ref)
		p.Y.Max = math.Max(p.Y.Max, spec.Ref)
		if spec.RefLabel != "" {
			names = append(names, spec.RefLabel)
			thumbs = append(thumbs, []plot.Thumbnailer{ref})
		}
	}

	ticks := make([]plot.Tick, nc)
	var total vg.Length
	for k, c := range spec.Categories {
		ticks[k] = plot.Tick{Value: float64(k), Label: c}
		total += p.X.Tick.Label.Width(c) + vg.Points(6)
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Tick.Length = 0
	p.X.Min, p.X.Max = -0.5, float64(nc)-0.5
	if total > rotateAbove {
		const angle = 35 * math.Pi / 180
		p.X.Tick.Label.Rotation = angle
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YCenter
		// A slanted label ends at its tick and reaches left; gonum pads
		// the left edge only for plotters' glyph boxes, not for x tick
		// labels, so the first labels would be cut off without this.
		var reach leftReach
		for k, c := range spec.Categories {
			reach = append(reach, leftBox{x: float64(k), width: p.X.Tick.Label.Width(c) * vg.Length(math.Cos(angle))})
		}
		p.Add(reach)
	}
	// Bars grow from their base, so it must be on the axis even when
	// every value is far from it.
	p.Y.Min = math.Min(p.Y.Min, base)
	p.Y.Max = math.Max(p.Y.Max, base)
	addLegend(p, names, thumbs)
	return p, nil
}

// LogAbove is the span of bar heights (the largest over the smallest)
// above which GroupedBars draws the value axis in log scale: past it the
// small bars are too flat to compare on a linear axis (FCFS's mean
// bounded slowdown of 1,700 beside backfilling's 20 to 80).
const LogAbove = 20

// BarsLog reports whether GroupedBars draws spec on a log axis: its bars
// span more than LogAbove, and every height, interval bound and reference
// line is above 0 (a log axis has no 0; such bars stay linear).
func BarsLog(spec BarSpec) bool {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range spec.Series {
		for k, y := range s.Y {
			if y <= 0 || (s.Lo != nil && s.Lo[k] <= 0) {
				return false
			}
			lo, hi = math.Min(lo, y), math.Max(hi, y)
		}
	}
	if spec.HasRef && spec.Ref <= 0 {
		return false
	}
	return hi > LogAbove*lo
}

// barsMin is the smallest value a log axis of spec must show: a height,
// an interval's lower bound or the reference line.
func barsMin(spec BarSpec) float64 {
	m := math.Inf(1)
	for _, s := range spec.Series {
		for k, y := range s.Y {
			m = math.Min(m, y)
			if s.Lo != nil {
				m = math.Min(m, s.Lo[k])
			}
		}
	}
	if spec.HasRef {
		m = math.Min(m, spec.Ref)
	}
	return m
}

func checkBarSpec(spec BarSpec) error {
	if err := checkText(spec.Title, spec.XLabel, spec.YLabel, spec.Note, spec.RefLabel); err != nil {
		return err
	}
	if err := checkText(spec.Categories...); err != nil {
		return err
	}
	if len(spec.Categories) == 0 {
		return errors.New("no categories")
	}
	if len(spec.Series) == 0 {
		return errors.New("no series")
	}
	if spec.HasRef {
		if err := checkFinite("Ref", []float64{spec.Ref}); err != nil {
			return err
		}
	}
	n := len(spec.Categories)
	for i, s := range spec.Series {
		// A bar series is a line series whose x is the category index,
		// so it has the same rules.
		ls := Series{Name: s.Name, X: make([]float64, n), Y: s.Y, Lo: s.Lo, Hi: s.Hi}
		if err := checkSeries(ls, false, true); err != nil {
			return fmt.Errorf("series %d %q: %w", i, s.Name, err)
		}
	}
	return nil
}

// leftReach reserves room left of data x positions, for slanted tick
// labels. It draws nothing.
type leftReach []leftBox

type leftBox struct {
	x     float64
	width vg.Length
}

func (leftReach) Plot(draw.Canvas, *plot.Plot) {}

func (r leftReach) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	boxes := make([]plot.GlyphBox, len(r))
	for i, b := range r {
		boxes[i] = plot.GlyphBox{
			X: p.X.Norm(b.x), Y: 0,
			Rectangle: vg.Rectangle{Min: vg.Point{X: -b.width}},
		}
	}
	return boxes
}
