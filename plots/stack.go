package plots

import (
	"errors"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// StackSpec describes step-wise stacked areas over x, e.g. the number of
// jobs pending, queued, running and done over time.
type StackSpec struct {
	Title, XLabel, YLabel string
	// X is sorted ascending; every layer has one Y per X.
	X      []float64
	Layers []Layer
	// Note is a second, caption-like line under the title.
	Note string
}

// Layer is one stacked band. Y[j] >= 0 holds from X[j] until X[j+1]
// (a post-step), because counts of job states change at events and stay
// put between them.
type Layer struct {
	Name string
	Y    []float64
}

// StackedArea draws the layers stacked in order, the first at the bottom,
// each filled with Color(i). The legend lists them top to bottom, as they
// appear. The area ends at the last X, so the last Y of each layer only
// sets the height of the step that ends there and is otherwise unused.
func StackedArea(spec StackSpec) (*plot.Plot, error) {
	if err := checkStackSpec(spec); err != nil {
		return nil, fmt.Errorf("plots: StackedArea: %w", err)
	}
	p := newPlot(spec.Title, spec.Note, spec.XLabel, spec.YLabel)
	n := len(spec.X)
	lower := make([]float64, n)
	upper := make([]float64, n)
	polys := make([]*plotter.Polygon, len(spec.Layers))
	for i, l := range spec.Layers {
		for j := range n {
			upper[j] = lower[j] + l.Y[j]
		}
		pts := make(plotter.XYs, 0, 4*n)
		for j := range n - 1 {
			pts = append(pts,
				plotter.XY{X: spec.X[j], Y: upper[j]},
				plotter.XY{X: spec.X[j+1], Y: upper[j]})
		}
		for j := n - 2; j >= 0; j-- {
			pts = append(pts,
				plotter.XY{X: spec.X[j+1], Y: lower[j]},
				plotter.XY{X: spec.X[j], Y: lower[j]})
		}
		poly, err := plotter.NewPolygon(pts)
		if err != nil {
			return nil, fmt.Errorf("plots: StackedArea: layer %d %q: %w", i, l.Name, err)
		}
		poly.Color = Color(i)
		poly.LineStyle.Width = 0
		p.Add(poly)
		polys[i] = poly
		copy(lower, upper)
	}
	names := make([]string, 0, len(polys))
	thumbs := make([][]plot.Thumbnailer, 0, len(polys))
	for i := len(polys) - 1; i >= 0; i-- {
		names = append(names, spec.Layers[i].Name)
		thumbs = append(thumbs, []plot.Thumbnailer{polys[i]})
	}
	p.Legend.ThumbnailWidth = vg.Points(12)
	p.X.Min, p.X.Max = spec.X[0], spec.X[n-1]
	p.Y.Min = 0
	addLegend(p, names, thumbs)
	return p, nil
}

func checkStackSpec(spec StackSpec) error {
	if err := checkText(spec.Title, spec.XLabel, spec.YLabel, spec.Note); err != nil {
		return err
	}
	n := len(spec.X)
	if n < 2 {
		return fmt.Errorf("%d x values, want at least 2 to draw a step", n)
	}
	if err := checkFinite("X", spec.X); err != nil {
		return err
	}
	for j := 1; j < n; j++ {
		if spec.X[j] < spec.X[j-1] {
			return fmt.Errorf("X[%d]=%v is before X[%d]=%v: X must be sorted", j, spec.X[j], j-1, spec.X[j-1])
		}
	}
	if len(spec.Layers) == 0 {
		return errors.New("no layers")
	}
	for i, l := range spec.Layers {
		if err := checkText(l.Name); err != nil {
			return fmt.Errorf("layer %d: %w", i, err)
		}
		if err := checkLen("Y", l.Y, n); err != nil {
			return fmt.Errorf("layer %d %q: %w", i, l.Name, err)
		}
		if err := checkFinite("Y", l.Y); err != nil {
			return fmt.Errorf("layer %d %q: %w", i, l.Name, err)
		}
		for j, y := range l.Y {
			if y < 0 {
				return fmt.Errorf("layer %d %q: Y[%d]=%v is negative: stacked values must be >= 0", i, l.Name, j, y)
			}
		}
	}
	return nil
}
