package flex

import (
	"math/rand/v2"
	"slices"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sched/fcfs"
	"github.com/gridbench/gridbench/internal/sim"
)

func init() {
	sched.Register("flex", sched.Info{Label: "Flex-BF", Family: "queue-based", New: func(rand.Source) sim.Scheduler { return New(DefaultParams()) }})
}

// Flex is the Flexible backfilling scheduler. One work step is one priority
// computed, one queued job examined, or one running job read by
// easy.Ends.Reserve.
type Flex struct {
	p      Params
	ends   *easy.Ends // running jobs' CPUs by estimated end, for the reservation
	order  []int      // machines, fastest first
	best   []int      // CPUs -> fastest machine with at least that many CPUs
	holder int        // job keeping the reservation, or -1
	items  []item     // the pass's jobs that fit the largest free CPU count
	wide   []item     // the others
	cand   []item     // the jobs that could backfill behind the head
	now    float64    // this pass's time
	minext float64    // the queue's smallest estimate at the start of the pass
	tree   *rankTree  // the waiting jobs by arrival rank, but the side list's
	look   search     // the search under way in a bounded pass

	// Jobs with a deadline in a bounded pass (see ramps).
	state    []uint8   // job -> inTree, pending or onSide; nil until a job with a deadline arrives
	pend     pendHeap  // the pending jobs by when they join the side list
	side     []int     // the jobs on or near their ramp
	sidePos  []int32   // job -> its index in side
	sidePrio []float64 // side's priorities in this pass, NaN until computed (see sidePriority)
	nx       []float64 // job -> Nxtime, for the jobs with a deadline
}

// ranked returns it with its priority computed.
func (f *Flex) ranked(s *sim.State, it item) item {
	f.rank(s, &it)
	return it
}

// rank computes it.prio unless known: a pass in which the holder is
// blocked again needs the priorities of the jobs that could backfill only.
func (f *Flex) rank(s *sim.State, it *item) {
	if !it.known {
		it.prio = f.priority(s, it.job)
		it.known = true
	}
}

// priority is job j's priority in this pass.
func (f *Flex) priority(s *sim.State, j int) float64 {
	job := s.Job(j)
	nx := 0.0 // Nxtime only enters the Deadline score of a job with a deadline
	if job.HasDeadline {
		nx = s.EstDuration(j, f.best[job.CPUs])
	}
	return f.p.Priority(job, f.now, nx, f.minext)
}

// item is one waiting job in the pass's priority order.
type item struct {
	job   int
	pos   int // arrival rank in this pass's queue: the tie-break
	prio  float64
	first bool // the reservation holder, ahead of every priority
	known bool // prio is computed (see Flex.rank)
}

// New returns a Flexible backfilling scheduler with parameters p. It panics
// if p is invalid (see Params.Validate): parameters are fixed when an
// experiment is planned, where Validate reports them properly.
func New(p Params) *Flex {
	if err := p.Validate(); err != nil {
		panic(err)
	}
	return &Flex{p: p, holder: -1}
}

// Params returns the scheduler's parameters.
func (f *Flex) Params() Params { return f.p }

// OnArrival adds the job to the tree of waiting jobs, whose root holds
// minext, the queue's smallest estimate; priorities themselves are
// computed from the state at each pass.
func (f *Flex) OnArrival(s *sim.State, j int) {
	if f.order == nil {
		f.init(s)
	}
	job := s.Job(j)
	f.tree.arrive(j, job.CPUs, job.Submit, job.Est())
	if job.HasDeadline && f.bounded() {
		f.arriveDated(s, j)
	}
}

// start starts job j on machine m.
func (f *Flex) start(s *sim.State, j, m int) {
	f.ends.Start(s, j, m)
	if f.state != nil && f.state[j] == onSide {
		f.dropSide(j) // out of the tree already
		return
	}
	f.tree.remove(j)
	if f.state != nil {
		f.state[j] = inTree // a pending job leaves the heap when it comes up
	}
}

// OnCompletion releases the job's CPUs from the reservation structure.
func (f *Flex) OnCompletion(s *sim.State, j int) { f.ends.Ended(s, j) }

