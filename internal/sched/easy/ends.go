package easy

import (
	"math"

	"github.com/gridbench/gridbench/internal/sim"
)

// Ends is what EASY's reservation needs to know of the running jobs: on each
// machine, the CPUs they free by estimated end. A scheduler that uses
// Reserve starts its jobs through Start and reports each completion to
// Ended; then Reserve reads O(n/128 + 128) entries per machine for n
// running jobs (see endList).
type Ends struct {
	t *endList
}

// NewEnds returns an empty Ends for the platform and jobs of s.
func NewEnds(s *sim.State) *Ends {
	return &Ends{t: newEndList(len(s.Platform().Machines), s.NumJobs())}
}

// Start starts waiting job j on machine m (see sim.State.Start) and records
// the CPUs it will free at its estimated end.
func (e *Ends) Start(s *sim.State, j, m int) error {
	if err := s.Start(j, m); err != nil {
		return err
	}
	e.t.add(m, j, s.Job(j).CPUs, s.Now()+s.EstDuration(j, m))
	return nil
}

// Ended forgets job j, which has just ended.
func (e *Ends) Ended(s *sim.State, j int) {
	e.t.remove(s.Record(j).Machine, j)
}

// Reserve returns the head's reservation: the machine, the shadow time and
// the spare CPUs there (see the package comment), the first machine in
// order with the earliest shadow time (see On). The work counter grows by
// the number of jobs that end by each machine's shadow time, the running
// jobs an in-order walk up to it would read.
func (e *Ends) Reserve(s *sim.State, order []int, head int) (machine int, shadow float64, spare int) {
	need := s.Job(head).CPUs
	machine, shadow = -1, math.Inf(1)
	work := s.Work()
	for _, m := range order {
		if s.Platform().Machines[m].CPUs < need {
			continue
		}
		t, free, k := e.On(s, m, need)
		work.Add(k)
		if t < shadow {
			machine, shadow, spare = m, t, free-need
		}
	}
	return machine, shadow, spare
}

// On returns the shadow time on machine m of a head of need CPUs (no more
// than the machine has), the CPUs free then and the jobs that end by it:
// the estimated end of the last job of the shortest end-ordered prefix of
// the running jobs that frees the CPUs the head lacks (a job past its
// estimate ends now, and the shadow time is now if none lacks), and the
// CPUs free now plus those of every job ending by then.
func (e *Ends) On(s *sim.State, m, need int) (shadow float64, free, jobs int) {
	now := s.Now()
	free = s.Free(m)
	t := now
	if lack := need - free; lack > 0 {
		end, ok := e.t.covering(m, int64(lack))
		if !ok {
			panic("easy: internal error: running jobs hold fewer CPUs than the machine lacks")
		}
		t = max(end, now)
	}
	k, cpus := e.t.upTo(m, t)
	return t, free + int(cpus), k
}

// Add records that job j, started on machine m by its caller, holds cpus
// CPUs until end, for a scheduler whose ends are not the estimates (EASY
// with predictions, package backfill); it reports the job's completion
// to Ended as any other.
func (e *Ends) Add(m, j, cpus int, end float64) { e.t.add(m, j, cpus, end) }

// Move changes the end of job j, running on machine m, to end.
func (e *Ends) Move(m, j int, end float64) {
	cpus := e.t.remove(m, j)
	e.t.add(m, j, cpus, end)
}

// End returns the end recorded for running job j.
func (e *Ends) End(j int) float64 { return e.t.key[j] }

// By appends to dst the jobs running on machine m that end by t, in order
// of end.
func (e *Ends) By(m int, t float64, dst []int) []int { return e.t.by(m, t, dst) }
