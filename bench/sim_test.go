package bench_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/gridbench/gridbench/cmd/gridbench/simrun"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	_ "github.com/gridbench/gridbench/internal/sched/easy"
	_ "github.com/gridbench/gridbench/internal/sched/fcfs"
	_ "github.com/gridbench/gridbench/internal/sched/flex"
	"github.com/gridbench/gridbench/internal/sim"
)

// synthetic draws a single-machine workload of n jobs on 1024 CPUs whose
// offered load is slightly above 1, so the queue behind a blocked head grows
// long — the case in which a careless backfill pass turns quadratic. CPUs
// are powers of two up to 256, run times exponential, estimates up to 3×
// the run time.
func synthetic(n int) (sim.Platform, []sim.Job) {
	r := rand.New(rand.NewPCG(uint64(n), 42))
	const cpus = 1024
	jobs := make([]sim.Job, n)
	t := 0.0
	for i := range jobs {
		c := 1 << r.IntN(9)
		run := r.ExpFloat64() * 1000
		// Mean CPU-seconds per job ≈ 56.8 × 1000; arrivals at rate
		// load × cpus / that.
		t += r.ExpFloat64() * 56.8 * 1000 / (1.05 * cpus)
		jobs[i] = sim.Job{ID: int64(i + 1), Submit: math.Round(t), Run: math.Round(run), CPUs: c, Estimate: math.Round(run * (1 + 2*r.Float64()))}
	}
	return sim.SingleMachine(cpus), jobs
}

func runSim(b *testing.B, p sim.Platform, jobs []sim.Job, algo string) {
	b.Helper()
	b.ReportAllocs()
	var work int64
	for b.Loop() {
		s, err := sched.New(algo)
		if err != nil {
			b.Fatal(err)
		}
		sm, err := sim.New(p, jobs, s)
		if err != nil {
			b.Fatal(err)
		}
		if err := sm.Run(); err != nil {
			b.Fatal(err)
		}
		work = sm.Work()
	}
	b.ReportMetric(float64(len(jobs))*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
	b.ReportMetric(float64(work), "steps/op")
}

func BenchmarkSim(b *testing.B) {
	for _, algo := range []string{"fcfs", "easy"} {
		for _, n := range []int{1000, 10000, 100000} {
			p, jobs := synthetic(n)
			b.Run(fmt.Sprintf("algo=%s/jobs=%d", algo, n), func(b *testing.B) { runSim(b, p, jobs, algo) })
		}
	}
}

const riccPath = "pwa-swf/RICC-2010-2.swf.gz"

// BenchmarkSimTrace runs real traces with both run-time estimates (the CLI
// default is estimate=runtime); loading (gzip and parsing) is outside the
// timed loop. Alea needs about 9 minutes for the RICC case.
func BenchmarkSimTrace(b *testing.B) {
	for _, tc := range []struct {
		name, rel  string
		jobs, cpus int
	}{
		{"RICC", riccPath, 100000, 8192},
		{"LCG", "LCG-2005-1/LCG.swf.gz", 0, 2000},
	} {
		for _, algo := range []string{"easy", "flex"} {
			if algo == "flex" && tc.name != "RICC" {
				continue
			}
			for _, est := range []adapt.Estimate{adapt.Requested, adapt.Exact} {
				b.Run(fmt.Sprintf("trace=%s/algo=%s/cpus=%d/estimate=%s", tc.name, algo, tc.cpus, est), func(b *testing.B) {
					path := datadir.ForTest(b, tc.rel)
					jobs, _, err := adapt.LoadSWF(path, tc.jobs, tc.cpus, est)
					if err != nil {
						b.Fatal(err)
					}
					runSim(b, sim.SingleMachine(tc.cpus), jobs, algo)
				})
			}
		}
	}
}

// BenchmarkSimulate is the simulate command end to end on growing RICC
// prefixes: gunzip and parse, simulate EASY, check while writing the job
// CSV (simrun.SimulateTo, as the command does). It reports its time as a
// multiple of the floor for the same prefix (x-floor, see BenchmarkFloor);
// the scaling exponent between two sizes is log(t2/t1)/log(n2/n1).
func BenchmarkSimulate(b *testing.B) {
	for _, n := range []int{25000, 50000, 100000, 200000, 400000} {
		for _, est := range []adapt.Estimate{adapt.Requested, adapt.Exact} {
			b.Run(fmt.Sprintf("trace=RICC/algo=easy/cpus=8192/estimate=%s/jobs=%d", est, n), func(b *testing.B) {
				path := datadir.ForTest(b, riccPath)
				out := filepath.Join(b.TempDir(), "jobs.csv")
				fl := floor(b, path, n)
				b.ResetTimer()
				for b.Loop() {
					s, err := sched.New("easy")
					if err != nil {
						b.Fatal(err)
					}
					if _, err := simrun.SimulateTo(path, n, 8192, est, s, out); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(b.Elapsed().Seconds()/float64(b.N)/fl.Seconds(), "x-floor")
			})
		}
	}
}
