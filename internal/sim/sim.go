package sim

import (
	"cmp"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
)

// Sim is one simulation run: a platform, a workload and a scheduler. It is a
// pure state machine on logical time — no I/O, goroutines or wall clock — so
// the caller owns the loop and can time each decision:
//
//	s, err := sim.New(platform, jobs, scheduler)
//	for s.Advance() {
//		t0 := time.Now() // the runner's business, never the simulator's
//		s.Decide()
//		record(time.Since(t0), s.State().QueueLen())
//	}
//	if err := s.Err(); err != nil { ... }
//
// or simply call Run.
type Sim struct {
	st       State
	sched    Scheduler
	arrivals []int // job indices by (Submit, index)
	next     int   // next arrival
	ended    []int // jobs retired at the current instant, for OnCompletion
	arrived  []int // jobs submitted at the current instant, for OnArrival
	pending  bool  // Advance was called and Decide not yet
	opt      Options
	held     []bool // PerEvent: job ended at the current instant but still holds its CPUs
}

// EventOrder says how the events of one instant reach the scheduler.
type EventOrder int

const (
	// Batched, the default: retire every job ending at the instant, queue
	// every job arriving then, and run one scheduling pass.
	Batched EventOrder = iota
	// PerEvent is the order of the pyss simulator that Gaussier et al.
	// (SC'15) and Tsafrir et al. (2007) used: one scheduling pass per
	// event, arrivals first (in input order), then ends (in end-event
	// order). A job that ends at the instant before its estimated end
	// keeps its CPUs, as if still running to its estimate, until its end
	// is handled; one that ends at or after its estimated end has already
	// released them (its estimate said so) and is retired first. The
	// estimate is the scheduler's when it is an EndEstimator (pyss frees
	// a job's CPUs at its predicted end), the job's otherwise.
	PerEvent
)

// Options change how a simulation runs; the zero value is the default.
type Options struct {
	Order EventOrder
}

// MaxMachineCPUs is the most CPUs a machine may have: schedulers such as
// CONS count a machine's free CPUs in 32 bits.
const MaxMachineCPUs = math.MaxInt32

// New prepares a simulation of jobs (copied) on p driven by sched. It
// returns an error naming the first job that can never run (no machine has
// enough CPUs) or has invalid fields, and for an invalid platform.
func New(p Platform, jobs []Job, sched Scheduler) (*Sim, error) {
	return NewWith(p, jobs, sched, Options{})
}

