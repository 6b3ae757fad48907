package experiments

import (
	"fmt"
	"slices"

	"github.com/gridbench/gridbench/bench"
)

// Runs is the runner's side of a study's typed plan: the bench.Plan and
// each run's typed spec (what the executor needs beyond the run's
// identity). The executor gets a run's spec back with Spec, so no spec
// travels as an interface.
type Runs[S any] struct {
	// Plan is what the runner sees: the study fills in its experiment,
	// configuration, inputs and workload descriptors; Add its runs.
	Plan  bench.Plan
	specs []S
}

// Add appends r with its spec, recording its place in r.Ref.
func (rs *Runs[S]) Add(r bench.Run, spec S) {
	r.Ref = len(rs.Plan.Runs)
	rs.Plan.Runs = append(rs.Plan.Runs, r)
	rs.specs = append(rs.specs, spec)
}

// Bench returns the runner's plan, its runs a copy: what the runner does
// with them cannot move a run away from its spec.
func (rs *Runs[S]) Bench() bench.Plan {
	b := rs.Plan
	b.Runs = slices.Clone(b.Runs)
	return b
}

// Spec returns the spec of r, which must be one of the runs added.
func (rs *Runs[S]) Spec(r bench.Run) (S, error) {
	if r.Ref < 0 || r.Ref >= len(rs.Plan.Runs) || rs.Plan.Runs[r.Ref].Key() != r.Key() {
		var zero S
		return zero, fmt.Errorf("run %s is not a run of this plan", r.Key())
	}
	return rs.specs[r.Ref], nil
}

// AsPlan returns the typed plan p as a Plan, or nil and err: a study's
// Plan method is `return experiments.AsPlan(plan(cfg))`, and a nil plan
// never becomes a non-nil Plan.
func AsPlan[P Plan](p P, err error) (Plan, error) {
	if err != nil {
		return nil, err
	}
	return p, nil
}
