package bench_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// BenchmarkMeanBootstrapCI times the 95% bootstrap interval of a mean
// (10,000 resamples) of 1,000 values, each resample stored then averaged
// (stored) and summed as it is drawn (fused, what MeanBootstrapCI does;
// the same bits): a study's report computes one per workload, algorithm
// and metric, and at 10,000 repetitions they were half its CPU.
func BenchmarkMeanBootstrapCI(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	xs := make([]float64, 1000)
	for i := range xs {
		xs[i] = rng.ExpFloat64()
	}
	mean := func(s []float64) float64 {
		t := 0.0
		for _, v := range s {
			t += v
		}
		return t / float64(len(s))
	}
	b.Run("sum=stored", func(b *testing.B) {
		for b.Loop() {
			analysis.BootstrapCI(xs, mean, 10000)
		}
	})
	b.Run("sum=fused", func(b *testing.B) {
		for b.Loop() {
			analysis.MeanBootstrapCI(xs)
		}
	})
}
