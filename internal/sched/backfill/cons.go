package backfill

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

func init() {
	sched.Register("cons", sched.Info{Label: "CONS", Family: "queue-based", New: func(rand.Source) sim.Scheduler { return NewCONS() }})
}

// CONS is conservative backfilling (Mu'alem & Feitelson 2001). Every
// waiting job holds a reservation: on arrival, in arrival order, it gets
// the earliest start (and the machine giving it, fastest first on ties) at
// which it fits beside the running jobs' estimated ends and every earlier
// reservation for its whole estimate; it starts when its reservation comes
// and it fits. A job thus starts early only when it delays no earlier
// reservation.
//
// Compression: at a pass where a job ended before its estimated end, or
// where a reservation lies in the past (a running job outlived its
// estimate and held the CPUs), every reservation is removed and the jobs
// are placed again one by one in order of their old start (ties by
// arrival) at their earliest start. Placed in that order a job never
// moves later than its old reservation, unless that lay in the past.
// A running job past its estimate counts as ending now, as in EASY.
//
// How it is computed. Each machine's profile (free CPUs over time) is
// kept from pass to pass: a start turns a reservation into a running job
// holding the same CPUs over the same interval, an early end frees the
// rest of its estimate, steps before now are dropped and steps where the
// free CPUs do not change are merged, so the profile holds at most two
// steps per running or waiting job. On one machine a compression caused
// by early ends alone does not place every job again: after any pass each
// reservation is the earliest start beside the running jobs and the
// reservations ordered before it, so a job can move only to a start
// before the end E of the latest interval freed so far (by an early end
// or by a job moved earlier), where its own and the later jobs'
// reservations, which all start at or after its old one, change nothing
// (see compress). The result is the full compression's, job by job:
// TestCONSMatchesNaive, TestCONSMatchesRebuild and
// TestCONSMatchesRebuildRICC check it against the naive twin and against
// the implementation that rebuilt the profile at every pass. Jobs whose
// reservation lies in the past (a job outlived its estimate) are placed
// first beside the running jobs alone; only if that overfills the machine
// beside the later reservations is every job placed again. On one
// machine, jobs of one shape that follow one another in the order are
// placed, or moved by compress, together: the start found for the first
// holds as many of them as fit there (see placeAll). The order of the
// reservations is kept in pieces of jobs with one start and one shape
// (piece): the 118 M jobs the full compressions place again on the
// first 100,000 RICC-2010-2 jobs come in 17.8 M pieces, which are
// placed, sorted and merged a piece at a time.
//
// Tried and measured slower (issue 32): on one machine, a compression
// that keeps the later jobs at their old reservations in the profile and
// places again only the jobs whose start can change. On the first 50,000
// RICC-2010-2 jobs only 7.9% of the 64 M placements of the full
// compressions change a start, and it matched the twins job by job, but
// it took 13.1 s of CPU against 10.8 s: each job kept must still be shown
// unable to start earlier in the CPUs freed so far (45 M searches), a job
// placed again must read the later reservations its window meets, and
// in 5,841 of 44,032 passes these could not be told in few reads, so the
// pass fell back to the full compression. Counted on the first 100,000
// RICC-2010-2 jobs (2026-11-30): of the 118 M jobs the 44,501 full
// compressions place again, 19.2 M start later than before and 3.8 M
// earlier (a fifth: the jobs pushed by a job past its estimate push
// others), and the first that changes is on average the 38th of the
// order, so a compression that kept the others would still place a
// fifth of them, beside the work of keeping the rest.
//
// Measured and not built: a full compression after past reservations
// could keep the jobs before the first one the past jobs' new windows
// no longer let start at its reservation (the earlier ones keep theirs:
// the profile gained no CPUs). On the first 100,000 RICC-2010-2 jobs
// that job is on average the 77th of the 2,650 placed again, in each of
// the 44,501 full compressions: there is nothing to keep.
//
// Measured and not built: a full compression could hand the rest of the
// order over to compress at the first job whose old start follows the
// early ends and the old and new windows of every job it changed so far
// (the profile from there on is the old one, and the jobs after it can
// only move earlier, into what was freed). On the first 100,000
// RICC-2010-2 jobs that job exists in 10,480 of the 44,501 full
// compressions, and 10.9 M of the 118 M jobs placed again come after it
// (all of them kept their start or moved earlier, as compress would have
// found): the jobs pushed later by a job past its estimate form chains
// to the end of the order (in one pass, 9 of 7,337 jobs change, the last
// of them among the last reserved). Handing over wherever the old
// reservations after a job still fit beside the new ones before it
// would reach 24.4 M, but needs the two profiles side by side.
//
// One work step is one profile step read while placing a job or testing
// whether it can move.
type CONS struct {
	order   []int
	rank    []int // job -> arrival rank (set on arrival)
	nextR   int
	resM    []int              // job -> reserved machine
	sid     []int32            // job -> its shape on machine 0, an index of shapes (set on arrival)
	shapes  []jobShape         // the shapes of the jobs waiting (and a few more, see reintern)
	ids     map[jobShape]int32 // shape -> its index in shapes
	prof    []profile          // per machine: the running jobs and the reservations
	run     []profile          // per machine: the running jobs alone
	ord     []piece            // the reserved jobs by (start, arrival), in pieces
	fresh   []int              // arrived, not yet reserved, in arrival order
	arena   []rankJob          // the jobs of the pieces (see piece and freshPieces)
	waiting int                // the jobs in the order
	early   bool               // a job ended before its estimated end since the last pass
	freedTo float64            // the latest estimated end an early end freed
	// Scratch: the pieces placeAll writes and those it sets aside, the new
	// jobs' pieces, the pieces compress moves, those placePast places,
	// those sortPieces sets aside, and mergePieces's tail and places.
	spare, side, freshP, news, moved, past, aside, tail []piece
	pos                                                 []int
	// floor holds, per job shape searched on a machine since the profile
	// last lost a holding (in compress: since the pass began), a time
	// before which no start fits it: the start place last gave it, or
	// where compress found none before (see compress and floorOf), in
	// the order the shapes were first searched.
	floor []shapeStart
	// lastSet is the entry of floor that setFloor wrote last (-1: none).
	lastSet int
	// slot indexes floor by shape (see floorOf); gen marks the slots in
	// use since the floor was last cleared. Where there is one machine,
	// byID indexes it by shape id instead (see floorOfID).
	slot []floorSlot
	byID []floorSlot
	gen  uint32
	// replan, when set, makes every compression place all jobs again (the
	// slow way, kept as the twin of the incremental one).
	replan bool
}

