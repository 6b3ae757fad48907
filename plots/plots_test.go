package plots

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

var (
	regen = flag.Bool("regen", false, "rewrite testdata/*.golden.svg from the current output")
	view  = flag.String("view", "", "also write PNG and PDF of every golden figure to this directory, to look at")
)

const figW, figH = 6 * vg.Inch, 4 * vg.Inch

type golden struct {
	name string
	w, h vg.Length
	make func() ([][]*plot.Plot, error)
}

func one(p *plot.Plot, err error) ([][]*plot.Plot, error) {
	return [][]*plot.Plot{{p}}, err
}

var goldens = []golden{
	{"lines", figW, figH, func() ([][]*plot.Plot, error) { return one(Lines(lineFixture())) }},
	{"lines_logy", figW, figH, func() ([][]*plot.Plot, error) {
		s := lineFixture()
		s.LogY = true
		return one(Lines(s))
	}},
	{"curves", figW, figH, func() ([][]*plot.Plot, error) { return one(Curves(curveFixture())) }},
	{"bars", 7 * vg.Inch, 4 * vg.Inch, func() ([][]*plot.Plot, error) { return one(GroupedBars(barFixture())) }},
	{"gantt", figW, 3 * vg.Inch, func() ([][]*plot.Plot, error) { return one(Gantt(ganttFixture("MCT", 0))) }},
	{"gantt_grid", 9 * vg.Inch, 4.5 * vg.Inch, func() ([][]*plot.Plot, error) { return GanttGrid(ganttGridFixture(), 3) }},
	{"stack", figW, figH, func() ([][]*plot.Plot, error) { return one(StackedArea(stackFixture())) }},
}

// saveFig writes a figure through the exported savers, so the golden
// files also cover Save and SaveGrid.
func saveFig(g golden, base string, formats ...string) ([]string, error) {
	ps, err := g.make()
	if err != nil {
		return nil, err
	}
	if len(ps) == 1 && len(ps[0]) == 1 {
		return Save(ps[0][0], g.w, g.h, base, formats...)
	}
	return SaveGrid(ps, g.w, g.h, base, formats...)
}

func TestGolden(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			base := filepath.Join(t.TempDir(), g.name)
			if _, err := saveFig(g, base, "svg"); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(base + ".svg")
			if err != nil {
				t.Fatal(err)
			}
			if len(got) > 100<<10 {
				t.Errorf("SVG is %d bytes; keep golden files under 100 KB", len(got))
			}
			if *view != "" {
				if err := os.MkdirAll(*view, 0o755); err != nil {
					t.Fatal(err)
				}
				if _, err := saveFig(g, filepath.Join(*view, g.name), "png", "pdf", "svg"); err != nil {
					t.Fatal(err)
				}
			}
			path := filepath.Join("testdata", g.name+".golden.svg")
			if *regen {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -regen to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the output: %s\nlook at it with -view DIR, rewrite with -regen", path, firstDiff(got, want))
			}
		})
	}
}

