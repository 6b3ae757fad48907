package backfill

import (
	"cmp"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"

	"github.com/gridbench/gridbench/internal/radix"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sim"
)

// Key scores waiting job j for an order: lower first, ties in arrival
// order. est is the run-time estimate the scheduler works with at the
// reference speed (the job's estimate, or EASY++'s prediction).
type Key func(s *sim.State, j int, est float64) float64

// Priority functions of the literature, lower first. r is the requested
// time (the estimate), n the CPUs, s the submit time, w the wait so far.
// Interpretations (the formulas leave them open): r and s are taken as at
// least 1 s so that logarithms and divisions stay finite, and UNICEP's
// log2(n) as at least 1 (a serial job would otherwise have an infinite or
// undefined score). Each product is rounded (float64(...)) before the sum,
// as the papers' C does, rather than fused into one multiply-add where the
// CPU has one (ARM64): a key one ulp apart can reorder two jobs.
var (
	// SJF: shortest requested time first.
	SJF Key = func(s *sim.State, j int, est float64) float64 { return est }
	// LJF: longest requested time first.
	LJF Key = func(s *sim.State, j int, est float64) float64 { return -est }
	// SAF: smallest area r·n first.
	SAF Key = func(s *sim.State, j int, est float64) float64 { return est * float64(s.Job(j).CPUs) }
	// F1 = log10(r)·n + 870·log10(s).
	F1 Key = func(s *sim.State, j int, est float64) float64 {
		return float64(math.Log10(atLeast1(est))*float64(s.Job(j).CPUs)) + float64(870*math.Log10(atLeast1(s.Job(j).Submit)))
	}
	// F2 = sqrt(r)·n + 25600·log10(s).
	F2 Key = func(s *sim.State, j int, est float64) float64 {
		return float64(math.Sqrt(atLeast1(est))*float64(s.Job(j).CPUs)) + float64(25600*math.Log10(atLeast1(s.Job(j).Submit)))
	}
	// F3 = r·n + 6860000·log10(s).
	F3 Key = func(s *sim.State, j int, est float64) float64 {
		return float64(atLeast1(est)*float64(s.Job(j).CPUs)) + float64(6860000*math.Log10(atLeast1(s.Job(j).Submit)))
	}
	// F4 = r·sqrt(n) + 530000·log10(s).
	F4 Key = func(s *sim.State, j int, est float64) float64 {
		return float64(atLeast1(est)*math.Sqrt(float64(s.Job(j).CPUs))) + float64(530000*math.Log10(atLeast1(s.Job(j).Submit)))
	}
	// WFP3 = −(w/r)³·n.
	WFP3 Key = func(s *sim.State, j int, est float64) float64 {
		x := (s.Now() - s.Job(j).Submit) / atLeast1(est)
		return -x * x * x * float64(s.Job(j).CPUs)
	}
	// UNICEP = −w/(log2(n)·r).
	UNICEP Key = func(s *sim.State, j int, est float64) float64 {
		return -(s.Now() - s.Job(j).Submit) / (max(log2CPUs(s.Job(j).CPUs), 1) * atLeast1(est))
	}
)

func atLeast1(x float64) float64 { return max(x, 1) }

// log2CPUs is math.Log2(float64(n)), read from a table of those values
// for the CPU counts below 1<<14: UNICEP takes it for every waiting job
// at every pass, and computing it was 15% of EASY-UNICEP's CPU on the
// first 400,000 RICC-2010-2 jobs.
func log2CPUs(n int) float64 {
	if t := log2Table(); n >= 0 && n < len(t) {
		return t[n]
	}
	return math.Log2(float64(n))
}

var log2Table = sync.OnceValue(func() []float64 {
	t := make([]float64, 1<<14)
	for n := range t {
		t[n] = math.Log2(float64(n))
	}
	return t
})

