package analysis

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// FriedmanResult is the outcome of a Friedman rank test.
type FriedmanResult struct {
	N    int     // blocks (rows: instances, seeds)
	K    int     // treatments (columns: algorithms)
	Chi2 float64 // tie-corrected Friedman chi-square statistic
	DF   int     // K - 1
	P    float64 // chi-square survival of Chi2 on DF degrees of freedom
	// KendallW is Kendall's coefficient of concordance Chi2/(N(K-1)), in
	// [0, 1]: 0 when the treatments rank in no consistent order, 1 when
	// every block ranks them the same way.
	KendallW float64
	// MeanRanks[j] is treatment j's rank averaged over blocks; rank 1 is the
	// smallest value, so for a cost metric (makespan, tardiness) lower is
	// better.
	MeanRanks []float64
}

// Friedman tests whether K treatments differ, given blocks[i][j], the value
// of treatment j in block i. Values are ranked within each block, ties taking
// their average rank. The statistic matches scipy.stats.friedmanchisquare:
//
//	chi2 = (12/(N K (K+1)) Σ_j R_j² - 3 N (K+1)) / C,
//	C    = 1 - Σ (t³-t) / (N K (K²-1)),
//
// with R_j the rank sum of treatment j and t running over the tie groups of
// every block. scipy insists on K >= 3; K = 2 is accepted here (it is the
// sign test in chi-square form).
//
// If every block is entirely tied, C is 0 and scipy returns NaN; we return
// Chi2 = 0 and P = 1 because the data show no difference at all.
//
// An error is returned for fewer than one block, fewer than two treatments,
// rows of different lengths, or NaN values.
func Friedman(blocks [][]float64) (FriedmanResult, error) {
	n := len(blocks)
	if n == 0 {
		return FriedmanResult{}, fmt.Errorf("results: Friedman: no blocks")
	}
	k := len(blocks[0])
	if k < 2 {
		return FriedmanResult{}, fmt.Errorf("results: Friedman: block 0 has %d treatments; need at least 2", k)
	}
	rankSums := make([]float64, k)
	var ties float64
	for i, row := range blocks {
		if len(row) != k {
			return FriedmanResult{}, fmt.Errorf("results: Friedman: block %d has %d treatments, block 0 has %d", i, len(row), k)
		}
		for j, v := range row {
			if math.IsNaN(v) {
				return FriedmanResult{}, fmt.Errorf("results: Friedman: block %d treatment %d is NaN", i, j)
			}
		}
		r, t := averageRanks(row)
		for j := range r {
			rankSums[j] += r[j]
		}
		ties += tieSum(t)
	}
	fn, fk := float64(n), float64(k)
	res := FriedmanResult{N: n, K: k, DF: k - 1, MeanRanks: make([]float64, k)}
	var ss float64
	for j, r := range rankSums {
		ss += r * r
		res.MeanRanks[j] = r / fn
	}
	c := 1 - ties/(fk*(fk*fk-1)*fn)
	if c <= 0 {
		res.P = 1
		return res, nil
	}
	chi2 := (12/(fn*fk*(fk+1))*ss - 3*fn*(fk+1)) / c
	// Rounding can leave -1e-15 when the rank sums are all equal.
	res.Chi2 = math.Max(chi2, 0)
	res.P = distuv.ChiSquared{K: fk - 1}.Survival(res.Chi2)
	res.KendallW = res.Chi2 / (fn * (fk - 1))
	return res, nil
}

// NoPairDiffers is what a post-hoc table says when no pair of k
// algorithms differs after Holm over their k(k−1)/2 pairs, with n blocks
// (repetitions): "none" when n pairs could have reached Alpha, and
// otherwise the reason an inconclusive claim gives ("too few repetitions:
// at least N needed"), since at such n no data could have shown a pair
// differ: a lack of power, not a finding.
func NoPairDiffers(n, k int) string {
	pairs := k * (k - 1) / 2
	switch {
	case n < MinPairs(pairs) && pairs == 1:
		return "none: " + TooFewNote(1)
	case n < MinPairs(pairs):
		return fmt.Sprintf("none: %s (Holm over %d pairs)", TooFewNote(pairs), pairs)
	}
	return "none"
}
