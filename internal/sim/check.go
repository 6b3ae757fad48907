package sim

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/gridbench/gridbench/internal/radix"
)

// Check verifies a finished simulation against the model's invariants: every
// job started on an existing machine no earlier than its submission, ran
// without preemption for exactly its duration there, and no machine ever had
// more CPUs busy than it has. It returns the first violation found. Tests and
// the runner use it on every result they doubt.
func Check(p Platform, jobs []Job, recs []Record) error {
	if len(recs) != len(jobs) {
		return fmt.Errorf("sim: check: %d records for %d jobs", len(recs), len(jobs))
	}
	// Per machine, the starts and the ends, each sorted by time and then
	// merged: two sorts of n cost less than one of 2n with a tie rule.
	starts := make([][]edge, len(p.Machines))
	ends := make([][]edge, len(p.Machines))
	if len(p.Machines) == 1 {
		starts[0] = make([]edge, 0, len(jobs))
		ends[0] = make([]edge, 0, len(jobs))
	}
	for i, r := range recs {
		j := &jobs[i]
		if r.Machine < 0 || r.Machine >= len(p.Machines) {
			return fmt.Errorf("sim: check: job %d (ID %d) never ran (machine %d)", i, j.ID, r.Machine)
		}
		if !(r.Start >= j.Submit) {
			return fmt.Errorf("sim: check: job %d (ID %d) starts at %g before its submission at %g", i, j.ID, r.Start, j.Submit)
		}
		if d := p.Scale(j.Run, r.Machine); r.End-r.Start != d && r.End != r.Start+d {
			return fmt.Errorf("sim: check: job %d (ID %d) runs %g..%g on machine %d, but its duration there is %g", i, j.ID, r.Start, r.End, r.Machine, d)
		}
		if j.CPUs > p.Machines[r.Machine].CPUs {
			return fmt.Errorf("sim: check: job %d (ID %d) needs %d CPUs, machine %d has %d", i, j.ID, j.CPUs, r.Machine, p.Machines[r.Machine].CPUs)
		}
		starts[r.Machine] = append(starts[r.Machine], edge{r.Start, j.CPUs, i})
		ends[r.Machine] = append(ends[r.Machine], edge{r.End, j.CPUs, i})
	}
	var spare []edge
	for m := range p.Machines {
		// The verdict needs the starts in time order only: at one instant
		// the busy count peaks after the last start whatever their order.
		// The report does need a fixed order (starts at one instant in
		// increasing CPUs, equal CPUs in job order, so the first instant
		// reported over the limit is the same for any input order); it
		// is sorted so only when there is something to report, which
		// spares a valid run the radix passes over the CPUs.
		spare = slices.Grow(spare[:0], len(starts[m]))[:len(starts[m])]
		starts[m], spare = sortEdges(starts[m], spare, false)
		spare = slices.Grow(spare[:0], len(ends[m]))[:len(ends[m])]
		ends[m], spare = sortEdges(ends[m], spare, false)
		if _, _, over := overcommit(starts[m], ends[m], p.Machines[m].CPUs); !over {
			continue
		}
		slices.SortStableFunc(starts[m], func(a, b edge) int {
			if c := cmp.Compare(radix.Float64Key(a.t), radix.Float64Key(b.t)); c != 0 {
				return c
			}
			return cmp.Compare(a.cpus, b.cpus)
		})
		e, busy, _ := overcommit(starts[m], ends[m], p.Machines[m].CPUs)
		return fmt.Errorf("sim: check: machine %d has %d of %d CPUs busy at t=%g (job %d starting)", m, busy, p.Machines[m].CPUs, e.t, e.job)
	}
	return nil
}

// overcommit sweeps a machine's starts and ends, each sorted by time, and
// returns the first start that takes the busy CPUs over cpus, with the
// count then. At equal times ends come first: a job ending at t frees its
// CPUs for a job starting at t. Zero-length jobs then count nothing.
func overcommit(starts, ends []edge, cpus int) (edge, int, bool) {
	busy, k := 0, 0
	for _, e := range starts {
		for k < len(ends) && ends[k].t <= e.t {
			busy -= ends[k].cpus
			k++
		}
		busy += e.cpus
		if busy > cpus {
			return e, busy, true
		}
	}
	return edge{}, 0, false
}
