package easywalk

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/fcfs"
	"github.com/gridbench/gridbench/internal/sim"
)

func init() {
	sched.Register("easywalk", sched.Info{Label: "EASY-BF (queue-walking)", Family: "queue-based", New: func(rand.Source) sim.Scheduler { return New() }})
}

// EASY is EASY backfilling that walks the queue. One work step is one
// queued job examined or one running job read for the reservation.
type EASY struct {
	sim.IgnoreEvents
	order []int // machines, fastest first
	run   []sim.RunningJob
}

// New returns a queue-walking EASY backfilling scheduler.
func New() *EASY { return &EASY{} }

// Schedule starts the queue heads that fit, reserves for the first that
// does not, and walks the rest of the queue, starting every job that
// cannot delay that reservation.
func (e *EASY) Schedule(s *sim.State) {
	if e.order == nil {
		e.order = s.Platform().FastestFirst()
	}
	work := s.Work()
	q := s.Queue()
	k := 0
	for ; k < len(q); k++ {
		work.Inc()
		m := fcfs.FirstFit(s, e.order, q[k])
		if m < 0 {
			break
		}
		s.Start(q[k], m) // cannot fail: FirstFit checked the CPUs
	}
	if k+1 >= len(q) {
		return // no head blocked, or nothing behind it
	}
	resM, shadow, spare := e.reserve(s, q[k])
	maxFree := e.maxFree(s)
	for _, j := range q[k+1:] {
		work.Inc()
		if s.Job(j).CPUs > maxFree {
			continue
		}
		var m int
		if m, spare = backfillMachine(s, e.order, j, resM, shadow, spare); m >= 0 {
			s.Start(j, m)
			maxFree = e.maxFree(s)
		}
	}
}

func (e *EASY) maxFree(s *sim.State) int {
	f := 0
	for _, m := range e.order {
		f = max(f, s.Free(m))
	}
	return f
}

// reserve returns the blocked head's reservation: on each machine large
// enough for it, the shadow time is the estimated end of the running job
// whose CPUs, added to the free ones in estimated-end order, first make
// room for the head (a job past its estimate counts as ending now); the
// spare CPUs are those free then, with every job ending at that instant,
// minus the head's. The earliest shadow wins; ties go to the earlier
// machine of the order.
func (e *EASY) reserve(s *sim.State, head int) (machine int, shadow float64, spare int) {
	need, now := s.Job(head).CPUs, s.Now()
	machine, shadow = -1, math.Inf(1)
	for _, m := range e.order {
		if s.Platform().Machines[m].CPUs < need {
			continue
		}
		e.run = append(e.run[:0], s.RunningJobs(m)...)
		s.Work().Add(len(e.run))
		slices.SortFunc(e.run, func(a, b sim.RunningJob) int { return cmp.Compare(a.EstEnd, b.EstEnd) })
		free, t := s.Free(m), now
		for _, rj := range e.run {
			if free >= need && rj.EstEnd > t {
				break
			}
			free += rj.CPUs
			t = max(rj.EstEnd, now)
		}
		if t < shadow {
			machine, shadow, spare = m, t, free-need
		}
	}
	return machine, shadow, spare
}

// backfillMachine returns the first machine of order on which waiting job
// j may start now without delaying the reservation (resM at shadow with
// spare CPUs), or -1, and the spare CPUs left: on resM the job must end by
// the shadow time or use no more than the spare CPUs, which it consumes.
func backfillMachine(s *sim.State, order []int, j, resM int, shadow float64, spare int) (int, int) {
	cpus := s.Job(j).CPUs
	for _, m := range order {
		if !s.Fits(j, m) {
			continue
		}
		if m == resM && s.Now()+s.EstDuration(j, m) > shadow {
			if cpus > spare {
				continue
			}
			spare -= cpus
		}
		return m, spare
	}
	return -1, spare
}
