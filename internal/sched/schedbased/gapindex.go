package schedbased

import (
	"math"
	"slices"
)

// gapIndex lets Tabu find the machines that may hold a moved job in a gap
// without testing every machine: per CPU count c, a min tournament tree
// over the machines of early(m, c), the start of machine m's first profile
// segment with at least c free CPUs (from the time it was computed on;
// +Inf when none or the machine has fewer CPUs).
//
// A stored value never exceeds the true one, which is all a query needs:
// a machine whose gap can hold the job at t has early <= t. Time passing
// and CPUs taken (Advance, a gap insertion) only raise the true value and
// leave the stored one a valid bound; what may free CPUs in the profile
// marks the machine — recomputeMakespan, through which every replan and
// removal goes, and restore — and a query recomputes the marked machines
// first. The plan tests check the bound after every operation.
type gapIndex struct {
	leaves  int
	trees   [][]float64 // trees[c], c = 1..max CPUs; trees[0] unused
	early   [][]float64 // early[m][c]
	dirty   []int32
	isDirty []bool
	// ver[m] counts the flushes that changed one of machine m's leaves,
	// total is their sum: equal sums over the other machines mean equal
	// leaves there (memo.go uses it to reuse a search).
	ver   []uint64
	total uint64
	buf   []float64 // scratch: a machine's early being recomputed
	// While logging (a Tabu run with memos, cycle.go), every flush that
	// changes a machine's leaves appends the machine and its leaves before
	// the change (early[m] in leafOld[off:]) to leafLog; leavesAsAt reads
	// it back, telling the machines apart by seen == token.
	logging bool
	leafLog []leafChange
	leafOld []float64
	seen    []uint32
	token   uint32
}

// leafChange is one entry of the gap index's leaf log.
type leafChange struct {
	m, off int32
}

func newGapIndex(ms []machPlan) gapIndex {
	g := gapIndex{leaves: 1, early: make([][]float64, len(ms)), isDirty: make([]bool, len(ms)), ver: make([]uint64, len(ms)), seen: make([]uint32, len(ms))}
	for g.leaves < len(ms) {
		g.leaves *= 2
	}
	maxCPUs := 0
	for m := range ms {
		maxCPUs = max(maxCPUs, ms[m].cpus)
		g.early[m] = make([]float64, ms[m].cpus+1)
		for c := range g.early[m] {
			g.early[m][c] = math.Inf(1) // an empty machine has no gap
		}
	}
	g.buf = make([]float64, maxCPUs+1)
	g.trees = make([][]float64, maxCPUs+1)
	for c := 1; c <= maxCPUs; c++ {
		t := make([]float64, 2*g.leaves)
		for i := range t {
			t[i] = math.Inf(1)
		}
		g.trees[c] = t
	}
	return g
}

// profileChanged marks machine m for recomputation.
func (p *Plan) profileChanged(m int) {
	g := &p.gaps
	if !g.isDirty[m] {
		g.isDirty[m] = true
		g.dirty = append(g.dirty, int32(m))
	}
}

// flushGaps recomputes early for the marked machines and their leaves.
func (p *Plan) flushGaps() {
	if p.direct {
		p.flushGapsDirect()
		return
	}
	g := &p.gaps
	// A leaf left as it was stops its walk at the first level, as a
	// consistent tree's parent is already the minimum of its children
	// (no level at all with one machine): only that step is counted.
	unchanged := int64(0)
	if g.leaves > 1 {
		unchanged = 1
	}
	for _, m32 := range g.dirty {
		m := int(m32)
		g.isDirty[m] = false
		early := g.early[m]
		fresh := p.earlyOf(m, g.buf[:len(early)])
		changed := false
		for c := 1; c < len(early); c++ {
			if fresh[c] == early[c] {
				p.work += unchanged
				continue
			}
			if !changed && g.logging {
				// early[:c] are unchanged, early[c:] not yet written
				g.leafLog = append(g.leafLog, leafChange{int32(m), int32(len(g.leafOld))})
				g.leafOld = append(g.leafOld, early...)
			}
			changed = true
			early[c] = fresh[c]
			p.setLeaf(c, m, early[c])
		}
		if changed {
			g.ver[m]++
			g.total++
		}
	}
	g.dirty = g.dirty[:0]
}

