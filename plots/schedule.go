package plots

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// CPUGanttSpec describes a schedule on numbered CPUs: time on x, CPU ids
// on y (0 at the bottom), one rectangle per job and run of CPU ids.
type CPUGanttSpec struct {
	Title, Note string
	// CPUs is the number of CPU ids drawn, 0..CPUs-1; 0 means one past the
	// highest id a job holds.
	CPUs int
	Jobs []CPUJob
	// Groups names the colour groups (Group indexes it) for the legend;
	// nil draws no legend.
	Groups []string
	// MaxRects is the number of rectangles drawn one by one; above it, or
	// when the CPUs are more than the figure's rows, the schedule is drawn
	// aggregated on a grid of Cols x Rows cells (see CPUGanttCells).
	// Zero means 5000.
	MaxRects int
	// Cols and Rows are the aggregation grid; zero means 1000 columns
	// and min(CPUs, 500) rows.
	Cols, Rows int
}

// CPUJob is one job: it held the CPU ids of each run [lo, hi] from Start
// to End. Group picks its colour (Color(Group)).
type CPUJob struct {
	Start, End float64
	CPUs       [][2]int
	Group      int
}

// CPUGanttCells is an aggregated schedule: Cover[g][r*Cols+c] is the share
// of cell (c, r) that jobs of colour group g (Group mod NumColors) cover,
// cell c spanning time [T0 + c·(T1-T0)/Cols, …) and row r the CPU ids
// [r·CPUs/Rows, (r+1)·CPUs/Rows). A cell is drawn in the colour of the
// group that covers most of it, tinted towards white by the share left
// idle, so a busy region reads dark and an idle one white whatever the
// size of the jobs in it.
type CPUGanttCells struct {
	T0, T1     float64
	CPUs       int
	Cols, Rows int
	Cover      [NumColors][]float32
}

// CPUGanttLayout returns what CPUGantt draws: the rectangles (x0, x1 in
// time, y0, y1 in CPU ids, one per job and run of ids, by group) when
// there are at most MaxRects and every CPU gets a row, else the cells.
func CPUGanttLayout(spec CPUGanttSpec) (rects [NumColors][]Rect, cells *CPUGanttCells, err error) {
	return cpuGanttLayout(&spec)
}

// cpuGanttLayout is CPUGanttLayout that fills spec's defaults in place.
func cpuGanttLayout(spec *CPUGanttSpec) (rects [NumColors][]Rect, cells *CPUGanttCells, err error) {
	if err := checkCPUGantt(spec); err != nil {
		return rects, nil, fmt.Errorf("plots: CPUGantt: %w", err)
	}
	n := 0
	t0, t1 := math.Inf(1), math.Inf(-1)
	for _, j := range spec.Jobs {
		n += len(j.CPUs)
		t0, t1 = math.Min(t0, j.Start), math.Max(t1, j.End)
	}
	if t1 <= t0 {
		t1 = t0 + 1
	}
	if n <= spec.MaxRects && spec.CPUs <= spec.Rows {
		for _, j := range spec.Jobs {
			g := cycle(j.Group, NumColors)
			for _, iv := range j.CPUs {
				rects[g] = append(rects[g], Rect{X0: j.Start, X1: j.End, Y0: float64(iv[0]), Y1: float64(iv[1] + 1)})
			}
		}
		return rects, nil, nil
	}
	cells = &CPUGanttCells{T0: t0, T1: t1, CPUs: spec.CPUs, Cols: spec.Cols, Rows: spec.Rows}
	for g := range cells.Cover {
		cells.Cover[g] = make([]float32, spec.Cols*spec.Rows)
	}
	dt := (t1 - t0) / float64(spec.Cols)
	dc := float64(spec.CPUs) / float64(spec.Rows)
	for _, j := range spec.Jobs {
		if j.End <= j.Start {
			continue
		}
		cover := cells.Cover[cycle(j.Group, NumColors)]
		c0, c1 := span(j.Start-t0, j.End-t0, dt, spec.Cols)
		for _, iv := range j.CPUs {
			lo, hi := float64(iv[0]), float64(iv[1]+1)
			r0, r1 := span(lo, hi, dc, spec.Rows)
			for r := r0; r <= r1; r++ {
				fy := overlap(lo, hi, float64(r)*dc, float64(r+1)*dc) / dc
				for c := c0; c <= c1; c++ {
					fx := overlap(j.Start-t0, j.End-t0, float64(c)*dt, float64(c+1)*dt) / dt
					cover[r*spec.Cols+c] += float32(fx * fy)
				}
			}
		}
	}
	return rects, cells, nil
}

// Rect is a rectangle in data units.
type Rect struct{ X0, X1, Y0, Y1 float64 }

// span returns the first and last cell of size d (n cells) that [a, b)
// touches.
func span(a, b, d float64, n int) (int, int) {
	i0 := int(math.Floor(a / d))
	i1 := int(math.Ceil(b/d)) - 1
	return max(0, min(i0, n-1)), max(0, min(max(i1, i0), n-1))
}

