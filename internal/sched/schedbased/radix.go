package schedbased

import (
	"math/bits"

	"github.com/gridbench/gridbench/internal/radix"
)

// radixHeap is a monotone priority queue of times for replanHead: the
// changes in used CPUs it has not reached and the ends of the jobs it
// holds, none pushed earlier than the instant reached, which only moves
// forward. Each item sits in the bucket of the highest bit in which its
// key differs from the last key popped, so a push is an append and a
// pop scans one bucket now and then, where a binary heap walks its
// height every time (which was half of the time on a long queue).
//
// Which of equal times pops first is unspecified; replanHead takes every
// one at or before the instant reached together.
//
// Measured and not kept (issue 32): the jobs a re-plan moves come in
// order of their old start and are placed no earlier than the one
// before, so the new ends of the jobs of one duration come in order of
// time, and so do their old ends (a re-plan moves 75 runs of jobs of 6.2
// durations on average over the first 100,000 RICC-2010-2 jobs under
// EG-EDF). Appending each to its lane (a duration and kind) and keeping
// the dozen or so lanes in a binary heap by their first change took
// 1.006 of the CPU there (9 pairs; 1.048 with lanes found by a walk and
// compared through their items), and 0.992 over 400,000 jobs (2 pairs):
// what the radix heap spends spreading its buckets, the lane heap spent
// sifting and finding lanes.
type radixHeap struct {
	last uint64 // the key of the last end popped (or the floor given)
	n    int
	b    [65][]radixItem
	// full has bit i set when bucket i (i < 64) is not empty; bucket 64
	// is looked at only when none is, so findMin never walks the empty
	// buckets (a third of the placement's time did).
	full    uint64
	cacheOK bool // ci, cm hold the first non-empty bucket and its minimum
	ci, cm  int
}

type radixItem struct {
	k  uint64
	it endItem
}

// reset empties the heap for ends no earlier than floor.
func (h *radixHeap) reset(floor float64) {
	for i := range h.b {
		h.b[i] = h.b[i][:0]
	}
	h.last, h.n, h.cacheOK, h.full = radix.Float64Key(floor), 0, false, 0
}

func (h *radixHeap) len() int { return h.n }

func (h *radixHeap) push(it endItem) {
	k := radix.Float64Key(it.end)
	j := bits.Len64(k ^ h.last)
	h.b[j] = append(h.b[j], radixItem{k, it})
	h.full |= 1 << j // nothing for j == 64: the shift is past the word
	h.n++
	if h.cacheOK {
		if j < h.ci {
			h.ci, h.cm = j, len(h.b[j])-1
		} else if j == h.ci && k < h.b[j][h.cm].k {
			h.cm = len(h.b[j]) - 1
		}
	}
}

func (h *radixHeap) findMin() {
	if h.cacheOK {
		return
	}
	i := 64
	if h.full != 0 {
		i = bits.TrailingZeros64(h.full)
	}
	m := 0
	for x := 1; x < len(h.b[i]); x++ {
		if h.b[i][x].k < h.b[i][m].k {
			m = x
		}
	}
	h.ci, h.cm, h.cacheOK = i, m, true
}

// min returns the earliest end; the heap must not be empty.
func (h *radixHeap) min() endItem {
	h.findMin()
	return h.b[h.ci][h.cm].it
}

// pop removes and returns the earliest end; the heap must not be empty.
func (h *radixHeap) pop() endItem {
	h.findMin()
	if i := h.ci; i > 0 {
		// The minimum becomes the last key: the bucket's items spread
		// over lower buckets, the minimum's own into bucket 0.
		h.last = h.b[i][h.cm].k
		for _, x := range h.b[i] {
			j := bits.Len64(x.k ^ h.last)
			h.b[j] = append(h.b[j], x)
			h.full |= 1 << j // j < i
		}
		h.b[i] = h.b[i][:0]
		h.full &^= 1 << i
		h.ci, h.cm = 0, 0
	}
	b0 := h.b[0]
	x := b0[h.cm]
	b0[h.cm] = b0[len(b0)-1]
	h.b[0] = b0[:len(b0)-1]
	if len(b0) == 1 {
		h.full &^= 1
	}
	h.n--
	// Bucket 0 holds keys equal to the last: any of them is a minimum.
	h.cm = 0
	h.cacheOK = len(h.b[0]) > 0
	return x.it
}

// each calls f on every end held, in no order.
func (h *radixHeap) each(f func(endItem)) {
	for i := range h.b {
		for _, x := range h.b[i] {
			f(x.it)
		}
	}
}
