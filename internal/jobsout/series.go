package jobsout

import (
	"cmp"
	"math"
	"slices"

	"github.com/gridbench/gridbench/internal/sim"
)

// Step is a step function over time: Y[i] holds from T[i] until T[i+1],
// the last value until the end of the schedule.
type Step struct{ T, Y []float64 }

// steps sums the changes (time, delta) into a step function, one step
// per distinct time.
func steps(ch []change) Step {
	slices.SortFunc(ch, func(a, b change) int { return cmp.Compare(a.t, b.t) })
	var s Step
	y := 0.0
	for i, c := range ch {
		y += c.d
		if i+1 < len(ch) && ch[i+1].t == c.t {
			continue
		}
		s.T, s.Y = append(s.T, c.t), append(s.Y, y)
	}
	return s
}

type change struct{ t, d float64 }

// Used is the number of CPUs busy over time: each job adds its CPUs
// (Row.CPUs) from its start to its end.
func Used(rows []Row) Step {
	ch := make([]change, 0, 2*len(rows))
	for i := range rows {
		r := &rows[i]
		if r.End > r.Start {
			n := float64(r.CPUs())
			ch = append(ch, change{r.Start, n}, change{r.End, -n})
		}
	}
	return steps(ch)
}

// Utilisation is the share of cpus CPUs a simulated schedule uses over
// time (job i holds jobs[i].CPUs from recs[i].Start to recs[i].End), as
// the time-weighted mean over each of bins equal bins from the first
// submission to the last end: bin k spans [t0 + k·width, t0 + (k+1)·width).
// It returns no bins when no job held a CPU for any time.
func Utilisation(jobs []sim.Job, recs []sim.Record, cpus, bins int) (t0, width float64, share []float64) {
	t0, t1 := math.Inf(1), math.Inf(-1)
	for i, r := range recs {
		t0 = min(t0, jobs[i].Submit)
		if r.End > r.Start {
			t1 = max(t1, r.End)
		}
	}
	if math.IsInf(t1, -1) || t1 <= t0 {
		return t0, 0, nil
	}
	width = (t1 - t0) / float64(bins)
	share = make([]float64, bins)
	for i, r := range recs {
		if !(r.End > r.Start) {
			continue
		}
		a, b := r.Start-t0, r.End-t0
		k0, k1 := min(int(a/width), bins-1), min(int(b/width), bins-1)
		for k := k0; k <= k1; k++ {
			lo, hi := max(a, float64(k)*width), min(b, float64(k+1)*width)
			if k == bins-1 {
				hi = b // the last bin ends at the last end, whatever the rounding
			}
			if hi > lo {
				share[k] += float64(jobs[i].CPUs) * (hi - lo)
			}
		}
	}
	for k := range share {
		share[k] /= width * float64(cpus)
	}
	return t0, width, share
}

// Waiting is the number of jobs submitted and not started over time.
func Waiting(rows []Row) Step {
	ch := make([]change, 0, 2*len(rows))
	for _, r := range rows {
		if r.Start > r.Submit {
			ch = append(ch, change{r.Submit, 1}, change{r.Start, -1})
		}
	}
	return steps(ch)
}

// Backfilled reports, per job, whether it started before a job submitted
// earlier (an earlier row when submitted at the same time) started: it
// went past the queue's order, as backfilling lets a job do.
func Backfilled(rows []Row) []bool {
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rows[a].Submit, rows[b].Submit) })
	out := make([]bool, len(rows))
	// the latest start among the jobs before, in queue order
	latest := 0.0
	for k, i := range order {
		if k > 0 && latest > rows[i].Start {
			out[i] = true
		}
		if k == 0 || rows[i].Start > latest {
			latest = rows[i].Start
		}
	}
	return out
}

// Overlap is two jobs holding a CPU at once: A ran when B started on CPU.
type Overlap struct {
	A, B int // indexes into the rows
	CPU  int
	// Jobs is the number of jobs that started on a CPU another job held.
	Jobs int
}

// FindOverlap returns the first overlap in time order (at B's start, the
// lowest CPU held, A the job holding it), or Jobs 0 when no two jobs held
// a CPU at once. At one instant the jobs that end release their CPUs
// before the jobs that start take theirs, in row order; a job of no
// duration holds nothing.
func FindOverlap(rows []Row) Overlap {
	// The events in Allocate's order (Index: a start's row, or -1 - an
	// end's).
	top := -1
	for i := range rows {
		if r := &rows[i]; r.End > r.Start && len(r.Alloc) > 0 {
			top = max(top, r.Alloc[len(r.Alloc)-1].Hi)
		}
	}
	ev := timeOrder(len(rows), func(i int) (float64, float64, bool) {
		r := &rows[i]
		return r.Start, r.End, r.End > r.Start && len(r.Alloc) > 0
	})
	// Until the first overlap every CPU has at most one holder, so
	// owner names it; after it, holders alone count the jobs.
	holders, owner := make([]int32, top+1), make([]int32, top+1)
	var o Overlap
	for _, e := range ev {
		if e.Index < 0 {
			for _, iv := range rows[-1-e.Index].Alloc {
				for c := iv.Lo; c <= iv.Hi; c++ {
					holders[c]--
				}
			}
			continue
		}
		held := false
		for _, iv := range rows[e.Index].Alloc {
			for c := iv.Lo; c <= iv.Hi; c++ {
				if holders[c] > 0 && !held {
					held = true
					if o.Jobs == 0 {
						o.A, o.B, o.CPU = int(owner[c]), e.Index, c
					}
				}
				holders[c]++
				owner[c] = int32(e.Index)
			}
		}
		if held {
			o.Jobs++
		}
	}
	return o
}
