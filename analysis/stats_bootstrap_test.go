package analysis

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

func bootMean(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func TestBootstrapCIDeterministic(t *testing.T) {
	xs := []float64{3.1, 4.7, 2.2, 5.9, 4.4, 3.3, 6.1, 2.8, 4.0, 5.2}
	lo1, hi1 := BootstrapCI(xs, bootMean, 2000)
	lo2, hi2 := BootstrapCI(xs, bootMean, 2000)
	if lo1 != lo2 || hi1 != hi2 {
		t.Errorf("same input, different intervals: [%v,%v] vs [%v,%v]", lo1, hi1, lo2, hi2)
	}
	// Order of the runs must not matter.
	rev := make([]float64, len(xs))
	for i := range xs {
		rev[len(xs)-1-i] = xs[i]
	}
	lo3, hi3 := BootstrapCI(rev, bootMean, 2000)
	if lo1 != lo3 || hi1 != hi3 {
		t.Errorf("reordered input, different intervals: [%v,%v] vs [%v,%v]", lo1, hi1, lo3, hi3)
	}
	// Different data draw differently.
	ys := append([]float64(nil), xs...)
	ys[0] += 1e-9
	lo4, hi4 := BootstrapCI(ys, bootMean, 2000)
	if lo4 == lo1 && hi4 == hi1 {
		t.Errorf("perturbed data gave an identical interval; the seed ignores the values")
	}
	m := bootMean(xs)
	if !(lo1 < m && m < hi1) {
		t.Errorf("interval [%v,%v] excludes the sample mean %v", lo1, hi1, m)
	}
	// The percentile interval for the mean should be close to the t interval
	// (a bit narrower for n=10); within 30% of its width is generous but
	// catches a wrong quantile or a broken resampler.
	s := Summarize(xs)
	if w, tw := hi1-lo1, s.CIHigh-s.CILow; math.Abs(w-tw) > 0.3*tw {
		t.Errorf("bootstrap width %v, t-interval width %v", w, tw)
	}
}

func TestBootstrapCIEdges(t *testing.T) {
	if lo, hi := BootstrapCI(nil, bootMean, 100); !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Errorf("empty: [%v,%v], want NaN", lo, hi)
	}
	if lo, hi := BootstrapCI([]float64{1, 2}, bootMean, 0); !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Errorf("reps=0: [%v,%v], want NaN", lo, hi)
	}
	if lo, hi := BootstrapCI([]float64{4.5}, bootMean, 100); lo != 4.5 || hi != 4.5 {
		t.Errorf("n=1: [%v,%v], want [4.5,4.5]", lo, hi)
	}
}

// Coverage of the true mean for normal data, n = 30: the percentile
// bootstrap is known to under-cover slightly (about 93-94%). 300 trials,
// so a count below 255 (85%) or above 299 is a bug, not bad luck.
func TestBootstrapCICoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const trials = 300
	covered := 0
	xs := make([]float64, 30)
	for range trials {
		for i := range xs {
			xs[i] = 5 + 2*rng.NormFloat64()
		}
		lo, hi := BootstrapCI(xs, bootMean, 500)
		if lo <= 5 && 5 <= hi {
			covered++
		}
	}
	if covered < 255 || covered > 299 {
		t.Errorf("covered the mean in %d of %d trials", covered, trials)
	}
}

func TestQuantileSorted(t *testing.T) {
	s := []float64{1, 2, 3, 4, 5}
	for _, c := range []struct{ q, want float64 }{{0, 1}, {0.5, 3}, {1, 5}, {0.25, 2}, {0.1, 1.4}} {
		if got := quantileSorted(s, c.q); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("quantile(%v) = %v, want %v", c.q, got, c.want)
		}
	}
}

