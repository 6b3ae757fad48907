package bench_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/gridbench/gridbench/generators/batsim"
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/datadir"
)

// BenchmarkBatsimRead reads a Batsim workload written by `workload
// convert` from the first N jobs of RICC-2010-2 (delay profiles): the
// bytes' reading into jobs and profiles that simulate and study files do
// before simulating, with the workload already in memory.
func BenchmarkBatsimRead(b *testing.B) {
	for _, n := range []int{100000, 447794} {
		b.Run(fmt.Sprintf("trace=RICC/jobs=%d", n), func(b *testing.B) {
			path := datadir.ForTest(b, riccPath)
			jobs, _, err := trace.ReadAll(path, n)
			if err != nil {
				b.Fatal(err)
			}
			var w bytes.Buffer
			if err := batsim.Write(&w, jobs, batsim.WriteOptions{}); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(w.Len()))
			b.ReportAllocs()
			for b.Loop() {
				wl, err := batsim.Read(w.Bytes(), "ricc.json")
				if err != nil || len(wl.Jobs) != len(jobs) {
					b.Fatalf("%d jobs read of %d: %v", len(wl.Jobs), len(jobs), err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(jobs)), "ns/job")
		})
	}
}
