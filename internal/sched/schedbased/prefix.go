package schedbased

import (
	"math"
	"slices"
)

// prefixes holds, for one machine state (qstamp), what activeAt would
// return for every queue position pos >= 1 — the jobs holding CPUs at the
// start of job pos-1, as (end, CPUs) pairs sorted by end, their CPU total
// and the latest end before pos — and each queued job's duration on the
// machine. EG-EDF evaluates the EDF insertion on up to every machine per
// arrival (whatIfInsert) while few machines change between arrivals; with
// these the evaluation re-places only the jobs behind the insertion
// instead of first scanning the ones before it. activeAt's work is still
// counted, as the paper's algorithm does that scan.
//
// For pos >= 1, activeAt's instant is max(now, start of job pos-1), which
// is the start itself whenever it is not in the past; the prefixes are
// only used then, so they do not depend on the clock.
//
// Apart, for one profile state (pstamp), the first segment with enough
// free CPUs for each CPU count (firstFit), where EG-EDF's gap search on
// every machine starts scanning.
//
// Not kept: an early stop of the re-placement once a job behind the
// insertion starts as planned with the plan's own jobs holding CPUs
// (after it, all would be placed as planned). On a paper-scale deadline
// stream the inserted job still holds CPUs by then: of 147,000
// evaluations at a mean inter-arrival of 1 s, 16 could stop, skipping 54
// of 673,000 placements (none at 5 s).
type prefixes struct {
	qstamp uint64
	built  bool
	ok     bool // the queue's starts are nondecreasing, as the list rule has them
	// table says off, active and used are kept: only while they hold at
	// most tableLimit items (see there); else the insertion is
	// evaluated by activeAt and place (whatIfInsertDirect).
	table  bool
	off    []int32   // active[off[pos]:off[pos+1]] for position pos
	active []endItem // sorted by end: a valid endHeap as it is
	used   []int
	last   []float64
	dur    []float64 // queue[k]'s duration on the machine
	// dl[k] is the latest deadline of queue[:k+1]: EDFPos's answer is the
	// first k with dl[k] above the job's deadline.
	dl []float64
	// onTime[k] is the number of queue[k:] that end by their deadline.
	onTime  []int32
	run     []endItem // the running jobs, sorted by end (position 0)
	lastRun float64   // the latest end of a running job
	cur     []endItem // scratch
	// firstFit[c] is the first profile segment with at least c free
	// CPUs (len(free) when none), for the profile of stamp fitStamp:
	// the gap search's scan skips the segments before it, a step each.
	// Only the counts up to fitHi are filled in; the segments before
	// fitSeg hold no more free CPUs than fitHi.
	fitBuilt bool
	fitStamp uint64
	firstFit []int32
	fitHi    int
	fitSeg   int
}

// tableLimit is the most items the active sets of a machine with jobs
// jobs (running and queued) may hold. The sets hold each job once per
// position it overlaps, which on a long queue of long jobs (thousands
// waiting on a busy log, hundreds running) is their product: 1.8 GB on
// the first 50,000 jobs of RICC-2010-2. Bounded so, the prefixes are
// linear in what waits and runs, and a machine whose sets would be
// larger (which EG-EDF rebuilds at every arrival, as its queue changes)
// evaluates its insertion by activeAt and place, as Plan.direct does: the
// same answer and work, at the cost of a scan of its jobs.
func tableLimit(jobs int) int { return 8*jobs + 64 }

// prefixesBuilt reports whether machine mp's prefixes are those of its
// jobs as they are.
func (mp *machPlan) prefixesBuilt() bool {
	c := mp.prefix
	return c != nil && c.built && c.qstamp == mp.qstamp
}