// NewWith is New with options.
func NewWith(p Platform, jobs []Job, sched Scheduler, opt Options) (*Sim, error) {
	if opt.Order != Batched && opt.Order != PerEvent {
		return nil, fmt.Errorf("sim: event order %d: no such order", opt.Order)
	}
	if len(p.Machines) == 0 {
		return nil, fmt.Errorf("sim: platform has no machines")
	}
	if p.RefSpeed < 0 || math.IsNaN(p.RefSpeed) || math.IsInf(p.RefSpeed, 0) {
		return nil, fmt.Errorf("sim: reference speed %g is not a positive number", p.RefSpeed)
	}
	for i, m := range p.Machines {
		if m.CPUs < 1 || !(m.Speed > 0) || math.IsInf(m.Speed, 0) {
			return nil, fmt.Errorf("sim: machine %d: %d CPUs at speed %g: need at least one CPU and a positive speed", i, m.CPUs, m.Speed)
		}
		if m.CPUs > MaxMachineCPUs {
			return nil, fmt.Errorf("sim: machine %d: %d CPUs: at most %d (schedulers count a machine's free CPUs in 32 bits)", i, m.CPUs, MaxMachineCPUs)
		}
	}
	maxCPUs := p.MaxCPUs()
	for i := range jobs {
		j := &jobs[i]
		switch {
		case math.IsNaN(j.Submit) || math.IsInf(j.Submit, 0):
			return nil, fmt.Errorf("sim: job %d (ID %d): submit time %g is not finite", i, j.ID, j.Submit)
		case !(j.Run >= 0) || math.IsInf(j.Run, 0):
			return nil, fmt.Errorf("sim: job %d (ID %d): run time %g is not a finite non-negative number", i, j.ID, j.Run)
		case math.IsNaN(j.Estimate) || math.IsInf(j.Estimate, 0):
			return nil, fmt.Errorf("sim: job %d (ID %d): estimate %g is not finite", i, j.ID, j.Estimate)
		case j.CPUs < 1:
			return nil, fmt.Errorf("sim: job %d (ID %d): %d CPUs, need at least 1", i, j.ID, j.CPUs)
		case j.CPUs > maxCPUs:
			return nil, fmt.Errorf("sim: job %d (ID %d): needs %d CPUs, the largest machine has %d", i, j.ID, j.CPUs, maxCPUs)
		}
	}
	if sched == nil {
		return nil, fmt.Errorf("sim: nil scheduler")
	}
	n := len(jobs)
	s := &Sim{sched: sched, arrivals: make([]int, n), opt: opt}
	if opt.Order == PerEvent {
		s.held = make([]bool, n)
	}
	st := &s.st
	st.order = opt.Order
	st.plat = Platform{Machines: append([]Machine(nil), p.Machines...), RefSpeed: p.RefSpeed}
	st.jobs = CloneJobs(jobs)
	st.status = make([]Status, n)
	st.rec = make([]Record, n)
	for i := range st.rec {
		st.rec[i] = unstarted()
	}
	st.free, st.maxOK = make([]int, len(p.Machines)), false
	st.running = make([]runHeap, len(p.Machines))
	st.runPos = make([]int, n)
	for i, m := range p.Machines {
		st.free[i] = m.CPUs
		st.running[i].pos = st.runPos
	}
	st.qpos = make([]int, n)
	st.q = make([]int, 0, n) // a long queue never regrows it
	st.now = math.Inf(-1)
	for i := range s.arrivals {
		s.arrivals[i] = i
	}
	// Traces come in submit order: then the stable sort would be the
	// identity, and checking costs one pass instead of O(n log n).
	if !slices.IsSortedFunc(st.jobs, func(a, b Job) int { return cmp.Compare(a.Submit, b.Submit) }) {
		sort.SliceStable(s.arrivals, func(a, b int) bool {
			return st.jobs[s.arrivals[a]].Submit < st.jobs[s.arrivals[b]].Submit
		})
	}
	return s, nil
}

// State returns the state schedulers see; callers may read it between steps.
func (s *Sim) State() *State { return &s.st }

// Advance moves the clock to the next instant at which a job ends or
// arrives, retires the jobs ending then (releasing their CPUs) and queues
// the jobs arriving then. It returns false when no event is left or a
// scheduler error stopped the run. Each Advance must be followed by one
// Decide before the next Advance; Advance panics otherwise.
func (s *Sim) Advance() bool {
	if s.pending {
		panic("sim: Advance called twice without Decide")
	}
	st := &s.st
	if st.err != nil {
		return false
	}
	t := math.Inf(1)
	if len(st.events) > 0 {
		t = st.events[0].t
	}
	if s.next < len(s.arrivals) {
		t = min(t, st.jobs[s.arrivals[s.next]].Submit)
	}
	if math.IsInf(t, 1) {
		return false
	}
	st.now = t
	s.ended = s.ended[:0]
	s.arrived = s.arrived[:0]
	for len(st.events) > 0 && st.events[0].t <= t {
		e := st.events.pop()
		if s.held != nil && s.estEnd(e.job) > t {
			s.held[e.job] = true // retired in Decide, after the arrivals' passes
		} else {
			st.finish(e.job)
		}
		s.ended = append(s.ended, e.job)
	}
	for s.next < len(s.arrivals) && st.jobs[s.arrivals[s.next]].Submit <= t {
		j := s.arrivals[s.next]
		s.next++
		if s.held == nil {
			st.arrive(j)
		}
		s.arrived = append(s.arrived, j)
	}
	s.pending = true
	return true
}

// Decide runs the scheduler for the current instant: OnCompletion for each
// job that ended, OnArrival for each job that arrived, then one Schedule
// pass. It is all the scheduler work of one instant, so callers time it.
// Decide panics if not preceded by Advance.
func (s *Sim) Decide() {
	if !s.pending {
		panic("sim: Decide called without Advance")
	}
	s.pending = false
	st := &s.st
	if s.held != nil {
		s.decidePerEvent()
		return
	}
	for _, j := range s.ended {
		s.sched.OnCompletion(st, j)
	}
	for _, j := range s.arrived {
		s.sched.OnArrival(st, j)
	}
	s.sched.Schedule(st)
}

