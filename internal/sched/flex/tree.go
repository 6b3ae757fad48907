package flex

import (
	"math"

	"github.com/gridbench/gridbench/internal/sim"
)

// rankTree is the waiting queue by arrival rank as a segment tree whose
// nodes keep what a bounded pass (see Flex.bounded) needs to find the
// first job in priority order without ranking the queue: the number of
// waiting jobs below the node, their smallest CPU count, and the smallest
// and largest submit time and estimate. A job's priority in a bounded
// pass, Flex.prio, does not increase with its submit time nor with its
// estimate, so prio(smallest submit, smallest estimate) bounds every
// priority below a node from above and prio(largest, largest) from below,
// exactly: each floating-point step of prio is monotone. A search then
// skips every node that cannot hold a job before the best found so far,
// and a count takes whole nodes known to lie before or after a priority.
type rankTree struct {
	size   int     // leaves, a power of two
	v      []node  // v[1] is the root; leaves at v[size:]
	byRank []int   // arrival rank -> job
	rank   []int32 // job -> arrival rank
}

// node summarises the waiting jobs below it; an empty node has n 0, cpus
// noCPUs and infinite minima and maxima of the wrong sign.
type node struct {
	n              int32 // waiting jobs
	cpus           int32 // smallest CPU count
	minEst, maxEst float64
	minSub, maxSub float64
}

const noCPUs = math.MaxInt32

var emptyNode = node{cpus: noCPUs, minEst: math.Inf(1), maxEst: math.Inf(-1), minSub: math.Inf(1), maxSub: math.Inf(-1)}

func newRankTree(jobs int) *rankTree {
	size := 1
	for size < jobs {
		size *= 2
	}
	v := make([]node, 2*size)
	for i := range v {
		v[i] = emptyNode
	}
	return &rankTree{size: size, v: v, rank: make([]int32, jobs)}
}

// arrive gives job j, just arrived, the next rank.
func (t *rankTree) arrive(j, cpus int, submit, est float64) {
	t.rank[j] = int32(len(t.byRank))
	t.byRank = append(t.byRank, j)
	t.put(j, cpus, submit, est)
}

// put puts job j, out of the tree, back in its leaf.
func (t *rankTree) put(j, cpus int, submit, est float64) {
	t.set(int(t.rank[j]), 1, node{n: 1, cpus: int32(min(cpus, noCPUs-1)), minEst: est, maxEst: est, minSub: submit, maxSub: submit})
}

// set stores leaf r, whose count changes by dn, adds dn to its
// ancestors' counts and updates their minima and maxima, up to the first
// node whose minima and maxima do not change (those of its ancestors
// cannot either).
func (t *rankTree) set(r int, dn int32, leaf node) {
	i := r + t.size
	t.v[i] = leaf
	bounds := true
	for i > 1 {
		i >>= 1
		v := &t.v[i]
		v.n += dn
		if !bounds {
			continue
		}
		a, b := &t.v[2*i], &t.v[2*i+1]
		w := node{
			n:      v.n,
			cpus:   min(a.cpus, b.cpus),
			minEst: min(a.minEst, b.minEst),
			maxEst: max(a.maxEst, b.maxEst),
			minSub: min(a.minSub, b.minSub),
			maxSub: max(a.maxSub, b.maxSub),
		}
		if *v == w {
			bounds = false
			continue
		}
		*v = w
	}
}

// remove takes job j out: it started, or it is on the side list (then
// put puts it back).
func (t *rankTree) remove(j int) { t.set(int(t.rank[j]), -1, emptyNode) }

// fits tells whether a job below node i, covering ranks [lo, hi), but
// the one of rank skip needs at most c CPUs.
func (t *rankTree) fits(i, lo, hi, c, skip int) bool {
	if int(t.v[i].cpus) > c {
		return false
	}
	if i >= t.size {
		return lo != skip
	}
	mid := (lo + hi) / 2
	return t.fits(2*i, lo, mid, c, skip) || t.fits(2*i+1, mid, hi, c, skip)
}

// prio is the priority in a bounded pass (see Flex.bounded) of a job
// submitted at sub with estimate est: Params.Priority's sum, step by step
// and in the same order, so it gives the same float64.
func (f *Flex) prio(sub, est float64) float64 {
	wm := f.p.BoostValue
	if est != 0 {
		wm = f.p.BoostValue * (f.minext / est)
	}
	return f.p.AgeFactor*(f.now-sub) + f.p.Min + wm
}

