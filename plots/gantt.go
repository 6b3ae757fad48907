package plots

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// GanttSpec describes one schedule: machines on y (machine 0 at the top),
// time on x.
type GanttSpec struct {
	Title    string
	Machines []string
	// Ready, if not nil, has one entry per machine: the time before which
	// the machine is busy with earlier work. It is drawn as a hatched grey
	// bar from 0, labelled "ready" when the label fits.
	Ready []float64
	Tasks []GanttTask
	// XLabel names the time axis; empty means "time".
	XLabel string
	// Note is a second, caption-like line under the title.
	Note string
	// Makespan, when positive, is where the makespan line is drawn. Zero
	// means the latest task end or ready time. Set it when the study's
	// makespan differs, e.g. Xhafa et al.'s Eq. 2 counts only machines that
	// received a task, ignoring a busier idle machine's ready time.
	Makespan float64
}

// GanttTask is one task's execution on one machine.
type GanttTask struct {
	Machine    int
	Start, End float64
	// Label is written inside the bar (e.g. "j0"), shrunk to fit, and
	// left out if it cannot fit at 5 points.
	Label string
	// Color is a palette index (see Color), e.g. the job index, so a job
	// has the same colour in every panel. Zero values give one colour.
	Color int
}

// maxMachineLabels is how many machine names fit on the y axis of a
// panel about 3 inches tall at the tick font size.
const maxMachineLabels = 12

// taskHeight is the share of a machine's row covered by its bars.
const taskHeight = 0.7

// Gantt draws one bar per task on its machine's row, ready-time bars,
// and a dashed vertical line at the makespan (the latest task end or
// ready time), labelled above the plot area. With more than 12 machines
// only every k-th machine is named on the axis, so at most 12 are.
func Gantt(spec GanttSpec) (*plot.Plot, error) {
	if err := checkGanttSpec(spec); err != nil {
		return nil, fmt.Errorf("plots: Gantt: %w", err)
	}
	xlabel := spec.XLabel
	if xlabel == "" {
		xlabel = "time"
	}
	p := newPlot(spec.Title, spec.Note, xlabel, "")
	grid := plotter.NewGrid()
	grid.Horizontal.Color = nil
	grid.Vertical.Color = color.Gray{Y: 0xDD}
	p.Add(grid)

	n := len(spec.Machines)
	row := func(m int) float64 { return float64(n - 1 - m) }
	makespan := math.Inf(-1)
	xmin := 0.0
	if spec.Ready != nil {
		ready := &boxes{
			fill:      color.Gray{Y: 0xE4},
			line:      draw.LineStyle{Color: color.Gray{Y: 0x80}, Width: vg.Points(0.4)},
			hatch:     draw.LineStyle{Color: color.Gray{Y: 0xA0}, Width: vg.Points(0.5)},
			labelSize: 8,
		}
		for m, r := range spec.Ready {
			makespan = math.Max(makespan, r)
			xmin = math.Min(xmin, r)
			if r == 0 {
				continue
			}
			y := row(m)
			ready.boxes = append(ready.boxes, box{x0: 0, x1: r, y0: y - taskHeight/2, y1: y + taskHeight/2, label: "ready"})
		}
		p.Add(ready)
	}
	// One plotter per colour, created in palette order so the drawing
	// order, and thus the output bytes, never depend on map iteration.
	byColor := make([]*boxes, NumColors)
	for _, t := range spec.Tasks {
		makespan = math.Max(makespan, t.End)
		xmin = math.Min(xmin, t.Start)
		k := cycle(t.Color, NumColors)
		if byColor[k] == nil {
			byColor[k] = &boxes{
				fill:      tint(Color(k), 0.45),
				line:      draw.LineStyle{Color: color.Gray{Y: 0x30}, Width: vg.Points(0.5)},
				labelSize: 9,
			}
		}
		y := row(t.Machine)
		byColor[k].boxes = append(byColor[k].boxes, box{x0: t.Start, x1: t.End, y0: y - taskHeight/2, y1: y + taskHeight/2, label: t.Label})
	}
	for _, b := range byColor {
		if b != nil {
			p.Add(b)
		}
	}
	extent := makespan
	if spec.Makespan > 0 {
		makespan = spec.Makespan
	}
	p.Add(&marker{
		x:     makespan,
		label: "makespan " + formatTime(makespan),
		line: draw.LineStyle{
			Color:  Color(3),
			Width:  vg.Points(1),
			Dashes: []vg.Length{vg.Points(4), vg.Points(2)},
		},
		style: text.Style{
			Color:   color.Black,
			Font:    font.From(sans, noteSize),
			XAlign:  draw.XRight,
			YAlign:  draw.YBottom,
			Handler: plot.DefaultTextHandler,
		},
	})

	// Label every machine up to maxMachineLabels, then every k-th, since
	// labels of rows thinner than the font overprint each other.
	every := (n + maxMachineLabels - 1) / maxMachineLabels
	ticks := make([]plot.Tick, n)
	for m, name := range spec.Machines {
		ticks[m] = plot.Tick{Value: row(m)}
		if m%every == 0 {
			ticks[m].Label = name
		}
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	p.Y.Tick.Length = 0
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	// A little room past the makespan keeps its line off the plot's edge.
	p.X.Min = xmin
	extent = math.Max(extent, makespan)
	p.X.Max = extent + 0.02*math.Max(extent-xmin, 1e-9)
	return p, nil
}

// formatTime keeps the makespan label short: 4 significant digits, but
// never an exponent for values a schedule can reasonably reach.
func formatTime(t float64) string {
	if math.Abs(t) >= 1000 && math.Abs(t) < 1e9 {
		return strconv.FormatFloat(t, 'f', 0, 64)
	}
	return strconv.FormatFloat(t, 'g', 4, 64)
}

// marker is a vertical line at data x across the whole data area, with a
// label just above the area, ending at the line.
type marker struct {
	x     float64
	label string
	line  draw.LineStyle
	style text.Style
}

const markerGap = 2

func (m *marker) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	x := trX(m.x)
	c.StrokeLine2(m.line, x, c.Min.Y, x, c.Max.Y)
	c.FillText(m.style, vg.Point{X: x, Y: c.Max.Y + markerGap}, m.label)
}

