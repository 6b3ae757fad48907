package analysis_test

import (
	"fmt"

	"github.com/gridbench/gridbench/analysis"
)

// Two schedulers' makespans on the same 10 workloads: the pairs share a
// workload, so the paired signed-rank test applies. scipy.stats.wilcoxon
// gives statistic 1.0, pvalue 0.00390625 (= 2·2/2^10: only rank 1 is positive).
func ExampleWilcoxon() {
	easy := []float64{812, 790, 1005, 640, 930, 711, 880, 1020, 760, 845}
	fcfs := []float64{850, 801, 1090, 652, 925, 760, 940, 1100, 773, 870}
	r, err := analysis.Wilcoxon(easy, fcfs)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("n=%d W=%g p=%.4f exact=%v r=%.2f\n", r.N, r.W, r.P, r.Exact, r.Effect)
	// Output:
	// n=10 W=1 p=0.0039 exact=true r=-0.96
}

// Three algorithms (columns) on six instances (rows); lower is better.
// scipy.stats.friedmanchisquare gives chi2 9.652173913043478, p 0.0080178.
func ExampleFriedman() {
	blocks := [][]float64{
		{10.2, 11.5, 12.0},
		{8.1, 9.0, 9.9},
		{15.0, 14.2, 16.8},
		{7.7, 8.8, 8.8},
		{12.4, 13.1, 13.9},
		{9.9, 10.6, 11.2},
	}
	r, err := analysis.Friedman(blocks)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("chi2=%.3f df=%d p=%.4f W=%.3f\n", r.Chi2, r.DF, r.P, r.KendallW)
	fmt.Printf("mean ranks %.2f\n", r.MeanRanks)
	// Output:
	// chi2=9.652 df=2 p=0.0080 W=0.804
	// mean ranks [1.17 1.92 2.92]
}
