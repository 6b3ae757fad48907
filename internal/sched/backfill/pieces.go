package backfill

import (
	"slices"
	"sort"
)

// piece is part of CONS's order of reservations: waiting jobs next to
// one another in that order, with one reserved start and one shape, in
// order of arrival. Jobs wait in arrays submitted together,
// and a compression places or moves the jobs of an array mostly together:
// kept in pieces, the order is read, sorted and merged a piece at a time
// rather than a job at a time.
//
// A piece's jobs are c.arena[off:off+n], where the arrived jobs are
// copied in order of arrival (see CONS.freshPieces), with their ranks:
// sorting and merging pieces, and placing them, reads no array indexed
// by job. No two pieces share a job, so the jobs that start are dropped
// in place. A piece holds no pointer: the order is moved as plain memory
// and the garbage collector does not scan it.
type piece struct {
	t      float64 // the reserved start
	s      int32   // the jobs' shape on machine 0 (an index of c.shapes)
	off, n int32
}

// rankJob is a waiting job j of arrival rank r, as r<<32 | j: ordered as
// the ranks are.
type rankJob int64

func (v rankJob) job() int  { return int(v & (1<<32 - 1)) }
func (v rankJob) rank() int { return int(v >> 32) }

// jobs returns the jobs of piece g.
func (c *CONS) jobs(g piece) []rankJob { return c.arena[g.off : g.off+g.n] }

// first and last return the arrival ranks of a piece's first and last jobs.
func (c *CONS) first(g piece) int { return c.arena[g.off].rank() }
func (c *CONS) last(g piece) int  { return c.arena[g.off+g.n-1].rank() }

// push appends the piece h to the sorted order out, as part of its last
// piece when they share start and shape and h's jobs follow that piece's
// in the arena.
func push(out []piece, h piece) []piece {
	if n := len(out); n > 0 {
		if g := &out[n-1]; g.t == h.t && g.off+g.n == h.off && g.s == h.s {
			g.n += h.n
			return out
		}
	}
	return append(out, h)
}

// ranksBelow returns how many of the jobs of g (in arrival order) arrived
// before rank r, or at it.
func (c *CONS) ranksBelow(g piece, r int) int {
	js := c.jobs(g)
	return sort.Search(len(js), func(i int) bool { return js[i].rank() > r })
}

// cut returns g's first k jobs as a piece, and the rest.
func cut(g piece, k int) (piece, piece) {
	h := g
	h.n = int32(k)
	g.off += int32(k)
	g.n -= int32(k)
	return h, g
}

// take takes, from the k jobs that begin at piece gs[i], the first piece
// or its first k jobs (the rest then stays at gs[i]), reserved at t. It
// returns that piece, where the jobs left begin, and how many of the k
// are left.
func take(gs []piece, i, k int, t float64) (piece, int, int) {
	h := gs[i]
	if k < int(h.n) {
		h, gs[i] = cut(h, k)
		k = 0
	} else {
		k -= int(h.n)
		i++
	}
	h.t = t
	return h, i, k
}

