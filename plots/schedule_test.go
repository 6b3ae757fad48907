package plots

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot/vg"
)

// A known schedule of 3 jobs on 4 CPUs is drawn as its rectangles, one
// per job and run of ids, in its jobs' groups.
func TestCPUGanttRects(t *testing.T) {
	spec := CPUGanttSpec{Title: "tiny", Jobs: []CPUJob{
		{Start: 0, End: 10, CPUs: [][2]int{{0, 2}}},
		{Start: 2, End: 10, CPUs: [][2]int{{3, 3}}, Group: 1},
		{Start: 10, End: 15, CPUs: [][2]int{{0, 1}, {3, 3}}},
	}, Groups: []string{"in order", "backfilled"}}
	rects, cells, err := CPUGanttLayout(spec)
	if err != nil {
		t.Fatal(err)
	}
	if cells != nil {
		t.Fatal("3 jobs aggregated")
	}
	want0 := []Rect{{0, 10, 0, 3}, {10, 15, 0, 2}, {10, 15, 3, 4}}
	want1 := []Rect{{2, 10, 3, 4}}
	if len(rects[0]) != 3 || len(rects[1]) != 1 {
		t.Fatalf("rects %v", rects)
	}
	for i, r := range want0 {
		if rects[0][i] != r {
			t.Errorf("group 0 rect %d: %v, want %v", i, rects[0][i], r)
		}
	}
	if rects[1][0] != want1[0] {
		t.Errorf("group 1: %v, want %v", rects[1][0], want1[0])
	}
	p, err := CPUGantt(spec)
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Max != 4 {
		t.Errorf("y axis to %g, want 4 CPUs", p.Y.Max)
	}
	if _, err := Save(p, 4*vg.Inch, 3*vg.Inch, filepath.Join(t.TempDir(), "g"), "svg", "png", "pdf"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []CPUGanttSpec{
		{},
		{Jobs: []CPUJob{{Start: 5, End: 1, CPUs: [][2]int{{0, 0}}}}},
		{Jobs: []CPUJob{{Start: 0, End: 1, CPUs: [][2]int{{0, 4}}}}, CPUs: 4},
		{Jobs: []CPUJob{{Start: 0, End: math.Inf(1), CPUs: [][2]int{{0, 0}}}}},
	} {
		if _, err := CPUGantt(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// Aggregated, every cell holds the share of it the jobs cover: the cells'
// cover adds up to the jobs' area, and a cell is never more than full on
// a valid schedule; the naive per-cell sum over every job agrees.
func TestCPUGanttCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const cpus = 64
	var jobs []CPUJob
	free := make([]float64, cpus) // when each CPU is free again
	area := 0.0
	for range 3000 {
		lo := rng.IntN(cpus)
		hi := min(cpus-1, lo+rng.IntN(8))
		start := 0.0
		for c := lo; c <= hi; c++ {
			start = math.Max(start, free[c])
		}
		start += rng.Float64() * 50
		end := start + rng.Float64()*400
		for c := lo; c <= hi; c++ {
			free[c] = end
		}
		jobs = append(jobs, CPUJob{Start: start, End: end, CPUs: [][2]int{{lo, hi}}, Group: rng.IntN(3)})
		area += (end - start) * float64(hi-lo+1)
	}
	spec := CPUGanttSpec{Jobs: jobs, Cols: 40, Rows: 16}
	_, cells, err := CPUGanttLayout(spec)
	if err != nil {
		t.Fatal(err)
	}
	if cells == nil || cells.CPUs != cpus {
		t.Fatalf("3000 jobs drawn one by one, or CPUs %v", cells)
	}
	dt := (cells.T1 - cells.T0) / 40
	cellArea := dt * cpus / 16
	sum := 0.0
	for k := range 40 * 16 {
		total := 0.0
		for g := range NumColors {
			total += float64(cells.Cover[g][k])
		}
		if total > 1+1e-4 {
			t.Fatalf("cell %d is %g full", k, total)
		}
		sum += total
		// naive: every job's overlap with this cell
		c, r := k%40, k/40
		naive := 0.0
		for _, j := range jobs {
			x := overlap(j.Start, j.End, cells.T0+float64(c)*dt, cells.T0+float64(c+1)*dt)
			y := overlap(float64(j.CPUs[0][0]), float64(j.CPUs[0][1]+1), float64(r)*cpus/16, float64(r+1)*cpus/16)
			naive += x * y / cellArea
		}
		if math.Abs(naive-total) > 1e-4 {
			t.Fatalf("cell (%d, %d): %g, naive %g", c, r, total, naive)
		}
	}
	if got := sum * cellArea; math.Abs(got-area) > 1e-4*area {
		t.Errorf("cells cover %g CPU-seconds, jobs %g", got, area)
	}
	if _, err := CPUGantt(spec); err != nil {
		t.Fatal(err)
	}
}

// StepPoints draws the staircase exactly when it is short, and bins'
// time-weighted means (which keep the integral) when it is long.
func TestStepPoints(t *testing.T) {
	s := StepSeries{T: []float64{0, 2, 5}, Y: []float64{3, 1, 4}, TEnd: 6}
	xy, binned := StepPoints(s, 10)
	want := [][2]float64{{0, 3}, {2, 3}, {2, 1}, {5, 1}, {5, 4}, {6, 4}}
	if binned || len(xy) != len(want) {
		t.Fatalf("%v binned %v", xy, binned)
	}
	for i, w := range want {
		if xy[i].X != w[0] || xy[i].Y != w[1] {
			t.Errorf("point %d: %v, want %v", i, xy[i], w)
		}
	}
	xy, binned = StepPoints(s, 1)
	// one bin over [0, 6]: (3*2 + 1*3 + 4*1) / 6
	if !binned || len(xy) != 1 || xy[0].X != 3 || math.Abs(xy[0].Y-13.0/6) > 1e-12 {
		t.Errorf("binned: %v", xy)
	}
	if _, err := Steps(StepSpec{Series: []StepSeries{{Name: "x", T: []float64{0}, Y: []float64{1, 2}}}}); err == nil {
		t.Error("mismatched series accepted")
	}
	if _, err := Steps(StepSpec{Title: "used", Series: []StepSeries{s}}); err != nil {
		t.Error(err)
	}
	// Binned or not, the time axis spans [T[0], TEnd], where the first
	// and last bins' means are drawn half a bin in.
	for _, bins := range []int{1, 10} {
		p, err := Steps(StepSpec{Bins: bins, Series: []StepSeries{s}})
		if err != nil {
			t.Fatal(err)
		}
		if p.X.Min != 0 || p.X.Max != 6 {
			t.Errorf("%d bins: time axis [%g, %g], want [0, 6]", bins, p.X.Min, p.X.Max)
		}
	}
}

// A span of days is labelled in days, the ticks at whole days placed in
// seconds.
func TestTimeAxis(t *testing.T) {
	p, err := Steps(StepSpec{Series: []StepSeries{{Name: "x", T: []float64{0, 86400}, Y: []float64{1, 2}, TEnd: 10 * 86400}}})
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Label.Text != "time (days)" {
		t.Errorf("label %q", p.X.Label.Text)
	}
	ok := false
	for _, tk := range p.X.Tick.Marker.Ticks(0, 10*86400) {
		if tk.Label == "4" && tk.Value == 4*86400 {
			ok = true
		}
	}
	if !ok {
		t.Errorf("no tick labelled 4 at day 4: %v", p.X.Tick.Marker.Ticks(0, 10*86400))
	}
	p, _ = Steps(StepSpec{Series: []StepSeries{{Name: "x", T: []float64{0}, Y: []float64{1}, TEnd: 100}}})
	if p.X.Label.Text != "time (s)" {
		t.Errorf("100 s: label %q", p.X.Label.Text)
	}
}

// A series that is zero throughout (no job waited) is drawn on an axis
// from 0, where gonum widened the empty range 0..0 to -1..1.
func TestStepsAllZeroAxisFromZero(t *testing.T) {
	p, err := Steps(StepSpec{Series: []StepSeries{{Name: "waiting jobs", T: []float64{0}, Y: []float64{0}, TEnd: 100}}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Min != 0 || p.Y.Max <= 0 {
		t.Errorf("y axis [%g, %g], want from 0 up", p.Y.Min, p.Y.Max)
	}
}
