package easy

import "math"

// minTree is a segment tree over queue ranks (arrival order) holding each
// waiting job's CPUs, or empty for ranks not waiting. It answers "first
// waiting job at or after rank r that needs at most c CPUs" in O(log n), so
// a backfill pass skips the jobs too wide for the free CPUs without looking
// at them — behind a blocked head those are most of a long queue.
//
// Beside the CPUs it keeps each subtree's smallest run-time estimate, so a
// pass can also ask for "at most c CPUs and an estimate of at most e" (the
// jobs that end before the shadow time) and skip the long jobs too.
type minTree struct {
	size int // leaves, a power of two
	// Each node's smallest CPUs and smallest estimate (the two minima may
	// come from different jobs), in two arrays: node 1 is the root, the
	// leaves are at size and up. first, the most frequent search, reads
	// CPUs only, four bytes a node where a pair took sixteen.
	cpus []int32
	est  []float64
}

const empty = math.MaxInt32

func newMinTree(n int) *minTree {
	size := 1
	for size < n {
		size *= 2
	}
	t := &minTree{size: size, cpus: make([]int32, 2*size), est: make([]float64, 2*size)}
	for i := range t.cpus {
		t.cpus[i], t.est[i] = empty, math.Inf(1)
	}
	return t
}

// set stores CPUs x and estimate e at rank i; clear empties it. The
// climb stops at the first node whose minima do not change: its
// ancestors' cannot either (most starts clear a leaf that is not its
// parent's minimum in both).
func (t *minTree) set(i int, x int32, e float64) {
	i += t.size
	t.cpus[i], t.est[i] = x, e
	for i > 1 {
		i >>= 1
		c, m := min(t.cpus[2*i], t.cpus[2*i+1]), min(t.est[2*i], t.est[2*i+1])
		if t.cpus[i] == c && t.est[i] == m {
			return
		}
		t.cpus[i], t.est[i] = c, m
	}
}

func (t *minTree) clear(i int) { t.set(i, empty, math.Inf(1)) }

// first2 returns the smallest rank in [lo, hi) whose CPUs are <= c and
// whose estimate is <= e, or -1. Subtrees failing either minimum are
// skipped; the two minima may come from different jobs, so a search can
// descend in vain, but never past a job that qualifies. A caller that
// already knows a candidate passes its rank as hi: the search then never
// looks beyond it, where vain descents cost the most.
func (t *minTree) first2(lo, hi int, c int32, e float64) int {
	return t.search(1, 0, t.size, lo, hi, c, e)
}

func (t *minTree) search(node, nlo, nhi, lo, hi int, c int32, e float64) int {
	if nhi <= lo || nlo >= hi || t.cpus[node] > c || t.est[node] > e {
		return -1
	}
	if node >= t.size {
		return node - t.size
	}
	mid := (nlo + nhi) / 2
	if r := t.search(2*node, nlo, mid, lo, hi, c, e); r >= 0 {
		return r
	}
	return t.search(2*node+1, mid, nhi, lo, hi, c, e)
}

// first returns the smallest rank >= lo holding a value <= x, or -1.
func (t *minTree) first(lo int, x int32) int {
	if lo >= t.size {
		return -1
	}
	i := lo + t.size
	for t.cpus[i] > x {
		// Climb while i is a right child, then step to the next subtree.
		for i&1 == 1 {
			i >>= 1
		}
		if i == 0 {
			return -1
		}
		i++
	}
	for i < t.size {
		i *= 2
		if t.cpus[i] > x {
			i++
		}
	}
	return i - t.size
}
