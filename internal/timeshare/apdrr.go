package timeshare

import (
	"math"
	"slices"
)

// Thresholds are APDRR's Threshold1 and Threshold2 for PriorityRule's
// levels: priority <= 1 goes to global queue 1, <= 2 to queue 2, the rest to
// queue 3 (Shah et al. 2012, section 3.1, step 5).
var Thresholds = [2]int{1, 2}

// GlobalQueue returns the APDRR global queue (1, 2 or 3) of a priority.
func GlobalQueue(priority int) int {
	switch {
	case priority <= Thresholds[0]:
		return 1
	case priority <= Thresholds[1]:
		return 2
	}
	return 3
}

// APDRR (agent based prioritized dynamic round robin, Shah et al. 2012
// section 3.2) on one slave, in cycles:
//
//  1. At the start of a cycle at time t, every job with Submit <= t that is
//     not yet in the local queue joins it (an idle CPU first waits for the
//     next arrival). Arrivals during a cycle wait for the next one.
//  2. The local queue is sorted by priority ascending, ties by arrival
//     order: global queue 1 before 2 before 3, then by priority inside a
//     global queue. Because the global queue is a monotone function of the
//     priority this is simply the priority order, and since the master's
//     dealing is fixed (the i-th job to slave i mod P) the global queues
//     change nothing else; GlobalQueue is kept for reporting.
//  3. The quantum is sqrt(mean of the original run times of the jobs in the
//     local queue), recomputed every cycle. Original rather than remaining
//     times: the paper's formula names P_i.runtime, the job attribute.
//     (Params.APDRRQuantum > 0 fixes it instead, for ablation only.)
//  4. Each job in that order gets one slice of min(quantum, remaining);
//     finished jobs leave, the others stay in the same relative order.
//
// Several whole cycles are jumped at once when no job can finish inside them
// and no arrival would be admitted at their starts (the quantum is then the
// same for all of them).
type apdrr struct {
	fixed float64 // the quantum when > 0; 0 for the dynamic one
}

func init() {
	Register("apdrr", Info{Family: "round-robin", New: func(p Params) Scheduler { return apdrr{fixed: p.APDRRQuantum} }})
}

// levelQueue is APDRR's local queue by priority level. Level l's queued
// jobs in cycle order are idx[sp.off : sp.off+sp.n], sp = spans[l], with
// their remaining times beside them in rem, so a cycle's pass reads both
// in sequence instead of looking each job's time up by index. Each level
// has room for all of its jobs from the start (a level never holds more),
// and the spans hold no pointers: updating per-level slices every cycle
// cost write barriers while the collector ran.
type levelQueue struct {
	idx   []int32
	rem   []float64
	spans []span
}

// span is one level's part of a levelQueue. In APDRR, where jobs are
// admitted only at a cycle's start and every queued job gets a slice in
// every cycle, the jobs that have never run are those from fresh on, the
// ones admitted at this cycle's start; the variant with admission within
// a cycle reads fresh likewise, and keeps its place in the cycle in cursor
// and kept.
type span struct{ off, n, fresh, cursor, kept int }

// newLevelQueue returns each job's level (jobLevels) and an empty queue
// with room for every level's jobs, in sc's memory (which it grows).
func newLevelQueue(sc *scratch, jobs []Job) ([]int32, levelQueue) {
	n := len(jobs)
	sc.lev = slices.Grow(sc.lev[:0], n)[:n]
	lev, nlev := jobLevelsInto(jobs, sc.lev)
	sc.spans = slices.Grow(sc.spans[:0], nlev)[:nlev]
	spans := sc.spans
	clear(spans)
	for _, l := range lev {
		spans[l].n++
	}
	off := 0
	for l := range spans {
		spans[l].off, off = off, off+spans[l].n
		spans[l].n = 0
	}
	// Positions are written before they are read: no clearing needed.
	sc.idx, sc.rem = slices.Grow(sc.idx[:0], n)[:n], slices.Grow(sc.rem[:0], n)[:n]
	return lev, levelQueue{idx: sc.idx, rem: sc.rem, spans: spans}
}

// push appends job i, with remaining time r, to level l.
func (qu *levelQueue) push(l int32, i int32, r float64) {
	sp := &qu.spans[l]
	qu.idx[sp.off+sp.n], qu.rem[sp.off+sp.n] = i, r
	sp.n++
}

// level returns level l's queued jobs and their remaining times.
func (qu *levelQueue) level(l int) ([]int32, []float64) {
	sp := qu.spans[l]
	return qu.idx[sp.off : sp.off+sp.n], qu.rem[sp.off : sp.off+sp.n]
}

func (a apdrr) Schedule(jobs []Job, out []Outcome) int64 {
	return a.scheduleIn(new(scratch), jobs, out)
}