func firstDiff(got, want []byte) string {
	gl := strings.Split(string(got), "\n")
	wl := strings.Split(string(want), "\n")
	for i := range min(len(gl), len(wl)) {
		if gl[i] != wl[i] {
			return "line " + itoa(i+1) + ":\n got  " + clip(gl[i]) + "\n want " + clip(wl[i])
		}
	}
	return "lengths " + itoa(len(gl)) + " and " + itoa(len(wl)) + " lines"
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestDeterministic renders every figure twice, in every format that
// should be reproducible, and compares the bytes.
func TestDeterministic(t *testing.T) {
	dir := t.TempDir()
	for _, g := range goldens {
		a, err := saveFig(g, filepath.Join(dir, g.name+"_a"), "svg", "pdf")
		if err != nil {
			t.Fatal(err)
		}
		b, err := saveFig(g, filepath.Join(dir, g.name+"_b"), "svg", "pdf")
		if err != nil {
			t.Fatal(err)
		}
		for i := range a {
			x, _ := os.ReadFile(a[i])
			y, _ := os.ReadFile(b[i])
			if len(x) == 0 || !bytes.Equal(x, y) {
				t.Errorf("%s: %s and %s differ (%d and %d bytes)", g.name, a[i], b[i], len(x), len(y))
			}
		}
	}
}

func TestSave(t *testing.T) {
	p, err := Lines(lineFixture())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	base := filepath.Join(dir, "fig")
	paths, err := Save(p, figW, figH, base)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{base + ".png", base + ".svg"}; strings.Join(paths, ",") != strings.Join(want, ",") {
		t.Errorf("default formats wrote %v, want %v", paths, want)
	}
	paths, err = Save(p, figW, figH, base, "PDF", "pdf", ".svg")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{base + ".pdf", base + ".svg"}; strings.Join(paths, ",") != strings.Join(want, ",") {
		t.Errorf("wrote %v, want %v (formats lower-cased, deduplicated)", paths, want)
	}
	magic := map[string]string{".png": "\x89PNG", ".svg": "<?xml", ".pdf": "%PDF"}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if m := magic[filepath.Ext(e.Name())]; m == "" || !bytes.HasPrefix(b, []byte(m)) {
			t.Errorf("%s: unexpected file or content %q", e.Name(), b[:min(len(b), 8)])
		}
	}
	if !slices.Equal(names, []string{"fig.pdf", "fig.svg"}) {
		t.Errorf("directory holds %v, want fig.pdf and fig.svg (the figure's PNG is an earlier one's) and no temporary files", names)
	}

	if _, err := Save(p, figW, figH, filepath.Join(dir, "bad"), "png", "jpg"); err == nil {
		t.Error("unknown format: no error")
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.png")); err == nil {
		t.Error("unknown format: png was written before the error")
	}
	if _, err := Save(p, 0, figH, filepath.Join(dir, "zero")); err == nil {
		t.Error("zero width: no error")
	}
	blocked := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(blocked, nil, 0o644)
	if _, err := Save(p, figW, figH, filepath.Join(blocked, "fig")); err == nil {
		t.Error("below a file: no error")
	}
	if _, err := Save(nil, figW, figH, base); err == nil {
		t.Error("nil plot: no error")
	}
	if _, err := SaveGrid([][]*plot.Plot{{p, nil}, {p}}, figW, figH, base); err == nil {
		t.Error("ragged grid: no error")
	}
	if _, err := SaveGrid([][]*plot.Plot{{nil}}, figW, figH, base); err == nil {
		t.Error("all-nil grid: no error")
	}
}

