package timeshare

import (
	"math"
	"slices"
)

// nonPreemptive runs each chosen job to completion. When the CPU frees it
// takes, among the arrived jobs, the one that before ranks first; before
// compares two jobs of the slave by index, and indices are arrival order, so
// a strict before with an index tie-break gives "ties by arrival order".
type nonPreemptive struct {
	// key orders jobs: smaller key first, ties by arrival order.
	key func(j *Job) float64
}

func (s nonPreemptive) Schedule(jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	keys := make([]float64, n)
	for i := range jobs {
		keys[i] = s.key(&jobs[i])
	}
	if slices.IsSorted(keys) {
		// Keys in arrival order (FCFS's, or one priority level): the
		// waiting job with the smallest (key, index) is always the
		// earliest arrival, so the jobs run in arrival order.
		t := math.Inf(-1)
		for i := range jobs {
			if jobs[i].Submit > t {
				t = jobs[i].Submit
			}
			out[i].FirstStart = t
			t += jobs[i].Run
			out[i].End = t
		}
		return int64(n)
	}
	if fewKeys(jobs, keys, out) {
		return int64(n)
	}
	h := jobHeap{keys: keys, items: make([]int32, 0, 64)}
	t := math.Inf(-1)
	next := 0
	for range n {
		if len(h.items) == 0 && jobs[next].Submit > t {
			t = jobs[next].Submit
		}
		for next < n && jobs[next].Submit <= t {
			h.push(int32(next))
			next++
		}
		i := h.pop()
		out[i].FirstStart = t
		t += jobs[i].Run
		out[i].End = t
	}
	return int64(n)
}

// fewKeys schedules like the heap when keys take at most a few distinct
// values (P's priorities): one FIFO of arrived jobs per value, the most
// urgent non-empty one served first, which is the heap's (key, index)
// order since indices are arrival order. It reports false, doing nothing,
// when there are more values.
func fewKeys(jobs []Job, keys []float64, out []Outcome) bool {
	const few = 8
	var vals []float64
	for _, k := range keys {
		if !slices.Contains(vals, k) {
			if len(vals) == few {
				return false
			}
			vals = append(vals, k)
		}
	}
	slices.Sort(vals)
	n := len(jobs)
	rank := make([]uint8, n)
	for i, k := range keys {
		rank[i] = uint8(slices.Index(vals, k))
	}
	var queues [few][]int32
	var heads [few]int
	t := math.Inf(-1)
	next, waiting := 0, 0
	for range n {
		if waiting == 0 && jobs[next].Submit > t {
			t = jobs[next].Submit
		}
		for next < n && jobs[next].Submit <= t {
			queues[rank[next]] = append(queues[rank[next]], int32(next))
			next++
			waiting++
		}
		l := 0
		for heads[l] == len(queues[l]) {
			l++
		}
		i := queues[l][heads[l]]
		heads[l]++
		waiting--
		out[i].FirstStart = t
		t += jobs[i].Run
		out[i].End = t
	}
	return true
}

// jobHeap is a binary min-heap of job indices ordered by (keys[i], i).
// Written out rather than via container/heap to avoid interface calls on the
// hot path.
type jobHeap struct {
	keys  []float64
	items []int32
}

func (h *jobHeap) less(a, b int32) bool {
	ka, kb := h.keys[a], h.keys[b]
	return ka < kb || (ka == kb && a < b)
}

func (h *jobHeap) push(x int32) {
	h.items = append(h.items, x)
	i := len(h.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(h.items[i], h.items[p]) {
			break
		}
		h.items[i], h.items[p] = h.items[p], h.items[i]
		i = p
	}
}

func (h *jobHeap) pop() int32 {
	top := h.items[0]
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	i := 0
	for {
		l := 2*i + 1
		if l >= last {
			break
		}
		m := l
		if r := l + 1; r < last && h.less(h.items[r], h.items[l]) {
			m = r
		}
		if !h.less(h.items[m], h.items[i]) {
			break
		}
		h.items[i], h.items[m] = h.items[m], h.items[i]
		i = m
	}
	return top
}
