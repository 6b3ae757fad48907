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
	return s.scheduleIn(new(scratch), jobs, out)
}

func (s nonPreemptive) scheduleIn(sc *scratch, jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	sc.keys = slices.Grow(sc.keys[:0], n)[:n]
	keys := sc.keys
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
	sc.packed = slices.Grow(sc.packed[:0], n)[:n]
	if packed := packKeysInto(keys, sc.packed); packed != nil {
		sc.heap = packedOrder(jobs, packed, out, sc.heap[:0])
	} else {
		heapOrder(jobs, keys, out)
	}
	return int64(n)
}

// heapOrder runs the jobs in (key, index) order of the arrived ones, on a
// heap of indices.
func heapOrder(jobs []Job, keys []float64, out []Outcome) {
	n := len(jobs)
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
}

// packKeys returns key<<32 | index per job, the key shifted by 2^31, when
// every key is an integer of magnitude below 2^31 (SPN's and LJF's on
// traces, whose run times are whole seconds) and there are fewer than 2^32
// jobs; else nil. The packed numbers order as (key, index) does, -0 and +0
// alike, so a heap of them pops in the heap of indices' order with one
// integer comparison and no look-up per step.
func packKeys(keys []float64) []uint64 { return packKeysInto(keys, make([]uint64, len(keys))) }

// packKeysInto is packKeys writing into packed, of the length of keys.
func packKeysInto(keys []float64, packed []uint64) []uint64 {
	if uint64(len(keys)) >= 1<<32 {
		return nil
	}
	for i, k := range keys {
		if !(k > -1<<31 && k < 1<<31 && k == math.Trunc(k)) {
			return nil
		}
		packed[i] = uint64(int64(k)+1<<31)<<32 | uint64(i)
	}
	return packed
}

// packedOrder is heapOrder on packed keys (packKeys), with h's memory for
// the heap; it returns the heap's memory for reuse.
func packedOrder(jobs []Job, packed []uint64, out []Outcome, h packedHeap) packedHeap {
	n := len(jobs)
	t := math.Inf(-1)
	next := 0
	for range n {
		if len(h) == 0 && jobs[next].Submit > t {
			t = jobs[next].Submit
		}
		for next < n && jobs[next].Submit <= t {
			h.push(packed[next])
			next++
		}
		i := h.pop() & (1<<32 - 1)
		out[i].FirstStart = t
		t += jobs[i].Run
		out[i].End = t
	}
	return h
}

// packedHeap is a binary min-heap of packed keys.
type packedHeap []uint64

func (h *packedHeap) push(x uint64) {
	*h = append(*h, x)
	siftUp(*h, len(*h)-1, x)
}

// siftUp puts x at index i of heap a, or above it, moving larger parents
// down.
func siftUp(a []uint64, i int, x uint64) {
	for i > 0 {
		p := (i - 1) / 2
		if a[p] <= x {
			break
		}
		a[i] = a[p]
		i = p
	}
	a[i] = x
}

func (h *packedHeap) pop() uint64 {
	a := *h
	top := a[0]
	last := len(a) - 1
	x := a[last]
	a = a[:last]
	*h = a
	if last == 0 {
		return top
	}
	// Bottom-up: move the hole at the root down to a leaf along the
	// smaller children, one comparison a level, then sift the former last
	// item up from there (it came from the bottom, so it rarely rises far).
	i := 0
	for {
		l := 2*i + 1
		if l >= last {
			break
		}
		m := l
		if r := l + 1; r < last {
			// Which child is smaller is a coin toss: chosen without
			// a branch (a conditional move), not mispredicted half
			// the time.
			d := 0
			if a[r] < a[l] {
				d = 1
			}
			m += d
		}
		a[i] = a[m]
		i = m
	}
	siftUp(a, i, x)
	return top
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
