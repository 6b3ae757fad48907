package sim

import "iter"

// runHeap holds one machine's running jobs as a min-heap on (EstEnd, seq).
// A sorted slice made every start and end a memmove of the whole running
// set — most of the run time on traces with thousands of running jobs —
// while schedulers only ever read a short prefix in order (EASY stops once
// enough CPUs are freed). The heap gives O(log n) start and end, and an
// ordered walk of the first k jobs costs O(k log k).
//
// The heap is built by the first ordered walk: until then a is a plain set
// (append, and removal by moving the last job into the hole), so a
// scheduler that never asks for the order — EASY keeps its own end list,
// the others read RunningJobs in no order — pays O(1) per start and end.
type runHeap struct {
	a    []RunningJob
	pos  []int // shared job -> index in a (owned by State)
	heap bool  // a is heap-ordered, kept so from the first ordered walk on
}

func (h *runHeap) swap(i, j int) {
	h.a[i], h.a[j] = h.a[j], h.a[i]
	h.pos[h.a[i].Job] = i
	h.pos[h.a[j].Job] = j
}

func (h *runHeap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !runningLess(&h.a[i], &h.a[p]) {
			return
		}
		h.swap(i, p)
		i = p
	}
}

func (h *runHeap) down(i int) {
	n := len(h.a)
	for {
		c := 2*i + 1
		if c >= n {
			return
		}
		if r := c + 1; r < n && runningLess(&h.a[r], &h.a[c]) {
			c = r
		}
		if !runningLess(&h.a[c], &h.a[i]) {
			return
		}
		h.swap(i, c)
		i = c
	}
}

func (h *runHeap) push(rj RunningJob) {
	h.a = append(h.a, rj)
	h.pos[rj.Job] = len(h.a) - 1
	if h.heap {
		h.up(len(h.a) - 1)
	}
}

func (h *runHeap) remove(job int) {
	i := h.pos[job]
	if i < 0 || i >= len(h.a) || h.a[i].Job != job {
		panic("sim: internal error: running job not found")
	}
	last := len(h.a) - 1
	if i != last {
		h.a[i] = h.a[last]
		h.pos[h.a[i].Job] = i
	}
	h.a = h.a[:last]
	if h.heap && i != last {
		h.down(i)
		h.up(i)
	}
}

// ordered yields the running jobs by (EstEnd, seq), walking the heap with
// a frontier heap of indices, so stopping early costs only what was read.
func (h *runHeap) ordered(scratch *[]int) iter.Seq[RunningJob] {
	return func(yield func(RunningJob) bool) {
		if !h.heap {
			for i := len(h.a)/2 - 1; i >= 0; i-- {
				h.down(i)
			}
			h.heap = true
		}
		if len(h.a) == 0 {
			return
		}
		a := h.a
		f := append((*scratch)[:0], 0)
		less := func(x, y int) bool { return runningLess(&a[f[x]], &a[f[y]]) }
		for len(f) > 0 {
			i := f[0]
			// Pop the frontier's minimum.
			n := len(f) - 1
			f[0] = f[n]
			f = f[:n]
			for k := 0; ; {
				c := 2*k + 1
				if c >= n {
					break
				}
				if r := c + 1; r < n && less(r, c) {
					c = r
				}
				if !less(c, k) {
					break
				}
				f[k], f[c] = f[c], f[k]
				k = c
			}
			if !yield(a[i]) {
				break
			}
			for _, c := range [2]int{2*i + 1, 2*i + 2} {
				if c < len(a) {
					f = append(f, c)
					for k := len(f) - 1; k > 0; {
						p := (k - 1) / 2
						if !less(k, p) {
							break
						}
						f[k], f[p] = f[p], f[k]
						k = p
					}
				}
			}
		}
		*scratch = f
	}
}
