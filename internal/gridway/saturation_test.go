package gridway_test

import (
	"math"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/gridway"
)

// TestBackgroundSaturation checks the calibrated background against the
// paper's three scenarios, defined by free PEs: at 12:00 of day 2 the LCG
// always has free PEs, at day 4 fewer, at day 6 limited. It also keeps the
// reading we rejected: with run time x 9787 MI the trace offers ~105% of
// the LCG's capacity and its queue only grows (about 0 / 770 / 2,750 jobs),
// leaving no free PE at days 4 and 6.
func TestBackgroundSaturation(t *testing.T) {
	path := datadir.ForTest(t, "LCG-2005-1/LCG.swf.gz")
	bg, err := adapt.Background(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(bg) != 188041 {
		t.Fatalf("%d background jobs, want 188041", len(bg))
	}
	at := []float64{gridway.PaperSubmit(0), gridway.PaperSubmit(1), gridway.PaperSubmit(2)}
	windows := []float64{2 * 3600, 6 * 3600}
	sat := func(scale float64) []gridway.Saturation {
		c := gridway.DefaultConfig()
		c.MIPerTraceSecond = scale
		pre, err := gridway.Prefix(c, bg, gridway.Day)
		if err != nil {
			t.Fatal(err)
		}
		return gridway.BackgroundSaturation(pre, at, windows, c.SchedulingInterval)
	}
	s := sat(gridway.DefaultMIPerTraceSecond)
	if s[0].FreeShare[0] != 1 || s[0].FreeShare[1] < 0.99 || s[0].Free < 500 {
		t.Errorf("User-0 (low saturation) meets %+v, want free PEs in every cycle", s[0])
	}
	for w := range windows {
		if !(s[0].FreeShare[w] >= s[1].FreeShare[w] && s[1].FreeShare[w] > s[2].FreeShare[w]) {
			t.Errorf("window %v s: free-PE shares %v / %v / %v do not fall from low to high saturation", windows[w], s[0].FreeShare[w], s[1].FreeShare[w], s[2].FreeShare[w])
		}
	}
	if s[2].FreeShare[0] > 0.6 || s[2].FreeShare[0] == 0 {
		t.Errorf("User-2 (high saturation) finds a free PE in %v of the cycles, want limited but not none", s[2].FreeShare[0])
	}
	old := sat(9787)
	for u, want := range []float64{0, 770, 2750} {
		got := float64(old[u].Queued)
		if math.Abs(got-want) > 50+0.05*want {
			t.Errorf("9787 MI/s, day %d 12:00: %v jobs queued, want about %v", 2*u+2, got, want)
		}
	}
	if old[1].FreeShare[1] != 0 || old[2].FreeShare[1] != 0 {
		t.Errorf("9787 MI/s: free-PE shares %v / %v at days 4 / 6, want none", old[1].FreeShare, old[2].FreeShare)
	}
}
