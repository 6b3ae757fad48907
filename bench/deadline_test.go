package bench_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/spaceshared"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments/deadline"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sched"
)

// BenchmarkDeadline runs one run of the `deadline` experiment end to end —
// draw the instance, simulate with per-decision timing, sim.Check, measure —
// exactly as `gridbench reproduce` does, so ns/op is the cost of one row of
// the plan. Besides it, the deterministic work and the queue per decision.
// jobs=300 on 30 machines is the quick configuration; jobs=3000 on 150
// machines the paper's. The sensitivity variant and the other reading of
// Tabu (egedf-literal, tabu-alg3) run beside the paper's algorithms.
func BenchmarkDeadline(b *testing.B) {
	variants := append(append([]string{}, deadline.Sensitivity...), deadline.Readings...)
	for _, size := range []struct{ jobs, machines int }{{300, 30}, {3000, 150}} {
		for _, ia := range []float64{1, 5} {
			spec := jobstream.Default(ia)
			spec.Jobs, spec.Machines = size.jobs, size.machines
			for _, algo := range append(append([]string{}, deadline.PaperAlgorithms...), variants...) {
				if _, err := sched.Lookup(algo); err != nil && !slices.Contains(variants, algo) {
					continue // not linked in yet
				}
				run := bench.NewRun(deadline.Name, deadline.WorkloadID(ia), algo, 0)
				b.Run(fmt.Sprintf("algo=%s/ia=%g/jobs=%d", algo, ia, size.jobs), func(b *testing.B) {
					var out bench.Output
					c0 := processCPU()
					for b.Loop() {
						var err error
						if out, err = deadline.Execute(context.Background(), run, spec); err != nil {
							b.Fatal(err)
						}
					}
					reportCPU(b, c0)
					for _, m := range out.Metrics {
						switch m.Name {
						case spaceshared.MWorkPerDec:
							b.ReportMetric(m.Value, "steps/decision")
						case spaceshared.MQueuePerDec:
							b.ReportMetric(m.Value, "queue/decision")
						}
					}
				})
			}
		}
	}
}

// BenchmarkDeadlineMeasure is the metric passes alone, to show they are
// negligible beside the simulation: part=measure rebuilds the usage
// timeline from the records, part=decisions ranks the decisions' queue
// lengths, work and wall times for the Spearman correlations (which every
// run of every algorithm pays). cpu-ns/op is the process's CPU time per
// call, which a busy machine does not inflate.
func BenchmarkDeadlineMeasure(b *testing.B) {
	for _, n := range []int{300, 3000} {
		spec := jobstream.Default(1)
		spec.Jobs = n
		inst, err := adapt.GenerateDeadline(spec, 1)
		if err != nil {
			b.Fatal(err)
		}
		s, err := sched.New("fcfs")
		if err != nil {
			b.Fatal(err)
		}
		recs, tr, err := spaceshared.SimulateTimed(context.Background(), inst.Platform, inst.Jobs, s)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("part=measure/jobs=%d", n), func(b *testing.B) {
			c0 := processCPU()
			for b.Loop() {
				spaceshared.Measure(inst.Platform, inst.Jobs, recs)
			}
			reportCPU(b, c0)
		})
		b.Run(fmt.Sprintf("part=decisions/jobs=%d", n), func(b *testing.B) {
			c0 := processCPU()
			for b.Loop() {
				spaceshared.Decisions(tr)
			}
			reportCPU(b, c0)
		})
	}
}

// BenchmarkDeadlineTabu is the Tabu search's share of the `deadline`
// study at paper scale: one op runs Tabu (or its Algorithm 3 reading) on
// every stream of the study (ia=1..5, 3000 jobs on 150 machines), two
// repetitions each, end to end as `gridbench reproduce` does. Its
// steps/run is the sum of the runs' work per decision, which no speed-up
// may change.
func BenchmarkDeadlineTabu(b *testing.B) {
	for _, algo := range []string{"tabu", "tabu-alg3"} {
		b.Run("algo="+algo, func(b *testing.B) {
			var steps float64
			c0 := processCPU()
			for b.Loop() {
				steps = 0
				for _, ia := range []float64{1, 2, 3, 4, 5} {
					spec := jobstream.Default(ia)
					for rep := range 2 {
						run := bench.NewRun(deadline.Name, deadline.WorkloadID(ia), algo, rep)
						out, err := deadline.Execute(context.Background(), run, spec)
						if err != nil {
							b.Fatal(err)
						}
						for _, m := range out.Metrics {
							if m.Name == spaceshared.MWorkPerDec {
								steps += m.Value
							}
						}
					}
				}
			}
			reportCPU(b, c0)
			b.ReportMetric(steps, "steps/run")
		})
	}
}
