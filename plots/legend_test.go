package plots

import (
	"math"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// inkBoxes is where the actions of a recorded drawing put ink: a box per
// line segment (widened by half the line width), per arc (its circle)
// and per text line (advance width, descent to ascent). Actions inside a
// rotated or translated Push/Pop (the y axis' label) are left out: they
// are at the figure's left edge, far from the legend.
func inkBoxes(acts []recorder.Action) []vg.Rectangle {
	var out []vg.Rectangle
	width := vg.Length(0)
	moved := 0 // depth of Push inside which the canvas was transformed
	depth := 0
	for _, a := range acts {
		switch a := a.(type) {
		case *recorder.Push:
			depth++
		case *recorder.Pop:
			if moved == depth {
				moved = 0
			}
			depth--
		case *recorder.Rotate, *recorder.Translate, *recorder.Scale:
			if moved == 0 {
				moved = depth
			}
		case *recorder.SetLineWidth:
			width = a.Width
		case *recorder.Stroke:
			if moved == 0 {
				out = append(out, pathBoxes(a.Path, width/2)...)
			}
		case *recorder.Fill:
			if moved == 0 {
				out = append(out, pathBoxes(a.Path, 0)...)
			}
		case *recorder.FillString:
			if moved == 0 {
				sty := text.Style{Font: a.Font, Handler: plot.DefaultTextHandler}
				sty.Font.Size = a.Size
				e := sty.FontExtents()
				out = append(out, vg.Rectangle{
					Min: vg.Point{X: a.Point.X, Y: a.Point.Y - e.Descent},
					Max: vg.Point{X: a.Point.X + sty.Width(a.String), Y: a.Point.Y + e.Ascent}})
			}
		}
	}
	return out
}

func pathBoxes(p vg.Path, pad vg.Length) []vg.Rectangle {
	var out []vg.Rectangle
	var at vg.Point
	box := func(a, b vg.Point, r vg.Length) vg.Rectangle {
		return vg.Rectangle{
			Min: vg.Point{X: min(a.X, b.X) - r, Y: min(a.Y, b.Y) - r},
			Max: vg.Point{X: max(a.X, b.X) + r, Y: max(a.Y, b.Y) + r}}
	}
	for _, c := range p {
		switch c.Type {
		case vg.MoveComp:
			at = c.Pos
		case vg.LineComp:
			out = append(out, box(at, c.Pos, pad))
			at = c.Pos
		case vg.ArcComp:
			out = append(out, box(c.Pos, c.Pos, c.Radius+pad))
			at = vg.Point{X: c.Pos.X + c.Radius*vg.Length(math.Cos(c.Start+c.Angle)), Y: c.Pos.Y + c.Radius*vg.Length(math.Sin(c.Start+c.Angle))}
		case vg.CurveComp:
			for _, q := range c.Control {
				out = append(out, box(at, q, pad))
			}
			out = append(out, box(at, c.Pos, pad))
			at = c.Pos
		}
	}
	return out
}

func inkOverlap(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

// TestLegendHidesNoData draws figures shaped like the deadline study's
// Figures 2 and 4 (with their means and
// error bars: the series with the widest name, or another's error bar,
// at the right edge under the legend's entries) and checks, on the ink each action puts on the
// canvas, that nothing the legend draws touches anything drawn before
// it: the data, axes and title. The legend is what Draw draws last, so
// the drawing without its entries is a prefix of the drawing with them.
func TestLegendHidesNoData(t *testing.T) {
	names := []string{"FCFS", "EASY-BF", "Flex-BF", "EG-EDF", "Tabu"}
	x := []float64{1, 2, 3, 4, 5}
	fig2 := [][]float64{ // machine usage (%), as the full run's Figure 2
		{90.5, 90.7, 90.7, 91.0, 92.6},
		{97.3, 97.2, 97.3, 97.5, 97.05},
		{96.4, 97.0, 97.3, 97.4, 97.05},
		{93.7, 94.0, 93.9, 92.7, 89.6},
		{93.8, 94.1, 94.0, 92.8, 89.6},
	}
	half2 := []float64{0.4, 0.25, 0.2, 0.1, 0.5}
	fig4 := [][]float64{ // makespan (s): FCFS's bar at the right edge runs down past EASY-BF's entry
		{18400, 18250, 18420, 18840, 19310},
		{17150, 17270, 17440, 17810, 18710},
		{17380, 17140, 17530, 17660, 18620},
		{15900, 15910, 16070, 16560, 17450},
		{15880, 15850, 16080, 16540, 17500},
	}
	half4 := []float64{400, 540, 450, 430, 450}
	for _, fig := range []struct {
		name string
		ys   [][]float64
		half []float64
	}{{"fig2", fig2, half2}, {"fig4", fig4, half4}} {
		spec := LineSpec{Title: "Figure", Note: "20 repetitions, 95% CI", XLabel: "mean job inter-arrival time (s)", YLabel: "value"}
		for i, n := range names {
			s := Series{Name: n, X: x, Y: fig.ys[i]}
			for j, y := range fig.ys[i] {
				s.Lo, s.Hi = append(s.Lo, y-fig.half[j]), append(s.Hi, y+fig.half[j])
			}
			spec.Series = append(spec.Series, s)
		}
		p, err := Lines(spec)
		if err != nil {
			t.Fatal(err)
		}
		if legendColumn(p, names) > maxLegend {
			t.Fatalf("%s: the legend should be a column right of the data", fig.name)
		}
		w, h := 16*vg.Centimeter, 10*vg.Centimeter
		p.BackgroundColor = nil // a fill under everything, legend included
		var with, without recorder.Canvas
		p.Draw(draw.NewCanvas(&with, w, h))
		bare := *p
		bare.Legend = plot.NewLegend()
		bare.Legend.TextStyle, bare.Legend.ThumbnailWidth, bare.Legend.Top = p.Legend.TextStyle, p.Legend.ThumbnailWidth, p.Legend.Top
		bare.Draw(draw.NewCanvas(&without, w, h))
		n := len(without.Actions)
		if n >= len(with.Actions) {
			t.Fatalf("%s: the legend drew nothing", fig.name)
		}
		drawn, legend := inkBoxes(with.Actions[:n]), inkBoxes(with.Actions[n:])
		// A glyph that touches a letter reads as part of it: the legend
		// keeps a point of white from everything else.
		const clearance = vg.Length(1)
		var worst vg.Length // how far the legend's ink, widened by clearance, reaches into the data's
		for _, l := range legend {
			l.Min.X, l.Min.Y, l.Max.X, l.Max.Y = l.Min.X-clearance, l.Min.Y-clearance, l.Max.X+clearance, l.Max.Y+clearance
			for _, d := range drawn {
				if inkOverlap(l, d) {
					worst = max(worst, d.Max.X-l.Min.X)
				}
			}
		}
		if worst > 0 {
			t.Errorf("%s: the data's ink comes within %.2f pt of the legend's (%v pt of white wanted)", fig.name, clearance-worst, clearance)
		}
	}
}