func init() {
	reg := func(name, label string, queue, backfill Key) {
		sched.Register(name, sched.Info{Label: label, Family: "queue-based", New: func(rand.Source) sim.Scheduler {
			return &Order{Queue: queue, Backfill: backfill}
		}})
	}
	reg("easy-sjbf", "EASY-SJBF", nil, SJF)
	for _, o := range []struct {
		name, label string
		key         Key
	}{
		{"easy-sjf", "EASY-SJF", SJF}, {"easy-ljf", "EASY-LJF", LJF}, {"easy-saf", "EASY-SAF", SAF},
		{"easy-f1", "EASY-F1", F1}, {"easy-f2", "EASY-F2", F2}, {"easy-f3", "EASY-F3", F3}, {"easy-f4", "EASY-F4", F4},
		{"easy-wfp3", "EASY-WFP3", WFP3}, {"easy-unicep", "EASY-UNICEP", UNICEP},
	} {
		reg(o.name, o.label, o.key, o.key)
	}
}

// Order is EASY backfilling with a queue order (which jobs are heads, and
// which one is reserved) and a backfill order (in which later jobs are
// tried). A nil Queue is arrival order; a nil Backfill is the queue order.
// Pred, when set, replaces the jobs' estimates by predictions (EASY++).
// One work step is one queued job examined or one running job read while
// computing the shadow time.
type Order struct {
	Queue, Backfill Key
	Pred            *Predictor

	order   []int
	q, rest []int
	items   []radix.Item // sorted's scratch: the jobs' keys and places
	spare   []radix.Item // radix.SortBuf's second array
	ends    []end
	// arrived is 1 + the job whose arrival the next pass follows, 0 if none:
	// in pyss's order EASY with predictions skips that pass when the job
	// does not fit now.
	arrived int

	// EASY-SJBF's index of the waiting jobs (see scheduleSJBF), built at
	// the first arrival when the orders are arrival and SJF on the jobs'
	// own estimates; sorted copies otherwise, or when slow is set (the
	// twin the tests compare it with).
	sjbf     *sjbfIndex
	slow     bool
	fastInit bool
	// runEnds holds the running jobs' expected ends (their estimates, or
	// their predictions, corrected as due), unless slow is set: reserve
	// reads only those that free the head's CPUs, and the predictor
	// corrects only those due.
	runEnds *easy.Ends

	// keep, when set, is a key of one of the orders that does not change
	// while a job waits (see staticKeys), or grows with the wait as a line
	// (lineKeys): the queue's, when the backfill order is the same, or the
	// backfill's, after arrival order for the queue. With a key that does
	// not change, the jobs are kept in its order from pass to pass
	// (chunks, with their keys): those arrived since (fresh) are sorted
	// and inserted, and those started marked, rather than all sorted from
	// scratch at every pass; with lines, in arrival order (ln).
	keep   Key
	chunks []*keptChunk // the order kept (see keptChunk)
	size   int          // the jobs in it
	absent int          // the jobs of it started since it was last made anew (rechunk)
	fc     int          // the chunks before it hold no waiting job
	// freeChunks are the chunks the order was last made anew from, for
	// the next time (see newChunk).
	freeChunks []*keptChunk

	fresh     []int
	nj        []int // scheduleLines's scratch
	sameOrder bool  // the backfill order is the queue's: no second sort
	// keptHeads says the order kept is the queue's too: the heads are
	// read from it.
	keptHeads bool
	// arrivals says the heads, in arrival order, are read from arr where
	// the order kept is the backfill's alone (EASY++).
	arrivals bool
	arr      arrivalList
	// sortEach turns keep off: every pass sorts (the twin of keep in the
	// tests, as slow is of the EASY-SJBF index and of reserve's walk).
	sortEach bool
	// lines says the key kept grows with the wait (lineKeys): the
	// waiting jobs are kept in ln rather than in kept (see scheduleLines).
	lines bool
	ln    lineSet
}

