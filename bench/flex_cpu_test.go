//go:build unix

package bench_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

// BenchmarkSimTraceCPU is BenchmarkSimTrace's RICC case in CPU time, the
// minimum over the runs of one simulation (trace loaded outside), so that
// Flex can be read as a multiple of EASY on a busy machine: x-easy is
// Flex's CPU time over EASY's with the same estimates.
func BenchmarkSimTraceCPU(b *testing.B) {
	const n, cpus = 100000, 8192
	for _, est := range []adapt.Estimate{adapt.Requested, adapt.Exact} {
		var easyCPU time.Duration
		for _, algo := range []string{"easy", "flex"} {
			b.Run(fmt.Sprintf("trace=RICC/algo=%s/cpus=%d/estimate=%s", algo, cpus, est), func(b *testing.B) {
				path := datadir.ForTest(b, riccPath)
				jobs, _, err := adapt.LoadSWF(path, n, cpus, est)
				if err != nil {
					b.Fatal(err)
				}
				best := time.Duration(1 << 62)
				for b.Loop() {
					c0, _ := cpuTimes(b)
					s, err := sched.New(algo)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := sim.Simulate(sim.SingleMachine(cpus), jobs, s); err != nil {
						b.Fatal(err)
					}
					c1, _ := cpuTimes(b)
					best = min(best, c1-c0)
				}
				b.ReportMetric(best.Seconds(), "cpu-s")
				if algo == "easy" {
					easyCPU = best
				} else if easyCPU > 0 {
					b.ReportMetric(float64(best)/float64(easyCPU), "x-easy")
				}
			})
		}
	}
}
