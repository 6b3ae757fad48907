package analysis

import (
	"math"
	"testing"
)

// mannWhitneyCases are exact two-sided p-values computed by scipy 1.10.1:
// scipy.stats.permutation_test((x, y), rank sum of x in the pooled
// rankdata, permutation_type="independent", n_resamples=np.inf), which
// enumerates every split, and U = scipy.stats.mannwhitneyu(x, y).statistic.
// The untied case is also scipy.stats.mannwhitneyu(method="exact").
// go-moremath's MannWhitneyUTest gave 0, 0, 0.0303, 1.4286, 1.2 and 0.1333
// for the tied ones.
var mannWhitneyCases = []struct {
	x, y []float64
	u, p float64
}{
	{[]float64{3, 2, 2}, []float64{1, 1}, 6, 0.2},
	{[]float64{1, 3, 0}, []float64{0, 0, 0, 0, 1, 0}, 14, 0.30952380952380953},
	{[]float64{2, 1, 1, 2}, []float64{0, 1, 0, 2, 0, 0, 0}, 24, 0.07272727272727272},
	{[]float64{2, 1}, []float64{1, 1, 1, 1, 1}, 7.5, 0.5714285714285714},
	{[]float64{1, 3}, []float64{3, 3, 3, 1}, 3, 1},
	{[]float64{3, 3}, []float64{3, 3, 1, 1}, 6, 0.8},
	{[]float64{1, 2, 3, 4, 5, 6, 7, 8}, []float64{9, 10, 11, 12, 13, 14, 15, 16}, 0, 0.0001554001554001554},
}

func TestMannWhitneyMatchesScipyPermutationTest(t *testing.T) {
	for _, c := range mannWhitneyCases {
		r, err := MannWhitney(c.x, c.y)
		if err != nil {
			t.Fatalf("%v vs %v: %v", c.x, c.y, err)
		}
		if r.U != c.u || !r.Exact || math.Abs(r.P-c.p) > 1e-12*c.p {
			t.Errorf("%v vs %v: U=%v p=%v exact=%v, want U=%v p=%v (scipy)", c.x, c.y, r.U, r.P, r.Exact, c.u, c.p)
		}
	}
}

// Beyond MannWhitneyExactMaxN values the p-value is scipy's
// mannwhitneyu(x, y, method="asymptotic") (tie and continuity corrected):
// 0.0878290798453337 for these, computed by scipy 1.10.1.
func TestMannWhitneyNormalApproximation(t *testing.T) {
	var x, y []float64
	for i := range 60 {
		x = append(x, float64(i%7))
		y = append(y, float64(i%5)+0.5*float64(i%2))
	}
	r, err := MannWhitney(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if r.Exact || math.Abs(r.P-0.0878290798453337) > 1e-12 {
		t.Errorf("p=%v exact=%v, want 0.0878290798453337 by the normal approximation", r.P, r.Exact)
	}
	if _, err := MannWhitney([]float64{2, 2}, []float64{2}); err == nil {
		t.Error("all values equal: want an error")
	}
}

// compare --unpaired tests each row with MannWhitney: samples with ties got
// p = 0 (significant) from go-moremath where the exact p is 0.31.
func TestCompareUnpairedUsesExactTiedP(t *testing.T) {
	c := mannWhitneyCases[1]
	old := ResultSide{Name: "OLD"}
	nw := ResultSide{Name: "NEW"}
	for i, v := range c.x {
		old.Records = append(old.Records, Record{Experiment: "e", Workload: "w", Algorithm: "a", Rep: i, Seed: uint64(i), Metric: "m", Value: v})
	}
	for i, v := range c.y {
		nw.Records = append(nw.Records, Record{Experiment: "e", Workload: "w", Algorithm: "a", Rep: i, Seed: uint64(50 + i), Metric: "m", Value: v})
	}
	d, err := CompareResults(old, nw, CompareOptions{Unpaired: true, Alpha: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if r := d.Rows[0]; math.Abs(r.P-c.p) > 1e-12 || r.Significant(0.05) {
		t.Errorf("row p=%v significant=%v, want p=%v (scipy), not significant", r.P, r.Significant(0.05), c.p)
	}
}