// mergePieces merges b into a, both sorted by (start, arrival) job by job,
// and returns the merged order (a's backing array is reused; b is short:
// the new jobs, the jobs set aside, or the ones a compression moved).
//
// It works from the back, so a's pieces are read before being
// overwritten: for each of b's pieces it finds the pieces of a that go
// after it by galloping back from the last ones placed (1, 2, 4, ...
// pieces, then a bisection) and moves them in one copy. Where two pieces
// of one start would interleave their arrivals, they must be cut: then
// mergeCut merges them.
func (c *CONS) mergePieces(a, b []piece) []piece {
	if len(b) == 0 {
		return a
	}
	// after reports whether piece h goes after g's first job.
	after := func(h, g piece) bool { return c.byFirst(h, g) > 0 }
	pos := c.pos[:0] // where b[k] goes, for k from the last
	i := len(a)
	for k := len(b) - 1; k >= 0; k-- {
		g := b[k]
		// a[hi:i] go after g; a[lo] does not, if lo >= 0.
		hi, lo, step := i, i-1, 1
		for lo >= 0 && after(a[lo], g) {
			hi, lo, step = lo, lo-2*step+1, 2*step
		}
		for lo = max(lo+1, 0); lo < hi; {
			if mid := int(uint(lo+hi) >> 1); after(a[mid], g) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		if hi > 0 && a[hi-1].t == g.t && c.last(a[hi-1]) > c.first(g) || hi < len(a) && a[hi].t == g.t && c.first(a[hi]) < c.last(g) {
			c.pos = pos
			return c.mergeCut(a, b)
		}
		pos = append(pos, hi)
		i = hi
	}
	c.pos = pos
	n := len(a)
	a = slices.Grow(a, len(b))[:n+len(b)]
	i, w := n, len(a) // a[:i] and b[:k+1] are left, a[w:] done
	for k := len(b) - 1; k >= 0; k-- {
		hi := pos[len(b)-1-k]
		w -= i - hi
		copy(a[w:], a[hi:i])
		i = hi
		w--
		a[w] = b[k]
	}
	return a
}

// mergeCut is mergePieces where pieces must be cut: the pieces of a before
// the first place b's jobs go are kept where they are, and the rest is
// merged through c.tail, piece by piece.
func (c *CONS) mergeCut(a, b []piece) []piece {
	// a[:p] go before every job of b.
	t0, r0 := b[0].t, c.first(b[0])
	p := sort.Search(len(a), func(i int) bool {
		return a[i].t > t0 || a[i].t == t0 && c.last(a[i]) > r0
	})
	out := c.tail[:0]
	x, y := a[p:], b
	var gx, gy piece
	if len(x) > 0 {
		gx = x[0]
	}
	gy = y[0]
	for len(x) > 0 && len(y) > 0 {
		// p is the piece whose first job goes first, q the other one.
		p, q, ps := &gx, &gy, &x
		if c.byFirst(gy, gx) < 0 {
			p, q, ps = &gy, &gx, &y
		}
		if p.t == q.t { // p's jobs go up to q's first arrival
			if k := c.ranksBelow(*p, c.first(*q)); k < int(p.n) {
				var h piece
				h, *p = cut(*p, k)
				out = push(out, h)
				continue
			}
		}
		out, *ps = push(out, *p), (*ps)[1:]
		if len(*ps) > 0 {
			*p = (*ps)[0]
		}
	}
	if len(x) == 0 { // (one of them is left at most)
		x, gx = y, gy
	}
	if len(x) > 0 {
		out = push(out, gx)
		for _, g := range x[1:] {
			out = push(out, g)
		}
	}
	a = append(a[:p], out...)
	c.tail = out
	return a
}

// sortPieces sorts the pieces gs (the jobs placeAll set aside, or those
// compress moved) by (start, arrival) job by job, and returns them.
func (c *CONS) sortPieces(gs []piece) []piece {
	// The pieces no earlier than every one kept before them stay in
	// place; the others (a compression moves most pieces in order of
	// their new start) are set aside, sorted and merged in.
	w := 0
	aside := c.aside[:0]
	for _, g := range gs {
		if w == 0 || g.t > gs[w-1].t || g.t == gs[w-1].t && c.first(g) > c.last(gs[w-1]) {
			gs[w] = g
			w++
		} else {
			aside = append(aside, g)
		}
	}
	c.aside = aside
	if len(aside) == 0 {
		return gs
	}
	return c.mergePieces(gs[:w], c.sortAside(aside))
}

// sortAside sorts the pieces set aside by sortPieces: by (start, first
// arrival), or job by job where the arrivals of pieces of one start
// interleave.
func (c *CONS) sortAside(gs []piece) []piece {
	slices.SortFunc(gs, c.byFirst)
	for i := 1; i < len(gs); i++ {
		if gs[i].t == gs[i-1].t && c.first(gs[i]) < c.last(gs[i-1]) {
			return c.sortJobs(gs)
		}
	}
	return gs
}

// byFirst orders pieces by (start, first arrival).
func (c *CONS) byFirst(a, b piece) int {
	switch {
	case a.t < b.t:
		return -1
	case a.t > b.t:
		return 1
	}
	return c.first(a) - c.first(b)
}

// perJob appends to dst the jobs of the pieces gs, a piece per job.
func perJob(dst, gs []piece) []piece {
	for _, g := range gs {
		for i := range g.n {
			dst = append(dst, piece{g.t, g.s, g.off + i, 1})
		}
	}
	return dst
}

// sortJobs is sortAside job by job, for pieces whose arrivals interleave.
func (c *CONS) sortJobs(gs []piece) []piece {
	one := perJob(nil, gs)
	slices.SortFunc(one, c.byFirst)
	out := gs[:0]
	for _, g := range one {
		out = push(out, g)
	}
	return out
}
