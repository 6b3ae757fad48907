package timeshare

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Result is the outcome of one simulation.
type Result struct {
	// Outcomes is parallel to the input jobs.
	Outcomes []Outcome
	// Slices counts dispatches over all slaves (see the package comment).
	Slices int64
	// Dealt is the number of jobs with Run >= 0, the ones simulated.
	Dealt int
}

// Check returns an error naming the first job whose Submit or Run is NaN,
// infinite or beyond ±MaxTime; such a job cannot be placed in time (a run
// time of 1e308 s never shrinks by a quantum).
func Check(jobs []Job) error {
	for i := range jobs {
		j := &jobs[i]
		// One comparison per time: NaN fails it, and so does an infinity.
		if !(math.Abs(j.Submit) <= MaxTime && math.Abs(j.Run) <= MaxTime) {
			return fmt.Errorf("timeshare: job %d (id %d): submit %v and run %v must be finite and within ±%g s", i, j.ID, j.Submit, j.Run, float64(MaxTime))
		}
	}
	return nil
}

// Deal assigns the valid jobs to slaves, the i-th valid job in input order
// to slave i mod slaves, and returns each slave's job indices in arrival
// order (Submit ascending, ties in input order). It panics if slaves < 1.
func Deal(jobs []Job, slaves int) [][]int {
	if slaves < 1 {
		panic("timeshare: Deal needs at least one slave")
	}
	valid := 0
	for i := range jobs {
		if jobs[i].valid() {
			valid++
		}
	}
	// One backing array, slave p's part of length ceil((valid-p)/slaves)
	// filled by index: appending to each slave's own slice, with a
	// division per job, was a quarter of an FCFS run.
	flat := make([]int, valid)
	per := make([][]int, slaves)
	off := 0
	for p := range per {
		size := 0
		if valid > p {
			size = (valid - p + slaves - 1) / slaves
		}
		per[p] = flat[off : off+size : off+size]
		off += size
	}
	p, row := 0, 0
	for i := range jobs {
		if jobs[i].valid() {
			per[p][row] = i
			if p++; p == slaves {
				p, row = 0, row+1
			}
		}
	}
	bySubmit := func(a, b int) int { return cmp.Compare(jobs[a].Submit, jobs[b].Submit) }
	for _, idx := range per {
		// Stable on input order, so equal submits keep file order. Traces
		// are nearly always sorted already: checking first skips the
		// stable sort's O(n log n) comparisons and merges (7% of the
		// roundrobin experiment's CPU time before the check). The check
		// is slices.IsSortedFunc(idx, bySubmit) written out, without a
		// call of bySubmit per pair.
		for k := 1; k < len(idx); k++ {
			if cmp.Less(jobs[idx[k]].Submit, jobs[idx[k-1]].Submit) {
				slices.SortStableFunc(idx, bySubmit)
				break
			}
		}
	}
	return per
}

// RunSlave simulates one slave holding jobs[idx[0]], jobs[idx[1]], ... (idx
// in arrival order, as Deal returns) and writes their outcomes, with Slave
// set to slave, into out (parallel to jobs). Calls for different slaves touch
// disjoint parts of out and may run concurrently.
func RunSlave(s Scheduler, jobs []Job, idx []int, slave int, out []Outcome) int64 {
	return runSlave(s, jobs, idx, slave, out, nil, nil, nil)
}

// scratch is working memory a Run lends to the schedulers of its slaves,
// one slave after another, so that each slave does not allocate its own:
// at P = 128 the APDRRs spent a tenth of their time allocating and
// clearing it. A scheduler writes every element before reading it.
type scratch struct {
	lev   []int32
	idx   []int32
	rem   []float64
	spans []span
	rings []ring
	// keys, packed and heap are the non-preemptive schedulers'.
	keys   []float64
	packed []uint64
	heap   packedHeap
}

// scratchScheduler is a Scheduler that can work in lent memory.
type scratchScheduler interface {
	scheduleIn(sc *scratch, jobs []Job, out []Outcome) int64
}

// runSlave is RunSlave with scratch buffers for the slave's jobs and
// outcomes, and for the scheduler when sc is not nil, reused across the
// slaves of one Run: allocating them per slave made the garbage collector
// a quarter of the roundrobin experiment's CPU.
func runSlave(s Scheduler, jobs []Job, idx []int, slave int, out []Outcome, local []Job, res []Outcome, sc *scratch) int64 {
	local, res = slices.Grow(local[:0], len(idx))[:len(idx)], slices.Grow(res[:0], len(idx))[:len(idx)]
	for k, i := range idx {
		local[k] = jobs[i]
	}
	clear(res)
	var n int64
	if ss, ok := s.(scratchScheduler); ok && sc != nil {
		n = ss.scheduleIn(sc, local, res)
	} else {
		n = s.Schedule(local, res)
	}
	for k, i := range idx {
		res[k].Slave = slave
		out[i] = res[k]
	}
	return n
}

// Run deals jobs to slaves round-robin and simulates every slave with s, one
// after another. Jobs with Run < 0 are not dealt: their Outcome has Slave
// -1 and zero times, and Summarize skips them.
func Run(jobs []Job, slaves int, s Scheduler) (Result, error) {
	if slaves < 1 || slaves > MaxSlaves {
		return Result{}, fmt.Errorf("timeshare: %d slaves; need 1 to %d", slaves, MaxSlaves)
	}
	if s == nil {
		return Result{}, errors.New("timeshare: nil scheduler")
	}
	if err := Check(jobs); err != nil {
		return Result{}, err
	}
	res := Result{Outcomes: make([]Outcome, len(jobs))}
	for i := range res.Outcomes {
		res.Outcomes[i].Slave = -1
	}
	per := Deal(jobs, slaves)
	most := 0
	for _, idx := range per {
		most = max(most, len(idx))
	}
	local, out := make([]Job, most), make([]Outcome, most)
	sc := new(scratch)
	for p, idx := range per {
		res.Slices += runSlave(s, jobs, idx, p, res.Outcomes, local, out, sc)
		res.Dealt += len(idx)
	}
	return res, nil
}
