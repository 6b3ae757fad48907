package schedbased

import "math/bits"

// Memos of the Tabu search. Tabu search mostly repeats itself: a rejected
// move leaves the plan exactly as it was, so the next iterations of the
// same run try the same moves of the same source machines on the same
// plan, and the next arrival finds most machines unchanged. On a deadline
// stream at a mean inter-arrival of 1 s, 99.5% of the removals Tabu
// evaluates (whatIfRemove) are of a machine state it has evaluated before,
// 87% on a plan identical to one they were evaluated on, and half of the
// moves that reach the gap search repeat one made on the same plan. The
// memos below give such repeats their result, and the work
// they counted the first time, without computing them again: the work
// counter still counts every step of the paper's algorithm, one repeat as
// much as the first time.
//
// A memo is valid for a state, named by stamps: a machine's qstamp changes
// whenever its running jobs or queue change, its pstamp whenever its
// profile does (but for its start, which Advance moves to the clock: the
// memos that depend on it hold the clock too), and the plan's gstamp whenever any machine or the clock
// changes; a new stamp is never issued twice. restore puts back the stamps
// saved with the state it puts back, so a rejected move does not outdate
// any memo. The indexes beside the plan (sources.go, gapindex.go) are not
// part of a state: what an operation does to them is replayed, never
// memoised. Plan.direct turns every memo off; the tests run plans both
// ways in lockstep and compare them, work counter included, after every
// operation.

// touch gives machine mp new stamps: its jobs (and so its profile) changed.
func (p *Plan) touch(mp *machPlan) {
	if p.alias.on && p.alias.m == mp.idx {
		p.own() // it is about to change
	}
	p.stamp++
	mp.qstamp, mp.pstamp, p.gstamp = p.stamp, p.stamp, p.stamp
	p.busy[mp.idx/64] |= 1 << (mp.idx % 64)
	p.heads.mark(mp.idx)
}

// touchProfile gives machine mp a new profile stamp.
func (p *Plan) touchProfile(mp *machPlan) {
	if p.alias.on && p.alias.m == mp.idx {
		p.own()
	}
	p.stamp++
	mp.pstamp, p.gstamp = p.stamp, p.stamp
	p.busy[mp.idx/64] |= 1 << (mp.idx % 64)
}

// busyMachines yields, in index order, the machines whose busy bit is set:
// every machine with a profile or queued jobs, and maybe some without.
func (p *Plan) busyMachines() func(yield func(int) bool) {
	return func(yield func(int) bool) {
		for w := range p.busy {
			for b := p.busy[w]; b != 0; b &= b - 1 {
				if !yield(w*64 + bits.TrailingZeros64(b)) {
					return
				}
			}
		}
	}
}

// idle clears machine m's busy bit: it has neither profile nor queue.
func (p *Plan) idle(m int) { p.busy[m/64] &^= 1 << (m % 64) }

// machMemo is one machine's memos.
//
// Bounds: remove holds at most 2 x (queue length + 1) + 16 answers (the
// positions past the queue's length plus one are evicted when more are
// held), moves 12 removals, none of a state more than twice the size of
// the machine's now (evictLarge). So a machine's memos are linear in what
// it holds, not in its history. The bounds are kept when the memos are
// used, and a machine that runs dry (no profile, no queue) drops its
// memos and prefixes at once (Advance).
type machMemo struct {
	// remove[pos] is whatIfRemoveLocal's answer for the job at pos.
	remove []removeMemo
	// moves are the last removals actually made by Tabu (a few positions
	// at the end of the queue), with the machine after each and what
	// moveJob found after it; reused round robin.
	moves [moveMemos]moveMemo
	next  int
}

// moveMemos is the number of removals remembered per machine: Tabu takes
// the last job that is not tabu, so with the default tabu list of 10 jobs
// at most 11 positions of a machine are tried on one state. Eviction:
// round robin, and a state far larger than the machine's now is dropped
// (evictLarge).
const moveMemos = 12

// removeMemo is one answer of whatIfRemoveLocal. It depends on the
// machine's jobs (qstamp) and on f, the instant from which the queue
// behind the job is re-planned (the job's predecessor's start, or now).
type removeMemo struct {
	qstamp uint64
	f      float64
	anyF   bool // the job is the last: the answer does not depend on f
	ms     float64
	dnd    int
	work   int64
	first  float64 // the start of the first job re-placed
}

// memoOf returns machine mp's memos, allocated on first use.
func (p *Plan) memoOf(mp *machPlan) *machMemo {
	if mp.memo == nil {
		mp.memo = new(machMemo)
	}
	return mp.memo
}

// replanFrom is the instant from which machine m's queue from position pos
// on is planned (activeAt's f).
func (p *Plan) replanFrom(m, pos int) float64 {
	f := p.now
	if pos > 0 {
		f = max(f, p.ms[m].queue[pos-1].Start)
	}
	return f
}