func (a apdrr) scheduleIn(sc *scratch, jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	lev, qu := newLevelQueue(sc, jobs)
	spans := qu.spans
	exact := exactRuns(jobs)
	var nslices int64
	t := math.Inf(-1)
	next, left, queued := 0, n, 0
	// queuedRun is the queue's total run time when exact; minRem the
	// least remaining time in the queue, kept by the pass of each cycle
	// for the next one (a minimum is exact in any order).
	queuedRun, minRem := 0.0, math.Inf(1)
	// changed says whether a job joined or left the queue since the
	// quantum was computed; if none did, the queue holds the same jobs in
	// the same order and the quantum is the same (the twins recompute it).
	changed := true
	var q float64
	for left > 0 {
		if queued == 0 && jobs[next].Submit > t {
			t = jobs[next].Submit
		}
		for l := range spans {
			spans[l].fresh = spans[l].n
		}
		for next < n && jobs[next].Submit <= t {
			qu.push(lev[next], int32(next), jobs[next].Run)
			queuedRun += jobs[next].Run
			minRem = min(minRem, jobs[next].Run)
			next++
			queued++
			changed = true
		}
		if changed {
			q = cycleQuantum(jobs, &qu, queued, queuedRun, exact, a.fixed)
			changed = false
		}
		m := float64(queued)

		k := roundsBelow(minRem, q)
		if next < n && k > 0 { // with k = 0 the arrival cannot lower it
			k = min(k, 1+roundsBelow(jobs[next].Submit-t, m*q))
		}
		minRem = math.Inf(1)
		if k >= 1 {
			kq := float64(k) * q
			p := 0
			for l := range spans {
				sp := &spans[l]
				off, end := sp.off, sp.off+sp.n
				for x := off + sp.fresh; x < end; x++ {
					out[qu.idx[x]].FirstStart = t + float64(p+x-off)*q
				}
				for _, r := range qu.rem[off:end] {
					if r -= kq; r < minRem { // remaining times are never NaN
						minRem = r
					}
				}
				for x := off; x < end; x++ {
					qu.rem[x] -= kq
				}
				p += sp.n
			}
			t += float64(k) * m * q
			nslices += k * int64(queued)
			continue
		}

		// One slice each, in cycle order. A job gets min(q, remaining)
		// and finishes when that is all it had: remaining <= q. Written
		// as that branch rather than with min, the same operations on
		// the same values (remaining times are never NaN).
		nslices += int64(queued)
		for l := range spans {
			sp := &spans[l]
			idx, rem := qu.idx[sp.off:sp.off+sp.n], qu.rem[sp.off:sp.off+sp.n]
			fresh := sp.fresh
			// Jobs that ran before, up to the first that finishes, stay
			// where they are: only their remaining times change.
			x := 0
			for ; x < min(fresh, len(rem)); x++ {
				r := rem[x]
				if !(r > q) {
					break
				}
				t += q
				r -= q
				rem[x] = r
				if r < minRem {
					minRem = r
				}
			}
			w := x
			for ; x < len(idx); x++ {
				i := idx[x]
				if x >= fresh {
					out[i].FirstStart = t
				}
				if r := rem[x]; r > q {
					t += q
					r -= q
					idx[w], rem[w] = i, r
					w++
					if r < minRem {
						minRem = r
					}
				} else {
					t += r
					out[i].End = t
					left--
					queued--
					queuedRun -= jobs[i].Run
					changed = true
				}
			}
			sp.n = w
		}
	}
	return nslices
}

// exactRuns reports whether every run time is an integer and their total
// below 2^53: then any sum of them is exact in any order, and a queue's
// total run time can be kept up to date instead of summed in cycle order
// every cycle.
func exactRuns(jobs []Job) bool {
	total := 0.0
	for i := range jobs {
		if jobs[i].Run != math.Trunc(jobs[i].Run) {
			return false
		}
		total += jobs[i].Run
	}
	return total < 1<<53
}

// cycleQuantum is APDRR's quantum for a cycle over the queued jobs of
// qu: fixed when positive, else the square root of their mean run
// time. queuedRun is their total when exact; otherwise the run times are
// summed in cycle order, like the naive twin, so that both see the same
// quantum to the last bit.
func cycleQuantum(jobs []Job, qu *levelQueue, queued int, queuedRun float64, exact bool, fixed float64) float64 {
	if fixed > 0 {
		return fixed
	}
	sum := queuedRun
	if !exact {
		sum = 0
		for l := range qu.spans {
			idx, _ := qu.level(l)
			for _, i := range idx {
				sum += jobs[i].Run
			}
		}
	}
	return math.Sqrt(sum / float64(queued))
}
