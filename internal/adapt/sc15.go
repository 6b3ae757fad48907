package adapt

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/sim"
)

// Artefact is one per-job schedule file of the SC'15 artefact (Gaussier,
// Glesser, Reis & Trystram; the pyss simulator's output SWF, one line per
// job in completion order) read both ways: as the input the authors
// simulated and as the schedule their simulator made of it.
type Artefact struct {
	// Jobs are the input: the lines sorted by job id, with the submit
	// times as given (the first job at 0), the run time of field 4 and
	// the estimate est asks for (field 9, or exact). Field 3 is ignored.
	Jobs []sim.Job
	// Starts[i] is when the authors' simulator started Jobs[i]: submit
	// plus the wait of field 3.
	Starts []float64
	// CPUs is the machine size the simulator ran (the header's MaxProcs).
	CPUs int
}

// LoadArtefact reads an artefact schedule file (plain or gzip). The file is
// the simulator's own output, so nothing is filtered: a line the simulator
// could not have written (a job id listed twice, a negative submit time,
// wait or run time, no CPUs or more than MaxProcs, no MaxProcs in the
// header) is an error naming the file and line, never skipped.
func LoadArtefact(path string, est Estimate) (Artefact, error) {
	var a Artefact
	if est != Exact && est != Requested {
		return a, fmt.Errorf("estimate %q: want %q or %q", est, Exact, Requested)
	}
	r, err := trace.Open(path)
	if err != nil {
		return a, err
	}
	defer r.Close()
	type rec struct {
		job   sim.Job
		start float64
		line  int
	}
	var recs []rec
	for r.Next() {
		if recs == nil {
			a.CPUs = r.Header().MaxProcs
			if a.CPUs < 1 {
				return a, fmt.Errorf("%s: the header gives no MaxProcs; an SC'15 artefact file names the machine size it simulated", path)
			}
			recs = make([]rec, 0, trace.CapacityOf(r, 0))
		}
		tj := r.Job()
		n := tj.CPUs()
		switch {
		case tj.Submit < 0 || tj.Wait < 0 || tj.Run < 0:
			return a, fmt.Errorf("%s:%d: job %d: submit %g, wait %g, run %g: the simulator writes no negative time; not an artefact schedule", path, tj.Line, tj.ID, tj.Submit, tj.Wait, tj.Run)
		case n < 1 || n > a.CPUs:
			return a, fmt.Errorf("%s:%d: job %d uses %d CPUs of %d: not an artefact schedule", path, tj.Line, tj.ID, n, a.CPUs)
		}
		j := sim.Job{ID: int64(tj.ID), Submit: tj.Submit, Run: tj.Run, CPUs: n, User: tj.User}
		if est == Requested {
			j.Estimate = tj.Estimate()
		}
		recs = append(recs, rec{j, tj.Submit + tj.Wait, tj.Line})
	}
	if err := r.Err(); err != nil {
		return a, err
	}
	if len(recs) == 0 {
		return a, fmt.Errorf("%s: no job lines", path)
	}
	slices.SortStableFunc(recs, func(x, y rec) int { return cmp.Compare(x.job.ID, y.job.ID) })
	a.Jobs = make([]sim.Job, len(recs))
	a.Starts = make([]float64, len(recs))
	for i, x := range recs {
		if i > 0 && recs[i-1].job.ID == x.job.ID {
			return a, fmt.Errorf("%s:%d: job %d listed twice (also line %d): not an artefact schedule", path, x.line, x.job.ID, recs[i-1].line)
		}
		a.Jobs[i], a.Starts[i] = x.job, x.start
	}
	return a, nil
}
