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

// apdrrLevel is one priority level's queued jobs in cycle order: their
// indices and, beside them, their remaining times, so a cycle's pass reads
// both in sequence instead of looking each job's time up by index.
// Jobs are admitted only at a cycle's start, and every queued job gets a
// slice in every cycle, so the jobs that have never run are exactly those
// from fresh on, the ones admitted at this cycle's start.
type apdrrLevel struct {
	idx   []int32
	rem   []float64
	fresh int
}

func (a apdrr) Schedule(jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	lev, levels := newLevels(jobs)
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
		for l := range levels {
			levels[l].fresh = len(levels[l].idx)
		}
		for next < n && jobs[next].Submit <= t {
			lv := &levels[lev[next]]
			lv.idx = append(lv.idx, int32(next))
			lv.rem = append(lv.rem, jobs[next].Run)
			queuedRun += jobs[next].Run
			minRem = min(minRem, jobs[next].Run)
			next++
			queued++
			changed = true
		}
		if changed {
			q = cycleQuantum(jobs, levels, queued, queuedRun, exact, a.fixed)
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
			for _, lv := range levels {
				idx, rem := lv.idx, lv.rem[:len(lv.idx)]
				for x, i := range idx[lv.fresh:] {
					out[i].FirstStart = t + float64(p+lv.fresh+x)*q
				}
				for x := range rem {
					r := rem[x] - kq
					rem[x] = r
					if r < minRem { // remaining times are never NaN
						minRem = r
					}
				}
				p += len(idx)
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
		for l := range levels {
			lv := &levels[l]
			idx, rem, fresh := lv.idx, lv.rem[:len(lv.idx)], lv.fresh
			w := 0
			for x, i := range idx {
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
			lv.idx, lv.rem = idx[:w], rem[:w]
		}
	}
	return nslices
}

// newLevels returns each job's level (jobLevels) and the empty levels,
// each with room for all of its jobs, in two shared arrays: appending grew
// them a few times per slave. A level never holds more than its jobs, so
// the capped slices never spill into the next level's part.
func newLevels(jobs []Job) ([]int32, []apdrrLevel) {
	lev, nlev := jobLevels(jobs)
	per := make([]int, nlev)
	for _, l := range lev {
		per[l]++
	}
	levels := make([]apdrrLevel, nlev)
	idxs, rems := make([]int32, len(jobs)), make([]float64, len(jobs))
	off := 0
	for l, c := range per {
		levels[l] = apdrrLevel{idx: idxs[off : off : off+c], rem: rems[off : off : off+c]}
		off += c
	}
	return lev, levels
}

// jobLevels returns each job's level, the rank of its Priority among the
// distinct priorities of jobs (0 the smallest), and the number of levels.
func jobLevels(jobs []Job) ([]int32, int) {
	prios := distinctPriorities(jobs)
	lev := make([]int32, len(jobs))
	if len(prios) <= 4 {
		// A few levels (PriorityRule gives three): a linear scan, cheaper
		// than a binary search's calls.
		for i := range jobs {
			p := jobs[i].Priority
			l := 0
			for prios[l] != p {
				l++
			}
			lev[i] = int32(l)
		}
		return lev, len(prios)
	}
	for i := range jobs {
		l, _ := slices.BinarySearch(prios, jobs[i].Priority)
		lev[i] = int32(l)
	}
	return lev, len(prios)
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
// levels: fixed when positive, else the square root of their mean run
// time. queuedRun is their total when exact; otherwise the run times are
// summed in cycle order, like the naive twin, so that both see the same
// quantum to the last bit.
func cycleQuantum(jobs []Job, levels []apdrrLevel, queued int, queuedRun float64, exact bool, fixed float64) float64 {
	if fixed > 0 {
		return fixed
	}
	sum := queuedRun
	if !exact {
		sum = 0
		for _, lv := range levels {
			for _, i := range lv.idx {
				sum += jobs[i].Run
			}
		}
	}
	return math.Sqrt(sum / float64(queued))
}
