package schedbased

import (
	"math"
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
//
// Each bucket's least key is kept as items are appended to it (lo, at),
// so the minimum is read rather than sought by walking the first bucket
// not empty before every pop that spreads it: on the first 100,000
// RICC-2010-2 jobs under EG-EDF 0.955 of the CPU (0.91-1.02, 9 pairs);
// over 400,000, 0.958 (0.93-0.97, 5 pairs; a first set of 3 pairs on a
// noisy machine gave 1.12, 0.97-1.21); on 4,096 CPUs rather than 8,192,
// where the queue is longer and the heaps took a third of the CPU, 0.935
// (0.89-0.97, 5 pairs).
type radixHeap struct {
	last uint64 // the key of the last end popped (or the floor given)
	n    int
	b    [65][]radixItem
	// full has bit i set when bucket i (i < 64) is not empty; bucket 64
	// is looked at only when none is, so the minimum is found without
	// walking the empty buckets (a third of the placement's time did).
	full uint64
	// lo[i] is the least key of bucket i (math.MaxUint64 when it is
	// empty) and at[i] its index there, kept as items are appended, so
	// the minimum is read, not sought: the first bucket not empty was
	// walked for it before every pop that spread it.
	lo [65]uint64
	at [65]int32
}

type radixItem struct {
	k  uint64
	it endItem
}

// reset empties the heap for ends no earlier than floor.
func (h *radixHeap) reset(floor float64) {
	for i := range h.b {
		h.b[i] = h.b[i][:0]
		h.lo[i] = math.MaxUint64
	}
	h.last, h.n, h.full = radix.Float64Key(floor), 0, 0
}

func (h *radixHeap) len() int { return h.n }

// put appends x to bucket j.
func (h *radixHeap) put(j int, x radixItem) {
	if x.k < h.lo[j] {
		h.lo[j], h.at[j] = x.k, int32(len(h.b[j]))
	}
	h.b[j] = append(h.b[j], x)
	h.full |= 1 << j // nothing for j == 64: the shift is past the word
}

func (h *radixHeap) push(it endItem) {
	k := radix.Float64Key(it.end)
	h.put(bits.Len64(k^h.last), radixItem{k, it})
	h.n++
}

// first returns the first bucket that is not empty (64 if every other
// one is).
func (h *radixHeap) first() int {
	if h.full != 0 {
		return bits.TrailingZeros64(h.full)
	}
	return 64
}

// min returns the earliest end; the heap must not be empty.
func (h *radixHeap) min() endItem {
	i := h.first()
	return h.b[i][h.at[i]].it
}

// pop removes and returns the earliest end; the heap must not be empty.
func (h *radixHeap) pop() endItem {
	if i := h.first(); i > 0 {
		// The minimum becomes the last key: the bucket's items spread
		// over lower buckets, the minimum's own into bucket 0.
		h.last = h.lo[i]
		for _, x := range h.b[i] {
			h.put(bits.Len64(x.k^h.last), x) // (below i)
		}
		h.b[i] = h.b[i][:0]
		h.lo[i] = math.MaxUint64
		h.full &^= 1 << i
	}
	// Bucket 0 holds keys equal to the last: any of them is a minimum
	// (its first is min's, as at[0] is 0, and its last is taken).
	b0 := h.b[0]
	x := b0[len(b0)-1]
	h.b[0] = b0[:len(b0)-1]
	if len(b0) == 1 {
		h.full &^= 1
		h.lo[0] = math.MaxUint64
	}
	h.n--
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
