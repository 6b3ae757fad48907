package bench_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// BenchmarkSeriesCSV writes and reads back a series.csv of 1,000,000
// points, 100 per series of one run (a utilisation series per run, as a
// study file's runs record): a study of 120,000 runs writes 12 M of them,
// and reads them back when it runs again. It reports ns per point and,
// reading, the heap allocated per point.
func BenchmarkSeriesCSV(b *testing.B) {
	const runs, per = 10000, 100
	pts := make([]analysis.Point, 0, runs*per)
	for r := range runs {
		for k := range per {
			pts = append(pts, analysis.Point{Experiment: "many", Workload: "l1", Algorithm: "easy-sjbf", Rep: r, Seed: 1e9 + uint64(r),
				Series: "utilisation", T: float64(k) * 1234.5678, Value: float64(r%97) / 97})
		}
	}
	b.Run("op=write", func(b *testing.B) {
		for b.Loop() {
			if err := analysis.WriteSeriesCSV(io.Discard, pts); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pts)), "ns/point")
	})
	b.Run("op=read", func(b *testing.B) {
		path := filepath.Join(b.TempDir(), "series.csv")
		f, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		if err := analysis.WriteSeriesCSV(f, pts); err != nil {
			b.Fatal(err)
		}
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			got, err := analysis.ReadSeriesFile(path)
			if err != nil || len(got) != len(pts) {
				b.Fatalf("%d points, %v", len(got), err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pts)), "ns/point")
	})
}
