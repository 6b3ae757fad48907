package deadline

import (
	"context"
	"fmt"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/schedbased"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/spaceshared"
)

// recorded are the quality metrics the study records: the family's
// table less the two its runs.csv predates (wait and bsld, which the
// deadline claims do not use), so earlier results stay reusable.
var recorded = spaceshared.Table.Without(spaceshared.MWait, spaceshared.MBSLD)

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
	recs, tr, err := spaceshared.SimulateTimed(ctx, inst.Platform, inst.Jobs, s)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s on %s rep %d: %w", run.Algorithm, run.Workload, run.Rep, err)
	}
	d := spaceshared.Decisions(tr)
	if TimingOnly(run.Algorithm) {
		return bench.Output{Metrics: spaceshared.DecisionTable.Values(d), Timings: spaceshared.TimingTable.Values(d)}, nil
	}
	m := spaceshared.Measure(inst.Platform, inst.Jobs, recs)
	m.OfferedLoad = jobstream.OfferedLoad(inst.Gen)
	return bench.Output{Metrics: append(recorded.Values(m), spaceshared.DecisionTable.Values(d)...), Timings: spaceshared.TimingTable.Values(d)}, nil
}
