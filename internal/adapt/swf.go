package adapt

import (
	"fmt"

	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/sim"
)

// Estimate says which run-time estimate schedulers see.
type Estimate string

const (
	// Exact estimates: the scheduler knows each job's run time.
	Exact Estimate = "runtime"
	// Requested estimates: SWF field 9 when > 0, else the run time.
	Requested Estimate = "requested"
	// DefaultEstimate is the estimate of `simulate` and of study files
	// that name none: what a production scheduler sees (the user's
	// request), as the backfilling literature evaluates it. Exact run
	// times are an oracle no real scheduler has.
	DefaultEstimate = Requested
)

// Skipped counts the trace jobs left out, by reason.
type Skipped struct {
	NoSubmit    int // submit time < 0 (not recorded; see the package rule)
	NegativeRun int // run time < 0 (not recorded)
	NoCPUs      int // fewer than 1 CPU (fields 5 and 8 both < 1)
	TooWide     int // more CPUs than the machine has
}

// Total returns the number of jobs skipped.
func (s Skipped) Total() int { return s.NoSubmit + s.NegativeRun + s.NoCPUs + s.TooWide }

func (s Skipped) String() string {
	return fmt.Sprintf("%d (submit time < 0: %d, run time < 0: %d, CPUs < 1: %d, more CPUs than the machine: %d)",
		s.Total(), s.NoSubmit, s.NegativeRun, s.NoCPUs, s.TooWide)
}

// LoadSWF reads the first maxJobs valid jobs (all when maxJobs <= 0) of the
// trace at path for a machine of cpus CPUs. A job is valid when its submit
// and run times are >= 0 and it needs 1..cpus CPUs (field 5, or field 8 when field 5
// < 1); invalid jobs are counted in Skipped and do not count towards
// maxJobs. A malformed line stops the read with the reader's file:line error.
func LoadSWF(path string, maxJobs, cpus int, est Estimate) ([]sim.Job, Skipped, error) {
	var sk Skipped
	if est != Exact && est != Requested {
		return nil, sk, fmt.Errorf("--estimate %q: want %q or %q", est, Exact, Requested)
	}
	r, err := trace.Open(path)
	if err != nil {
		return nil, sk, err
	}
	defer r.Close()
	var jobs []sim.Job
	for (maxJobs <= 0 || len(jobs) < maxJobs) && r.Next() {
		if jobs == nil {
			// The header is read once the first record is: size the
			// slice from its MaxJobs so loading never regrows it.
			jobs = make([]sim.Job, 0, trace.Capacity(r.Header(), maxJobs))
		}
		tj := r.Job()
		n := tj.CPUs()
		switch {
		case !HasSubmit(&tj):
			sk.NoSubmit++
			continue
		case tj.Run < 0:
			sk.NegativeRun++
			continue
		case n < 1:
			sk.NoCPUs++
			continue
		case n > cpus:
			sk.TooWide++
			continue
		}
		j := sim.Job{ID: int64(tj.ID), Submit: tj.Submit, Run: tj.Run, CPUs: n, User: tj.User}
		if est == Requested {
			j.Estimate = tj.Estimate()
		}
		jobs = append(jobs, j)
	}
	if err := r.Err(); err != nil {
		return nil, sk, err
	}
	return jobs, sk, nil
}

// HasSubmit is the package rule on submit times: a job with a negative
// submit time (not recorded) is left out of every simulation.
func HasSubmit(j *trace.Job) bool { return j.Submit >= 0 }
