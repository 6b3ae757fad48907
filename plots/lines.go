package plots

import (
	"errors"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// LineSpec describes a line figure: one line per series, x numeric.
type LineSpec struct {
	Title, XLabel, YLabel string
	Series                []Series
	// LogY draws the y axis in log scale; every Y (and Lo) must then be > 0.
	LogY bool
	// Note is a second, caption-like line under the title, e.g.
	// "trace: LCG-2005 (AuverGrid not available)".
	Note string
}

// Series is one line. X and Y have the same length. Lo and Hi are the
// absolute lower and upper bounds of the interval drawn as an error bar
// around each Y (e.g. a 95% CI); both nil means no bars.
type Series struct {
	Name         string
	X, Y, Lo, Hi []float64
}

// Lines draws each series as a line with markers and, where Lo and Hi are
// given, vertical interval bars. Series i gets Color(i), Glyph(i) and
// Dashes(i). The legend sits in a right-hand margin, outside the data.
func Lines(spec LineSpec) (*plot.Plot, error) {
	return lines("Lines", spec, true)
}

// Curves draws each series as a plain line, without markers or interval
// bars, for long curves such as autocorrelation by lag or an FFT
// magnitude. Lo and Hi must be nil.
func Curves(spec LineSpec) (*plot.Plot, error) {
	return lines("Curves", spec, false)
}

func lines(fn string, spec LineSpec, marks bool) (*plot.Plot, error) {
	if err := checkLineSpec(spec, marks); err != nil {
		return nil, fmt.Errorf("plots: %s: %w", fn, err)
	}
	p := newPlot(spec.Title, spec.Note, spec.XLabel, spec.YLabel)
	if spec.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	names := make([]string, len(spec.Series))
	thumbs := make([][]plot.Thumbnailer, len(spec.Series))
	for i, s := range spec.Series {
		xys := make(plotter.XYs, len(s.X))
		for j := range xys {
			xys[j].X, xys[j].Y = s.X[j], s.Y[j]
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, fmt.Errorf("plots: %s: series %d %q: %w", fn, i, s.Name, err)
		}
		line.Color = Color(i)
		line.Dashes = Dashes(i)
		line.Width = vg.Points(1.2)
		if !marks {
			line.Width = vg.Points(1)
		}
		p.Add(line)
		names[i], thumbs[i] = s.Name, []plot.Thumbnailer{line}
		if !marks {
			continue
		}
		if s.Lo != nil {
			// Bars go under the markers so a marker is never hidden by
			// a neighbouring series' cap.
			bars, err := plotter.NewYErrorBars(intervals(xys, s.Lo, s.Hi))
			if err != nil {
				return nil, fmt.Errorf("plots: %s: series %d %q: %w", fn, i, s.Name, err)
			}
			bars.Color = Color(i)
			bars.Width = vg.Points(0.8)
			bars.CapWidth = vg.Points(4)
			p.Add(bars)
		}
		pts, err := plotter.NewScatter(xys)
		if err != nil {
			return nil, fmt.Errorf("plots: %s: series %d %q: %w", fn, i, s.Name, err)
		}
		pts.Shape = Glyph(i)
		pts.Color = Color(i)
		pts.Radius = vg.Points(2.5)
		p.Add(pts)
		thumbs[i] = append(thumbs[i], pts)
	}
	addLegend(p, names, thumbs)
	return p, nil
}

// intervals turns absolute bounds into the relative errors YErrorBars
// wants.
func intervals(xys plotter.XYs, lo, hi []float64) interface {
	plotter.XYer
	plotter.YErrorer
} {
	errs := make(plotter.YErrors, len(xys))
	for j := range errs {
		errs[j].Low = xys[j].Y - lo[j]
		errs[j].High = hi[j] - xys[j].Y
	}
	return struct {
		plotter.XYs
		plotter.YErrors
	}{xys, errs}
}

func checkLineSpec(spec LineSpec, marks bool) error {
	if err := checkText(spec.Title, spec.XLabel, spec.YLabel, spec.Note); err != nil {
		return err
	}
	if len(spec.Series) == 0 {
		return errors.New("no series")
	}
	for i, s := range spec.Series {
		if err := checkSeries(s, spec.LogY, marks); err != nil {
			return fmt.Errorf("series %d %q: %w", i, s.Name, err)
		}
	}
	return nil
}

func checkSeries(s Series, logY, marks bool) error {
	if err := checkText(s.Name); err != nil {
		return err
	}
	n := len(s.X)
	if n == 0 {
		return errors.New("no points")
	}
	if err := checkLen("Y", s.Y, n); err != nil {
		return err
	}
	if !marks && (s.Lo != nil || s.Hi != nil) {
		return errors.New("Lo and Hi must be nil: Curves draws no interval bars")
	}
	if (s.Lo == nil) != (s.Hi == nil) {
		return errors.New("Lo and Hi must both be nil or both be set")
	}
	for _, c := range []struct {
		name string
		vs   []float64
	}{{"X", s.X}, {"Y", s.Y}, {"Lo", s.Lo}, {"Hi", s.Hi}} {
		if c.vs == nil && (c.name == "Lo" || c.name == "Hi") {
			continue
		}
		if err := checkLen(c.name, c.vs, n); err != nil {
			return err
		}
		if err := checkFinite(c.name, c.vs); err != nil {
			return err
		}
	}
	for j := range n {
		if s.Lo != nil && !(s.Lo[j] <= s.Y[j] && s.Y[j] <= s.Hi[j]) {
			return fmt.Errorf("point %d: want Lo <= Y <= Hi, got %v, %v, %v", j, s.Lo[j], s.Y[j], s.Hi[j])
		}
		if logY && s.Y[j] <= 0 {
			return fmt.Errorf("Y[%d]=%v is not positive on a log axis", j, s.Y[j])
		}
		if logY && s.Lo != nil && s.Lo[j] <= 0 {
			return fmt.Errorf("Lo[%d]=%v is not positive on a log axis", j, s.Lo[j])
		}
	}
	return nil
}

// checkText rejects non-ASCII labels: gonum's PDF backend garbles them
// (a "±" comes out as mojibake), and a figure that reads differently in
// PDF and PNG is worse than an error.
func checkText(ss ...string) error {
	for _, s := range ss {
		for i, r := range s {
			if r >= 0x80 {
				return fmt.Errorf("label %q: non-ASCII %q at byte %d (the PDF backend cannot draw it)", s, r, i)
			}
		}
	}
	return nil
}
