package easy

import (
	"math/rand/v2"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/fcfs"
	"github.com/gridbench/gridbench/internal/sim"
)

func init() {
	sched.Register("easy", sched.Info{Label: "EASY-BF", Family: "queue-based", New: func(rand.Source) sim.Scheduler { return New() }})
}

// EASY is the EASY backfilling scheduler. One work step is one queued job
// examined or one running job examined while computing the shadow time.
type EASY struct {
	order  []int    // machines, fastest first
	tree   *minTree // waiting jobs' CPUs by arrival rank
	byRank []int    // arrival rank -> job
	rank   []int    // job -> arrival rank
	head   int      // no waiting job has a smaller rank
	ends   *Ends    // running jobs' CPUs by estimated end
}

// New returns an EASY backfilling scheduler.
func New() *EASY { return &EASY{} }

func (e *EASY) init(s *sim.State) {
	e.order = s.Platform().FastestFirst()
	e.tree = newMinTree(s.NumJobs())
	e.rank = make([]int, s.NumJobs())
	e.byRank = make([]int, 0, s.NumJobs())
	e.ends = NewEnds(s)
}

// OnArrival gives the job the next rank: arrivals come in queue order.
func (e *EASY) OnArrival(s *sim.State, j int) {
	if e.tree == nil {
		e.init(s)
	}
	r := len(e.byRank)
	e.byRank = append(e.byRank, j)
	e.rank[j] = r
	e.tree.set(r, int32(s.Job(j).CPUs), s.Job(j).Est())
}

// OnCompletion releases the job's CPUs from the reservation structure.
func (e *EASY) OnCompletion(s *sim.State, j int) { e.ends.Ended(s, j) }

func (e *EASY) start(s *sim.State, j, m int) {
	e.ends.Start(s, j, m) // cannot fail: the caller checked the CPUs
	e.tree.clear(e.rank[j])
}

// Schedule starts the queue heads that fit, reserves the first that does not,
// and backfills behind it.
func (e *EASY) Schedule(s *sim.State) {
	if e.tree == nil {
		return // nothing ever arrived
	}
	work := s.Work()
	const any = empty - 1
	var head int
	for {
		r := e.tree.first(e.head, any)
		if r < 0 {
			e.head = len(e.byRank)
			return
		}
		e.head = r
		head = e.byRank[r]
		work.Inc()
		m := fcfs.FirstFit(s, e.order, head)
		if m < 0 {
			break
		}
		e.start(s, head, m)
	}
	free := 0
	for m := range s.Platform().Machines {
		free += s.Free(m)
	}
	if free == 0 || e.tree.first(e.head+1, int32(free)) < 0 {
		return
	}
	resM, shadow, spare := e.ends.Reserve(s, e.order, head)
	now := s.Now()
	p := s.Platform()
	// Estimates in the tree are at the reference speed; the bound is
	// widened a little so rounding never hides a job, and every candidate
	// is then checked exactly below.
	estLimit := (shadow - now) * p.Machines[resM].Speed / p.Ref() * (1 + 1e-9)
	for r := e.head + 1; free > 0; r++ {
		// The next job that can start somewhere: on another machine (at
		// most the largest free count there), within the spare CPUs, or
		// gone by the shadow time. Jobs matching none are never looked at.
		freeRes, freeOther := s.Free(resM), 0
		for m := range p.Machines {
			if m != resM {
				freeOther = max(freeOther, s.Free(m))
			}
		}
		next := e.tree.first(r, int32(max(freeOther, min(spare, freeRes))))
		if freeRes > 0 && estLimit >= 0 {
			hi := next
			if next < 0 {
				hi = len(e.byRank)
			}
			if k := e.tree.first2(r, hi, int32(freeRes), estLimit); k >= 0 {
				next = k
			}
		}
		if next < 0 {
			return
		}
		r = next
		j := e.byRank[r]
		work.Inc()
		var m int
		if m, spare = BackfillMachine(s, e.order, j, resM, shadow, spare); m >= 0 {
			e.start(s, j, m)
			free -= s.Job(j).CPUs
		}
	}
}

// BackfillMachine returns the first machine, in order, on which waiting job j
// may start now without delaying the reserved head, or -1, together with the
// spare CPUs left on the reservation machine resM. On resM, j must either end
// by estimate no later than shadow or use no more than spare CPUs, which it
// then consumes; elsewhere it only has to fit.
func BackfillMachine(s *sim.State, order []int, j, resM int, shadow float64, spare int) (machine, spareLeft int) {
	now, cpus := s.Now(), s.Job(j).CPUs
	for _, m := range order {
		if !s.Fits(j, m) {
			continue
		}
		if m == resM {
			if now+s.EstDuration(j, m) <= shadow {
				// Gone by the shadow time: cannot delay the head.
			} else if cpus <= spare {
				spare -= cpus
			} else {
				continue
			}
		}
		return m, spare
	}
	return -1, spare
}