// jobShape is a job's estimate and CPUs on a machine. Where there is one
// machine, CONS reads them from c.shapes for every waiting job it places
// or tries to move, in one place rather than through the job, its
// estimate and the platform's speeds; a piece holds its jobs' shape as
// an index of c.shapes (a shape id), so the floor of a shape is found by
// its id (see floorOfID).
type jobShape struct {
	dur  float64
	need int
}

// shapeStart is the earliest start found for a job of cpus CPUs and
// estimate dur on machine m, and k, a step near t: where the search that
// found it began or stopped (the profile's edits since may have moved
// the step holding t by a few; see profile.stepNear).
type shapeStart struct {
	m, cpus int
	dur, t  float64
	k       int
}

// NewCONS returns a conservative backfilling scheduler.
func NewCONS() *CONS { return &CONS{} }

func (c *CONS) init(s *sim.State) {
	n := s.NumJobs()
	c.order = s.Platform().FastestFirst()
	c.rank = make([]int, n)
	c.resM = make([]int, n)
	c.sid = make([]int32, n)
	c.ids = make(map[jobShape]int32)
	ms := s.Platform().Machines
	c.prof = make([]profile, len(ms))
	c.run = make([]profile, len(ms))
	for m := range ms {
		c.prof[m].reset(s.Now(), ms[m].CPUs)
		c.run[m].reset(s.Now(), ms[m].CPUs)
	}
	c.freedTo = math.Inf(-1)
}

