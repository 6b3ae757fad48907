package analysis

import (
	"fmt"
	"math"
	"slices"
	"sync"
)

// MannWhitneyExactMaxN is the largest size of either sample for which
// MannWhitney computes an exact p-value.
const MannWhitneyExactMaxN = 50

// MannWhitneyResult is the outcome of a two-sided Mann–Whitney U test.
type MannWhitneyResult struct {
	N1, N2 int
	U      float64 // U of x: the pairs (x_i, y_j) with x_i > y_j, ties counting ½
	P      float64 // two-sided p-value
	Exact  bool    // P comes from the exact (permutation) null distribution
}

// MannWhitney runs the two-sided Mann–Whitney U (Wilcoxon rank-sum) test
// of independent samples x and y; values are ranked together, ties taking
// their average rank.
//
//   - When neither sample has more than MannWhitneyExactMaxN values, the
//     p-value is exact: U's distribution over every way of choosing which
//     len(x) of the pooled values are x's, the average ranks of the data
//     kept (the conditional distribution, exact under ties too). It is twice
//     the smaller tail, capped at 1, as scipy.stats.permutation_test gives
//     it; without ties that is scipy.stats.mannwhitneyu(method="exact").
//   - Otherwise it is the normal approximation with the tie correction of
//     the variance and a continuity correction of ½, as
//     scipy.stats.mannwhitneyu(method="asymptotic") computes it.
//
// With ties the null distribution is not symmetric, so doubling the tail
// of the smaller of U and n1·n2 − U (go-moremath's MannWhitneyUTest) is
// not a p-value: it gave p > 1, and p = 0 for samples of 6 and 1 values.
//
// An error is returned for an empty sample, NaN values, or when every value
// is the same (there is nothing to rank).
func MannWhitney(x, y []float64) (MannWhitneyResult, error) {
	n1, n2 := len(x), len(y)
	if n1 == 0 || n2 == 0 {
		return MannWhitneyResult{}, fmt.Errorf("results: MannWhitney: samples of %d and %d values; the test needs both", n1, n2)
	}
	pooled := append(append(make([]float64, 0, n1+n2), x...), y...)
	if hasNaN(pooled) {
		return MannWhitneyResult{}, fmt.Errorf("results: MannWhitney: a value is NaN")
	}
	ranks, ties := averageRanks(pooled)
	if len(ties) == 1 && ties[0] == n1+n2 {
		return MannWhitneyResult{}, fmt.Errorf("results: MannWhitney: all %d values are equal", n1+n2)
	}
	var r1 float64
	for _, r := range ranks[:n1] {
		r1 += r
	}
	res := MannWhitneyResult{N1: n1, N2: n2, U: r1 - float64(n1*(n1+1))/2}
	if n1 <= MannWhitneyExactMaxN && n2 <= MannWhitneyExactMaxN {
		res.Exact = true
		res.P = mannWhitneyExactP(ranks, n1, r1, len(ties) > 0)
		return res, nil
	}
	n, m := float64(n1+n2), float64(n1)*float64(n2)
	sd := math.Sqrt(m / 12 * ((n + 1) - tieSum(ties)/(n*(n-1))))
	dev := math.Abs(res.U - m/2)
	z := math.Max(dev-0.5, 0) / sd
	res.P = math.Min(1, math.Erfc(z/math.Sqrt2))
	return res, nil
}

// mannWhitneyExactP is the two-sided exact p-value of the rank sum r1 of
// the first n1 of the pooled average ranks: twice the smaller of P(R ≤ r1)
// and P(R ≥ r1) over the C(N, n1) equally likely choices of n1 ranks,
// capped at 1. Average ranks are multiples of ½, so doubled they are
// integers and the distribution is counted by dynamic programming over
// (values chosen, doubled sum). Without ties it depends on n1 and N alone
// and is counted once for each (mannWhitneyNoTies).
func mannWhitneyExactP(ranks []float64, n1 int, r1 float64, tied bool) float64 {
	var counts []float64
	if tied {
		counts = rankSumCounts(ranks, n1)
	} else {
		counts = mannWhitneyNoTies(len(ranks), n1)
	}
	obs := int(math.Round(2 * r1))
	var lower, upper, all float64
	for s, c := range counts {
		all += c
		if s <= obs {
			lower += c
		}
		if s >= obs {
			upper += c
		}
	}
	return math.Min(1, 2*math.Min(lower, upper)/all)
}

// noTiesCounts caches rankSumCounts of the ranks 1..N by [2]int{N, n1}: a
// comparison's rows mostly share their sample sizes.
var noTiesCounts sync.Map

func mannWhitneyNoTies(n, n1 int) []float64 {
	key := [2]int{n, n1}
	if c, ok := noTiesCounts.Load(key); ok {
		return c.([]float64)
	}
	ranks := make([]float64, n)
	for i := range ranks {
		ranks[i] = float64(i + 1)
	}
	c := rankSumCounts(ranks, n1)
	noTiesCounts.Store(key, c)
	return c
}

// rankSumCounts returns c where c[s] counts the choices of n1 of ranks
// whose sum is s/2. Counts are float64: C(100, 50) ≈ 10²⁹ exceeds a
// uint64, and only their ratios matter.
func rankSumCounts(ranks []float64, n1 int) []float64 {
	n := len(ranks)
	v := make([]int, n) // the doubled ranks, ascending
	for i, r := range ranks {
		v[i] = int(2 * r)
	}
	slices.Sort(v)
	prefix := make([]int, n+1) // prefix[k]: the sum of the k smallest
	for i, x := range v {
		prefix[i+1] = prefix[i] + x
	}
	// c[k][s]: choices of k among the ranks seen whose doubled sum is s.
	c := make([][]float64, n1+1)
	for k := range c {
		c[k] = make([]float64, prefix[n]+1)
	}
	c[0][0] = 1
	for i, x := range v {
		m := i + 1 // ranks seen, x the largest
		// Downwards in k so that c[k-1] still counts choices without x;
		// a k that cannot reach n1 with the ranks left is skipped.
		for k := min(m, n1); k >= max(1, n1-(n-m)); k-- {
			// c[k-1] is non-zero between the sums of the k-1 smallest and
			// the k-1 largest of the m-1 ranks seen before x.
			lo, hi := prefix[k-1], prefix[m-1]-prefix[m-k]
			for s := hi; s >= lo; s-- {
				c[k][s+x] += c[k-1][s]
			}
		}
	}
	return c[n1]
}