// prefixOf returns machine m's prefixes, built if its jobs changed.
func (p *Plan) prefixOf(m int) *prefixes {
	mp := &p.ms[m]
	if mp.prefixesBuilt() {
		return mp.prefix
	}
	if mp.prefix == nil {
		mp.prefix = new(prefixes)
	}
	c := mp.prefix
	c.qstamp, c.built, c.ok = mp.qstamp, true, true
	n := len(mp.queue)
	c.off = append(c.off[:0], 0, 0) // position 0 is not kept
	c.active = c.active[:0]
	c.used = append(c.used[:0], 0)
	c.dur = c.dur[:0]
	c.dl = c.dl[:0]
	last := 0.0
	// cur[head:] holds the jobs that may still hold CPUs, sorted by end;
	// used is their CPU total.
	cur, head, used := c.cur[:0], 0, 0
	for _, e := range mp.running {
		last = max(last, e.End)
		cur = append(cur, endItem{e.End, e.Job.CPUs})
		used += e.Job.CPUs
	}
	// Which of equal ends comes first changes nothing in popFor.
	slices.SortFunc(cur, func(a, b endItem) int { return byTime(a.end, b.end) })
	c.run = append(c.run[:0], cur...)
	c.lastRun = last
	c.last = append(c.last[:0], last)
	limit := tableLimit(len(mp.running) + n)
	if cap(c.active) > 2*limit {
		c.active = nil // a longer queue's, long gone
	}
	c.table = true
	for k := 1; k <= n; k++ {
		e := &mp.queue[k-1]
		c.dur = append(c.dur, p.Duration(e.Job, m))
		if math.IsNaN(e.Job.Deadline) {
			c.ok = false // no running maximum to bisect
		}
		if k == 1 {
			c.dl = append(c.dl, e.Job.Deadline)
		} else {
			c.dl = append(c.dl, max(c.dl[k-2], e.Job.Deadline))
		}
		last = max(last, e.End)
		f := e.Start
		if k > 1 && f < mp.queue[k-2].Start {
			c.ok = false // activeAt's sets would not shrink in order
		}
		c.last = append(c.last, last)
		if !c.table {
			continue
		}
		cur = insertByEnd(cur, head, endItem{e.End, e.Job.CPUs})
		used += e.Job.CPUs
		for head < len(cur) && !(cur[head].end > f) {
			used -= cur[head].cpus
			head++
		}
		if len(c.active)+len(cur)-head > limit {
			c.table = false
			c.off, c.active, c.used = c.off[:0], c.active[:0], c.used[:0]
			continue
		}
		c.active = append(c.active, cur[head:]...)
		c.off = append(c.off, int32(len(c.active)))
		c.used = append(c.used, used)
	}
	c.cur = cur[:0]
	c.onTime = append(c.onTime[:0], make([]int32, n+1)...)
	for k := n - 1; k >= 0; k-- {
		c.onTime[k] = c.onTime[k+1]
		if e := &mp.queue[k]; !e.Job.Late(e.End) {
			c.onTime[k]++
		}
	}
	return c
}

// edfPos is EDFPos from the prefixes: the first queue position whose
// deadline is later than d, found by bisection over the running maximum of
// the deadlines, with EDFPos's work.
func (p *Plan) edfPos(m int, d float64) int {
	c := p.prefixOf(m)
	if !c.ok {
		return p.edfPosDirect(m, d)
	}
	// The first k with dl[k] > d (dl is nondecreasing).
	k, hi := 0, len(c.dl)
	for k < hi {
		mid := int(uint(k+hi) >> 1)
		if c.dl[mid] > d {
			hi = mid
		} else {
			k = mid + 1
		}
	}
	if k < len(c.dl) {
		p.work += int64(k + 1)
	} else {
		p.work += int64(len(c.dl))
	}
	return k
}

// insertByEnd inserts it into s[head:], kept sorted by end (ties: after
// the equal ones).
func insertByEnd(s []endItem, head int, it endItem) []endItem {
	i := len(s)
	s = append(s, it)
	for i > head && s[i-1].end > it.end {
		s[i] = s[i-1]
		i--
	}
	s[i] = it
	return s
}

// popFor pops from h[head:] (sorted by end) what place pops before a job
// that leaves at most maxUsed of the used CPUs busy starts at t or later:
// the jobs ended by the start, and more while too few CPUs are free. It
// returns the new head, the CPUs in use and the start.
func popFor(h []endItem, head, used int, t float64, maxUsed int) (int, int, float64) {
	for head < len(h) && (h[head].end <= t || used > maxUsed) {
		used -= h[head].cpus
		t = max(t, h[head].end)
		head++
	}
	return head, used, t
}

