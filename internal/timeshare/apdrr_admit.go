package timeshare

import "math"

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
	return a.scheduleIn(new(scratch), jobs, out)
}

func (a apdrrAdmit) scheduleIn(sc *scratch, jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	if n == 0 {
		return 0
	}
	lev, qu := newLevelQueue(sc, jobs)
	spans := qu.spans
	// Level l's queued jobs, in the current cycle: [0, kept) are the
	// ones that had their slice and are still running, [cursor, n)
	// the ones waiting for it (arrivals join at the tail), and the gap the
	// ones that finished. When the cycle ends every level is its kept
	// prefix: survivors in order, as in APDRR. Compacting as the cursor
	// passes replaces deleting each finished job from the middle, which
	// moved the rest of its level. Every queued job gets a slice in every
	// cycle, so the jobs that have never run are those from the level's
	// length at the cycle's start (its span's fresh) on.
	exact := exactRuns(jobs) // as in APDRR: the queue's total is kept up to date
	queuedRun := 0.0
	var nslices int64
	t := math.Inf(-1)
	next, left, queued := 0, n, 0
	// nextSubmit is the next arrival's submit time, +Inf after the last.
	nextSubmit := jobs[0].Submit
	// first is a level at or before the first one with a job waiting
	// for its slice in this cycle.
	first := 0
	// changed says whether a job joined or left the queue since the
	// quantum was computed; if none did, the queue holds the same jobs in
	// the same order and the quantum is the same (the twins recompute it).
	changed := true
	var q, slice float64
	admit := func() {
		for nextSubmit <= t {
			changed = true
			l := lev[next]
			qu.push(l, int32(next), jobs[next].Run)
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
		for l := range spans {
			sp := &spans[l]
			sp.fresh, sp.cursor, sp.kept = sp.n, 0, 0
		}
		admit()
		// A new cycle: the quantum over the jobs queued now.
		if changed {
			q = cycleQuantum(jobs, &qu, queued, queuedRun, exact, a.fixed)
			// A slice is min(q, remaining), and the job finishes when
			// that is all it had; a zero quantum (every queued job of
			// run 0) finishes the job. Written as one branch on
			// remaining > slice, the same operations on the same values
			// (times are never NaN).
			slice = q
			if !(q > 0) {
				slice = math.Inf(1) // no remaining time is above it: every job finishes
			}
			changed = false
		}
		first = 0
		if queued == 1 {
			// The only queued job is served cycle after cycle while it
			// neither finishes nor sees an arrival due: each cycle is
			// then that one slice, with the same quantum (no job joined
			// or left). Its last slice leaves its level as the loop
			// below leaves a level it has served, and the loop goes on
			// with the cycle. Alone is how a job mostly runs on a lightly
			// loaded slave, where the loop's per-cycle bookkeeping was
			// most of the time.
			l := 0
			for spans[l].n == 0 {
				l++
			}
			sp := &spans[l]
			x := sp.off
			i, r := qu.idx[x], qu.rem[x]
			if sp.fresh == 0 {
				out[i].FirstStart = t
			}
			sp.cursor, sp.kept = 1, 1
			for {
				nslices++
				if r > slice {
					t += q
					r -= q
					if nextSubmit <= t {
						break
					}
					sp.fresh = 1 // a next cycle, in which the job has run before
					continue
				}
				t += r
				out[i].End = t
				left--
				queued--
				queuedRun -= jobs[i].Run
				changed = true
				sp.kept = 0
				break
			}
			qu.rem[x] = r
			admit()
		}
		for {
			for first < len(spans) && spans[first].cursor == spans[first].n {
				first++
			}
			if first == len(spans) {
				break // every queued job had its slice: the cycle ends
			}
			// Serve level l's waiting jobs in order until one arrival is
			// due (it may be more urgent) or the level is done.
			l := first
			sp := &spans[l]
			idx, rem := qu.idx[sp.off:sp.off+sp.n], qu.rem[sp.off:sp.off+sp.n]
			c, w, fr := sp.cursor, sp.kept, sp.fresh
			for c < len(idx) {
				i, r := idx[c], rem[c]
				if c >= fr {
					out[i].FirstStart = t
				}
				c++
				nslices++
				if r > slice {
					t += q
					idx[w], rem[w] = i, r-q
					w++
				} else {
					t += r
					out[i].End = t
					left--
					queued--
					queuedRun -= jobs[i].Run
					changed = true
				}
				if nextSubmit <= t {
					break
				}
			}
			sp.cursor, sp.kept = c, w
			admit()
		}
		for l := range spans {
			spans[l].n = spans[l].kept
		}
	}
	return nslices
}
