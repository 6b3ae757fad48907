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
	var prios []int
	for i := range jobs {
		prios = append(prios, jobs[i].Priority)
	}
	slices.Sort(prios)
	prios = slices.Compact(prios)
	lev := make([]int, n)
	for i := range jobs {
		lev[i], _ = slices.BinarySearch(prios, jobs[i].Priority)
	}
	// levels[l] holds level l's queued jobs in arrival order; cursor[l] is
	// how many of them have had their slice in the current cycle (they
	// are always a prefix: served jobs go to the front of the next cycle's
	// order, as in APDRR, and arrivals join at the tail).
	levels := make([][]int, len(prios))
	cursor := make([]int, len(prios))
	rem := make([]float64, n)
	started := make([]bool, n)
	for i := range jobs {
		rem[i] = jobs[i].Run
	}
	var nslices int64
	t := math.Inf(-1)
	next, left, queued := 0, n, 0
	admit := func() {
		for next < n && jobs[next].Submit <= t {
			levels[lev[next]] = append(levels[lev[next]], next)
			next++
			queued++
		}
	}
	for left > 0 {
		if queued == 0 && jobs[next].Submit > t {
			t = jobs[next].Submit
		}
		admit()
		// A new cycle: the quantum over the jobs queued now.
		sum := 0.0
		for _, lv := range levels {
			for _, i := range lv {
				sum += jobs[i].Run
			}
		}
		q := math.Sqrt(sum / float64(queued))
		if a.fixed > 0 {
			q = a.fixed
		}
		for l := range cursor {
			cursor[l] = 0
		}
		for {
			l := 0
			for l < len(levels) && cursor[l] == len(levels[l]) {
				l++
			}
			if l == len(levels) {
				break // every queued job had its slice: the cycle ends
			}
			i := levels[l][cursor[l]]
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
				cursor[l]++
			} else {
				out[i].End = t
				levels[l] = slices.Delete(levels[l], cursor[l], cursor[l]+1)
				left--
				queued--
			}
			admit()
		}
	}
	return nslices
}