func overlap(a0, a1, b0, b1 float64) float64 { return math.Max(0, math.Min(a1, b1)-math.Max(a0, b0)) }

func checkCPUGantt(spec *CPUGanttSpec) error {
	if len(spec.Jobs) == 0 {
		return errors.New("no jobs")
	}
	top := 0
	for i, j := range spec.Jobs {
		if err := checkFinite(fmt.Sprintf("job %d times", i), []float64{j.Start, j.End}); err != nil {
			return err
		}
		if j.End < j.Start {
			return fmt.Errorf("job %d ends at %g before its start at %g", i, j.End, j.Start)
		}
		for _, iv := range j.CPUs {
			if iv[0] < 0 || iv[1] < iv[0] {
				return fmt.Errorf("job %d: CPU run %d-%d", i, iv[0], iv[1])
			}
			top = max(top, iv[1]+1)
		}
	}
	if spec.CPUs == 0 {
		spec.CPUs = top
	}
	if top > spec.CPUs {
		return fmt.Errorf("a job holds CPU %d of %d", top-1, spec.CPUs)
	}
	if spec.CPUs == 0 {
		return errors.New("no job holds a CPU")
	}
	if spec.MaxRects == 0 {
		spec.MaxRects = 5000
	}
	if spec.Cols == 0 {
		spec.Cols = 1000
	}
	if spec.Rows == 0 {
		spec.Rows = min(spec.CPUs, 500)
	}
	if spec.Cols < 1 || spec.Rows < 1 {
		return fmt.Errorf("grid %d x %d", spec.Cols, spec.Rows)
	}
	return checkText(append([]string{spec.Title, spec.Note}, spec.Groups...)...)
}

// CPUGantt draws the schedule: rectangles when they are few enough to be
// seen one by one, else the aggregated cells as an image (CPUGanttLayout).
func CPUGantt(spec CPUGanttSpec) (*plot.Plot, error) {
	rects, cells, err := cpuGanttLayout(&spec)
	if err != nil {
		return nil, err
	}
	p := newPlot(spec.Title, spec.Note, "time (s)", "CPU")
	var thumbs [][]plot.Thumbnailer
	for g := range NumColors {
		fill := tint(Color(g), 0.35)
		b := &boxes{fill: fill}
		if cells == nil {
			b.boxes = make([]box, len(rects[g]))
			for i, r := range rects[g] {
				b.boxes[i] = box{x0: r.X0, x1: r.X1, y0: r.Y0, y1: r.Y1}
			}
			if len(spec.Jobs) <= 200 {
				b.line = draw.LineStyle{Color: color.Gray{Y: 0x30}, Width: vg.Points(0.4)}
			}
			if len(b.boxes) > 0 {
				p.Add(b)
			}
		}
		if g < len(spec.Groups) {
			thumbs = append(thumbs, []plot.Thumbnailer{&boxes{fill: fill}})
		}
	}
	t0, t1 := math.Inf(1), math.Inf(-1)
	for _, j := range spec.Jobs {
		t0, t1 = math.Min(t0, j.Start), math.Max(t1, j.End)
	}
	timeAxis(p, t0, t1)
	if cells != nil {
		p.Add(plotter.NewImage(cells.image(), cells.T0, 0, cells.T1, float64(cells.CPUs)))
		if spec.Note == "" {
			p.Title.Text += fmt.Sprintf("\n%d jobs aggregated on %d x %d cells", len(spec.Jobs), cells.Cols, cells.Rows)
		}
	}
	addLegend(p, spec.Groups, thumbs)
	p.Y.Min, p.Y.Max = 0, float64(spec.CPUs)
	return p, nil
}

// image renders the cells, row 0 (the lowest ids) at the bottom.
func (g *CPUGanttCells) image() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, g.Cols, g.Rows))
	for r := range g.Rows {
		for c := range g.Cols {
			k := r*g.Cols + c
			best, total := 0, float32(0)
			for grp := range NumColors {
				v := g.Cover[grp][k]
				total += v
				if v > g.Cover[best][k] {
					best = grp
				}
			}
			// full cover gets the rectangles' tint, idle cells white
			img.Set(c, g.Rows-1-r, tint(Color(best), 1-0.65*math.Min(1, float64(total))))
		}
	}
	return img
}

// StepSeries is a step function: Y[i] holds from T[i] until T[i+1] (the
// last value until TEnd).
type StepSeries struct {
	Name string
	T, Y []float64
	TEnd float64
}

// StepSpec describes step functions over time, such as used CPUs or
// waiting jobs.
type StepSpec struct {
	Title, Note, YLabel string
	Series              []StepSeries
	// Bins: a series of more than 2 x Bins steps is drawn as its
	// time-weighted mean over Bins equal bins (StepPoints); 0 means 2000.
	Bins int
}

