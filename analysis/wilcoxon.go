package analysis

import (
	"fmt"
	"math"
)

// WilcoxonExactMaxN is the largest number of non-zero differences for which
// Wilcoxon computes an exact p-value (the same cut-off as scipy's
// method="auto").
const WilcoxonExactMaxN = 50

// WilcoxonResult is the outcome of a two-sided Wilcoxon signed-rank test.
type WilcoxonResult struct {
	N      int     // pairs with a non-zero difference (the ones ranked)
	Zeros  int     // pairs with a zero difference, dropped before ranking
	WPlus  float64 // rank sum of the positive differences x-y
	WMinus float64 // rank sum of the negative differences
	W      float64 // min(WPlus, WMinus), the statistic scipy reports
	// Z is the standardized statistic (W - mean)/sd under the normal
	// approximation (always <= 0, as W is the smaller rank sum). It is NaN
	// when the p-value is exact.
	Z     float64
	P     float64 // two-sided p-value
	Exact bool    // P comes from the exact null distribution
	// Effect is the matched-pairs rank-biserial correlation
	// (WPlus - WMinus)/(WPlus + WMinus), in [-1, 1]; positive when x tends to
	// exceed y. It is 0 when every difference is zero.
	Effect float64
}

// Wilcoxon runs the two-sided Wilcoxon signed-rank test on the paired
// differences d = x - y. It follows scipy.stats.wilcoxon with its defaults
// (zero_method="wilcox", correction=False, method="auto"), with one
// deliberate difference, noted below.
//
//   - Zero differences are dropped and N counts the rest.
//   - The p-value is exact when N <= WilcoxonExactMaxN: the null
//     distribution of WPlus over the 2^N signs of the ranks as they are
//     (average ranks where |d| ties), counted by dynamic programming over
//     rank sums (O(N³), not 2^N). So no p-value is below 2/2^N.
//   - Otherwise it uses the normal approximation with the tie correction of
//     the variance, n(n+1)(2n+1)/24 - Σ(t³-t)/48, and without continuity
//     correction (scipy's default).
//
// The difference: where |d| has ties or some d is zero, scipy 1.10 either
// truncates a half-integer rank sum in a distribution that does not hold
// under ties (ties without zeros) or takes the normal approximation (zeros),
// which with few pairs gives p-values no sign assignment can: four equal
// differences got p = 0.0455 from it, where the smallest p four pairs can
// give is 0.125. Here the exact distribution is the one of the ranks as
// they are, the permutation test the signed-rank test is (the p-value R's
// coin::wilcoxsign_test(distribution = "exact") gives).
//
// When every difference is zero there is no evidence either way: P is 1,
// N is 0 and no error is returned. An error is returned for inputs of
// different lengths, empty inputs, or NaN values.
func Wilcoxon(x, y []float64) (WilcoxonResult, error) {
	if len(x) != len(y) {
		return WilcoxonResult{}, fmt.Errorf("results: Wilcoxon: x has %d values, y has %d; the test needs pairs", len(x), len(y))
	}
	if len(x) == 0 {
		return WilcoxonResult{}, fmt.Errorf("results: Wilcoxon: no pairs")
	}
	d := make([]float64, 0, len(x))
	abs := make([]float64, 0, len(x))
	zeros := 0
	for i := range x {
		di := x[i] - y[i]
		if math.IsNaN(di) {
			return WilcoxonResult{}, fmt.Errorf("results: Wilcoxon: pair %d (%v, %v) has a NaN difference", i, x[i], y[i])
		}
		if di == 0 {
			zeros++
			continue
		}
		d = append(d, di)
		abs = append(abs, math.Abs(di))
	}
	n := len(d)
	res := WilcoxonResult{N: n, Zeros: zeros, Z: math.NaN()}
	if n == 0 {
		res.P = 1
		return res, nil
	}

	ranks, ties := averageRanks(abs)
	for i, r := range ranks {
		if d[i] > 0 {
			res.WPlus += r
		} else {
			res.WMinus += r
		}
	}
	res.W = math.Min(res.WPlus, res.WMinus)
	res.Effect = (res.WPlus - res.WMinus) / (res.WPlus + res.WMinus)

	if n <= WilcoxonExactMaxN {
		res.Exact = true
		res.P = wilcoxonExactP(ranks, res.WPlus)
		return res, nil
	}
	fn := float64(n)
	mean := fn * (fn + 1) / 4
	variance := fn*(fn+1)*(2*fn+1)/24 - tieSum(ties)/48
	res.Z = (res.W - mean) / math.Sqrt(variance)
	// 2·Φ(-|z|) written with erfc keeps full relative precision for tiny p.
	res.P = math.Min(1, math.Erfc(math.Abs(res.Z)/math.Sqrt2))
	return res, nil
}

// wilcoxonExactP is the two-sided exact p-value of the rank sum wplus of
// the positive differences whose ranks are ranks (average ranks where the
// differences tie, so each is a whole number or a half): twice the smaller
// tail of its distribution over the 2^n signs of the ranks, capped at 1.
// Without ties it is scipy's exact p-value (1 at the centre).
func wilcoxonExactP(ranks []float64, wplus float64) float64 {
	n := len(ranks)
	// The ranks in whole units: halves where a tie is of an even count,
	// else the ranks themselves (a table half as long).
	unit := 1.0
	for _, r := range ranks {
		if r != math.Trunc(r) {
			unit = 0.5
			break
		}
	}
	whole := make([]int, n)
	for i, r := range ranks {
		whole[i] = int(math.Round(r / unit))
	}
	counts := signedRankCounts(whole)
	w := int(math.Round(wplus / unit))
	var lower, upper uint64
	for s := 0; s <= w && s < len(counts); s++ {
		lower += counts[s]
	}
	for s := w; s < len(counts); s++ {
		upper += counts[s]
	}
	tail := min(lower, upper)
	// counts sum to 2^n <= 2^50, so the integer sums are exact and the only
	// rounding is in this final scaling.
	return math.Min(1, 2*math.Ldexp(float64(tail), -n))
}

// signedRankCounts returns c where c[s] is the number of subsets of the
// ranks (each a whole number) whose elements sum to s, for s = 0 … their
// sum: the null distribution of the rank sum of the positive differences
// times 2^n. Adding a rank either leaves a subset's sum alone or raises it
// by the rank, so each rank is one pass over the table. For n <= 62 the
// counts fit in a uint64.
func signedRankCounts(ranks []int) []uint64 {
	total := 0
	for _, r := range ranks {
		total += r
	}
	c := make([]uint64, total+1)
	c[0] = 1
	top := 0
	for _, k := range ranks {
		top += k
		// Downwards so that c[s-k] still holds the count without rank k.
		for s := top; s >= k; s-- {
			c[s] += c[s-k]
		}
	}
	return c
}