// OnArrival numbers the job in arrival order.
func (c *CONS) OnArrival(s *sim.State, j int) {
	if c.rank == nil {
		c.init(s)
	}
	c.rank[j] = c.nextR
	c.nextR++
	c.sid[j] = c.intern(jobShape{s.EstDuration(j, 0), s.Job(j).CPUs})
	c.fresh = append(c.fresh, j)
}

// OnCompletion frees the rest of the job's estimate if it ended early,
// which calls for compression.
func (c *CONS) OnCompletion(s *sim.State, j int) {
	r := s.Record(j)
	estEnd := r.Start + s.EstDuration(j, r.Machine)
	if r.End < estEnd {
		c.early = true
		now := s.Now()
		for _, p := range []*profile{&c.prof[r.Machine], &c.run[r.Machine]} {
			p.prune(now)
			p.add(now, estEnd, -s.Job(j).CPUs)
		}
		c.freedTo = max(c.freedTo, estEnd)
	}
}

// Schedule compresses if needed, reserves the new jobs, and starts the
// jobs whose reservation is now.
func (c *CONS) Schedule(s *sim.State) {
	if c.rank == nil {
		return
	}
	now := s.Now()
	for m := range c.prof {
		c.prof[m].prune(now)
		c.run[m].prune(now)
	}
	c.clearFloor() // early ends freed CPUs since the last pass
	past := len(c.ord) > 0 && c.ord[0].t < now
	switch {
	case (past || c.early) && (c.replan || len(c.prof) > 1):
		c.replace(s)
	case past:
		if np, ok := c.placePast(s); ok {
			c.compress(s, np)
		} else {
			c.replace(s)
		}
	case c.early:
		c.compress(s, 0)
	}
	c.early, c.freedTo = false, math.Inf(-1)
	c.news = c.placeAll(s, c.freshPieces(), c.news[:0]) // (which sorts them)
	c.fresh = c.fresh[:0]
	c.ord = c.mergePieces(c.ord, c.news)
	// Start the jobs reserved now (all reservations are now or later), in
	// order of arrival.
	k := 0
	for ; k < len(c.ord) && c.ord[k].t <= now; k++ {
	}
	kept := 0
	for _, g := range c.ord[:k] {
		js, n := c.jobs(g), 0
		for _, v := range js {
			j := v.job()
			if m := c.resM[j]; s.Fits(j, m) {
				s.Start(j, m)
				c.run[m].add(now, now+s.EstDuration(j, m), s.Job(j).CPUs)
				c.waiting--
			} else {
				js[n] = v
				n++
			}
		}
		if n > 0 {
			g.n = int32(n)
			c.ord[kept] = g
			kept++
		}
	}
	c.ord = append(c.ord[:kept], c.ord[k:]...)
}

// outgrows reports whether a table of n entries, for live ones in use,
// is to be rebuilt from them: once those no longer in use outnumber
// them (and a few thousand), so that its size follows what waits, not
// the history (see compact, reintern and sjbfIndex.arrive).
func outgrows(n, live int) bool { return n > 2*live+4096 }

// compact copies the jobs of the order to a new arena, in its order, once
// the arena outgrows them.
func (c *CONS) compact() {
	arena := make([]rankJob, 0, 2*c.waiting+4096)
	for i, g := range c.ord {
		c.ord[i].off = int32(len(arena))
		arena = append(arena, c.jobs(g)...)
	}
	c.arena = arena
}

