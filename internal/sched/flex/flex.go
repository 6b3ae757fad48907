package flex

import (
	"cmp"
	"math"
	"slices"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sched/fcfs"
	"github.com/gridbench/gridbench/internal/sim"
)

func init() { sched.Register("flex", func() sim.Scheduler { return New(DefaultParams()) }) }

// Flex is the Flexible backfilling scheduler. One work step is one priority
// computed, one queued job examined, or one running job read by
// easy.Ends.Reserve.
type Flex struct {
	p      Params
	ends   *easy.Ends // running jobs' CPUs by estimated end, for the reservation
	order  []int      // machines, fastest first
	best   []int      // CPUs -> fastest machine with at least that many CPUs
	holder int        // job keeping the reservation, or -1
	items  []item
}

// item is one waiting job in the pass's priority order.
type item struct {
	job   int
	pos   int // arrival rank in this pass's queue: the tie-break
	prio  float64
	first bool // the reservation holder, ahead of every priority
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

// OnArrival does nothing: priorities are recomputed from the state at each
// pass.
func (f *Flex) OnArrival(*sim.State, int) {}

// OnCompletion releases the job's CPUs from the reservation structure.
func (f *Flex) OnCompletion(s *sim.State, j int) { f.ends.Ended(s, j) }

func (f *Flex) init(s *sim.State) {
	pl := s.Platform()
	f.ends = easy.NewEnds(s)
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

// Schedule recomputes the priorities, sorts the queue by them and runs
// EASY's rule over that order.
func (f *Flex) Schedule(s *sim.State) {
	if f.order == nil {
		f.init(s)
	}
	q := s.Queue()
	if len(q) == 0 {
		f.holder = -1
		return
	}
	work := s.Work()
	now := s.Now()
	minext := math.Inf(1)
	for _, j := range q {
		minext = min(minext, s.Job(j).Est())
	}
	f.items = f.items[:0]
	for pos, j := range q {
		work.Inc()
		job := s.Job(j)
		nx := s.EstDuration(j, f.best[job.CPUs])
		f.items = append(f.items, item{j, pos, f.p.Priority(job, now, nx, minext), j == f.holder})
	}
	slices.SortFunc(f.items, func(a, b item) int {
		if a.first != b.first {
			if a.first {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(b.prio, a.prio); c != 0 {
			return c
		}
		return cmp.Compare(a.pos, b.pos)
	})

	i := 0
	for ; i < len(f.items); i++ {
		j := f.items[i].job
		work.Inc()
		m := fcfs.FirstFit(s, f.order, j)
		if m < 0 {
			break
		}
		f.ends.Start(s, j, m) // cannot fail: FirstFit checked the CPUs
	}
	if i == len(f.items) {
		f.holder = -1
		return
	}
	head := f.items[i].job
	if !f.p.FloatingReservation {
		f.holder = head
	}
	f.backfill(s, head, f.items[i+1:])
}

// backfill starts the jobs of rest, in order, that cannot delay head's
// reservation.
func (f *Flex) backfill(s *sim.State, head int, rest []item) {
	work := s.Work()
	pl := s.Platform()
	// maxFree bounds the CPUs a job may use anywhere; jobs above it are
	// passed over without trying machines. The reservation is only read
	// once some job could start, and before any job does.
	resM, shadow, spare := -1, 0.0, 0
	maxFree := func() int {
		n := 0
		for m := range pl.Machines {
			n = max(n, s.Free(m))
		}
		return n
	}
	limit := maxFree()
	for _, it := range rest {
		if limit == 0 {
			return
		}
		work.Inc()
		j := it.job
		cpus := s.Job(j).CPUs
		if cpus > limit {
			continue
		}
		if resM < 0 {
			resM, shadow, spare = f.ends.Reserve(s, f.order, head)
		}
		var m int
		if m, spare = easy.BackfillMachine(s, f.order, j, resM, shadow, spare); m >= 0 {
			f.ends.Start(s, j, m) // cannot fail: Fits checked the CPUs
			limit = maxFree()
		}
	}
}