// decidePerEvent is Decide in the PerEvent order: the jobs that ended
// at or after their estimated end were retired by Advance and are
// reported first; then each arrival is queued and followed by a pass;
// then each end, in end-event order, is retired if it was held and
// followed by a pass.
func (s *Sim) decidePerEvent() {
	st := &s.st
	for _, j := range s.ended {
		if !s.held[j] {
			s.sched.OnCompletion(st, j)
		}
	}
	for _, j := range s.arrived {
		st.arrive(j)
		s.sched.OnArrival(st, j)
		s.sched.Schedule(st)
	}
	for _, j := range s.ended {
		if s.held[j] {
			s.held[j] = false
			st.finish(j)
			s.sched.OnCompletion(st, j)
		}
		s.sched.Schedule(st)
	}
}

// Ended returns the jobs retired by the last Advance, in end order.
func (s *Sim) Ended() []int { return s.ended }

// Arrived returns the jobs queued by the last Advance, in input order.
func (s *Sim) Arrived() []int { return s.arrived }

// Run advances and decides until no event is left, then returns Err.
func (s *Sim) Run() error {
	for s.Advance() {
		s.Decide()
	}
	return s.Err()
}

// Err returns the scheduler error that stopped the run, or, once no event is
// left, an error if some job never ran (a scheduler that leaves jobs waiting
// with nothing running deadlocks the simulation). It is nil for a complete run.
func (s *Sim) Err() error {
	st := &s.st
	if st.err != nil {
		return st.err
	}
	if s.pending || len(st.events) > 0 || s.next < len(s.arrivals) {
		return nil // still running
	}
	for i, stat := range st.status {
		if stat != Done {
			return fmt.Errorf("sim: %d of %d jobs never ran; first: job %d (ID %d, %d CPUs) still %v at t=%g with nothing left to happen",
				st.waiting, len(st.jobs), i, st.jobs[i].ID, st.jobs[i].CPUs, stat, st.now)
		}
	}
	return nil
}

// JobsEnded returns how many jobs have ended so far, for a caller that
// reports progress.
func (s *Sim) JobsEnded() int { return s.st.done }

// Records returns each job's start, end and machine, indexed like the jobs.
func (s *Sim) Records() []Record { return s.st.rec }

// Work returns the scheduler steps counted so far.
func (s *Sim) Work() int64 { return s.st.work.Value() }

// Simulate is New followed by Run; it returns the records of a complete run.
func Simulate(p Platform, jobs []Job, sched Scheduler) ([]Record, error) {
	return SimulateWith(p, jobs, sched, Options{})
}

// SimulateWith is Simulate with options.
func SimulateWith(p Platform, jobs []Job, sched Scheduler, opt Options) ([]Record, error) {
	s, err := NewWith(p, jobs, sched, opt)
	if err != nil {
		return nil, err
	}
	if err := s.Run(); err != nil {
		return nil, err
	}
	return s.Records(), nil
}

// estEnd is running job j's estimated end: the scheduler's if it keeps
// its own estimates, its start plus its estimate otherwise.
func (s *Sim) estEnd(j int) float64 {
	if e, ok := s.sched.(EndEstimator); ok {
		return e.EstimatedEnd(&s.st, j)
	}
	return s.st.estEnd(j)
}

// estEnd is running job j's estimated end: its start plus its estimate on
// its machine.
func (s *State) estEnd(j int) float64 { return s.rec[j].Start + s.EstDuration(j, s.rec[j].Machine) }

// CloneJobs returns a copy of jobs (the simulator keeps its own, as a
// scheduler gets pointers into it), made a chunk at a time with a yield
// between chunks. A workload's copy in one piece is one call of the
// runtime's memmove, where the collector cannot stop the goroutine to
// scan its stack: a collection under way (the load has just allocated
// the jobs) signalled it again and again until the copy ended, and on a
// virtual machine each signal, like each page fault of the copy, is an
// exit to the host. On the first 400,000 RICC-2010-2 jobs that took 40%
// of EASY's CPU: with the yields, `simulate` takes 0.58 of the CPU it
// took (5 pairs).
func CloneJobs(jobs []Job) []Job {
	if jobs == nil {
		return nil
	}
	const chunk = 4096 // jobs: 288 KiB
	out := make([]Job, len(jobs))
	for i := 0; i < len(jobs); i += chunk {
		copy(out[i:], jobs[i:min(i+chunk, len(jobs))])
		runtime.Gosched()
	}
	return out
}
