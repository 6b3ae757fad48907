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

func (a apdrr) Schedule(jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	prios := distinctPriorities(jobs)
	// levels[l] holds the queued jobs of priority prios[l], in arrival
	// order; concatenating the levels gives the cycle order.
	levels := make([][]int32, len(prios))
	rem := make([]float64, n)
	started := make([]bool, n)
	lev := make([]int32, n)
	exact := exactRuns(jobs)
	for i := range jobs {
		rem[i] = jobs[i].Run
		l, _ := slices.BinarySearch(prios, jobs[i].Priority)
		lev[i] = int32(l)
	}
	var nslices int64
	t := math.Inf(-1)
	next, left, queued := 0, n, 0
	// queuedRun is the queue's total run time when exact; minRem the
	// least remaining time in the queue, kept by the pass of each cycle
	// for the next one (a minimum is exact in any order).
	queuedRun, minRem := 0.0, math.Inf(1)
	for left > 0 {
		if queued == 0 && jobs[next].Submit > t {
			t = jobs[next].Submit
		}
		for next < n && jobs[next].Submit <= t {
			levels[lev[next]] = append(levels[lev[next]], int32(next))
			queuedRun += jobs[next].Run
			minRem = min(minRem, jobs[next].Run)
			next++
			queued++
		}
		q := cycleQuantum(jobs, levels, queued, queuedRun, exact, a.fixed)
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
				for _, i := range lv {
					if !started[i] {
						started[i] = true
						out[i].FirstStart = t + float64(p)*q
					}
					rem[i] -= kq
					minRem = min(minRem, rem[i])
					p++
				}
			}
			t += float64(k) * m * q
			nslices += k * int64(queued)
			continue
		}

		for l, lv := range levels {
			w := 0
			for _, i := range lv {
				if !started[i] {
					started[i] = true
					out[i].FirstStart = t
				}
				d := min(q, rem[i])
				t += d
				rem[i] -= d
				nslices++
				if rem[i] > 0 {
					lv[w] = i
					w++
					minRem = min(minRem, rem[i])
				} else {
					out[i].End = t
					left--
					queued--
					queuedRun -= jobs[i].Run
				}
			}
			levels[l] = lv[:w]
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
// levels: fixed when positive, else the square root of their mean run
// time. queuedRun is their total when exact; otherwise the run times are
// summed in cycle order, like the naive twin, so that both see the same
// quantum to the last bit.
func cycleQuantum(jobs []Job, levels [][]int32, queued int, queuedRun float64, exact bool, fixed float64) float64 {
	if fixed > 0 {
		return fixed
	}
	sum := queuedRun
	if !exact {
		sum = 0
		for _, lv := range levels {
			for _, i := range lv {
				sum += jobs[i].Run
			}
		}
	}
	return math.Sqrt(sum / float64(queued))
}
