package analysis

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// Spearman returns the rank correlation of x and y (ties get average
// ranks: the Pearson correlation of the ranks) and its two-sided p-value
// from the t approximation with n−2 degrees of freedom, as
// scipy.stats.spearmanr computes it. rho is NaN for unequal lengths, fewer
// than 2 pairs or a constant input; p is NaN as well with fewer than 3 pairs.
func Spearman(x, y []float64) (rho, p float64) {
	rs, ps := SpearmanEach(x, y)
	return rs[0], ps[0]
}

// SpearmanEach returns Spearman(x, y) for each y of ys, ranking x once.
func SpearmanEach(x []float64, ys ...[]float64) (rho, p []float64) {
	rho, p = make([]float64, len(ys)), make([]float64, len(ys))
	var rx []float64
	for i, y := range ys {
		if len(x) != len(y) || len(x) < 2 {
			rho[i], p[i] = math.NaN(), math.NaN()
			continue
		}
		if rx == nil {
			rx, _ = averageRanks(x)
		}
		ry, _ := averageRanks(y)
		rho[i], p[i] = spearmanRanks(rx, ry)
	}
	return rho, p
}

// spearmanRanks is Spearman's rho and p from the average ranks of two
// inputs of the same length n >= 2.
func spearmanRanks(rx, ry []float64) (rho, p float64) {
	n := len(rx)
	m := float64(n+1) / 2 // the mean of 1..n, whatever the ties
	var sxy, sxx, syy float64
	for i := range rx {
		a, b := rx[i]-m, ry[i]-m
		sxy += a * b
		sxx += a * a
		syy += b * b
	}
	if sxx == 0 || syy == 0 {
		return math.NaN(), math.NaN()
	}
	rho = sxy / math.Sqrt(sxx*syy)
	switch {
	case n < 3:
		return rho, math.NaN()
	case math.Abs(rho) >= 1:
		return rho, 0
	}
	t := rho * math.Sqrt(float64(n-2)/(1-rho*rho))
	return rho, 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 2)}.Survival(math.Abs(t))
}

// OrderAlgorithms returns the algorithms that occur in recs: those of
// preferred first, in that order, then any others by name — so figures and
// tables list algorithms in the paper's order and never in map order.
func OrderAlgorithms(recs []Record, preferred []string) []string {
	seen := map[string]bool{}
	for _, r := range recs {
		seen[r.Algorithm] = true
	}
	var out []string
	for _, a := range preferred {
		if seen[a] {
			out = append(out, a)
			delete(seen, a)
		}
	}
	var other []string
	for a := range seen {
		other = append(other, a)
	}
	sort.Strings(other)
	return append(out, other...)
}
