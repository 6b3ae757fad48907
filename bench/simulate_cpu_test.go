//go:build unix

package bench_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/gridbench/gridbench/cmd/gridbench/simrun"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
)

// BenchmarkSimulateCPU is BenchmarkSimulate measured in CPU time, which a
// busy machine inflates far less than wall time: cpu-x-floor is the CPU
// time of one simulate (all its goroutines: parse, simulate, check, CSV)
// over the CPU time of the floor for the same prefix (gunzip and scan
// plus the event heap, see BenchmarkFloor), each the minimum over the
// runs, a floor run taken beside every simulate.
func BenchmarkSimulateCPU(b *testing.B) {
	for _, n := range []int{100000, 400000} {
		b.Run(fmt.Sprintf("trace=RICC/algo=easy/cpus=8192/estimate=requested/jobs=%d", n), func(b *testing.B) {
			path := datadir.ForTest(b, riccPath)
			out := filepath.Join(b.TempDir(), "jobs.csv")
			ts := eventTimes(n)
			cpu := func() time.Duration { self, _ := cpuTimes(b); return self }
			floorOnce := func() time.Duration {
				c0 := cpu()
				if _, err := scanFloor(path, n); err != nil {
					b.Fatal(err)
				}
				heapFloor(ts)
				return cpu() - c0
			}
			fl := time.Duration(1 << 62)
			for range 3 {
				fl = min(fl, floorOnce())
			}
			best := time.Duration(1 << 62)
			b.ResetTimer()
			for b.Loop() {
				c0 := cpu()
				s, err := sched.New("easy")
				if err != nil {
					b.Fatal(err)
				}
				if _, err := simrun.SimulateTo(path, n, 8192, adapt.Requested, s, out); err != nil {
					b.Fatal(err)
				}
				best = min(best, cpu()-c0)
				// One more floor run beside each simulate, outside the
				// timer: both minima then come from the same stretch of a
				// shared machine's load.
				b.StopTimer()
				fl = min(fl, floorOnce())
				b.StartTimer()
			}
			b.ReportMetric(float64(best)/float64(fl), "cpu-x-floor")
			b.ReportMetric(best.Seconds(), "cpu-s")
		})
	}
}