// freshPieces copies the new jobs to the arena and returns them in
// pieces of one shape (their starts are not yet known).
func (c *CONS) freshPieces() []piece {
	n := len(c.fresh)
	if n == 0 {
		return nil
	}
	if outgrows(len(c.arena), c.waiting) {
		c.compact()
	}
	if outgrows(len(c.shapes), c.waiting+n) {
		c.reintern()
	}
	k := len(c.arena)
	for _, j := range c.fresh {
		c.arena = append(c.arena, rankJob(c.rank[j])<<32|rankJob(j))
	}
	c.waiting += n
	gs := c.freshP[:0]
	for i := 0; i < n; {
		x := c.sid[c.fresh[i]]
		e := i + 1
		for e < n && c.sid[c.fresh[e]] == x {
			e++
		}
		gs = append(gs, piece{s: x, off: int32(k + i), n: int32(e - i)})
		i = e
	}
	c.freshP = gs
	return gs
}

// replace is the full compression: every reservation removed (the profile
// of the running jobs alone copied in), then the jobs placed again in
// order of their old start.
func (c *CONS) replace(s *sim.State) {
	for m := range c.prof {
		c.prof[m].copyFrom(&c.run[m])
	}
	c.clearFloor()
	out := c.placeAll(s, c.ord, c.spare[:0])
	c.spare, c.ord = c.ord[:0], out
}

// placeAll reserves the jobs of the pieces gs one after another, each at
// its earliest start beside the ones before it, and appends them to out
// in pieces sorted by (new start, arrival), which it returns.
//
// Waiting jobs come in runs of one shape (arrays of jobs submitted
// together), and most of a run starts together: on the first 50,000
// RICC-2010-2 jobs, 89% of the jobs a full compression places start
// when the one before them does, with the same shape. So on one machine
// a run (the pieces of one shape next to one another) is placed by
// placeRun, which holds a start found for as many jobs of the run as fit
// there in one more walk of the window, rather than one walk per job,
// and they are reserved as pieces, not one by one.
//
// The pieces are sorted as they are placed: a full compression places
// them in order of their old start, and the pieces placeRun gives one
// start mostly come in order of arrival (those of one old start always
// do). A piece placed before the last start, or the jobs of a piece that
// arrived before the last one kept, are set aside, then sorted and
// merged in (on the first 100,000 RICC-2010-2 jobs, 0.76% of the 2,650
// jobs a full compression places on average).
func (c *CONS) placeAll(s *sim.State, gs, out []piece) []piece {
	side := c.side[:0]
	lastT, lastR := math.Inf(-1), -1
	// emit adds the piece h to out, or sets all or some of it aside.
	emit := func(h piece) {
		if h.t < lastT {
			side = append(side, h)
			return
		}
		if h.t > lastT {
			lastT, lastR = h.t, -1 // (ranks are never negative)
		}
		if c.first(h) <= lastR {
			var a piece
			a, h = cut(h, c.ranksBelow(h, lastR))
			side = append(side, a)
			if h.n == 0 {
				return
			}
		}
		out = push(out, h)
		lastR = c.last(h)
	}
	if len(c.order) > 1 {
		for _, g := range gs {
			for i, v := range c.jobs(g) {
				emit(piece{c.place(s, v.job()), g.s, g.off + int32(i), 1})
			}
		}
	} else {
		for gi := 0; gi < len(gs); {
			x := gs[gi].s
			n := int(gs[gi].n)
			for e := gi + 1; e < len(gs) && gs[e].s == x; e++ {
				n += int(gs[e].n)
			}
			for n > 0 {
				t, k := c.placeRun(s, x, n)
				n -= k
				for k > 0 {
					var h piece
					h, gi, k = take(gs, gi, k, t)
					emit(h)
				}
			}
		}
	}
	c.side = side
	if len(side) == 0 {
		return out
	}
	return c.mergePieces(out, c.sortPieces(side))
}