func TestMeanBootstrapCINeverBelowTheValues(t *testing.T) {
	// Two skewed non-negative repetitions: the t-interval goes below zero,
	// the percentile bootstrap stays within [min, max].
	xs := []float64{0, 9.3}
	if s := Summarize(xs); s.CILow >= 0 {
		t.Fatalf("the t-interval was expected to go negative here, got %v", s.CILow)
	}
	lo, hi := MeanBootstrapCI(xs)
	if lo < 0 || hi > 9.3 || lo > hi {
		t.Fatalf("MeanBootstrapCI = [%v, %v], want within [0, 9.3]", lo, hi)
	}
	if lo, hi := MeanBootstrapCI(nil); !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Fatalf("no values: got [%v, %v]", lo, hi)
	}
}

// The mean computed as each value is drawn (stat nil, MeanBootstrapCI)
// gives the interval of mean over each stored resample, bit for bit: the
// same additions in the same order.
func TestMeanBootstrapCIMatchesStoredResamples(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{1, 2, 3, 7, 20, 101, 1000} {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = rng.ExpFloat64() * 1e3 * float64(1+i%3)
		}
		lo, hi := MeanBootstrapCI(xs)
		wlo, whi := BootstrapCI(xs, mean, 10000)
		if math.Float64bits(lo) != math.Float64bits(wlo) || math.Float64bits(hi) != math.Float64bits(whi) {
			t.Errorf("n=%d: [%v, %v], stored resamples give [%v, %v]", n, lo, hi, wlo, whi)
		}
	}
}

// TestMeanBootstrapCIsAreEachSets checks that the intervals computed side
// by side are each set's own, bit for bit, whatever else is computed
// beside it (empty sets and NaN values among them), and that a done
// context stops them with its error.
func TestMeanBootstrapCIsAreEachSets(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var sets [][]float64
	for i := range 23 {
		xs := make([]float64, rng.IntN(60))
		for k := range xs {
			xs[k] = rng.NormFloat64()*10 + float64(i)
		}
		if i == 5 && len(xs) > 0 {
			xs[0] = math.NaN()
		}
		sets = append(sets, xs)
	}
	// Sets of the same values, computed once: the same values shuffled,
	// and -0 beside 0 in either order (they sort as equal, and their
	// order after sorting follows the order before).
	for i := range 6 {
		xs := slices.Clone(sets[i])
		rng.Shuffle(len(xs), func(a, b int) { xs[a], xs[b] = xs[b], xs[a] })
		sets = append(sets, xs)
	}
	neg := math.Copysign(0, -1)
	sets = append(sets, []float64{0, neg, 1, 2}, []float64{neg, 0, 1, 2}, []float64{2, 1, 0, neg}, []float64{0, neg, 1, 2})
	got, err := MeanBootstrapCIs(context.Background(), sets)
	if err != nil {
		t.Fatal(err)
	}
	for i, xs := range sets {
		lo, hi := MeanBootstrapCI(xs)
		if math.Float64bits(got[i][0]) != math.Float64bits(lo) || math.Float64bits(got[i][1]) != math.Float64bits(hi) {
			t.Errorf("set %d (%d values): [%v, %v], alone [%v, %v]", i, len(xs), got[i][0], got[i][1], lo, hi)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := MeanBootstrapCIs(ctx, sets); !errors.Is(err, context.Canceled) {
		t.Fatalf("a done context: error %v, want context.Canceled", err)
	}
}

// The resamples' means drawn four side by side (resampler.means) are
// those drawn one by one from one generator, bit for bit, every one of
// them, whatever the count of values and of resamples.
func TestResamplerMeansAreOneByOnes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{1, 2, 3, 5, 64, 999} {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = rng.NormFloat64() * 1e6 * float64(1+i%5)
		}
		for _, reps := range []int{0, 1, 3, 4, 5, 8, 10, 103} {
			rs := newResampler(xs)
			got := make([]float64, reps)
			rs.means(got)
			src := rand.NewPCG(rs.src.hi, rs.src.lo)
			for r := range reps {
				s := 0.0
				for range n {
					j, _ := bits.Mul64(src.Uint64(), uint64(n))
					s += rs.sorted[j]
				}
				if want := s / float64(n); math.Float64bits(got[r]) != math.Float64bits(want) {
					t.Fatalf("n=%d, %d resamples: resample %d's mean %v, one by one %v", n, reps, r, got[r], want)
				}
			}
		}
	}
}
