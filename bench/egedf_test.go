package bench_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments/deadline"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/sched"
	_ "github.com/gridbench/gridbench/internal/sched/schedbased" // registers "egedf", "tabu"
	"github.com/gridbench/gridbench/internal/sim"
)

// deadlineWorkload draws the SPEC's `deadline` setting with a fixed seed:
// 150 machines with U{1..16} CPUs and speed U[200,600] (reference 300);
// n jobs with exponential inter-arrival of mean iat seconds, run time
// U[500,3000] at speed 300, U{1..8} CPUs, 70% with deadline submit + run ×
// U[1.5,4].
func deadlineWorkload(n int, iat float64) (sim.Platform, []sim.Job) {
	r := rand.New(rand.NewPCG(2008, uint64(n)))
	p := sim.Platform{RefSpeed: 300, Machines: make([]sim.Machine, 150)}
	for i := range p.Machines {
		p.Machines[i] = sim.Machine{CPUs: 1 + r.IntN(16), Speed: 200 + 400*r.Float64()}
	}
	maxCPUs := p.MaxCPUs()
	jobs := make([]sim.Job, n)
	t := 0.0
	for i := range jobs {
		t += r.ExpFloat64() * iat
		run := 500 + 2500*r.Float64()
		j := sim.Job{ID: int64(i + 1), Submit: t, Run: run, CPUs: min(1+r.IntN(8), maxCPUs)}
		if r.Float64() < 0.7 {
			j.HasDeadline = true
			j.Deadline = t + run*(1.5+2.5*r.Float64())
		}
		jobs[i] = j
	}
	return p, jobs
}

// processCPU returns the CPU time (user and system, all threads) this
// process has used so far, or 0 where the platform cannot tell
// (cpu_unix_test.go sets it). The schedule-based benchmarks
// report it per op beside ns/op: on a shared machine CPU time grows far
// less with the load than wall time does.
var processCPU = func() time.Duration { return 0 }

// reportCPU reports the CPU time per op since c0, taken before b.Loop.
func reportCPU(b *testing.B, c0 time.Duration) {
	if c := processCPU(); c > 0 && b.N > 0 {
		b.ReportMetric(float64(c-c0)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkEGEDF runs whole simulations and reports, besides time per run,
// the wall-clock time and deterministic work per decision (one simulator
// instant: completions, arrivals and the scheduling pass) and the mean
// waiting-queue length seen by decisions, so the growth of the cost per
// decision with the queue can be read across jobs= and iat=.
func BenchmarkEGEDF(b *testing.B) {
	for _, n := range []int{1000, 3000, 10000} {
		for _, iat := range []float64{1, 5} {
			p, jobs := deadlineWorkload(n, iat)
			for _, algo := range []string{"egedf", "tabu"} {
				b.Run(fmt.Sprintf("jobs=%d/iat=%g/algo=%s", n, iat, algo), func(b *testing.B) {
					var decisions, work, queue int64
					var spent time.Duration
					c0 := processCPU()
					for b.Loop() {
						s, err := sched.New(algo)
						if err != nil {
							b.Fatal(err)
						}
						sm, err := sim.New(p, jobs, s)
						if err != nil {
							b.Fatal(err)
						}
						decisions, queue, spent = 0, 0, 0
						for sm.Advance() {
							queue += int64(sm.State().QueueLen())
							t0 := time.Now()
							sm.Decide()
							spent += time.Since(t0)
							decisions++
						}
						if err := sm.Err(); err != nil {
							b.Fatal(err)
						}
						work = sm.Work()
					}
					reportCPU(b, c0)
					d := float64(decisions)
					b.ReportMetric(float64(spent.Nanoseconds())/d, "ns/decision")
					b.ReportMetric(float64(work)/d, "steps/decision")
					b.ReportMetric(float64(queue)/d, "queue/decision")
				})
			}
		}
	}
}

// BenchmarkDeadlineEGEDF runs, once each, the deadline study's four
// algorithms that insert every arrival by EG-EDF (egedf, its literal
// reading, Tabu and Tabu's Algorithm 3 reading) on the study's five
// streams at paper scale (3000 jobs on 150 machines), repetition 0, as
// `reproduce` does. cpu-s/op is the CPU time of the twenty runs.
func BenchmarkDeadlineEGEDF(b *testing.B) {
	type job struct {
		run  bench.Run
		spec jobstream.Spec
	}
	var runs []job
	for _, ia := range deadline.DefaultConfig(false).InterArrivals {
		spec := jobstream.Default(ia)
		for _, algo := range []string{"egedf", "egedf-literal", "tabu", "tabu-alg3"} {
			runs = append(runs, job{bench.NewRun(deadline.Name, deadline.WorkloadID(ia), algo, 0), spec})
		}
	}
	c0 := processCPU()
	for b.Loop() {
		for _, r := range runs {
			if _, err := deadline.Execute(context.Background(), r.run, r.spec); err != nil {
				b.Fatal(err)
			}
		}
	}
	if c := processCPU(); c > 0 && b.N > 0 {
		b.ReportMetric((c-c0).Seconds()/float64(b.N), "cpu-s/op")
	}
}
