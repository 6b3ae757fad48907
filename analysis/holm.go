package analysis

import (
	"fmt"
	"math"
	"sort"
)

// Holm returns Holm–Bonferroni adjusted p-values, in the order of p. The
// i-th smallest of m p-values is multiplied by m-i+1 (1-based), then the
// sequence is made non-decreasing in that order and capped at 1, so
// comparing an adjusted value with α is the step-down procedure of
// Holm (1979). It controls the family-wise error rate under any dependence
// between the tests, which suits pairwise comparisons on shared blocks.
//
// NaN entries (tests that could not be run) stay NaN in the output and do
// not count towards m. Equal p-values get equal adjusted values.
func Holm(p []float64) []float64 {
	adj := make([]float64, len(p))
	idx := make([]int, 0, len(p))
	for i, v := range p {
		if math.IsNaN(v) {
			adj[i] = math.NaN()
			continue
		}
		idx = append(idx, i)
	}
	sort.SliceStable(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
	m := len(idx)
	running := 0.0
	for rank, i := range idx {
		v := math.Min(1, float64(m-rank)*p[i])
		running = math.Max(running, v)
		adj[i] = running
	}
	return adj
}

// PairResult is one pairwise comparison of treatments I < J.
type PairResult struct {
	I, J   int
	N      int     // blocks with a non-zero difference
	W      float64 // Wilcoxon statistic min(W+, W-)
	P      float64 // unadjusted two-sided p-value
	PAdj   float64 // Holm-adjusted over all pairs
	Exact  bool    // P is exact (see Wilcoxon)
	Effect float64 // rank-biserial r; positive when treatment I has larger values
}

// PosthocWilcoxonHolm compares every pair of treatments (columns of blocks,
// as for Friedman) with a paired Wilcoxon signed-rank test over the blocks
// and adjusts the p-values across all K(K-1)/2 pairs with Holm. Pairs are
// returned in order (0,1), (0,2), …, (1,2), ….
//
// It returns an error for the inputs Friedman rejects.
func PosthocWilcoxonHolm(blocks [][]float64) ([]PairResult, error) {
	if len(blocks) == 0 {
		return nil, fmt.Errorf("results: PosthocWilcoxonHolm: no blocks")
	}
	k := len(blocks[0])
	if k < 2 {
		return nil, fmt.Errorf("results: PosthocWilcoxonHolm: block 0 has %d treatments; need at least 2", k)
	}
	cols := make([][]float64, k)
	for i, row := range blocks {
		if len(row) != k {
			return nil, fmt.Errorf("results: PosthocWilcoxonHolm: block %d has %d treatments, block 0 has %d", i, len(row), k)
		}
		for j, v := range row {
			cols[j] = append(cols[j], v)
		}
	}
	var pairs []PairResult
	var ps []float64
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			w, err := Wilcoxon(cols[i], cols[j])
			if err != nil {
				return nil, fmt.Errorf("results: PosthocWilcoxonHolm: treatments %d and %d: %w", i, j, err)
			}
			pairs = append(pairs, PairResult{I: i, J: j, N: w.N, W: w.W, P: w.P, Exact: w.Exact, Effect: w.Effect})
			ps = append(ps, w.P)
		}
	}
	for i, a := range Holm(ps) {
		pairs[i].PAdj = a
	}
	return pairs, nil
}
