package backfilling

import (
	"cmp"
	"math"
	"slices"

	"github.com/gridbench/gridbench/internal/sim"
)

// Cause is the computed reason given for the first jobs whose starts
// differ from the reference schedule: what happened at the instant the
// schedules part, read from the input and the reference schedule.
type Cause int

const (
	// CauseArrivalAndEarlyEnd: a job arrived at the instant a job ended
	// before its estimate (pyss runs the arrival's pass first, with the
	// ending job's CPUs still held).
	CauseArrivalAndEarlyEnd Cause = iota + 1
	// CauseArrivals: several jobs arrived at the instant (pyss runs one
	// pass per arrival).
	CauseArrivals
	// CauseEnds: several jobs ended at the instant (one pass per end).
	CauseEnds
	// CauseOther: one event at the instant; a rule other than the order
	// of events differs.
	CauseOther
)

// String is the cause as the page gives it.
func (c Cause) String() string {
	switch c {
	case CauseArrivalAndEarlyEnd:
		return "an arrival and a job ending before its estimate at that instant"
	case CauseArrivals:
		return "several arrivals at that instant"
	case CauseEnds:
		return "several ends at that instant"
	case CauseOther:
		return "one event at that instant"
	}
	return "unknown"
}

// Diff is one job whose start differs from the reference schedule.
type Diff struct {
	ID            int64
	Ours, Theirs  float64 // starts
	Cause         Cause
	At            float64 // the instant the schedules part: min(Ours, Theirs)
	Arrivals, End int     // events at that instant (in the reference schedule)
}

// Agreement compares a schedule with the reference one, job by job.
type Agreement struct {
	Jobs, Same        int
	OursBSLD, RefBSLD float64 // mean bounded slowdowns
	First             []Diff  // the first differing jobs, by the instant they part
}

// Share is the fraction of jobs that start at the same second.
func (a Agreement) Share() float64 { return float64(a.Same) / float64(a.Jobs) }

// Compare compares starts (ours) with ref (the reference starts), both
// indexed like jobs, and explains the first k differences. A start counts
// as the same when it is within half a second (the reference is in whole
// seconds).
func Compare(jobs []sim.Job, ours, ref []float64, k int) Agreement {
	a := Agreement{Jobs: len(jobs)}
	var diffs []Diff
	for i, j := range jobs {
		a.OursBSLD += BoundedSlowdown(ours[i]-j.Submit, j.Run)
		a.RefBSLD += BoundedSlowdown(ref[i]-j.Submit, j.Run)
		if math.Abs(ours[i]-ref[i]) < 0.5 {
			a.Same++
			continue
		}
		diffs = append(diffs, Diff{ID: j.ID, Ours: ours[i], Theirs: ref[i], At: min(ours[i], ref[i])})
	}
	n := float64(max(len(jobs), 1))
	a.OursBSLD /= n
	a.RefBSLD /= n
	slices.SortStableFunc(diffs, func(x, y Diff) int { return cmp.Compare(x.At, y.At) })
	if len(diffs) > k {
		diffs = diffs[:k]
	}
	for i := range diffs {
		diffs[i].Cause, diffs[i].Arrivals, diffs[i].End = cause(jobs, ref, diffs[i].At)
	}
	a.First = diffs
	return a
}

// cause reads the events of the reference schedule at instant t.
func cause(jobs []sim.Job, ref []float64, t float64) (Cause, int, int) {
	arrivals, ends, early := 0, 0, 0
	for i, j := range jobs {
		if j.Submit == t {
			arrivals++
		}
		if ref[i]+j.Run == t {
			ends++
			if j.Run < j.Est() {
				early++
			}
		}
	}
	switch {
	case arrivals > 0 && early > 0:
		return CauseArrivalAndEarlyEnd, arrivals, ends
	case arrivals > 1:
		return CauseArrivals, arrivals, ends
	case ends > 1:
		return CauseEnds, arrivals, ends
	}
	return CauseOther, arrivals, ends
}