// search is one look through the tree for the first waiting job in the
// pass's order (priority, then arrival) among those it accepts: every job
// (all), or those easy.BackfillMachine would start behind a reservation
// on resM until shadow: at most capA CPUs (another machine's free CPUs,
// or the spare CPUs), or at most freeRes CPUs and ending by the shadow
// time, looked for only when short and with an estimate at the reference
// speed of at most estLimit, as backfill finds them. find leaves the
// job's rank and priority in r and prio.
type search struct {
	s        *sim.State
	all      bool
	capA     int
	freeRes  int
	short    bool
	estLimit float64
	resM     int
	shadow   float64

	skip int // the rank of a job left out (the head), or -1
	r    int // the best job found so far, or -1
	prio float64
}

// may tells whether a node's minima allow a job the search accepts.
func (x *search) may(v *node) bool {
	c := int(v.cpus)
	return x.all || c <= x.capA || x.short && c <= x.freeRes && v.minEst <= x.estLimit
}

// accepts tells whether job j, needing cpus CPUs with estimate est, is
// accepted.
func (x *search) accepts(j, cpus int, est float64) bool {
	c := cpus
	return x.all || c <= x.capA || x.short && c <= x.freeRes && est <= x.estLimit &&
		x.s.Now()+x.s.EstDuration(j, x.resM) <= x.shadow
}

// find runs f.look over the side list (see ramps), then from the root of
// the tree, and tells whether it found a job.
func (f *Flex) find() bool {
	x := &f.look
	x.r = -1
	for i, j := range f.side {
		r := int(f.tree.rank[j])
		if r == x.skip {
			continue
		}
		if job := x.s.Job(j); !x.accepts(j, job.CPUs, job.Est()) {
			continue
		}
		if p := f.sidePriority(x.s, i); x.r < 0 || p > x.prio || p == x.prio && r < x.r {
			x.r, x.prio = r, p
		}
	}
	if v := &f.tree.v[1]; f.tree.v[1].n > 0 {
		f.descend(1, 0, f.tree.size, f.prio(v.minSub, v.minEst))
	}
	return f.look.r >= 0
}

// descend looks below node i, which covers ranks [lo, hi) and bounds the
// priorities below it by ub, for a job before the best found so far. It
// skips nodes without a job the search accepts, or whose bound is below
// the best priority, or equal to it with every rank after the best's;
// the child with the higher bound goes first.
func (f *Flex) descend(i, lo, hi int, ub float64) {
	x, t := &f.look, f.tree
	v := &t.v[i]
	if v.n == 0 || !x.may(v) || x.r >= 0 && (ub < x.prio || ub == x.prio && lo > x.r) {
		return
	}
	if i >= t.size {
		// A leaf's bound is its job's priority, better than the best.
		if j := t.byRank[lo]; lo != x.skip && x.accepts(j, int(v.cpus), v.minEst) {
			x.r, x.prio = lo, ub
		}
		return
	}
	mid := (lo + hi) / 2
	a, b := &t.v[2*i], &t.v[2*i+1]
	if a.n == 0 {
		f.descend(2*i+1, mid, hi, f.prio(b.minSub, b.minEst))
		return
	}
	if b.n == 0 {
		f.descend(2*i, lo, mid, f.prio(a.minSub, a.minEst))
		return
	}
	ua, ub2 := f.prio(a.minSub, a.minEst), f.prio(b.minSub, b.minEst)
	if ub2 > ua {
		f.descend(2*i+1, mid, hi, ub2)
		f.descend(2*i, lo, mid, ua)
		return
	}
	f.descend(2*i, lo, mid, ua)
	f.descend(2*i+1, mid, hi, ub2)
}

// countBefore counts the waiting jobs below node i, which covers ranks
// [lo, hi), that come before priority p at rank r in the pass's order:
// a higher priority, or p at a rank below r. Whole nodes are taken or
// left by their bounds; only nodes straddling p are opened.
func (f *Flex) countBefore(i, lo, hi int, p float64, r int) int {
	t := f.tree
	v := &t.v[i]
	if v.n == 0 {
		return 0
	}
	if ub := f.prio(v.minSub, v.minEst); ub < p || ub == p && lo >= r {
		return 0
	}
	if lb := f.prio(v.maxSub, v.maxEst); lb > p || lb == p && hi <= r {
		return int(v.n)
	}
	if i >= t.size {
		return 0 // a leaf's bounds are equal, so the tests above decided it unless it is NaN
	}
	mid := (lo + hi) / 2
	return f.countBefore(2*i, lo, mid, p, r) + f.countBefore(2*i+1, mid, hi, p, r)
}