// setLeaf sets machine m's leaf of tree c to v and the minima above it,
// a step of work per level walked.
func (p *Plan) setLeaf(c, m int, v float64) {
	t := p.gaps.trees[c]
	i := p.gaps.leaves + m
	t[i] = v
	for i > 1 {
		i /= 2
		v := min(t[2*i], t[2*i+1])
		p.work++
		if t[i] == v {
			break // the minima above are unchanged too
		}
		t[i] = v
	}
}

// leavesAsAt reports whether every machine's leaves are what they were
// when the leaf log had n entries: those of every machine logged since
// are as before its first change since.
func (p *Plan) leavesAsAt(n int) bool {
	g := &p.gaps
	g.token++
	if g.token == 0 { // wrapped: no machine may look seen
		clear(g.seen)
		g.token = 1
	}
	for _, e := range g.leafLog[n:] {
		if g.seen[e.m] == g.token {
			continue
		}
		g.seen[e.m] = g.token
		early := g.early[e.m]
		if !slices.Equal(early, g.leafOld[e.off:][:len(early)]) {
			return false
		}
	}
	return true
}

// logLeaves starts (on) or stops logging the changes of leaves, and
// empties the log.
func (p *Plan) logLeaves(on bool) {
	g := &p.gaps
	g.logging, g.leafLog, g.leafOld = on, g.leafLog[:0], g.leafOld[:0]
}

// earlyOf computes early(m, c) for every c into out (len cpus+1), one step
// counted per profile segment examined.
func (p *Plan) earlyOf(m int, out []float64) []float64 {
	mp := &p.ms[m]
	for c := range out {
		out[c] = math.Inf(1)
	}
	have := 0 // out[1..have] are set
	for i, f := range mp.free {
		p.work++
		if mp.ts[i+1] <= p.now {
			continue
		}
		for ; have < f; have++ {
			out[have+1] = max(mp.ts[i], p.now)
		}
		if have == mp.cpus {
			break
		}
	}
	return out
}

// flushGapsDirect is flushGaps walking every leaf to where the tree stops
// changing (Plan.direct): the twin of the lockstep test.
func (p *Plan) flushGapsDirect() {
	g := &p.gaps
	for _, m32 := range g.dirty {
		m := int(m32)
		g.isDirty[m] = false
		early := p.earlyOf(m, g.early[m])
		changed := false
		for c := 1; c < len(early); c++ {
			changed = changed || g.trees[c][g.leaves+m] != early[c]
			p.setLeaf(c, m, early[c])
		}
		if changed {
			g.ver[m]++
			g.total++
		}
	}
	g.dirty = g.dirty[:0]
}

// gapCandidates appends to out every machine with at least c CPUs whose
// early(m, c) is at most bound: a superset of the machines that can hold
// a c-CPU job in a gap starting by bound.
func (p *Plan) gapCandidates(c int, bound float64, out []int) []int {
	p.flushGaps()
	return p.gapSearch(c, bound, out)
}

// gapSearch is gapCandidates on the index as it is (flushed).
func (p *Plan) gapSearch(c int, bound float64, out []int) []int {
	g := &p.gaps
	if c >= len(g.trees) {
		return out
	}
	t := g.trees[c]
	// Depth first, left before right, with an explicit stack.
	var stack [64]int
	stack[0] = 1
	n, w := 1, int64(0)
	for n > 0 {
		n--
		i := stack[n]
		w++
		if t[i] > bound || math.IsInf(t[i], 1) {
			continue // nothing below starts by bound, or nothing has a gap
		}
		if i >= g.leaves {
			out = append(out, i-g.leaves)
			continue
		}
		stack[n], stack[n+1] = 2*i+1, 2*i
		n += 2
	}
	p.work += w
	return out
}
