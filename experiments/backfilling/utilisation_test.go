package backfilling

import (
	"math"
	"testing"

	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/spaceshared"
)

func TestUtilisationBins(t *testing.T) {
	// On 4 CPUs: a 2-CPU job from 10 to 20, then a 4-CPU job from 20 to
	// 30; the first is submitted at 0, so the bins run from 0 to 30.
	jobs := []sim.Job{{Submit: 0, Run: 10, CPUs: 2}, {Submit: 5, Run: 10, CPUs: 4}}
	recs := []sim.Record{{Start: 10, End: 20}, {Start: 20, End: 30}}
	s := spaceshared.UtilisationSeries(sim.SingleMachine(4), jobs, recs, UtilBins)
	if len(s) != UtilBins {
		t.Fatalf("%d samples, want %d", len(s), UtilBins)
	}
	width := 30.0 / UtilBins
	for k, x := range s {
		mid := (float64(k) + 0.5) * width
		want := 0.0
		switch {
		case mid >= 20:
			want = 1
		case mid >= 10:
			want = 0.5
		}
		if x.Series != SeriesUtilisation || math.Abs(x.T-float64(k)*width) > 1e-9 {
			t.Fatalf("sample %d: %+v", k, x)
		}
		// A bin across a change holds the time-weighted mean of both sides.
		if lo, hi := float64(k)*width, float64(k+1)*width; (lo < 10 && hi > 10) || (lo < 20 && hi > 20) {
			continue
		}
		if math.Abs(x.Value-want) > 1e-9 {
			t.Errorf("bin %d at %.2f s: %.4f used, want %.4f", k, x.T, x.Value, want)
		}
	}
	// The bins' mean is the CPU-seconds used over those offered.
	var sum float64
	for _, x := range s {
		sum += x.Value
	}
	if got, want := sum/UtilBins, (2*10+4*10)/(4*30.0); math.Abs(got-want) > 1e-9 {
		t.Errorf("mean utilisation %.6f, want %.6f", got, want)
	}
}