// GlyphBoxes reserves room above the data area for the label, so the
// label never sits on a bar.
func (m *marker) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	r := m.style.Rectangle(m.label)
	return []plot.GlyphBox{{
		X: p.X.Norm(m.x), Y: 1,
		Rectangle: vg.Rectangle{
			Min: vg.Point{X: -r.Size().X},
			Max: vg.Point{Y: r.Size().Y + markerGap},
		},
	}}
}

func checkGanttSpec(spec GanttSpec) error {
	if err := checkText(spec.Title, spec.XLabel, spec.Note); err != nil {
		return err
	}
	if err := checkText(spec.Machines...); err != nil {
		return err
	}
	n := len(spec.Machines)
	if n == 0 {
		return errors.New("no machines")
	}
	if len(spec.Tasks) == 0 {
		return errors.New("no tasks")
	}
	if spec.Ready != nil {
		if err := checkLen("Ready", spec.Ready, n); err != nil {
			return err
		}
		if err := checkFinite("Ready", spec.Ready); err != nil {
			return err
		}
	}
	for i, t := range spec.Tasks {
		if err := checkText(t.Label); err != nil {
			return fmt.Errorf("task %d: %w", i, err)
		}
		if t.Machine < 0 || t.Machine >= n {
			return fmt.Errorf("task %d %q: machine %d out of range [0,%d)", i, t.Label, t.Machine, n)
		}
		if err := checkFinite("Start/End", []float64{t.Start, t.End}); err != nil {
			return fmt.Errorf("task %d %q: %w", i, t.Label, err)
		}
		if t.End < t.Start {
			return fmt.Errorf("task %d %q: ends at %v before it starts at %v", i, t.Label, t.End, t.Start)
		}
	}
	return nil
}

// GanttGrid builds one Gantt panel per spec, laid out row-major in rows of
// cols panels (the last row padded with nil), all sharing one time range
// so makespans compare by eye. Pass the result to SaveGrid.
func GanttGrid(specs []GanttSpec, cols int) ([][]*plot.Plot, error) {
	if len(specs) == 0 {
		return nil, errors.New("plots: GanttGrid: no specs")
	}
	if cols <= 0 {
		return nil, fmt.Errorf("plots: GanttGrid: cols=%d, want > 0", cols)
	}
	ps := make([]*plot.Plot, len(specs))
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for i, s := range specs {
		p, err := Gantt(s)
		if err != nil {
			return nil, fmt.Errorf("plots: GanttGrid: panel %d %q: %w", i, s.Title, err)
		}
		ps[i] = p
		xmin, xmax = math.Min(xmin, p.X.Min), math.Max(xmax, p.X.Max)
	}
	var grid [][]*plot.Plot
	for i, p := range ps {
		p.X.Min, p.X.Max = xmin, xmax
		if i%cols == 0 {
			grid = append(grid, make([]*plot.Plot, cols))
		}
		grid[i/cols][i%cols] = p
	}
	return grid, nil
}
