package backfill

import (
	"math"
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
// One work step is one profile step read while placing a job.
type CONS struct {
	order   []int
	rank    []int // job -> arrival rank (set on arrival)
	nextR   int
	resT    []float64 // job -> reserved start (NaN: none)
	resM    []int     // job -> reserved machine
	early   bool      // a job ended before its estimated end this instant
	prof    []profile // per machine
	pending []int     // reserved jobs
}

// NewCONS returns a conservative backfilling scheduler.
func NewCONS() *CONS { return &CONS{} }

func (c *CONS) init(s *sim.State) {
	n := s.NumJobs()
	c.order = s.Platform().FastestFirst()
	c.rank = make([]int, n)
	c.resT = make([]float64, n)
	c.resM = make([]int, n)
	for i := range c.resT {
		c.resT[i] = math.NaN()
	}
	c.prof = make([]profile, len(s.Platform().Machines))
}

// OnArrival numbers the job in arrival order.
func (c *CONS) OnArrival(s *sim.State, j int) {
	if c.rank == nil {
		c.init(s)
	}
	c.rank[j] = c.nextR
	c.nextR++
}

// OnCompletion notes an early end, which calls for compression.
func (c *CONS) OnCompletion(s *sim.State, j int) {
	r := s.Record(j)
	if r.End < r.Start+s.EstDuration(j, r.Machine) {
		c.early = true
	}
}

// Schedule compresses if needed, reserves the new jobs, and starts the
// jobs whose reservation is now.
func (c *CONS) Schedule(s *sim.State) {
	if c.rank == nil {
		return
	}
	now := s.Now()
	compress := c.early
	c.early = false
	c.pending = c.pending[:0]
	var fresh []int
	for _, j := range s.Queue() {
		if math.IsNaN(c.resT[j]) {
			fresh = append(fresh, j)
			continue
		}
		c.pending = append(c.pending, j)
		if c.resT[j] < now {
			compress = true
		}
	}
	// The profile of the running jobs by estimated end.
	p := s.Platform()
	for m := range p.Machines {
		c.prof[m].reset(now, p.Machines[m].CPUs)
		for _, r := range s.RunningJobs(m) {
			c.prof[m].add(now, max(now, r.EstEnd), r.CPUs)
		}
	}
	if compress {
		slices.SortFunc(c.pending, func(a, b int) int {
			if c.resT[a] != c.resT[b] {
				if c.resT[a] < c.resT[b] {
					return -1
				}
				return 1
			}
			return c.rank[a] - c.rank[b]
		})
		for _, j := range c.pending {
			c.place(s, j)
		}
	} else {
		for _, j := range c.pending {
			m := c.resM[j]
			c.prof[m].add(c.resT[j], c.resT[j]+s.EstDuration(j, m), s.Job(j).CPUs)
		}
	}
	for _, j := range fresh {
		c.place(s, j)
		c.pending = append(c.pending, j)
	}
	// Start the jobs reserved now, in order of (start, arrival).
	var due []int
	for _, j := range c.pending {
		if c.resT[j] <= now {
			due = append(due, j)
		}
	}
	slices.SortFunc(due, func(a, b int) int { return c.rank[a] - c.rank[b] })
	for _, j := range due {
		if s.Fits(j, c.resM[j]) {
			s.Start(j, c.resM[j])
			c.resT[j] = math.NaN()
		}
	}
}

// place reserves job j at its earliest start over the machines.
func (c *CONS) place(s *sim.State, j int) {
	need := s.Job(j).CPUs
	p := s.Platform()
	bestT, bestM := math.Inf(1), -1
	for _, m := range c.order {
		if p.Machines[m].CPUs < need {
			continue
		}
		t, steps := c.prof[m].earliest(need, s.EstDuration(j, m))
		s.Work().Add(steps)
		if t < bestT {
			bestT, bestM = t, m
		}
	}
	c.resT[j], c.resM[j] = bestT, bestM
	c.prof[bestM].add(bestT, bestT+s.EstDuration(j, bestM), need)
}

// profile is a machine's free CPUs over time from now on: free[k] CPUs on
// [t[k], t[k+1]), the last step lasting forever.
type profile struct {
	t    []float64
	free []int
}

func (p *profile) reset(now float64, cpus int) {
	p.t = append(p.t[:0], now)
	p.free = append(p.free[:0], cpus)
}

// split makes t a breakpoint and returns its index.
func (p *profile) split(t float64) int {
	k, found := slices.BinarySearch(p.t, t)
	if found {
		return k
	}
	// k > 0: t is after the first breakpoint (now) by construction.
	p.t = slices.Insert(p.t, k, t)
	p.free = slices.Insert(p.free, k, p.free[k-1])
	return k
}

// add holds cpus on [from, to).
func (p *profile) add(from, to float64, cpus int) {
	if !(to > from) {
		return
	}
	a, b := p.split(from), p.split(to)
	for k := a; k < b; k++ {
		p.free[k] -= cpus
	}
}

// earliest returns the first breakpoint at which need CPUs stay free for
// dur, and the steps read.
func (p *profile) earliest(need int, dur float64) (float64, int) {
	steps := 0
	for a := 0; a < len(p.t); a++ {
		steps++
		if p.free[a] < need {
			continue
		}
		end := p.t[a] + dur
		ok := true
		for b := a + 1; b < len(p.t) && p.t[b] < end; b++ {
			steps++
			if p.free[b] < need {
				ok = false
				a = b // no start before b can work
				break
			}
		}
		if ok {
			return p.t[a], steps
		}
	}
	panic("backfill: internal error: a machine large enough is never free")
}