func TestBadSpecs(t *testing.T) {
	nan := math.NaN()
	lines := func(f func(*LineSpec)) func() error {
		return func() error {
			s := lineFixture()
			f(&s)
			_, err := Lines(s)
			return err
		}
	}
	bars := func(f func(*BarSpec)) func() error {
		return func() error {
			s := barFixture()
			f(&s)
			_, err := GroupedBars(s)
			return err
		}
	}
	gantt := func(f func(*GanttSpec)) func() error {
		return func() error {
			s := ganttFixture("g", 0)
			f(&s)
			_, err := Gantt(s)
			return err
		}
	}
	stack := func(f func(*StackSpec)) func() error {
		return func() error {
			s := stackFixture()
			f(&s)
			_, err := StackedArea(s)
			return err
		}
	}
	cases := []struct {
		name, want string
		run        func() error
	}{
		{"lines/no series", "no series", lines(func(s *LineSpec) { s.Series = nil })},
		{"lines/empty series", "no points", lines(func(s *LineSpec) { s.Series[1] = Series{Name: "e"} })},
		{"lines/short Y", "len(Y)=4, want 5", lines(func(s *LineSpec) { s.Series[0].Y = s.Series[0].Y[:4] })},
		{"lines/short Hi", "len(Hi)=2", lines(func(s *LineSpec) { s.Series[2].Hi = s.Series[2].Hi[:2] })},
		{"lines/Lo only", "both", lines(func(s *LineSpec) { s.Series[2].Hi = nil })},
		{"lines/NaN Y", "Y[3] is NaN", lines(func(s *LineSpec) { s.Series[1].Y[3] = nan })},
		{"lines/Inf X", "X[0] is +Inf", lines(func(s *LineSpec) { s.Series[1].X = []float64{math.Inf(1), 2, 5, 10, 20} })},
		{"lines/Lo above Y", "Lo <= Y <= Hi", lines(func(s *LineSpec) { s.Series[0].Lo[1] = s.Series[0].Y[1] + 1 })},
		{"lines/log of zero", "not positive", lines(func(s *LineSpec) { s.LogY = true; s.Series[3].Y[0] = 0 })},
		{"lines/non-ASCII", "non-ASCII", lines(func(s *LineSpec) { s.YLabel = "flow time \u00b1 CI" })},
		{"curves/with CI", "must be nil", func() error { _, err := Curves(lineFixture()); return err }},
		{"bars/no categories", "no categories", bars(func(s *BarSpec) { s.Categories = nil })},
		{"bars/no series", "no series", bars(func(s *BarSpec) { s.Series = nil })},
		{"bars/short Y", "len(Y)=11, want 12", bars(func(s *BarSpec) { s.Series[4].Y = s.Series[4].Y[:11] })},
		{"bars/NaN Hi", "Hi[5] is NaN", bars(func(s *BarSpec) { s.Series[2].Hi[5] = nan })},
		{"bars/NaN Ref", "Ref[0] is NaN", bars(func(s *BarSpec) { s.Ref = nan })},
		{"gantt/no machines", "no machines", gantt(func(s *GanttSpec) { s.Machines = nil })},
		{"gantt/no tasks", "no tasks", gantt(func(s *GanttSpec) { s.Tasks = nil })},
		{"gantt/bad machine", "machine 3 out of range", gantt(func(s *GanttSpec) { s.Tasks[2].Machine = 3 })},
		{"gantt/negative machine", "machine -1 out of range", gantt(func(s *GanttSpec) { s.Tasks[2].Machine = -1 })},
		{"gantt/end before start", "before it starts", gantt(func(s *GanttSpec) { s.Tasks[0].End = -1 })},
		{"gantt/NaN start", "NaN", gantt(func(s *GanttSpec) { s.Tasks[0].Start = nan })},
		{"gantt/short ready", "len(Ready)=2, want 3", gantt(func(s *GanttSpec) { s.Ready = s.Ready[:2] })},
		{"stack/one point", "at least 2", stack(func(s *StackSpec) { s.X = s.X[:1] })},
		{"stack/unsorted", "must be sorted", stack(func(s *StackSpec) { s.X[3], s.X[4] = s.X[4], s.X[3] })},
		{"stack/no layers", "no layers", stack(func(s *StackSpec) { s.Layers = nil })},
		{"stack/short layer", "len(Y)=20, want 21", stack(func(s *StackSpec) { s.Layers[1].Y = s.Layers[1].Y[1:] })},
		{"stack/negative", "negative", stack(func(s *StackSpec) { s.Layers[2].Y[7] = -1 })},
		{"stack/NaN", "Y[0] is NaN", stack(func(s *StackSpec) { s.Layers[0].Y[0] = nan })},
		{"grid/no specs", "no specs", func() error { _, err := GanttGrid(nil, 2); return err }},
		{"grid/zero cols", "cols=0", func() error { _, err := GanttGrid(ganttGridFixture(), 0); return err }},
		{"grid/bad panel", "panel 1", func() error {
			specs := ganttGridFixture()
			specs[1].Tasks[0].Machine = 7
			_, err := GanttGrid(specs, 2)
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.run()
			if err == nil {
				t.Fatalf("no error, want one containing %q", c.want)
			}
			if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "plots: ") {
				t.Errorf("error %q, want it to start with \"plots: \" and contain %q", err, c.want)
			}
		})
	}
}

func TestPalette(t *testing.T) {
	seen := map[[4]uint32]bool{}
	for i := range NumColors {
		r, g, b, a := Color(i).RGBA()
		seen[[4]uint32{r, g, b, a}] = true
		if Color(i) != Color(i+NumColors) || Color(-i) != Color(i) {
			t.Errorf("Color(%d) does not cycle", i)
		}
	}
	if len(seen) != NumColors {
		t.Errorf("%d distinct colours among the first %d", len(seen), NumColors)
	}
	type style struct{ c, g any }
	pairs := map[style]bool{}
	for i := range 56 {
		pairs[style{Color(i), Glyph(i)}] = true
	}
	if len(pairs) != 56 {
		t.Errorf("%d distinct (colour, glyph) pairs among the first 56 series", len(pairs))
	}
	_ = Color(math.MinInt) // must not panic
	if Dashes(0) != nil || Dashes(NumColors) == nil {
		t.Error("Dashes: want solid for the first NumColors series, dashed after")
	}
}

func TestHatchLinesInside(t *testing.T) {
	x0, x1, y0, y1 := vg.Length(3), vg.Length(50), vg.Length(-7), vg.Length(12)
	ls := hatchLines(x0, x1, y0, y1)
	if len(ls) < 10 {
		t.Fatalf("%d hatch lines for a 47x19 box, want at least 10", len(ls))
	}
	const eps = 1e-9
	for _, l := range ls {
		for _, p := range l {
			if p.X < x0-eps || p.X > x1+eps || p.Y < y0-eps || p.Y > y1+eps {
				t.Fatalf("hatch point %v outside the box", p)
			}
		}
		if d := (l[1].X - l[0].X) - (l[1].Y - l[0].Y); math.Abs(float64(d)) > eps {
			t.Fatalf("hatch line %v is not at 45 degrees", l)
		}
	}
}