func (f *Flex) init(s *sim.State) {
	pl := s.Platform()
	f.ends = easy.NewEnds(s)
	f.tree = newRankTree(s.NumJobs())
	f.order = pl.FastestFirst()
	f.best = make([]int, pl.MaxCPUs()+1)
	for c := range f.best {
		f.best[c] = -1
		for _, m := range f.order {
			if pl.Machines[m].CPUs >= c {
				f.best[c] = m
				break
			}
		}
	}
}

// before is the pass's order: the reservation holder first, then by
// decreasing priority, then by arrival.
func before(a, b *item) bool {
	if a.first != b.first {
		return a.first
	}
	if a.prio != b.prio {
		return a.prio > b.prio
	}
	return a.pos < b.pos
}

// Schedule recomputes the priorities and runs EASY's rule over the queue in
// priority order without sorting it. In a bounded pass (see bounded),
// startBounded and backfillBounded find the jobs in order in the rank
// tree and on the side list. Otherwise only the jobs that fit the largest
// free CPU count can start in this pass (starts only take CPUs away): they
// go into a heap, popped in order while they start; the first in order of
// the others, found by a scan, ends the starting phase if nothing fails
// before it. Behind the head only the jobs that could backfill at all are
// sorted (see backfill). The work counter still counts every job the walk
// over the whole sorted queue examines.
func (f *Flex) Schedule(s *sim.State) {
	if f.order == nil {
		f.init(s)
	}
	n := s.QueueLen()
	if n == 0 {
		f.holder = -1
		return
	}
	work := s.Work()
	work.Add(n) // one step per priority
	free := f.maxFree(s)
	if free == 0 && f.holder >= 0 {
		// Nothing can start, and the holder stays first: it is the head
		// again, the only job the walk examines.
		work.Inc()
		return
	}
	f.now = s.Now()
	if f.bounded() {
		side := f.ramps(s)
		f.minext = min(f.tree.v[1].minEst, side)
	} else {
		f.minext = f.tree.v[1].minEst
	}
	f.items, f.wide = f.items[:0], f.wide[:0]
	if f.holder >= 0 && fcfs.FirstFit(s, f.order, f.holder) < 0 {
		// The holder, first whatever the priorities, is blocked again: it
		// is the head, and every other job is behind it.
		work.Inc()
		if f.bounded() {
			if limit := f.maxFree(s); limit > 0 {
				f.backfillBounded(s, f.holder, n-1, limit)
			}
			return
		}
		q := s.Queue()
		f.backfill(s, item{job: f.holder, first: true}, nil, q, len(q)-1)
		return
	}
	if f.bounded() {
		f.startBounded(s, free)
		return
	}
	q := s.Queue()
	var first item // the first in order of the jobs too wide to start
	for pos, j := range q {
		it := item{job: j, pos: pos, first: j == f.holder}
		f.rank(s, &it)
		if s.Job(j).CPUs <= free {
			f.items = append(f.items, it)
			continue
		}
		if len(f.wide) == 0 || before(&it, &first) {
			first = it
		}
		f.wide = append(f.wide, it)
	}

	h := itemHeap(f.items)
	h.init()
	started, failed := 0, false
	var head item
	for len(h) > 0 && (len(f.wide) == 0 || before(&h[0], &first)) {
		work.Inc()
		top := h.pop()
		m := fcfs.FirstFit(s, f.order, top.job)
		if m < 0 {
			head, failed = top, true
			break
		}
		f.start(s, top.job, m) // cannot fail: FirstFit checked the CPUs
		started++
	}
	switch {
	case failed:
	case len(f.wide) > 0:
		work.Inc() // the walk reaches the wide job and stops there
		head = first
	default:
		f.holder = -1
		return
	}
	if !f.p.FloatingReservation {
		f.holder = head.job
	}
	// Every job before the head in order started.
	f.backfill(s, head, h, nil, len(q)-started-1)
}