// placeRun holds, on the only machine, the windows of up to n jobs of
// shape id placed one after another: the earliest start of the first
// (searched from its shape's floor, see place), and the same start for
// each next one as long as it fits there beside the ones before it. It
// returns the start and how many it holds; the caller reserves them.
func (c *CONS) placeRun(s *sim.State, id int32, n int) (float64, int) {
	x := c.shapes[id]
	from, near, same := c.floorOfID(id)
	f, k := c.prof[0].fitHold(x.need, x.dur, from, near, n)
	c.setFloorID(id, f.t, f.a, same)
	s.Work().Add(f.steps)
	return f.t, k
}

// compress is the compression on one machine after early ends, when every
// reservation is now or later. Going through the jobs in order of their
// reservation, job k is placed again beside the running jobs and the jobs
// before it. Its old reservation r still fits there, and a start t < r
// fits there exactly when it fits in the whole profile with the window
// cut at r: the later jobs start at r or after, and the profile at r and
// after already held job k itself. Before the pass no start before r
// fitted (each reservation was the earliest beside the jobs before it,
// and the steps before now do not count), so only a start whose window
// meets a freed interval can: one freed by the early ends, which all lie
// in [now, E) (E, the latest end freed), or the old window of a job moved
// earlier in this pass. Such a window holds a freed instant with enough
// CPUs free, so a job needing more CPUs than the most free in the
// intervals freed so far is skipped unread, and only starts before E,
// which grows with each move, are searched.
//
// A search that finds no start records min(r, E) for the job's shape in
// c.floor, and a later job of its shape (or, the first of a shape
// searched in the pass, of a shape no smaller and no longer, see floorOf)
// searches only from the latest such time (or is skipped when that is E
// or later): an earlier start t fails for it as it failed for the job
// before. That job's window from t, cut at its reservation, held a step
// with too few CPUs free; the later job's window from t holds that step
// (it is at least as long, cut at a reservation no earlier) and needs at
// least as many CPUs, and the step has lost no holding since, because a
// move frees only its job's old window, which starts at or after the
// reservations of the jobs before it in the order. Waiting jobs share
// their shape with many others. On the first 100,000 RICC-2010-2 jobs
// the floor and the freed intervals' bound halved the steps CONS read
// (8.4 G against 16.8 G when the floor was cleared at each move and only
// jobs reserved at or after E recorded their shape, and the bound was
// [now, E)), before runs of one shape were placed together.
//
// The first np jobs of the order, whose reservation lay in the past, have
// been placed again already (see placePast).
func (c *CONS) compress(s *sim.State, np int) {
	now := s.Now()
	p := &c.prof[0]
	e := c.freedTo
	most := p.maxFree(e)
	c.moved = append(c.moved[:0], c.ord[:np]...)
	w := 0 // c.ord[:w] holds the pieces kept so far (w <= np+i)
	gs := c.ord[np:]
	for i := 0; i < len(gs); {
		r, id := gs[i].t, gs[i].s
		x := c.shapes[id]
		need, dur := x.need, x.dur
		// The jobs after it of its shape and reservation (a run, see
		// placeAll) stay when it stays: the tests below give each the
		// same answer, as nothing changes between them (a search that
		// fails sets the floor the next one is skipped by).
		end, n := i+1, int(gs[i].n)
		for end < len(gs) && gs[end].t == r && gs[end].s == id {
			n += int(gs[end].n)
			end++
		}
		if r > now && need <= most {
			lim := min(r, e)
			from, near, same := c.floorOfID(id)
			if from < lim {
				f := p.scan(p.stepNear(near, from), need, dur, lim, r)
				s.Work().Add(f.steps)
				if t := f.t; t < r {
					var freed int
					i, freed = c.move(s, f, gs, i, n, r)
					most, e = max(most, freed), max(e, r+dur)
					continue
				}
				c.setFloorID(id, lim, f.a, same)
			}
		}
		// The run stays.
		if w != np+i {
			copy(c.ord[w:], gs[i:end])
		}
		w += end - i
		i = end
	}
	// Merge the moved jobs back into the order.
	c.ord = c.mergePieces(c.ord[:w], c.sortPieces(c.moved))
	c.clearFloor()
}