// TestLegendOutsideData checks that the reserved margin keeps the legend
// to the right of the data area, for every figure with a legend.
func TestLegendOutsideData(t *testing.T) {
	long := lineFixture()
	long.Series[0].Name = "FCFS-tuned" // a column right of the data; longer names go above (TestLegendShare)
	bars := barFixture()
	stack := stackFixture()
	names := func(n int, name func(int) string) []string {
		var out []string
		for i := range n {
			out = append(out, name(i))
		}
		return out
	}
	for _, c := range []struct {
		name    string
		mk      func() (*plot.Plot, error)
		entries []string
	}{
		{"lines", func() (*plot.Plot, error) { return Lines(long) },
			names(len(long.Series), func(i int) string { return long.Series[i].Name })},
		{"bars", func() (*plot.Plot, error) { return GroupedBars(bars) },
			append(names(len(bars.Series), func(i int) string { return bars.Series[i].Name }), bars.RefLabel)},
		{"stack", func() (*plot.Plot, error) { return StackedArea(stack) },
			names(len(stack.Layers), func(i int) string { return stack.Layers[i].Name })},
	} {
		p, err := c.mk()
		if err != nil {
			t.Fatal(err)
		}
		cv := draw.New(vgimg.New(figW, figH))
		data := p.DataCanvas(cv)
		// Where Legend.Draw puts right-aligned entries: text ends one
		// space before the thumbnail, which ends at the canvas edge.
		// (Legend.Rectangle cannot be used: it mirrors Left.)
		sty := p.Legend.TextStyle
		left := cv.Max.X
		for _, e := range c.entries {
			left = min(left, cv.Max.X-p.Legend.ThumbnailWidth-sty.Rectangle(" ").Max.X-sty.Width(e))
		}
		if left < data.Max.X {
			t.Errorf("%s: legend starts at x=%v, inside the data area ending at x=%v", c.name, left, data.Max.X)
		}
		if data.Max.X-data.Min.X < figW/3 {
			t.Errorf("%s: data area only %v wide", c.name, data.Max.X-data.Min.X)
		}
	}
}

// TestEdgeCasesDraw renders degenerate but valid specs: none may panic.
func TestEdgeCasesDraw(t *testing.T) {
	dir := t.TempDir()
	one := []float64{3}
	specs := map[string]func() (*plot.Plot, error){
		"single point": func() (*plot.Plot, error) {
			return Lines(LineSpec{Series: []Series{{Name: "a", X: one, Y: one, Lo: one, Hi: one}}})
		},
		"flat log": func() (*plot.Plot, error) {
			return Lines(LineSpec{LogY: true, Series: []Series{{X: []float64{1, 2}, Y: []float64{5, 5}}}})
		},
		"zero bars": func() (*plot.Plot, error) {
			return GroupedBars(BarSpec{Categories: []string{"a"}, Series: []BarSeries{{Y: []float64{0}}}})
		},
		"negative bars": func() (*plot.Plot, error) {
			return GroupedBars(BarSpec{Categories: []string{"a", "b"}, Series: []BarSeries{{Y: []float64{-1, 2}}}})
		},
		"zero-length tasks": func() (*plot.Plot, error) {
			return Gantt(GanttSpec{Machines: []string{"m"}, Tasks: []GanttTask{{Start: 0, End: 0, Label: "j0"}}})
		},
		"many machines": func() (*plot.Plot, error) {
			s := GanttSpec{}
			for m := range 40 {
				s.Machines = append(s.Machines, "m"+itoa(m))
				s.Tasks = append(s.Tasks, GanttTask{Machine: m, Start: float64(m), End: float64(2 * m), Label: "j" + itoa(m), Color: m})
			}
			return Gantt(s)
		},
		"flat stack": func() (*plot.Plot, error) {
			return StackedArea(StackSpec{X: []float64{5, 5}, Layers: []Layer{{Y: []float64{0, 0}}}})
		},
	}
	for name, mk := range specs {
		p, err := mk()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if _, err := Save(p, figW, figH, filepath.Join(dir, "edge"), "svg", "png"); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
