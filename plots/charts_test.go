package plots

import (
	"image/color"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	vgpkg "gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Every colour of the palette reads on white: contrast at least 3:1.
func TestPaletteContrastOnWhite(t *testing.T) {
	for i := range NumColors {
		if c := ContrastOnWhite(Color(i)); c < MinContrast {
			t.Errorf("colour %d %v: contrast %.2f:1 on white, want at least %.1f:1", i, Color(i), c, MinContrast)
		}
	}
	// The measure itself: Okabe-Ito's yellow (roundrobin's APDRR, nearly
	// invisible) fails, black and white are the extremes.
	for _, tc := range []struct {
		c      color.Color
		lo, hi float64
	}{
		{color.RGBA{0xF0, 0xE4, 0x42, 0xFF}, 1.2, 1.4},
		{color.Black, 21, 21},
		{color.White, 1, 1},
	} {
		if c := ContrastOnWhite(tc.c); c < tc.lo-1e-9 || c > tc.hi+1e-9 {
			t.Errorf("%v: contrast %.3f, want %.1f to %.1f", tc.c, c, tc.lo, tc.hi)
		}
	}
}

// slowdownBars is FCFS far above four backfilling variants.
func slowdownBars(fcfs float64) BarSpec {
	spec := BarSpec{Title: "bsld", YLabel: "mean bounded slowdown", Categories: []string{"KTH", "CTC"}}
	for i, y := range []float64{fcfs, 80, 45, 30, 28} {
		name := []string{"FCFS", "EASY", "EASY-SJBF", "EASY++", "CONS"}[i]
		spec.Series = append(spec.Series, BarSeries{Name: name, Y: []float64{y, y * 0.9},
			Lo: []float64{y * 0.8, y * 0.7}, Hi: []float64{y * 1.2, y * 1.1}})
	}
	return spec
}

// Bars that span more than LogAbove go on a log axis; narrower spans, and
// any bar or bound at or below 0, stay linear.
func TestBarsLogAxis(t *testing.T) {
	zero := slowdownBars(1700)
	zero.Series[3].Lo[0] = 0
	for _, tc := range []struct {
		name string
		spec BarSpec
		log  bool
	}{
		{"FCFS at 1,700", slowdownBars(1700), true},
		{"FCFS at 300", slowdownBars(300), false}, // 300 / (28 * 0.9) = 11.9
		{"a bound at 0", zero, false},
		{"normalised to 1", barFixture(), false},
	} {
		if got := BarsLog(tc.spec); got != tc.log {
			t.Errorf("%s: BarsLog = %v, want %v", tc.name, got, tc.log)
		}
		p, err := GroupedBars(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		_, isLog := p.Y.Scale.(plot.LogScale)
		if isLog != tc.log {
			t.Errorf("%s: log axis %v, want %v", tc.name, isLog, tc.log)
		}
		if isLog && (!strings.HasSuffix(p.Title.Text, "\nlog scale") || p.Y.Min != 10 || p.Y.Min > 28*0.9*0.7) {
			t.Errorf("%s: title %q, axis from %v (want the power of ten below the smallest bound)", tc.name, p.Title.Text, p.Y.Min)
		}
		if _, err := Save(p, figW, figH, filepath.Join(t.TempDir(), "bars"), "png"); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// The legend takes at most a quarter of the figure's width, whatever the
// names: short ones in a column right of the data, long ones in rows
// above it.
func TestLegendShare(t *testing.T) {
	short := lineFixture()
	long := lineFixture()
	for i := range long.Series {
		long.Series[i].Name += " with a long description (tuned)"
	}
	longBars := slowdownBars(1700)
	for i := range longBars.Series {
		longBars.Series[i].Name += " (queue walk, reservations)"
	}
	for _, tc := range []struct {
		name  string
		mk    func() (*plot.Plot, error)
		names []string
		above bool
	}{
		{"short names", func() (*plot.Plot, error) { return Lines(short) }, seriesNames(short.Series), false},
		{"long names", func() (*plot.Plot, error) { return Lines(long) }, seriesNames(long.Series), true},
		{"long bar names", func() (*plot.Plot, error) { return GroupedBars(longBars) }, barNames(longBars.Series), true},
	} {
		p, err := tc.mk()
		if err != nil {
			t.Fatal(err)
		}
		cv := draw.New(vgimg.New(figW, figH))
		data := p.DataCanvas(cv)
		share := float64(cv.Max.X-data.Max.X) / float64(figW)
		if share > 0.25 {
			t.Errorf("%s: the legend takes %.0f%% of the width", tc.name, 100*share)
		}
		if above := legendColumn(p, tc.names) > maxLegend; above != tc.above {
			t.Errorf("%s: legend above the data %v, want %v", tc.name, above, tc.above)
		}
		if tc.above {
			// Every row fits the data width, and the rows reserved are
			// above the data (the data area's top is pushed down by them).
			flow := newFlowLegend(p, tc.names, nil, 0)
			if rows := flow.layout(data.Min.X, data.Max.X); len(rows) > flow.rows || flow.rows < 2 {
				t.Errorf("%s: %d rows drawn, %d reserved", tc.name, len(rows), flow.rows)
			}
			if room := cv.Max.Y - data.Max.Y; room < vgpkg.Length(flow.rows)*flow.rowHeight() {
				t.Errorf("%s: %v above the data for %d rows of %v", tc.name, room, flow.rows, flow.rowHeight())
			}
		}
		if _, err := Save(p, figW, figH, filepath.Join(t.TempDir(), "legend"), "png"); err != nil {
			t.Error(err)
		}
	}
}

func seriesNames(ss []Series) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Name)
	}
	return out
}

func barNames(ss []BarSeries) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Name)
	}
	return out
}