// move moves the first of the n jobs of the run at gs[i] (reserved at r)
// that fit at the start f found before r, and returns where the jobs
// left in the order begin and the most CPUs free in the interval it
// freed (see compress).
func (c *CONS) move(s *sim.State, f fit, gs []piece, i, n int, r float64) (int, int) {
	p, x, t := &c.prof[0], c.shapes[gs[i].s], f.t
	need, dur := x.need, x.dur
	// The others of the run find no earlier start either (see
	// compress: a move frees nothing before r), and t as long as it
	// fits them beside the ones before: k of them move together.
	k := n
	if k > 1 {
		least, steps := p.minFree(f.a, min(t+dur, r)) // (f.a holds t)
		s.Work().Add(steps)
		k = min(k, least/need)
	}
	// They leave [r, r+dur) for [t, t+dur): where the two overlap
	// nothing changes, and only [max(t+dur, r), r+dur) is freed.
	// (The window the search found is held first, at the steps it
	// found: the freed interval lies after it, and is sought from
	// the window's first step on.)
	p.addAt(f, min(t+dur, r), k*need)
	freed := p.give(f.a, max(t+dur, r), r+dur, k*need)
	for k > 0 { // (the rest of a piece stays at i, to be tried again)
		var h piece
		h, i, k = take(gs, i, k, t)
		c.moved = append(c.moved, h)
	}
	return i, freed
}

// placePast places the first jobs of the order, whose reservation lies
// in the past, on the only machine, as a full compression would: each at
// its earliest start beside the running jobs and the ones placed before
// it. It returns how many there were, and false if their new
// reservations and the later jobs' would hold more CPUs than the machine
// has somewhere: then the later jobs must be placed again too, and the
// caller does it all again from scratch. Otherwise the later jobs see a
// profile that gained free CPUs only before the latest freed end (the
// past reservations' ends count), which is what compress needs.
func (c *CONS) placePast(s *sim.State) (int, bool) {
	now := s.Now()
	p, run := &c.prof[0], &c.run[0]
	ng := 0
	for ng < len(c.ord) && c.ord[ng].t < now {
		ng++
	}
	// One piece per past job: each is placed on its own.
	past := perJob(c.past[:0], c.ord[:ng])
	c.past = past
	if len(past) > ng {
		c.ord = slices.Insert(c.ord, ng, past[ng:]...)
	}
	np := copy(c.ord, past)
	past = c.ord[:np]
	for _, g := range past {
		x := c.shapes[g.s]
		end := g.t + x.dur
		p.add(now, end, -x.need)
		c.freedTo = max(c.freedTo, end)
	}
	for i := range past {
		x := c.shapes[past[i].s]
		t, steps := run.earliest(x.need, x.dur)
		s.Work().Add(steps)
		run.add(t, t+x.dur, x.need)
		p.add(t, t+x.dur, x.need)
		past[i].t = t
	}
	ok := true
	for _, g := range past {
		t, x := g.t, c.shapes[g.s]
		dur := x.dur
		run.add(t, t+dur, -x.need)
		if dur > 0 {
			least, steps := p.minFree(p.stepAt(t), t+dur)
			s.Work().Add(steps)
			ok = ok && least >= 0
		}
	}
	return np, ok
}