// useSJBF reports whether the orders are arrival order for the queue and
// SJF on the jobs' own estimates for the backfill, the case sjbfIndex
// serves.
func (o *Order) useSJBF() bool {
	return !o.slow && o.Queue == nil && o.Pred == nil && o.Backfill != nil &&
		reflect.ValueOf(o.Backfill).Pointer() == reflect.ValueOf(SJF).Pointer()
}

type end struct {
	t    float64
	cpus int
}

// OnArrival lets the predictor predict the job's run time, or enters the
// job in EASY-SJBF's index.
func (o *Order) OnArrival(s *sim.State, j int) {
	if o.Pred != nil {
		o.Pred.arrive(s, j)
		o.arrived = j + 1
	}
	if !o.fastInit {
		o.fastInit = true
		if o.useSJBF() {
			o.sjbf = newSJBFIndex(s)
		}
		if !o.slow {
			o.runEnds = easy.NewEnds(s)
		}
		o.keep, o.sameOrder, o.lines = o.keepKey()
		o.keptHeads = o.keep != nil && (o.Queue != nil || o.Backfill == nil)
		o.arrivals = o.keep != nil && !o.keptHeads && !o.lines
		if o.lines {
			o.ln.kind = lineKindOf(o.keep)
		}
	}
	if o.sjbf != nil {
		o.sjbf.arrive(j, s.Job(j).CPUs)
	}
	if o.keep != nil {
		o.fresh = append(o.fresh, j)
	}
	if o.arrivals {
		o.arr.arrive(j)
	}
}

// staticKeys are the keys that are functions of a job's own estimate,
// CPUs and submit time alone: its key does not change while it waits (the
// estimate is EASY++'s prediction, fixed at arrival; only a running job's
// is corrected).
var staticKeys = []Key{SJF, LJF, SAF, F1, F2, F3, F4}

// lineKeys are the keys that grow with the wait as a line in time does
// for each job, or a monotone function of one (WFP3's (w/r)³·n orders as
// w·n^(1/3)/r, UNICEP's w/(log2(n)·r) as itself, both with w = now −
// submit). Their jobs are kept in arrival order with what their keys are
// computed from, in blocks that bound their keys, and a pass computes
// only the keys the bounds do not settle (lineSet, scheduleLines).
// Before, on the first 100,000 RICC-2010-2 jobs, a radix sort of the
// whole queue at every pass took 61% of EASY-WFP3's CPU; sorting the last
// pass's order again by insertion, with each job's key computed through
// the Key, took 1.6 s of CPU, and on the first 400,000 jobs 28 s.
var lineKeys = []Key{WFP3, UNICEP}

// arrival is the key of arrival order (the submit time, ties in arrival
// order as keptOrder breaks them): kept where both orders are arrival
// order, as in EASY with predictions (pyss's
// easy_prediction_backfill_scheduler), so that the backfill reads the
// waiting jobs' CPUs and predictions kept beside the order, and passes
// over chunks of them, rather than every job through the simulator: on
// the first 400,000 RICC-2010-2 jobs that walk took 67% of the CPU of
// EASY-pred with doubled requests.
func arrival(s *sim.State, j int, _ float64) float64 { return s.Job(j).Submit }

func sameKey(a, b Key) bool {
	return a != nil && b != nil && reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer()
}

// keepKey returns the key whose order is kept from pass to pass (nil:
// none) and whether it grows with the wait (lineKeys), and whether the
// backfill order is the queue's.
func (o *Order) keepKey() (k Key, same, lines bool) {
	same = o.Queue != nil && (o.Backfill == nil || sameKey(o.Backfill, o.Queue))
	if o.slow || o.sortEach || o.sjbf != nil || o.Queue != nil && !same {
		return nil, same, false
	}
	if o.Queue == nil && o.Backfill == nil {
		return arrival, false, false
	}
	k = o.Backfill
	if o.Queue != nil {
		k = o.Queue
	}
	in := func(keys []Key) bool {
		return slices.ContainsFunc(keys, func(x Key) bool { return sameKey(k, x) })
	}
	switch {
	case in(staticKeys):
		return k, same, false
	case in(lineKeys):
		return k, same, true
	}
	return nil, same, false
}

