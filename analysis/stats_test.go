package analysis

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestSummarizeHand(t *testing.T) {
	// Σ(x-5)² = 9+1+1+1+0+0+4+16 = 32, so SD = √(32/7); t(0.975, 7) = 2.36462425
	// from any t table; half-width = t·SD/√8 = 1.78748792.
	xs := []float64{2, 4, 4, 4, 5, 5, 7, 9}
	s := Summarize(xs)
	sd := math.Sqrt(32.0 / 7)
	checks := []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"Mean", s.Mean, 5, 0},
		{"SD", s.SD, sd, 1e-15},
		{"Median", s.Median, 4.5, 0},
		{"Min", s.Min, 2, 0},
		{"Max", s.Max, 9, 0},
		{"CILow", s.CILow, 5 - 1.78748792, 1e-8},
		{"CIHigh", s.CIHigh, 5 + 1.78748792, 1e-8},
	}
	if s.N != 8 {
		t.Errorf("N = %d, want 8", s.N)
	}
	for _, c := range checks {
		if math.Abs(c.got-c.want) > c.tol*math.Max(1, math.Abs(c.want)) {
			t.Errorf("%s = %.17g, want %.17g", c.name, c.got, c.want)
		}
	}

	// Odd length median, and n = 2 with t(0.975, 1) = 12.7062047.
	if m := Summarize([]float64{3, 1, 2}).Median; m != 2 {
		t.Errorf("median of {3,1,2} = %v, want 2", m)
	}
	s2 := Summarize([]float64{1, 3})
	if want := 12.7062047; /* SD = √2 = √n */ math.Abs(s2.CIHigh-2-want) > 1e-6 {
		t.Errorf("n=2: CIHigh = %v, want 2 + %v", s2.CIHigh, want)
	}
}

// Large values close together are what makespans look like; a one-pass
// variance formula would return garbage here.
func TestSummarizeLargeOffset(t *testing.T) {
	xs := []float64{2, 4, 4, 4, 5, 5, 7, 9}
	for i := range xs {
		xs[i] += 1e9
	}
	s := Summarize(xs)
	if want := math.Sqrt(32.0 / 7); math.Abs(s.SD-want) > 1e-6 {
		t.Errorf("SD = %.17g, want %.17g", s.SD, want)
	}
	if s.Mean != 1e9+5 {
		t.Errorf("Mean = %.17g", s.Mean)
	}
}

func TestSummarizeEdges(t *testing.T) {
	s0 := Summarize(nil)
	if s0.N != 0 || !math.IsNaN(s0.Mean) || !math.IsNaN(s0.SD) || !math.IsNaN(s0.Median) ||
		!math.IsNaN(s0.CILow) || !math.IsNaN(s0.CIHigh) || !math.IsNaN(s0.Min) || !math.IsNaN(s0.Max) {
		t.Errorf("Summarize(nil) = %+v, want N=0 and NaNs", s0)
	}
	s1 := Summarize([]float64{7.5})
	if s1 != (Summary{N: 1, Mean: 7.5, SD: 0, Median: 7.5, Min: 7.5, Max: 7.5, CILow: 7.5, CIHigh: 7.5}) {
		t.Errorf("Summarize({7.5}) = %+v", s1)
	}
	sn := Summarize([]float64{1, math.NaN(), 3})
	if sn.N != 3 || !math.IsNaN(sn.Mean) || !math.IsNaN(sn.Median) {
		t.Errorf("Summarize with NaN = %+v, want NaNs", sn)
	}
	// Constant data: SD exactly 0, the interval collapses.
	sc := Summarize([]float64{0.1, 0.1, 0.1, 0.1, 0.1})
	if sc.SD != 0 || sc.CILow != sc.Mean || sc.CIHigh != sc.Mean {
		t.Errorf("constant data: %+v", sc)
	}
}

func TestSummarizeDoesNotReorderInput(t *testing.T) {
	xs := []float64{3, 1, 2}
	Summarize(xs)
	if xs[0] != 3 || xs[1] != 1 || xs[2] != 2 {
		t.Errorf("input reordered: %v", xs)
	}
}

func TestAverageRanks(t *testing.T) {
	r, ties := averageRanks([]float64{10, 20, 10, 30, 20, 20})
	want := []float64{1.5, 4, 1.5, 6, 4, 4}
	for i := range want {
		if r[i] != want[i] {
			t.Fatalf("ranks = %v, want %v", r, want)
		}
	}
	if len(ties) != 2 || tieSum(ties) != (8-2)+(27-3) {
		t.Errorf("ties = %v", ties)
	}
}

// The CI must cover the true mean about 95% of the time. 2000 trials of
// n=5 normal samples; a binomial(2000, 0.95) count lies in [1860, 1940]
// with probability far above 0.9999. A z-based interval (1.96 instead of
// t(4) = 2.776) would cover only about 88%.
func TestSummarizeCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	covered := 0
	const trials = 2000
	xs := make([]float64, 5)
	for range trials {
		for i := range xs {
			xs[i] = 10 + 3*rng.NormFloat64()
		}
		s := Summarize(xs)
		if s.CILow <= 10 && 10 <= s.CIHigh {
			covered++
		}
	}
	if covered < 1860 || covered > 1940 {
		t.Errorf("95%% CI covered the mean in %d of %d trials", covered, trials)
	}
}
