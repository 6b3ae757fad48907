package flex

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sched/fcfs"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

// sortAll is Flexible backfilling as it was written first: every pass
// computes every waiting job's priority, sorts the whole queue and walks
// it. Flex must start the same jobs and count the same work steps.
type sortAll struct{ *Flex }

// Schedule is Flex.Schedule as it was before it sorted only the jobs that
// can start: every pass sorts the whole queue.
func (f *sortAll) Schedule(s *sim.State) {
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
		f.items = append(f.items, item{job: j, pos: pos, prio: f.p.Priority(job, now, nx, minext), first: j == f.holder})
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
func (f *sortAll) backfill(s *sim.State, head int, rest []item) {
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

// TestMatchesSortAll compares starts and work counters with the whole-queue
// sort on random platforms and workloads, both reservation readings.
func TestMatchesSortAll(t *testing.T) {
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 5))
		pl := simtest.Platform(r, 3, 12, seed%2 == 0)
		jobs := simtest.Jobs(r, pl, 1+r.IntN(120))
		p := DefaultParams()
		p.FloatingReservation = seed%3 == 1
		fast, err := sim.New(pl, jobs, New(p))
		if err != nil {
			t.Fatal(err)
		}
		slow, err := sim.New(pl, jobs, &sortAll{New(p)})
		if err != nil {
			t.Fatal(err)
		}
		if err := fast.Run(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := slow.Run(); err != nil {
			t.Fatalf("seed %d: sortAll: %v", seed, err)
		}
		if !slices.Equal(fast.Records(), slow.Records()) {
			t.Fatalf("seed %d: records differ:\nflex    %v\nsortAll %v", seed, fast.Records(), slow.Records())
		}
		if fast.Work() != slow.Work() {
			t.Fatalf("seed %d: work %d, sortAll %d", seed, fast.Work(), slow.Work())
		}
	}
}

// TestBoundedCountMatchesRecount runs workloads, where Flex ranks only
// the jobs on the side list and searches the rank tree for the others
// (see Flex.bounded), in lockstep with the whole-queue sort and demands
// the same work counter after every pass and the same records.
// Submissions come in bursts so that equal priorities (ties broken by
// arrival) are common, and the parameters range from Aging dominating to
// Wait Minimization dominating. Every other seed has no deadline; in the
// others jobs join and leave the side list.
func TestBoundedCountMatchesRecount(t *testing.T) {
	params := []Params{
		DefaultParams(),
		{AgeFactor: 1, K: 1, Max: 0.5, Min: 0, BoostValue: 0.1},
		{AgeFactor: 0, K: 5, Max: 100, Min: 1, BoostValue: 3},
		{AgeFactor: 0.3, K: 0.5, Max: 3, Min: 3, BoostValue: 7, FloatingReservation: true},
		{AgeFactor: 1e-3, K: 2, Max: 20, Min: 0.1, BoostValue: 2},
		{AgeFactor: -0.01, K: 2, Max: 20, Min: 0.1, BoostValue: 2}, // not bounded: the whole queue is ranked
	}
	long, sided := 0, 0
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 13))
		pl := simtest.Platform(r, 3, 12, seed%2 == 0)
		if seed%3 == 0 {
			pl = sim.SingleMachine(4 + r.IntN(28))
		}
		jobs := simtest.Jobs(r, pl, 1+r.IntN(200))
		for i := range jobs {
			jobs[i].HasDeadline = jobs[i].HasDeadline && seed%2 == 1
			if i > 0 && r.IntN(3) == 0 {
				jobs[i].Submit = jobs[i-1].Submit // a burst
			}
		}
		p := params[seed%uint64(len(params))]
		f := New(p)
		fast, err := sim.New(pl, jobs, f)
		if err != nil {
			t.Fatal(err)
		}
		slow, err := sim.New(pl, jobs, &sortAll{New(p)})
		if err != nil {
			t.Fatal(err)
		}
		for fast.Advance() {
			if !slow.Advance() {
				t.Fatalf("seed %d: the sortAll run ended first", seed)
			}
			if fast.State().QueueLen() >= 20 {
				long++
			}
			fast.Decide()
			slow.Decide()
			if len(f.side) > 0 {
				sided++
			}
			if fw, sw := fast.Work(), slow.Work(); fw != sw {
				t.Fatalf("seed %d params %+v: t=%g: work %d, whole-queue recount %d", seed, p, fast.State().Now(), fw, sw)
			}
		}
		if err := fast.Err(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !slices.Equal(fast.Records(), slow.Records()) {
			t.Fatalf("seed %d params %+v: records differ", seed, p)
		}
	}
	if long < 1000 || sided < 1000 {
		t.Errorf("only %d passes with 20 or more jobs waiting, %d with a side list: too few to test the bounded walk", long, sided)
	}
}

// TestInfiniteDeadlines: deadlines of ±Inf (unchecked by the simulator)
// must neither stall the side list's heap nor change a schedule: Flex
// agrees with the whole-queue sort, starts and work counter.
func TestInfiniteDeadlines(t *testing.T) {
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 23))
		pl := simtest.Platform(r, 3, 12, seed%2 == 0)
		jobs := simtest.Jobs(r, pl, 1+r.IntN(120))
		for i := range jobs {
			switch r.IntN(4) {
			case 0:
				jobs[i].HasDeadline, jobs[i].Deadline = true, math.Inf(1)
			case 1:
				jobs[i].HasDeadline, jobs[i].Deadline = true, math.Inf(-1)
			}
		}
		fast, err := sim.New(pl, jobs, New(DefaultParams()))
		if err != nil {
			t.Fatal(err)
		}
		slow, err := sim.New(pl, jobs, &sortAll{New(DefaultParams())})
		if err != nil {
			t.Fatal(err)
		}
		if err := fast.Run(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := slow.Run(); err != nil {
			t.Fatalf("seed %d: sortAll: %v", seed, err)
		}
		if !slices.Equal(fast.Records(), slow.Records()) || fast.Work() != slow.Work() {
			t.Fatalf("seed %d: flex and sortAll differ (work %d, %d)", seed, fast.Work(), slow.Work())
		}
	}
}