// shape is waiting job j's CPUs and estimate on machine 0 (which stays
// as it is while the job waits: EASY++'s prediction is corrected only
// once the job runs), kept beside the order kept for backfillKept.
func (o *Order) shape(s *sim.State, j int) (int32, float64) {
	return int32(s.Job(j).CPUs), s.Platform().Scale(o.est(s, j), 0)
}

// OnCompletion adds the job to its user's history, or takes it out of
// EASY-SJBF's list of estimated ends.
func (o *Order) OnCompletion(s *sim.State, j int) {
	if o.Pred != nil {
		o.Pred.complete(s, j)
		o.arrived = 0
	}
	if o.runEnds != nil {
		o.runEnds.Ended(s, j)
	}
}

// EstimatedEnd is running job j's expected end: its start plus its
// prediction (corrected as due before now) or, without a predictor, its
// estimate. In the PerEvent order a job ending before it keeps its CPUs
// through the instant's arrival passes.
func (o *Order) EstimatedEnd(s *sim.State, j int) float64 {
	if o.Pred != nil {
		return o.Pred.estimatedEnd(s, j)
	}
	r := s.Record(j)
	return r.Start + s.EstDuration(j, r.Machine)
}

// skipPass reports whether this pass is one pyss's EASY with predictions
// (FCFS backfilling) skips: in the PerEvent order, the pass after an
// arrival that does not fit the free CPUs now. With predictions it is not
// a no-op: a prediction corrected since the last pass moves the head's
// reservation, and pyss backfills under the new one only at the next
// end. EASY++ (SJBF) and the Batched order never skip.
func (o *Order) skipPass(s *sim.State) bool {
	j := o.arrived - 1
	o.arrived = 0
	if o.Pred == nil || o.Backfill != nil || s.Order() != sim.PerEvent || j < 0 || s.Status(j) != sim.Waiting {
		return false
	}
	return s.Job(j).CPUs > s.MaxFree()
}

// est is job j's run-time estimate at the reference speed.
func (o *Order) est(s *sim.State, j int) float64 {
	if o.Pred != nil {
		return o.Pred.pred[j]
	}
	return s.Job(j).Est()
}

// sorted orders jobs (in arrival order) by key, ties in arrival order,
// into dst's storage. Each job's key is made an integer of the same order
// (radix.Float64Key; keys are never NaN) and the jobs are sorted by it
// with a stable radix sort, in arrays kept from pass to pass: a stable
// comparison sort of the jobs' places took 60% of EASY++'s CPU on the
// first 100,000 RICC-2010-2 jobs (clairvoyant), and an unstable one of
// (key, place) pairs took longer than it under EASY-WFP3.
func (o *Order) sorted(s *sim.State, jobs []int, key Key, dst []int) []int {
	if key == nil {
		return append(dst[:0], jobs...)
	}
	items := o.items[:0]
	for i, j := range jobs {
		items = append(items, radix.Item{Key: radix.Float64Key(key(s, j, o.est(s, j))), Index: i})
	}
	items, o.spare = radix.SortBuf(items, o.spare)
	dst = dst[:0] // (never jobs' array: the queue's, or o.q's)
	for _, x := range items {
		dst = append(dst, jobs[x.Index])
	}
	o.items = items
	return dst
}

