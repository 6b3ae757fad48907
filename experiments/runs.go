package experiments

import (
	"fmt"

	"github.com/gridbench/gridbench/bench"
)

// Runs are a study's runs, each with its typed spec (what the executor
// needs beyond the run's identity). The runner sees List; the executor
// gets a run's spec back with Spec, so no spec travels as an interface.
type Runs[S any] struct {
	runs  []bench.Run
	specs []S
}

// Add appends r with its spec, recording its place in r.Ref.
func (rs *Runs[S]) Add(r bench.Run, spec S) {
	r.Ref = len(rs.runs)
	rs.runs = append(rs.runs, r)
	rs.specs = append(rs.specs, spec)
}

// List is the runs in the order they were added.
func (rs *Runs[S]) List() []bench.Run { return rs.runs }

// Spec returns the spec of r, which must be one of the runs added.
func (rs *Runs[S]) Spec(r bench.Run) (S, error) {
	if r.Ref < 0 || r.Ref >= len(rs.runs) || rs.runs[r.Ref].Key() != r.Key() {
		var zero S
		return zero, fmt.Errorf("run %s is not a run of this plan", r.Key())
	}
	return rs.specs[r.Ref], nil
}
