package timeshare

import (
	"math"
	"slices"
)

// NewAPDRRAdmit returns APDRR with one reading changed: a job that arrives
// during a cycle is admitted at the next slice boundary, in priority
// order, instead of waiting for the next cycle. It is not the published
// algorithm (NewAPDRR's "apdrr" admits only at cycle starts) and is not
// registered; experiments/roundrobin runs it as an ablation variant.
//
// On one slave, in cycles:
//
//  1. A cycle starts at time t with the quantum sqrt(mean original run time
//     of the jobs queued at t) (or fixed, when fixed > 0), which holds for
//     the whole cycle.
//  2. At every slice boundary (and at the cycle's start) every job with
//     Submit <= now joins the queue of its priority level, at the tail.
//  3. The next slice goes to the first job, in priority order (ties by
//     arrival), that has not had a slice in this cycle; a job that arrived
//     during the cycle has not, so a newly arrived urgent job is served
//     before the less urgent jobs still waiting for their turn.
//  4. When every queued job has had its slice, the cycle ends; finished
//     jobs have left, the others keep their relative order.
//
// An idle CPU waits for the next arrival.
func NewAPDRRAdmit(fixed float64) Scheduler { return apdrrAdmit{fixed: fixed} }

type apdrrAdmit struct{ fixed float64 }

func (a apdrrAdmit) Schedule(jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	if n == 0 {
		return 0
	}
	prios := distinctPriorities(jobs)
	lev := make([]int32, n)
	for i := range jobs {
		l, _ := slices.BinarySearch(prios, jobs[i].Priority)
		lev[i] = int32(l)
	}
	// levels[l] holds level l's queued jobs: in the current cycle,
	// [0, kept[l]) are the ones that had their slice and are still
	// running, [cursor[l], len) the ones waiting for it (arrivals join at
	// the tail), and the gap the ones that finished. When the cycle ends
	// every level is its kept prefix: survivors in order, as in APDRR.
	// Compacting as the cursor passes replaces deleting each finished job
	// from the middle, which moved the rest of its level.
	levels := make([][]int32, len(prios))
	cursor := make([]int, len(prios))
	kept := make([]int, len(prios))
	rem := make([]float64, n)
	started := make([]bool, n)
	exact := exactRuns(jobs) // as in APDRR: the queue's total is kept up to date
	for i := range jobs {
		rem[i] = jobs[i].Run
	}
	queuedRun := 0.0
	var nslices int64
	t := math.Inf(-1)
	next, left, queued := 0, n, 0
	// nextSubmit is the next arrival's submit time, +Inf after the last.
	nextSubmit := jobs[0].Submit
	// first is a level at or before the first one with a job waiting
	// for its slice in this cycle.
	first := 0
	admit := func() {
		for nextSubmit <= t {
			l := lev[next]
			levels[l] = append(levels[l], int32(next))
			queuedRun += jobs[next].Run
			first = min(first, int(l))
			next++
			queued++
			nextSubmit = math.Inf(1)
			if next < n {
				nextSubmit = jobs[next].Submit
			}
		}
	}
	for left > 0 {
		if queued == 0 && nextSubmit > t {
			t = nextSubmit
		}
		admit()
		// A new cycle: the quantum over the jobs queued now.
		q := cycleQuantum(jobs, levels, queued, queuedRun, exact, a.fixed)
		clear(cursor)
		clear(kept)
		first = 0
		for {
			for first < len(levels) && cursor[first] == len(levels[first]) {
				first++
			}
			if first == len(levels) {
				break // every queued job had its slice: the cycle ends
			}
			// Serve level l's waiting jobs in order until one arrival is
			// due (it may be more urgent) or the level is done.
			l := first
			lv, c, w := levels[l], cursor[l], kept[l]
			for c < len(lv) {
				i := lv[c]
				c++
				if !started[i] {
					started[i] = true
					out[i].FirstStart = t
				}
				d := min(q, rem[i])
				if !(q > 0) { // a zero quantum (every queued job of run 0): finish the job
					d = rem[i]
				}
				t += d
				rem[i] -= d
				nslices++
				if rem[i] > 0 {
					lv[w] = i
					w++
				} else {
					out[i].End = t
					left--
					queued--
					queuedRun -= jobs[i].Run
				}
				if nextSubmit <= t {
					break
				}
			}
			cursor[l], kept[l] = c, w
			admit()
		}
		for l := range levels {
			levels[l] = levels[l][:kept[l]]
		}
	}
	return nslices
}
