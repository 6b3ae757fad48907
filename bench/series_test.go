package bench_test

import (
	"io"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// BenchmarkSeriesCSV writes a series.csv of 1,000,000 points, 100 per
// series of one run (a utilisation series per run, as a study file's
// runs record): a study of 120,000 runs writes 12 M of them. It reports
// ns per point.
func BenchmarkSeriesCSV(b *testing.B) {
	const runs, per = 10000, 100
	pts := make([]analysis.Point, 0, runs*per)
	for r := range runs {
		for k := range per {
			pts = append(pts, analysis.Point{Experiment: "many", Workload: "l1", Algorithm: "easy-sjbf", Rep: r, Seed: 1e9 + uint64(r),
				Series: "utilisation", T: float64(k) * 1234.5678, Value: float64(r%97) / 97})
		}
	}
	for b.Loop() {
		if err := analysis.WriteSeriesCSV(io.Discard, pts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pts)), "ns/point")
}