// whatIfRemoveMemo is whatIfRemoveLocal, memoised.
func (p *Plan) whatIfRemoveMemo(m, pos int) (ms float64, dnd int) {
	if p.direct {
		ms, dnd, _ = p.whatIfRemoveLocal(m, pos)
		return ms, dnd
	}
	mp := &p.ms[m]
	f := p.replanFrom(m, pos)
	mm := p.memoOf(mp)
	if pos < len(mm.remove) {
		if c := &mm.remove[pos]; c.qstamp == mp.qstamp && (c.anyF || c.f == f || c.clockMoved(mp, pos, f)) {
			c.f = f
			p.memoHits[0]++
			p.work += c.work
			return c.ms, c.dnd
		}
	}
	if n := len(mp.queue) + 1; len(mm.remove) > 2*n+16 {
		// Evicted: the answers for positions a queue this long lacks
		// (kept for one more, where a restore may bring the queue).
		mm.remove = append([]removeMemo(nil), mm.remove[:n]...)
	}
	w0 := p.work
	ms, dnd, first := p.whatIfRemoveLocal(m, pos)
	for len(mm.remove) <= pos {
		mm.remove = append(mm.remove, removeMemo{})
	}
	mm.remove[pos] = removeMemo{qstamp: mp.qstamp, f: f, anyF: pos+1 == len(mp.queue), ms: ms, dnd: dnd, work: p.work - w0, first: first}
	return ms, dnd
}

// clockMoved reports whether removal answer c, made from an earlier f on
// the same jobs (qstamp), is the answer from f too, work included: when
// no job of the machine before pos ends in (c.f, f], the jobs still
// active at f are those active at c.f, and when the first job re-placed
// started no earlier than f, finding CPUs for it moved its start past
// c.f to a job's end after f: from f, the placement pops the same ends
// and gives the same starts.
func (c *removeMemo) clockMoved(mp *machPlan, pos int, f float64) bool {
	if !(c.f < f && c.first >= f) {
		return false
	}
	for _, list := range [2][]Entry{mp.running, mp.queue[:pos]} {
		for _, e := range list {
			if c.f < e.End && e.End <= f {
				return false
			}
		}
	}
	return true
}

// moveMemo is one removal made by Tabu and what followed it: the machine
// after Remove (valid for the machine's stamps and f before it), and the
// machines moveJob tested after it (valid for the plan's gstamp before it).
type moveMemo struct {
	used           bool
	pos            int
	qstamp, pstamp uint64
	now, f         float64
	// the machine after the removal
	queue       []Entry
	ts          []float64
	free        []int
	makespan    float64
	late, lateQ int
	dnd         int   // change of the plan's non-delayed count
	work        int64 // Remove's work
	marked      bool  // Remove marked the machine in the sources index
	gstamp      uint64
	tested      []testedMachine
	// The candidate machines of the gap index's search after the
	// removal (c CPUs, starting by bound), with its work, valid while the
	// other machines' leaves are as they were (others: their flushes that
	// changed a leaf, gapIndex.ver), and the plan state gstamp.
	searched  bool
	c         int
	bound     float64
	others    uint64
	cands     []int
	candsWork int64
}

// testedMachine is what moveJob found on one candidate machine: the work
// of testing it and, if the move is accepted there, the gap's start.
type testedMachine struct {
	m    int
	work int64
	ok   bool
	t    float64
}

// removeForMove takes the job at position pos of machine m out of the plan
// as Remove does, copying the machine's state after it from a memo when
// the same removal was made before on the same state. It returns the job
// and the memo (nil when the memos are off), whose tested list moveJob
// keeps for the plan state g.
func (p *Plan) removeForMove(m, pos int) (Job, *moveMemo) {
	mp := &p.ms[m]
	e := mp.queue[pos]
	if p.direct {
		p.Remove(e.ID)
		return e.Job, nil
	}
	f := p.replanFrom(m, pos)
	mm := p.memoOf(mp)
	var c *moveMemo
	for i := range mm.moves {
		if x := &mm.moves[i]; x.used && x.pos == pos {
			c = x
			break
		}
	}
	if c != nil && c.qstamp == mp.qstamp && c.pstamp == mp.pstamp && c.f == f && (c.now == p.now || c.clockMoved(mp, p.now, f)) {
		if c.now != p.now {
			c.ts[0], c.now = mp.ts[0], p.now
		}
		p.touch(mp)
		delete(p.where, e.ID)
		p.count--
		// The machine reads the memo's storage until restore or ownAll
		// (capacities cut, so no append can write into it).
		p.alias = alias{on: true, m: m, queue: mp.queue, ts: mp.ts, free: mp.free}
		mp.queue, mp.ts, mp.free = c.queue[:len(c.queue):len(c.queue)], c.ts[:len(c.ts):len(c.ts)], c.free[:len(c.free):len(c.free)]
		mp.makespan, mp.late, mp.lateQ = c.makespan, c.late, c.lateQ
		p.nondelayed += c.dnd
		if c.marked {
			p.lateChanged(mp)
		}
		p.profileChanged(m)
		p.setMakespan(m)
		p.work += c.work
		p.memoHits[1]++
		return e.Job, c
	}
	mm.evictLarge(len(mp.queue) + len(mp.ts))
	if c == nil || !c.used {
		c = &mm.moves[mm.next]
		mm.next = (mm.next + 1) % moveMemos
	}
	q, ps := mp.qstamp, mp.pstamp
	w0, nd0, marks0 := p.work, p.nondelayed, p.lateMarks
	p.Remove(e.ID)
	c.used, c.pos, c.qstamp, c.pstamp, c.now, c.f = true, pos, q, ps, p.now, f
	c.queue = append(c.queue[:0], mp.queue...)
	c.ts = append(c.ts[:0], mp.ts...)
	c.free = append(c.free[:0], mp.free...)
	c.makespan, c.late, c.lateQ = mp.makespan, mp.late, mp.lateQ
	c.dnd, c.work, c.marked = p.nondelayed-nd0, p.work-w0, p.lateMarks != marks0
	c.gstamp, c.tested, c.searched = 0, c.tested[:0], false
	return e.Job, c
}