// Schedule starts the heads that fit in queue order, reserves the first
// that does not, and backfills the others in backfill order.
func (o *Order) Schedule(s *sim.State) {
	if o.order == nil {
		o.order = s.Platform().FastestFirst()
	}
	if o.skipPass(s) {
		return
	}
	if o.Pred != nil {
		o.Pred.correct(s, o.runEnds)
	}
	if o.lines {
		o.scheduleLines(s)
		return
	}
	if o.keep != nil && outgrows(len(o.fresh), s.QueueLen()) {
		// A pass that ends before it backfills (no CPU free) does not
		// insert the jobs arrived since: inserted now, they follow what
		// waits, not the history.
		o.keptOrder(s, false)
	}
	if s.QueueLen() == 0 {
		return
	}
	if o.sjbf != nil {
		o.scheduleSJBF(s)
		return
	}
	work := s.Work()
	// The heads, in queue order (see nextHead); live counts the jobs after.
	inKept := o.keptHeads
	switch {
	case inKept:
		o.keptOrder(s, true)
	case o.arrivals:
	default:
		o.q = o.sorted(s, s.Queue(), o.Queue, o.q)
	}
	live, head, headAt := s.QueueLen(), -1, -1
	for at, j, ok := o.nextHead(s, -1); ok; at, j, ok = o.nextHead(s, at) {
		live--
		work.Inc()
		m := firstFit(s, o.order, j)
		if m < 0 {
			head, headAt = j, at
			break
		}
		o.start(s, j, m) // cannot fail: firstFit checked the CPUs
		switch {
		case inKept:
			o.dropAt(at)
		case o.keep != nil:
			o.dropJob(s, j)
		}
	}
	if o.arrivals { // every job before the head (all, if none) has started
		o.arr.head = len(o.arr.arr)
		if head >= 0 {
			o.arr.head = headAt
		}
	}
	if live <= 0 { // (no job waits behind the head)
		return
	}
	free := totalFree(s)
	if free == 0 {
		return
	}
	resM, shadow, spare := o.reserve(s, head)
	switch {
	case o.keep != nil:
		if !inKept {
			// Every job before the head in arrival order has started:
			// the jobs after it are every waiting job but the head (and
			// those started since the order was made, marked).
			o.keptOrder(s, true)
			o.backfillKept(s, 0, head, free, resM, shadow, spare)
		} else { // (the queue's order, kept)
			o.backfillKept(s, headAt+1, -1, free, resM, shadow, spare)
		}
		return
	}
	rest := o.q[headAt+1:] // (where the backfill order is the queue's)
	if !o.sameOrder {
		bf := o.Backfill
		if bf == nil {
			bf = o.Queue
		}
		o.rest = o.sorted(s, rest, bf, o.rest)
		rest = o.rest
	}
	for _, j := range rest {
		if free == 0 {
			return
		}
		work.Inc()
		var m int
		if m, spare = o.backfillMachine(s, j, resM, shadow, spare); m >= 0 {
			o.start(s, j, m)
			free -= s.Job(j).CPUs
		}
	}
}

// start starts waiting job j on machine m, where it fits, and records its
// expected end (its estimate or prediction, est).
func (o *Order) start(s *sim.State, j, m int) {
	if err := s.Start(j, m); err != nil {
		panic("backfill: internal error: " + err.Error())
	}
	if o.runEnds != nil {
		o.runEnds.Add(m, j, s.Job(j).CPUs, s.Record(j).Start+s.Platform().Scale(o.est(s, j), m))
	}
}

// nextHead returns the place and the job of the first job waiting after
// place at (-1: the first) in queue order, and false if there is none:
// in the order kept when it is the queue's (keptHeads; its place there),
// else in the jobs kept in arrival order (arrivals; its index there), else
// in the simulator's queue sorted (o.q; its index there). (An iterator
// would be a closure made at every pass.)
func (o *Order) nextHead(s *sim.State, at int) (int, int, bool) {
	switch {
	case o.keptHeads:
		ci, i := o.fc, 0
		if at >= 0 {
			ci, i = at>>placeBits, at&(1<<placeBits-1)+1
		}
		for ; ci < len(o.chunks); ci, i = ci+1, 0 {
			ch := o.chunks[ci]
			for ; i < len(ch.c); i++ {
				if ch.c[i] != absentCPUs {
					return ci<<placeBits | i, ch.j[i], true
				}
			}
		}
	case o.arrivals:
		if i := o.arr.waiting(s, max(at+1, o.arr.head)); i < len(o.arr.arr) {
			return i, int(o.arr.arr[i]), true
		}
	default:
		if at+1 < len(o.q) {
			return at + 1, o.q[at+1], true
		}
	}
	return 0, 0, false
}