// startBounded is Schedule's walk, in a bounded pass (see bounded), when
// the holder can start or there is none, free CPUs being free at most on
// any machine at the start of the pass: the same starts and the same
// count without ranking the whole queue. The holder starts first; then
// the first waiting job in order, found in the tree (see search), starts
// until one is too wide for free or fits no machine: the head, behind
// which backfillBounded goes on.
func (f *Flex) startBounded(s *sim.State, free int) {
	work := s.Work()
	if f.holder >= 0 {
		work.Inc()
		f.start(s, f.holder, fcfs.FirstFit(s, f.order, f.holder)) // it fits: Schedule checked
	}
	var head int
	for {
		f.look = search{s: s, all: true, skip: -1}
		if !f.find() {
			f.holder = -1 // every job started
			return
		}
		head = f.tree.byRank[f.look.r]
		work.Inc()
		if s.Job(head).CPUs > free {
			break // the walk reaches a job too wide for the pass and stops there
		}
		m := fcfs.FirstFit(s, f.order, head)
		if m < 0 {
			break
		}
		f.start(s, head, m)
	}
	if !f.p.FloatingReservation {
		f.holder = head
	}
	if limit := f.maxFree(s); limit > 0 {
		// Every job before the head in order started: the walk behind it
		// counts the jobs still waiting but the head.
		f.backfillBounded(s, head, s.QueueLen()-1, limit)
	}
}

func (f *Flex) maxFree(s *sim.State) int {
	n := 0
	for m := range s.Platform().Machines {
		n = max(n, s.Free(m))
	}
	return n
}

// backfill starts the jobs behind head that cannot delay its reservation,
// in priority order. The jobs behind head are rest (in no order) or, when q
// is not nil, every job of q but head, whose items are then built only for
// the jobs that could start. Free CPUs and spare CPUs only shrink during a
// pass, so a job that cannot start at the first backfill never can: only
// the others are ranked and tried. after is the number of jobs after head
// in the whole queue's order, the steps the walk over it counts unless it
// stops early because no CPU is left free.
func (f *Flex) backfill(s *sim.State, head item, rest []item, q []int, after int) {
	work := s.Work()
	limit := f.maxFree(s)
	if limit == 0 {
		return
	}
	// The walk reads the reservation at the first job that fits the free
	// CPUs anywhere, before any job starts.
	fits := func(j int) bool { return j != head.job && s.Job(j).CPUs <= limit }
	if !slices.ContainsFunc(q, fits) && !slices.ContainsFunc(rest, func(it item) bool { return fits(it.job) }) {
		work.Add(after)
		return
	}
	resM, shadow, spare := f.ends.Reserve(s, f.order, head.job)
	// Candidates leave in order from a heap. Each start shrinks the free
	// and spare CPUs, after which a job that failed easy.BackfillMachine
	// stays failed; so after a start the heap is filtered again (usually
	// it empties: most passes start one job or two) unless the last
	// filter kept more than half of it, and then the jobs popped are just
	// tried in turn.
	ok := f.acceptor(s, resM, shadow, spare)
	f.cand = f.cand[:0]
	for pos, j := range q {
		if j != head.job && ok(j) {
			f.cand = append(f.cand, f.ranked(s, item{job: j, pos: pos}))
		}
	}
	for _, it := range rest {
		if ok(it.job) {
			f.cand = append(f.cand, f.ranked(s, it))
		}
	}
	h := itemHeap(f.cand)
	h.init()
	filter := true
	for len(h) > 0 {
		it := h.pop()
		var m int
		if m, spare = easy.BackfillMachine(s, f.order, it.job, resM, shadow, spare); m < 0 {
			continue
		}
		f.start(s, it.job, m) // cannot fail: BackfillMachine checked the CPUs
		if f.maxFree(s) == 0 {
			// The walk stops here, having examined this job and every job
			// between head and it.
			n := 1
			for pos, j := range q {
				// Neither j nor it is the holder: priority, then arrival.
				if j != head.job {
					if p := f.priority(s, j); p > it.prio || p == it.prio && pos < it.pos {
						n++
					}
				}
			}
			for _, z := range [2][]item{rest, f.wide} {
				for i := range z {
					f.rank(s, &z[i])
					if z[i].job != head.job && before(&z[i], &it) {
						n++
					}
				}
			}
			work.Add(n)
			return
		}
		if filter {
			n := len(h)
			ok = f.acceptor(s, resM, shadow, spare)
			h = slices.DeleteFunc(h, func(it item) bool { return !ok(it.job) })
			h.init()
			filter = len(h) <= n/2
		}
	}
	work.Add(after)
}