// place reserves job j at its earliest start over the machines, when
// there are more than one (placeRun does it on one), and returns it.
//
// Between two losses of a holding (an early end, a prune, a
// compression) a profile only gains holdings, so a start that did not fit
// a job of some shape does not fit the next job of the same shape either:
// nor of any larger or longer shape: the search begins at the latest
// start found for its shape or, for the first of its shape, for a shape
// no larger and no longer (c.floor, see floorOf). A full
// compression places the waiting jobs one after another, many of the same
// size and estimate, and each no longer reads the steps the ones before
// it found full.
func (c *CONS) place(s *sim.State, j int) float64 {
	need := s.Job(j).CPUs
	p := s.Platform()
	bestT, bestM := math.Inf(1), -1
	var best fit
	for _, m := range c.order {
		if p.Machines[m].CPUs < need {
			continue
		}
		dur := s.EstDuration(j, m)
		from, near, same := c.floorOf(m, need, dur)
		f := c.prof[m].fitFrom(need, dur, from, near)
		c.setFloor(m, need, dur, f.t, f.a, same)
		s.Work().Add(f.steps)
		if f.t < bestT {
			bestT, bestM, best = f.t, m, f
		}
	}
	c.resM[j] = bestM
	c.prof[bestM].addAt(best, bestT+s.EstDuration(j, bestM), need)
	return bestT
}

// floorOf returns the latest time before which no start fits a job of
// need CPUs and estimate dur on machine m (-Inf: none known), a step near
// it (-1: none), and the index of its shape's entry in the floor (-1:
// none).
//
// A shape with an entry is answered by its entry, found through c.slot
// (or as the one written last), with no walk. A shape without one, the
// first of its shape searched since the floor was cleared, gets the
// latest time of the shapes no larger and no longer (a start that fitted
// none of them fits no job of its shape). On the first 100,000
// RICC-2010-2 jobs the floor holds 21 shapes on average when it is read;
// walking them at every read for the shapes no larger and no longer took
// 11% of CONS's CPU, and this takes 0.97 of the CPU that took, though
// the searches begin earlier and read 6% more steps (1.67 G against
// 1.57 G). Taking also the entry written last, when it is of a shape no
// larger and no longer, read 2.5% fewer steps and saved no time. The
// index is c.slot rather than a Go map because the floor is cleared
// several times a pass: with a map, hashed by the runtime and cleared
// with clear, CONS took 1.12 of the CPU. On one machine CONS now finds
// the entry by its shape's id instead (floorOfID); c.slot serves place,
// on several.
func (c *CONS) floorOf(m, need int, dur float64) (from float64, near, same int) {
	if i := c.lastSet; i >= 0 {
		if f := &c.floor[i]; f.m == m && f.cpus == need && f.dur == dur {
			return f.t, f.k, i
		}
	}
	if len(c.slot) > 0 {
		mask := len(c.slot) - 1
		for h := slotOf(m, need, dur) & mask; c.slot[h].gen == c.gen; h = (h + 1) & mask {
			i := int(c.slot[h].i)
			if f := &c.floor[i]; f.m == m && f.cpus == need && f.dur == dur {
				return f.t, f.k, i
			}
		}
	}
	from, near = c.floorBelow(m, need, dur)
	return from, near, -1
}

// floorBelow is floorOf for a shape without an entry: the latest time of
// the shapes no larger and no longer on machine m (-Inf: none), and a
// step near it (-1: none).
func (c *CONS) floorBelow(m, need int, dur float64) (from float64, near int) {
	from, near = math.Inf(-1), -1
	for i := range c.floor {
		if f := &c.floor[i]; f.m == m && f.cpus <= need && f.dur <= dur && f.t > from {
			from, near = f.t, f.k
		}
	}
	return from, near
}

// floorOfID is floorOf(0, need, dur) for the shape of id on the only
// machine, whose entry in the floor, if any, byID gives (setFloorID
// writes every entry there). On the first 100,000 RICC-2010-2 jobs CONS
// reads the floor 31.2 M times (3.9 M of them for a shape without an
// entry); found by the pieces' shape ids rather than by hashing the
// shapes, and with pieces of 24 bytes rather than 32, CONS takes 0.95 of
// the CPU.
func (c *CONS) floorOfID(id int32) (from float64, near, same int) {
	if r := c.byID[id]; r.gen == c.gen {
		f := &c.floor[r.i]
		return f.t, f.k, int(r.i)
	}
	x := c.shapes[id]
	from, near = c.floorBelow(0, x.need, x.dur)
	return from, near, -1
}