// activeFrom is activeAt from machine m's prefixes c for queue position
// pos: the jobs holding CPUs when job pos may start (sorted by end; the
// prefixes' own storage, not to be changed), their CPUs, the instant (now
// for pos 0, else job pos-1's start) and the latest end before pos.
func (p *Plan) activeFrom(m int, c *prefixes, pos int) (a []endItem, used int, t, last float64) {
	if pos > 0 {
		return c.active[c.off[pos]:c.off[pos+1]], c.used[pos], p.ms[m].queue[pos-1].Start, c.last[pos]
	}
	// From now: the running jobs still holding CPUs.
	k := 0
	for k < len(c.run) && !(c.run[k].end > p.now) {
		k++
	}
	for _, it := range c.run[k:] {
		used += it.cpus
	}
	return c.run[k:], used, p.now, c.lastRun
}

// whatIfInsertPrefix is whatIfInsert from the machine's prefixes, for pos
// 0 or for job pos-1 starting no earlier than now: the same placement, the
// same answer and the same work. dur is the job's duration on the machine.
func (p *Plan) whatIfInsertPrefix(m, pos int, j Job, dur float64) (makespan float64, dnd int, start float64) {
	mp := &p.ms[m]
	c := p.prefixOf(m)
	if !c.ok || !c.table {
		return p.whatIfInsertDirect(m, pos, j)
	}
	p.memoHits[3]++
	// The jobs holding CPUs, kept sorted by end from index head on
	// rather than in a heap: there are few (each holds a CPU), and which
	// of equal ends leaves first changes nothing in place.
	a, used, t, last := p.activeFrom(m, c, pos)
	h := append(p.sortBuf[:0], a...)
	cpus := mp.cpus
	q := mp.queue
	// The job itself, then the queue from pos on, as place does; every
	// item leaves h once, so head counts place's pops.
	head, used, t := popFor(h, 0, used, t, cpus-j.CPUs)
	start = t
	end := t + dur
	h = insertByEnd(h, head, endItem{end, j.CPUs})
	used += j.CPUs
	makespan = max(last, end)
	if !j.Late(end) {
		dnd++
	}
	for k := pos; k < len(q); k++ {
		e := &q[k]
		need := e.Job.CPUs
		head, used, t = popFor(h, head, used, t, cpus-need)
		end := t + c.dur[k]
		h = insertByEnd(h, head, endItem{end, need})
		used += need
		makespan = max(makespan, end)
		if !e.Job.Late(end) {
			dnd++
		}
	}
	dnd -= int(c.onTime[pos]) // the queue's jobs from pos on as planned
	if cap(h) != cap(p.sortBuf) {
		p.sortBuf = h[:0] // grown (storing it back unchanged costs a write barrier)
	}
	// activeAt's, place's (a step per job and its pops) and whatIfInsert's own.
	p.work += 2*int64(len(mp.running)+pos) + int64(1+len(q)-pos) + int64(head)
	return makespan, dnd, start
}

// edfCandidate is EG-EDF's EDF candidate on machine m: EDFPos, then
// whatIfInsert at that position, with their answers and their work. From
// the prefixes, a job going to the end of the queue (the latest deadline
// so far, or none) is placed behind the stored state of the last position
// without copying it: nothing is re-placed after it. A job without a
// deadline is placed from the machine's profile instead (tailFitOf),
// without building the prefixes.
func (p *Plan) edfCandidate(m int, j Job, dur float64) (pos int, makespan float64, dnd int, start float64) {
	mp := &p.ms[m]
	n := len(mp.queue)
	if p.direct {
		pos = p.EDFPos(m, j)
		makespan, dnd, start = p.whatIfInsert(m, pos, j)
		return pos, makespan, dnd, start
	}
	// A job without a deadline is placed from the profile, unless the
	// prefixes of this state are built, or it is asked a second time
	// (a machine that did not change since the last arrival, of several:
	// the prefixes, built once, then answer each arrival in a few steps).
	if noDeadline(j) && mp.tailAsked != mp.qstamp && !mp.prefixesBuilt() {
		mp.tailAsked = mp.qstamp
		if a, ok := p.tailFitOf(m, j.CPUs, dur); ok {
			// EDFPos's count, whatIfInsertDirect's (activeAt's, place's,
			// its own) and its answer.
			p.work += int64(n) + 2*int64(len(mp.running)+n) + 1 + int64(a.pops)
			end := a.t + dur
			if !j.Late(end) {
				dnd = 1
			}
			return n, max(a.last, end), dnd, a.t
		}
	}
	c := p.prefixOf(m)
	if !c.ok || (n > 0 && !(c.dl[n-1] <= j.Deadline)) {
		pos = p.edfPos(m, j.Deadline)
	} else {
		// EDFPos's answer: every queued deadline is no later than j's.
		pos = n
		p.work += int64(n)
	}
	if !c.ok || !c.table || (pos > 0 && mp.queue[pos-1].Start < p.now) {
		makespan, dnd, start = p.whatIfInsertDirect(m, pos, j)
		return pos, makespan, dnd, start
	}
	if pos < n {
		makespan, dnd, start = p.whatIfInsertPrefix(m, pos, j, dur)
		return pos, makespan, dnd, start
	}
	makespan, dnd, start = p.whatIfAppend(m, c, j, dur)
	return n, makespan, dnd, start
}