// bounded tells whether the priorities of the jobs whose Deadline score
// is Min (no deadline, or not on the ramp) are those of Flex.prio,
// monotone in the submit time and the estimate: Aging plus Min plus Wait
// Minimization, neither of which falls as the submit time or the estimate
// falls when AgeFactor and BoostValue are not negative. Then the walk need
// not rank the queue but the side list (see rankTree and Flex.ramps).
func (f *Flex) bounded() bool {
	return f.p.AgeFactor >= 0 && f.p.BoostValue >= 0
}

// backfillBounded is backfill over the whole queue in a bounded pass,
// limit CPUs being free at most on any machine and after jobs waiting
// behind head: the same starts in the same order and the same count,
// without ranking the queue. The first job in order that
// easy.BackfillMachine would start, found in the tree (see search),
// starts, until none is left. When the walk stops because no CPU is left
// free, the jobs it examined are counted in the tree and on the side
// list: the jobs still waiting before the last one started, plus those
// started before it.
func (f *Flex) backfillBounded(s *sim.State, head, after, limit int) {
	work := s.Work()
	t := f.tree
	skip := int(t.rank[head]) // the walk behind head never meets it
	// The walk reads the reservation at the first job that fits the free
	// CPUs anywhere, before any job starts.
	if !t.fits(1, 0, t.size, limit, skip) && !f.sideFits(s, limit, head) {
		work.Add(after)
		return
	}
	resM, shadow, spare := f.ends.Reserve(s, f.order, head)
	p := s.Platform()
	// Estimates in the tree are at the reference speed; the bound is
	// widened a little so that rounding never hides a job, and accepts
	// checks every job found exactly.
	estLimit := (shadow - s.Now()) * p.Machines[resM].Speed / p.Ref() * (1 + 1e-9)
	started := 0
	for {
		freeRes, freeOther := s.Free(resM), 0
		for m := range p.Machines {
			if m != resM {
				freeOther = max(freeOther, s.Free(m))
			}
		}
		f.look = search{
			s: s, skip: skip, capA: max(freeOther, min(spare, freeRes)), freeRes: freeRes,
			short: freeRes > 0 && estLimit >= 0, estLimit: estLimit, resM: resM, shadow: shadow,
		}
		if !f.find() {
			break
		}
		r, prio := f.look.r, f.look.prio
		j := t.byRank[r]
		var m int
		if m, spare = easy.BackfillMachine(s, f.order, j, resM, shadow, spare); m < 0 {
			panic("flex: internal error: a job the search accepted cannot backfill")
		}
		f.start(s, j, m) // cannot fail: BackfillMachine checked the CPUs
		started++
		if f.maxFree(s) == 0 {
			// The walk stops here, having examined this job, the ones
			// started before it and the ones still waiting before it.
			n := started + f.countBefore(1, 0, t.size, prio, r)
			for i, j := range f.side {
				if p := f.sidePriority(s, i); p > prio || p == prio && int(t.rank[j]) < r {
					n++
				}
			}
			if hp := f.priority(s, head); hp > prio || hp == prio && skip < r {
				n-- // counted, but the walk behind head does not
			}
			work.Add(n)
			return
		}
	}
	work.Add(after)
}

// acceptor returns whether easy.BackfillMachine would start a job now
// behind a reservation on resM until shadow with spare CPUs there: when it
// fits another machine, or the reserved one within the spare CPUs or by the
// shadow time.
func (f *Flex) acceptor(s *sim.State, resM int, shadow float64, spare int) func(j int) bool {
	now := s.Now()
	freeRes, freeOther := s.Free(resM), 0
	for m := range s.Platform().Machines {
		if m != resM {
			freeOther = max(freeOther, s.Free(m))
		}
	}
	return func(j int) bool {
		c := s.Job(j).CPUs
		return c <= freeOther || c <= freeRes && (c <= spare || now+s.EstDuration(j, resM) <= shadow)
	}
}

// itemHeap is a binary min-heap of items in the pass's order, written out
// like the simulator's event heap (see internal/sim/heap.go) rather than
// through container/heap's interfaces or a shared generic heap.
type itemHeap []item

func (h itemHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h itemHeap) down(i int) {
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if r := c + 1; r < len(h) && before(&h[r], &h[c]) {
			c = r
		}
		if !before(&h[c], &h[i]) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}

// pop removes and returns the first item.
func (h *itemHeap) pop() item {
	a := *h
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	*h = a[:n]
	h.down(0)
	return top
}
