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
// the spare CPUs there (see the package comment). On each machine large
// enough, the shadow time is the estimated end of the last job of the
// shortest end-ordered prefix of its running jobs that frees the CPUs the
// head lacks (a job past its estimate ends now); the spare CPUs are those
// free once every job ending by then has ended, minus the head's. The work
// counter grows by the number of such jobs, the running jobs an in-order
// walk up to the shadow time would read.
func (e *Ends) Reserve(s *sim.State, order []int, head int) (machine int, shadow float64, spare int) {
	need := s.Job(head).CPUs
	now := s.Now()
	machine, shadow = -1, math.Inf(1)
	work := s.Work()
	for _, m := range order {
		if s.Platform().Machines[m].CPUs < need {
			continue
		}
		free := s.Free(m)
		t := now
		if lack := need - free; lack > 0 {
			end, ok := e.t.covering(m, int64(lack))
			if !ok {
				panic("easy: internal error: running jobs hold fewer CPUs than the machine lacks")
			}
			t = max(end, now)
		}
		k, cpus := e.t.upTo(m, t)
		work.Add(k)
		if t < shadow {
			machine, shadow, spare = m, t, free+int(cpus)-need
		}
	}
	return machine, shadow, spare
}