// whatIfAppend is whatIfInsertPrefix at the end of machine m's queue
// (prefixes c), where only the job itself is placed: the same answer and
// the same work.
func (p *Plan) whatIfAppend(m int, c *prefixes, j Job, dur float64) (makespan float64, dnd int, start float64) {
	mp := &p.ms[m]
	n := len(mp.queue)
	p.memoHits[3]++
	a, used, t, last := p.activeFrom(m, c, n)
	head, _, t := popFor(a, 0, used, t, mp.cpus-j.CPUs)
	// activeAt's, place's (the job and its pops) and whatIfInsert's own.
	p.work += 2*int64(len(mp.running)+n) + 1 + int64(head)
	end := t + dur
	if !j.Late(end) {
		dnd = 1
	}
	return max(last, end), dnd, t
}

// firstFit returns the first segment of machine m's profile with at least
// cpus free CPUs, or len(free) when there is none, from a table kept per
// profile state (pstamp: the free counts change only with it). The table
// is filled as far as the counts asked for need: answering c reads the
// segments up to the first with c free and fills the counts up to c, so
// a state asked once (EG-EDF's insertion on one machine) costs no more
// than the scan it spares, and a state asked often (Tabu's moves) builds
// the table once.
func (p *Plan) firstFit(m, cpus int) int {
	mp := &p.ms[m]
	if i, ok := mp.prefix.fitted(mp.pstamp, cpus); ok {
		return i
	}
	if mp.prefix == nil {
		mp.prefix = new(prefixes)
	}
	c := mp.prefix
	if !c.fitBuilt || c.fitStamp != mp.pstamp {
		c.fitBuilt, c.fitStamp = true, mp.pstamp
		c.fitSeg, c.fitHi = 0, 0
		if cap(c.firstFit) < mp.cpus+1 {
			c.firstFit = make([]int32, mp.cpus+1)
		}
		c.firstFit = c.firstFit[:mp.cpus+1]
		c.firstFit[0] = 0
	}
	cpus = max(cpus, 0)
	ff, free := c.firstFit, mp.free
	i, hi := c.fitSeg, c.fitHi
	for ; i < len(free) && hi < cpus; i++ {
		f := min(free[i], cpus)
		for ; hi < f; hi++ {
			ff[hi+1] = int32(i)
		}
		if hi == cpus && free[i] > cpus {
			break // segment i may answer larger counts too
		}
	}
	if i == len(free) {
		for ; hi < mp.cpus; hi++ {
			ff[hi+1] = int32(i)
		}
	}
	c.fitSeg, c.fitHi = i, hi
	return int(ff[cpus])
}

// fitted is firstFit's answer from the table as it is, if it has one for
// the profile of stamp pstamp: small enough to be inlined where the gap
// search asks on every machine.
func (c *prefixes) fitted(pstamp uint64, cpus int) (int, bool) {
	if c == nil || !c.fitBuilt || c.fitStamp != pstamp || cpus > c.fitHi {
		return 0, false
	}
	return int(c.firstFit[max(cpus, 0)]), true
}
