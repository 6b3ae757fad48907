package bench_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gridbench/gridbench/experiments/roundrobin"
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/timeshare"
)

// tsSynthetic draws n single-CPU jobs for the time-sharing simulator:
// exponential run times (mean 1000 s), Poisson arrivals at an offered load
// of 1.05 × slaves, three users of unequal weight. Overloaded on purpose, so
// RR queues grow long, as they do on the LCG prefix.
func tsSynthetic(n, slaves int) []timeshare.Job {
	r := rand.New(rand.NewPCG(uint64(n), uint64(slaves)))
	jobs := make([]timeshare.Job, n)
	t := 0.0
	for i := range jobs {
		t += r.ExpFloat64() * 1000 / (1.05 * float64(slaves))
		jobs[i] = timeshare.Job{ID: int64(i + 1), Submit: math.Round(t), Run: math.Round(r.ExpFloat64() * 1000), User: r.IntN(1 + r.IntN(6))}
	}
	timeshare.PriorityRule(jobs)
	return jobs
}

// tsRun times timeshare.Run; cpu-ns/op is the process's CPU time per
// run (user and system, all threads), which a shared machine inflates far
// less than the wall time.
func tsRun(b *testing.B, jobs []timeshare.Job, slaves int, algo string) {
	b.Helper()
	var s timeshare.Scheduler
	if algo == "apdrr-admit" {
		s = timeshare.NewAPDRRAdmit(0) // the roundrobin ablation's variant
	} else {
		var err error
		if s, err = timeshare.New(algo, timeshare.Params{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	var slices int64
	c0, _ := cpuTimes(b)
	for b.Loop() {
		res, err := timeshare.Run(jobs, slaves, s)
		if err != nil {
			b.Fatal(err)
		}
		slices = res.Slices
	}
	c1, _ := cpuTimes(b)
	b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(slices), "slices/op")
	b.ReportMetric(float64(slices)*float64(b.N)/b.Elapsed().Seconds(), "slices/s")
}

// BenchmarkTimeshare runs every algorithm on synthetic workloads of graded
// size; no data needed.
func BenchmarkTimeshare(b *testing.B) {
	for _, algo := range timeshare.Algorithms() {
		for _, slaves := range []int{16, 128} {
			for _, n := range []int{10_000, 100_000} {
				jobs := tsSynthetic(n, slaves)
				b.Run(fmt.Sprintf("algo=%s/slaves=%d/jobs=%d", algo, slaves, n), func(b *testing.B) {
					tsRun(b, jobs, slaves, algo)
				})
			}
		}
	}
}

// BenchmarkTimeshareLCG runs the paper's grid: all seven algorithms, and
// the ablation's APDRR with admission within a cycle, on the
// LCG trace's prefixes of 5% (9,402 jobs) and of the paper's largest sample
// (20,208 jobs, the roundrobin experiment's paper-sized window), P = 16 … 128.
func BenchmarkTimeshareLCG(b *testing.B) {
	path := datadir.ForTest(b, "LCG-2005-1/LCG.swf.gz")
	for _, w := range []struct {
		name string
		n    int
	}{{"lcg5pct", 9402}, {"lcg-n20208", 20208}} {
		recs, _, err := trace.ReadAll(path, w.n)
		if err != nil {
			b.Fatal(err)
		}
		jobs := make([]timeshare.Job, len(recs))
		for i, r := range recs {
			jobs[i] = timeshare.Job{ID: int64(r.ID), Submit: r.Submit, Run: r.Run, User: r.User}
		}
		timeshare.PriorityRule(jobs)
		for _, algo := range append(timeshare.Algorithms(), "apdrr-admit") {
			for _, slaves := range []int{16, 32, 64, 128} {
				b.Run(fmt.Sprintf("trace=%s/algo=%s/slaves=%d/jobs=%d", w.name, algo, slaves, w.n), func(b *testing.B) {
					tsRun(b, jobs, slaves, algo)
				})
			}
		}
	}
}

// BenchmarkTimeshareStudy is the roundrobin study's simulations in
// miniature: every algorithm and APDRR variant it runs, on the LCG trace's
// windows of the study's four sizes (the first 3% and 5% of its records
// and the paper's 12,125 and 20,208 jobs; rep 0, the prefix) at P = 16 …
// 128, 176 simulations per op. cpu-s/op is their CPU time; sims/op counts
// them.
func BenchmarkTimeshareStudy(b *testing.B) {
	path := datadir.ForTest(b, "LCG-2005-1/LCG.swf.gz")
	all, _, err := trace.ReadAll(path, 0)
	if err != nil {
		b.Fatal(err)
	}
	var windows [][]timeshare.Job
	for _, n := range []int{roundrobin.WindowLen(len(all), 3), roundrobin.WindowLen(len(all), 5), 12125, 20208} {
		jobs := make([]timeshare.Job, n)
		for i, r := range all[:n] {
			jobs[i] = timeshare.Job{ID: int64(r.ID), Submit: r.Submit, Run: r.Run, User: r.User}
		}
		timeshare.PriorityRule(jobs)
		windows = append(windows, jobs)
	}
	algos := append(append([]string(nil), roundrobin.Algorithms...), roundrobin.VariantNames()...)
	sims := 0
	c0, _ := cpuTimes(b)
	for b.Loop() {
		sims = 0
		for _, jobs := range windows {
			for _, slaves := range []int{16, 32, 64, 128} {
				for _, algo := range algos {
					if _, err := roundrobin.Simulate(jobs, slaves, algo, timeshare.DefaultQuantum); err != nil {
						b.Fatal(err)
					}
					sims++
				}
			}
		}
	}
	c1, _ := cpuTimes(b)
	b.ReportMetric((c1-c0).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(sims), "sims/op")
}
