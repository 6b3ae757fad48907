package timeshare

import (
	"math"
	"slices"
	"sort"
)

// naiveRun is the deliberately plain twin of Run: it deals the jobs itself,
// then simulates every slave one slice at a time with linear scans, no heaps,
// no ring buffers and no round jumping. It shares only the Job and Outcome
// types with the fast code.
func naiveRun(jobs []Job, slaves int, algo string, quantum float64) []Outcome {
	out := make([]Outcome, len(jobs))
	perSlave := make([][]int, slaves)
	k := 0
	for i := range jobs {
		out[i].Slave = -1
		if jobs[i].Run >= 0 {
			perSlave[k%slaves] = append(perSlave[k%slaves], i)
			out[i].Slave = k % slaves
			k++
		}
	}
	for _, idx := range perSlave {
		// Arrival order: submit, then input order (idx is in input order).
		sort.SliceStable(idx, func(a, b int) bool { return jobs[idx[a]].Submit < jobs[idx[b]].Submit })
		switch algo {
		case "fcfs", "spn", "ljf", "p":
			naiveNonPreemptive(jobs, idx, algo, out)
		case "rr":
			naiveRR(jobs, idx, quantum, false, out)
		case "plrr":
			naiveRR(jobs, idx, quantum, true, out)
		case "apdrr":
			naiveAPDRR(jobs, idx, 0, out)
		case "apdrr-fixed":
			naiveAPDRR(jobs, idx, quantum, out)
		default:
			panic("naive: unknown algorithm " + algo)
		}
	}
	return out
}

// naiveBetter says whether a should run before b (positions in arrival order
// pa < pb break ties).
func naiveBetter(algo string, a, b Job, pa, pb int) bool {
	var ka, kb float64
	switch algo {
	case "spn":
		ka, kb = a.Run, b.Run
	case "ljf":
		ka, kb = -a.Run, -b.Run
	case "p":
		ka, kb = float64(a.Priority), float64(b.Priority)
	}
	if ka != kb {
		return ka < kb
	}
	return pa < pb
}

func naiveNonPreemptive(jobs []Job, idx []int, algo string, out []Outcome) {
	done := make([]bool, len(idx))
	now := math.Inf(-1)
	for finished := 0; finished < len(idx); {
		best := -1
		for p, i := range idx {
			if !done[p] && jobs[i].Submit <= now && (best < 0 || naiveBetter(algo, jobs[i], jobs[idx[best]], p, best)) {
				best = p
			}
		}
		if best < 0 {
			// Idle: wait for the earliest job not yet done.
			now = math.Inf(1)
			for p, i := range idx {
				if !done[p] {
					now = min(now, jobs[i].Submit)
				}
			}
			continue
		}
		i := idx[best]
		out[i].FirstStart = now
		now += jobs[i].Run
		out[i].End = now
		done[best] = true
		finished++
	}
}

// naiveRR keeps one list in queue order. With byPriority the next job is the
// first in the list with the smallest priority (PLRR); otherwise the head.
func naiveRR(jobs []Job, idx []int, q float64, byPriority bool, out []Outcome) {
	var queue []int
	rem := map[int]float64{}
	started := map[int]bool{}
	arrived := 0
	now := math.Inf(-1)
	enqueueArrived := func() {
		for arrived < len(idx) && jobs[idx[arrived]].Submit <= now {
			queue = append(queue, idx[arrived])
			rem[idx[arrived]] = jobs[idx[arrived]].Run
			arrived++
		}
	}
	for finished := 0; finished < len(idx); {
		if len(queue) == 0 {
			now = max(now, jobs[idx[arrived]].Submit)
			enqueueArrived()
		}
		pick := 0
		if byPriority {
			for p := range queue {
				if jobs[queue[p]].Priority < jobs[queue[pick]].Priority {
					pick = p
				}
			}
		}
		i := queue[pick]
		queue = slices.Delete(queue, pick, pick+1)
		if !started[i] {
			started[i] = true
			out[i].FirstStart = now
		}
		d := min(q, rem[i])
		now += d
		rem[i] -= d
		enqueueArrived()
		if rem[i] > 0 {
			queue = append(queue, i)
		} else {
			out[i].End = now
			finished++
		}
	}
}

// naiveAPDRR runs cycle after cycle: admit, sort by priority, compute the
// quantum from scratch, give everyone one slice.
func naiveAPDRR(jobs []Job, idx []int, fixed float64, out []Outcome) {
	var queue []int
	rem := map[int]float64{}
	started := map[int]bool{}
	arrived := 0
	now := math.Inf(-1)
	for finished := 0; finished < len(idx); {
		if len(queue) == 0 {
			now = max(now, jobs[idx[arrived]].Submit)
		}
		for arrived < len(idx) && jobs[idx[arrived]].Submit <= now {
			queue = append(queue, idx[arrived])
			rem[idx[arrived]] = jobs[idx[arrived]].Run
			arrived++
		}
		// Jobs in queue are in arrival order within a priority, because
		// survivors keep their order and new arrivals are later.
		sort.SliceStable(queue, func(a, b int) bool { return jobs[queue[a]].Priority < jobs[queue[b]].Priority })
		sum := 0.0
		for _, i := range queue {
			sum += jobs[i].Run
		}
		q := math.Sqrt(sum / float64(len(queue)))
		if fixed > 0 {
			q = fixed
		}
		var survivors []int
		for _, i := range queue {
			if !started[i] {
				started[i] = true
				out[i].FirstStart = now
			}
			d := min(q, rem[i])
			now += d
			rem[i] -= d
			if rem[i] > 0 {
				survivors = append(survivors, i)
			} else {
				out[i].End = now
				finished++
			}
		}
		queue = survivors
	}
}