// evictLarge drops the removals remembered of a machine state with more
// than twice size (the machine's queue and profile now) plus 16 entries:
// the machine cannot return to such a state (a restore only puts back the
// state before the current move), and their copies would hold memory by
// the machine's history rather than by what it holds.
func (mm *machMemo) evictLarge(size int) {
	for i := range mm.moves {
		if x := &mm.moves[i]; x.used && len(x.queue)+len(x.ts) > 2*size+16 {
			*x = moveMemo{}
		}
	}
}

// clockMoved reports whether removal memo c, made at an earlier time on
// the same machine state (stamps and f equal), still gives the machine
// after the removal at time now, but for the start of the profile, which
// is then the machine's (mp.ts[0]).
//
// The stamps equal, the clock's only change to the machine is its
// profile's start, raised to the clock (Advance; a profile segment wholly
// in the past would have been trimmed, with a new stamp). The removal
// reads the profile's start only where it compares an instant with it:
// replan keeps the profile before f (the segments starting before it,
// and then rebuilds from f), the last job's release splits the profile at
// the job's start (no earlier than f) and the makespan trims its end.
// When the start lies before f and before the makespan after the removal,
// at both times, every such comparison goes the same way, the profile
// after the removal keeps its first segment, and the work is the same.
func (c *moveMemo) clockMoved(mp *machPlan, now, f float64) bool {
	return c.now < now && len(mp.ts) > 0 && len(c.ts) > 0 && c.ts[0] <= mp.ts[0] && mp.ts[0] < f && mp.ts[0] < c.makespan
}

// candidates is gapCandidates for moveJob after the removal of memo's job
// from machine src, reusing the search made after the same removal when
// the index has the same leaves: the removed machine's are those the same
// removal gives, the others' have not changed (the sum of their change
// counts is the same). The flush is always made, as it changes the index.
func (p *Plan) candidates(memo *moveMemo, src int, g uint64, c int, bound float64, out []int) []int {
	p.flushGaps()
	if memo == nil {
		return p.gapSearch(c, bound, out)
	}
	others := p.gaps.total - p.gaps.ver[src]
	if memo.searched && memo.gstamp == g && memo.c == c && memo.bound == bound && memo.others == others {
		p.memoHits[2]++
		p.work += memo.candsWork
		return append(out, memo.cands...)
	}
	w0 := p.work
	out = p.gapSearch(c, bound, out)
	if memo.gstamp != g {
		memo.gstamp, memo.tested = g, memo.tested[:0]
	}
	memo.searched, memo.c, memo.bound, memo.others = true, c, bound, others
	memo.cands = append(memo.cands[:0], out...)
	memo.candsWork = p.work - w0
	return out
}

// alias is a machine that reads a move memo's storage after a removal
// (removeForMove) instead of a copy: its own storage, which still holds
// the state before the removal, is kept here. restore points the machine
// back at it; anything that changes the machine after the removal must
// first give it its own copy (own).
type alias struct {
	on    bool
	m     int
	queue []Entry
	ts    []float64
	free  []int
}

// own gives the aliased machine, if any, its own copy of what it reads.
func (p *Plan) own() {
	a := &p.alias
	if !a.on {
		return
	}
	mp := &p.ms[a.m]
	mp.queue = append(a.queue[:0], mp.queue...)
	mp.ts = append(a.ts[:0], mp.ts...)
	mp.free = append(a.free[:0], mp.free...)
	a.on = false
}

// testedFor returns the memo's record of machine k, the i-th candidate of
// the move, for plan state g, or nil; a memo of another state is emptied
// first. The candidates usually come in the order they were recorded in,
// so the i-th record is looked at first.
func (c *moveMemo) testedFor(g uint64, i, k int) *testedMachine {
	if c == nil {
		return nil
	}
	if c.gstamp != g {
		c.gstamp, c.tested, c.searched = g, c.tested[:0], false
		return nil
	}
	if i < len(c.tested) && c.tested[i].m == k {
		return &c.tested[i]
	}
	for i := range c.tested {
		if c.tested[i].m == k {
			return &c.tested[i]
		}
	}
	return nil
}
