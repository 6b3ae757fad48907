package trace

import (
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

// BenchmarkRead streams whole traces (gzip included) without keeping jobs.
func BenchmarkRead(b *testing.B) {
	for _, tc := range []struct{ name, rel string }{
		{"trace=lcg", "LCG-2005-1/LCG.swf.gz"},
		{"trace=ricc", "pwa-swf/RICC-2010-2.swf.gz"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			path := datadir.ForTest(b, tc.rel)
			for b.Loop() {
				r, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				n := 0
				for r.Next() {
					n++
				}
				if err := r.Err(); err != nil {
					b.Fatal(err)
				}
				r.Close()
				b.ReportMetric(float64(n), "jobs")
			}
		})
	}
}