// backfillMachine returns the first machine in order on which waiting
// job j may start now without delaying the head's reservation (machine
// resM at shadow, with spare CPUs beyond what the head needs there), and
// the spare CPUs left once it does; -1 when there is none.
func (o *Order) backfillMachine(s *sim.State, j, resM int, shadow float64, spare int) (int, int) {
	for _, m := range o.order {
		if !s.Fits(j, m) {
			continue
		}
		if m == resM {
			if s.Now()+s.Platform().Scale(o.est(s, j), m) <= shadow {
				// gone by the shadow time
			} else if s.Job(j).CPUs <= spare {
				spare -= s.Job(j).CPUs
			} else {
				continue
			}
		}
		return m, spare
	}
	return -1, spare
}

// reserve returns the head's machine, shadow time and spare CPUs: on each
// machine large enough, the earliest time at which the running jobs'
// estimated ends (a job past its estimate counts as ending now) free
// enough CPUs; the earliest machine wins, ties to the first in order.
func (o *Order) reserve(s *sim.State, head int) (machine int, shadow float64, spare int) {
	need := s.Job(head).CPUs
	now := s.Now()
	p := s.Platform()
	machine, shadow = -1, math.Inf(1)
	for _, m := range o.order {
		if p.Machines[m].CPUs < need {
			continue
		}
		if o.runEnds != nil {
			// The running jobs in order of expected end (runEnds): the
			// shadow time and the CPUs free then are what a walk in that
			// order reads, as many jobs as free the CPUs, and the ties,
			// from the sums of blocks of them and one block's jobs. The
			// walk through the simulator's running jobs took 78% of
			// EASY-SAF's CPU on the first 400,000 RICC-2010-2 jobs, and
			// computing and heaping every predicted end 42% of EASY++'s.
			// The work counted is the walk's, or with predictions every
			// running job's (each one's end is computed anew).
			t, free, read := o.runEnds.On(s, m, need)
			if o.Pred != nil {
				read = len(s.RunningJobs(m))
			}
			s.Work().Add(read)
			if t < shadow {
				machine, shadow, spare = m, t, free-need
			}
			continue
		}
		// With slow set (the twin in the tests): every running job's
		// expected end, in order, as many as free the CPUs, and the ties.
		o.ends = o.ends[:0]
		for _, r := range s.RunningJobs(m) {
			o.ends = append(o.ends, end{max(now, r.Start+p.Scale(o.est(s, r.Job), m)), r.CPUs})
		}
		s.Work().Add(len(o.ends))
		slices.SortFunc(o.ends, func(a, b end) int { return cmp.Compare(a.t, b.t) })
		free, t, k := s.Free(m), now, 0
		for ; free < need; k++ {
			free += o.ends[k].cpus
			t = o.ends[k].t
		}
		for ; k < len(o.ends) && o.ends[k].t <= t; k++ {
			free += o.ends[k].cpus // released at t too (ties)
		}
		if t < shadow {
			machine, shadow, spare = m, t, free-need
		}
	}
	return machine, shadow, spare
}

// totalFree returns the CPUs free now over all machines.
func totalFree(s *sim.State) int {
	free := 0
	for m := range s.Platform().Machines {
		free += s.Free(m)
	}
	return free
}

// firstFit returns the first machine of order on which job j fits now, or -1.
func firstFit(s *sim.State, order []int, j int) int {
	for _, m := range order {
		if s.Fits(j, m) {
			return m
		}
	}
	return -1
}
