package deadline

import (
	"context"
	"fmt"
	"time"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/schedbased"
	"github.com/gridbench/gridbench/internal/sim"
)

// DecisionLog is what the executor saw of each decision of one simulation: the
// queue length when the decision began, the scheduler's work steps in it,
// and its wall-clock duration in seconds. The first two are deterministic;
// Wall is not.
type DecisionLog struct {
	Queue []int
	Work  []int64
	Wall  []float64
}

// Simulate runs sched on the instance, timing each decision, and returns
// the records (checked with sim.Check) and the per-decision trace.
// ctx is polled between decisions, so a cancelled reproduction stops a long
// run promptly.
func Simulate(ctx context.Context, p sim.Platform, jobs []sim.Job, s sim.Scheduler) ([]sim.Record, *DecisionLog, error) {
	sm, err := sim.New(p, jobs, s)
	if err != nil {
		return nil, nil, err
	}
	tr := &DecisionLog{}
	var before int64
	for sm.Advance() {
		if len(tr.Queue)%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		q := sm.State().QueueLen()
		t0 := time.Now()
		sm.Decide()
		wall := time.Since(t0).Seconds()
		w := sm.Work()
		tr.Queue = append(tr.Queue, q)
		tr.Work = append(tr.Work, w-before)
		tr.Wall = append(tr.Wall, wall)
		before = w
	}
	if err := sm.Err(); err != nil {
		return nil, nil, err
	}
	recs := sm.Records()
	if err := sim.Check(p, jobs, recs); err != nil {
		return nil, nil, err
	}
	return recs, tr, nil
}

// newScheduler builds a fresh scheduler for one run. Tabu search draws
// random machine orders (Algorithm 4); its registered factory has a fixed
// seed, so it is built here from the run's own seed instead, which
// keeps the repetitions independent and the result a function of the run's
// identity. The sensitivity variant "egedf-literal" and the reading
// "tabu-alg3" are not registered.
// Every other algorithm comes from the registry.
func newScheduler(name string, runSeed uint64) (sim.Scheduler, error) {
	switch name {
	case "tabu":
		return schedbased.NewTabuScheduler(TabuOptions(), runSeed), nil
	case "tabu-alg3":
		return schedbased.NewTabuAlg3(runSeed), nil
	case "egedf-literal":
		return schedbased.NewEGEDFLiteral(), nil
	}
	return sched.New(name)
}

// TabuOptions are the Tabu search parameters of the experiment: the
// scheduler package's documented defaults (the papers give none).
func TabuOptions() schedbased.TabuOptions { return schedbased.DefaultTabuOptions() }

// Execute performs one run: it draws the instance of run.Seed with the
// generator spec, simulates the run's algorithm on it and measures the
// result.
func Execute(ctx context.Context, run bench.Run, spec jobstream.Spec) (bench.Output, error) {
	inst, err := adapt.GenerateDeadline(spec, run.Seed)
	if err != nil {
		return bench.Output{}, err
	}
	s, err := newScheduler(run.Algorithm, run.RunSeed)
	if err != nil {
		return bench.Output{}, err
	}
	recs, tr, err := Simulate(ctx, inst.Platform, inst.Jobs, s)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s on %s rep %d: %w", run.Algorithm, run.Workload, run.Rep, err)
	}
	d := Decisions(tr)
	if TimingOnly(run.Algorithm) {
		return bench.Output{Metrics: d.List(), Timings: d.Timings()}, nil
	}
	m := Measure(inst.Platform, inst.Jobs, recs)
	m.OfferedLoad = jobstream.OfferedLoad(inst.Gen)
	return bench.Output{Metrics: append(m.List(), d.List()...), Timings: d.Timings()}, nil
}