// StepPoints returns the points Steps draws for s: the exact staircase
// when s has at most 2 x bins steps, else the time-weighted mean of each
// of bins equal bins of [T[0], TEnd], at the bins' centres.
func StepPoints(s StepSeries, bins int) (plotter.XYs, bool) {
	n := len(s.T)
	if n <= 2*bins {
		xy := make(plotter.XYs, 0, 2*n)
		for i := range n {
			end := s.TEnd
			if i+1 < n {
				end = s.T[i+1]
			}
			xy = append(xy, plotter.XY{X: s.T[i], Y: s.Y[i]}, plotter.XY{X: end, Y: s.Y[i]})
		}
		return xy, false
	}
	t0, t1 := s.T[0], s.TEnd
	d := (t1 - t0) / float64(bins)
	sum := make([]float64, bins)
	for i := range n {
		a, b := s.T[i], s.TEnd
		if i+1 < n {
			b = s.T[i+1]
		}
		if b <= a {
			continue
		}
		k0, k1 := span(a-t0, b-t0, d, bins)
		for k := k0; k <= k1; k++ {
			sum[k] += s.Y[i] * overlap(a-t0, b-t0, float64(k)*d, float64(k+1)*d)
		}
	}
	xy := make(plotter.XYs, bins)
	for k := range bins {
		xy[k] = plotter.XY{X: t0 + (float64(k)+0.5)*d, Y: sum[k] / d}
	}
	return xy, true
}

// Steps draws each series as a line (StepPoints), coloured by index.
func Steps(spec StepSpec) (*plot.Plot, error) {
	if spec.Bins == 0 {
		spec.Bins = 2000
	}
	if len(spec.Series) == 0 || spec.Bins < 1 {
		return nil, errors.New("plots: Steps: no series")
	}
	names := make([]string, len(spec.Series))
	for i, s := range spec.Series {
		names[i] = s.Name
		if len(s.T) == 0 || len(s.T) != len(s.Y) {
			return nil, fmt.Errorf("plots: Steps: series %q has %d times and %d values", s.Name, len(s.T), len(s.Y))
		}
		if err := checkFinite(s.Name, append(append([]float64{s.TEnd}, s.T...), s.Y...)); err != nil {
			return nil, fmt.Errorf("plots: Steps: %w", err)
		}
	}
	if err := checkText(append([]string{spec.Title, spec.Note, spec.YLabel}, names...)...); err != nil {
		return nil, fmt.Errorf("plots: Steps: %w", err)
	}
	note := spec.Note
	p := newPlot(spec.Title, note, "time (s)", spec.YLabel)
	var thumbs [][]plot.Thumbnailer
	binned := false
	for i, s := range spec.Series {
		xy, b := StepPoints(s, spec.Bins)
		binned = binned || b
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, fmt.Errorf("plots: Steps: %w", err)
		}
		l.Color = Color(i)
		l.Width = vg.Points(0.8)
		p.Add(l)
		thumbs = append(thumbs, []plot.Thumbnailer{l})
	}
	if binned {
		p.Title.Text += fmt.Sprintf("\nmean over each of %d equal time bins", spec.Bins)
	}
	t0, t1 := math.Inf(1), math.Inf(-1)
	for _, s := range spec.Series {
		t0, t1 = math.Min(t0, s.T[0]), math.Max(t1, s.TEnd)
	}
	timeAxis(p, t0, t1)
	// The axis spans the series' whole time, as the Gantt chart's does:
	// binned means sit at their bins' centres, half a bin in from either
	// end, and the first tick (0 for a schedule) would fall outside.
	p.X.Min, p.X.Max = t0, t1
	if len(spec.Series) > 1 {
		addLegend(p, names, thumbs)
	}
	p.Y.Min = math.Min(p.Y.Min, 0)
	if p.Y.Max <= p.Y.Min {
		// All zero (no job waited, or none held a CPU for any time):
		// gonum would widen the range to -1..1, a negative count.
		p.Y.Max = p.Y.Min + 1
	}
	return p, nil
}

// timeAxis labels a time axis in seconds, hours or days, whichever keeps
// the labels short for a span of hi - lo seconds: the data stay in
// seconds, the ticks are placed and labelled in the unit.
func timeAxis(p *plot.Plot, lo, hi float64) {
	unit, name := 1.0, "time (s)"
	switch span := hi - lo; {
	case span >= 3*86400:
		unit, name = 86400, "time (days)"
	case span >= 3*3600:
		unit, name = 3600, "time (hours)"
	}
	p.X.Label.Text = name
	p.X.Tick.Marker = unitTicks{unit}
}

// unitTicks places and labels ticks in a unit of the data's.
type unitTicks struct{ unit float64 }

func (u unitTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := niceTicks{}.Ticks(lo/u.unit, hi/u.unit)
	for i := range ticks {
		ticks[i].Value *= u.unit
	}
	return ticks
}
