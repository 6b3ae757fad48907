//go:build unix

package bench_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/gridbench/gridbench/generators/jobstream"
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
				simulateBestCPU(b, algo, sim.SingleMachine(cpus), jobs, &easyCPU)
			})
		}
	}
}

// BenchmarkDeadlineFlexCPU is the `deadline` experiment's instance at the
// papers' scale (3000 jobs, 150 machines, one seed) simulated by EASY and
// by Flex, whose deadlines put jobs on its side list (see
// internal/sched/flex): CPU time of one simulation, the minimum over the
// runs, and x-easy as in BenchmarkSimTraceCPU.
func BenchmarkDeadlineFlexCPU(b *testing.B) {
	for _, ia := range []float64{1, 5} {
		spec := jobstream.Default(ia)
		spec.Jobs, spec.Machines = 3000, 150
		inst, err := adapt.GenerateDeadline(spec, 1)
		if err != nil {
			b.Fatal(err)
		}
		var easyCPU time.Duration
		for _, algo := range []string{"easy", "flex"} {
			b.Run(fmt.Sprintf("ia=%g/algo=%s/jobs=%d", ia, algo, spec.Jobs), func(b *testing.B) {
				simulateBestCPU(b, algo, inst.Platform, inst.Jobs, &easyCPU)
			})
		}
	}
}

// simulateBestCPU simulates jobs on p with algo once per op and reports the
// least CPU time of one simulation (cpu-s). EASY's sets *easy; another
// algorithm's is also reported over it (x-easy).
func simulateBestCPU(b *testing.B, algo string, p sim.Platform, jobs []sim.Job, easy *time.Duration) {
	best := time.Duration(1 << 62)
	for b.Loop() {
		c0, _ := cpuTimes(b)
		s, err := sched.New(algo)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := sim.Simulate(p, jobs, s); err != nil {
			b.Fatal(err)
		}
		c1, _ := cpuTimes(b)
		best = min(best, c1-c0)
	}
	b.ReportMetric(best.Seconds(), "cpu-s")
	if algo == "easy" {
		*easy = best
	} else if *easy > 0 {
		b.ReportMetric(float64(best)/float64(*easy), "x-easy")
	}
}
