package analysis

import (
	mstats "github.com/montanaflynn/stats"

	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/gridbench/gridbench/internal/radix"
)

// Summary describes one sample of a metric (for example one algorithm's
// makespans over all seeds of a configuration).
type Summary struct {
	N      int
	Mean   float64
	SD     float64 // sample standard deviation (divisor n-1)
	Median float64
	Min    float64
	Max    float64
	// CILow and CIHigh bound the 95% confidence interval of the mean,
	// mean ± t(0.975, n-1)·SD/√n (TInterval): symmetric about the mean,
	// so with few skewed repetitions it can pass Min or Max (below 0 for
	// a non-negative metric). Every table, sheet and CSV column named
	// ci95_low and ci95_high shows this interval; MeanBootstrapCI's, where
	// shown, is named for its method (boot95_low, boot95_high).
	CILow  float64
	CIHigh float64
}

// TInterval and BootstrapInterval name the two intervals of a mean that
// gridbench shows, for the labels of the tables, sheets and help texts
// that show them: Summary's CILow and CIHigh, and MeanBootstrapCI.
const (
	TInterval         = "95% t-interval of the mean, mean ± t(0.975, n−1)·sd/√n"
	BootstrapInterval = "95% percentile bootstrap interval of the mean, 10,000 resamples seeded from the values"
)

// Summarize describes xs.
//
// Edge cases are defined rather than left to arithmetic:
//   - n = 0: every field but N is NaN.
//   - n = 1: SD is 0 and the interval collapses to [mean, mean]; a single
//     run carries no information about spread, and reporting 0 keeps tables
//     and error bars renderable. Renderers that care can test N.
//   - any NaN in xs: every field but N is NaN, so a broken run cannot hide
//     behind a plausible median.
func Summarize(xs []float64) Summary {
	n := len(xs)
	s := Summary{N: n}
	nan := math.NaN()
	if n == 0 || hasNaN(xs) {
		s.Mean, s.SD, s.Median, s.Min, s.Max, s.CILow, s.CIHigh = nan, nan, nan, nan, nan, nan, nan
		return s
	}
	sorted := append([]float64(nil), xs...)
	sort.Float64s(sorted)
	s.Min, s.Max = sorted[0], sorted[n-1]
	// montanaflynn/stats' Median copies and sorts again; on the sorted copy
	// that costs one pass and keeps one definition of the median in use.
	s.Median, _ = mstats.Median(sorted)

	// Two passes: the one-pass sum-of-squares formula loses every digit when
	// values are large and close together (makespans around 1e6 that differ
	// by a few seconds are typical).
	var sum float64
	for _, x := range xs {
		sum += x
	}
	s.Mean = sum / float64(n)
	if n == 1 {
		s.CILow, s.CIHigh = s.Mean, s.Mean
		return s
	}
	var ss, comp float64
	for _, x := range xs {
		d := x - s.Mean
		ss += d * d
		comp += d
	}
	// comp corrects the rounding error left in the mean (corrected two-pass).
	v := (ss - comp*comp/float64(n)) / float64(n-1)
	s.SD = math.Sqrt(math.Max(v, 0))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(0.975)
	half := t * s.SD / math.Sqrt(float64(n))
	s.CILow, s.CIHigh = s.Mean-half, s.Mean+half
	return s
}

func hasNaN(xs []float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) {
			return true
		}
	}
	return false
}

// averageRanks returns the 1-based ranks of xs, ties sharing the mean of the
// ranks they span (scipy's rankdata method="average"), and the sizes of the
// tie groups larger than one, which the tie corrections need.
func averageRanks(xs []float64) (ranks []float64, ties []int) {
	n := len(xs)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sortByValue(idx, xs)
	ranks = make([]float64, n)
	for i := 0; i < n; {
		j := i + 1
		for j < n && xs[idx[j]] == xs[idx[i]] {
			j++
		}
		// Ranks i+1..j averaged.
		r := float64(i+1+j) / 2
		for k := i; k < j; k++ {
			ranks[idx[k]] = r
		}
		if j-i > 1 {
			ties = append(ties, j-i)
		}
		i = j
	}
	return ranks, ties
}

// sortByValue orders the indices idx (0..n-1 in order) by xs[i], ties in
// index order: a stable sort. Without NaN (which orders nothing) that is
// a radix sort of the values' order-preserving keys, which replaces a
// slower comparison sort (Spearman ranks every decision of a deadline run).
func sortByValue(idx []int, xs []float64) {
	if slices.ContainsFunc(xs, math.IsNaN) {
		sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
		return
	}
	items := make([]radix.Item, len(idx))
	for k, i := range idx {
		items[k] = radix.Item{Key: radix.Float64Key(xs[i]), Index: i}
	}
	for k, e := range radix.Sort(items) {
		idx[k] = e.Index
	}
}

// tieSum returns Σ (t³ - t) over tie groups of size t.
func tieSum(ties []int) float64 {
	var s float64
	for _, t := range ties {
		ft := float64(t)
		s += ft*ft*ft - ft
	}
	return s
}