// setFloorID is setFloor(0, need, dur, t, k, same) for the shape of id
// on the only machine.
func (c *CONS) setFloorID(id int32, t float64, k, same int) {
	if same >= 0 {
		c.floor[same].t, c.floor[same].k = t, k
		return
	}
	x := c.shapes[id]
	c.byID[id] = floorSlot{c.gen, int32(len(c.floor))}
	c.floor = append(c.floor, shapeStart{0, x.need, x.dur, t, k})
}

// intern returns the id of shape x, a new one if no job waiting or
// arrived since the ids were last given out (see reintern) has it.
func (c *CONS) intern(x jobShape) int32 {
	if id, ok := c.ids[x]; ok {
		return id
	}
	id := int32(len(c.shapes))
	c.ids[x] = id
	c.shapes = append(c.shapes, x)
	c.byID = append(c.byID, floorSlot{})
	return id
}

// reintern gives out the shape ids again, to the shapes of the waiting
// jobs, of the new ones and of the floor's entries alone, once the ids
// given out outgrow the jobs waiting.
func (c *CONS) reintern() {
	old := c.shapes
	c.shapes, c.byID = nil, nil
	clear(c.ids)
	for i := range c.ord {
		c.ord[i].s = c.intern(old[c.ord[i].s])
	}
	for _, j := range c.fresh {
		c.sid[j] = c.intern(old[c.sid[j]])
	}
	for i, f := range c.floor {
		if f.m == 0 {
			c.byID[c.intern(jobShape{f.dur, f.cpus})] = floorSlot{c.gen, int32(i)}
		}
	}
}

// slotOf hashes a shape to its first slot in c.slot.
func slotOf(m, need int, dur float64) int {
	x := math.Float64bits(dur) ^ uint64(need)*0x9e3779b97f4a7c15 ^ uint64(m)<<48
	x ^= x >> 33 // (an estimate's low bits are often all 0: mix the high ones down)
	x *= 0xff51afd7ed558ccd
	return int(x>>33) ^ int(x>>7)
}

// floorSlot is a slot of the floor's index: the entry of floor for the
// shapes hashed to it, if gen is the floor's.
type floorSlot struct {
	gen uint32
	i   int32
}

// setFloor records t, and k, a step near it, for the shape whose entry
// floorOf answered same (-1: a new entry).
func (c *CONS) setFloor(m, need int, dur, t float64, k, same int) {
	if same >= 0 {
		c.floor[same].t, c.floor[same].k = t, k
		c.lastSet = same
		return
	}
	c.lastSet = len(c.floor)
	c.floor = append(c.floor, shapeStart{m, need, dur, t, k})
	if 2*len(c.floor) > len(c.slot) {
		c.slot = make([]floorSlot, 1<<bits.Len(uint(4*len(c.floor)))) // (a power of 2: see floorOf's mask)
		c.gen = 1
		for i := range c.floor {
			c.index(i)
		}
		return
	}
	c.index(c.lastSet)
}

// index enters entry i of the floor into c.slot.
func (c *CONS) index(i int) {
	f := &c.floor[i]
	mask := len(c.slot) - 1
	h := slotOf(f.m, f.cpus, f.dur) & mask
	for c.slot[h].gen == c.gen {
		h = (h + 1) & mask
	}
	c.slot[h] = floorSlot{c.gen, int32(i)}
}

// clearFloor empties the floor.
func (c *CONS) clearFloor() {
	c.floor, c.lastSet = c.floor[:0], -1
	if c.gen++; c.gen == 0 { // (wrapped: no slot may look in use)
		clear(c.slot)
		clear(c.byID)
		c.gen = 1
	}
}
