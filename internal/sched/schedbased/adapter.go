package schedbased

import (
	"math"

	"github.com/gridbench/gridbench/internal/sim"
)

// Scheduler drives a Plan from the simulator's callbacks: each arrival is
// inserted by EG-EDF (then optimised by Tabu search when configured), each
// completion is retired, and each scheduling pass starts the planned jobs
// whose time has come. It implements sim.Scheduler.
//
// The work counter of the sim.State gets the Plan's steps (see Plan.Work),
// those of moving the plan's clock included, so work per decision is
// deterministic.
//
// The jobs that end before their planned end at one instant on one
// machine are re-planned once, with the clock's move, at the next
// callback of the same decision: the plan after a re-plan is a function
// of the running jobs, the queue and the clock alone, so the re-plans
// between them made plans no one read. A job that outlived its planned
// end leaves the plan as it is: the profile freed its CPUs when the
// clock passed that end. (With exact run times every job ends as
// planned: nothing waits.)
type Scheduler struct {
	plan *Plan
	// eager re-plans at each end off its planned end, before the next
	// callback (the tests' twin).
	eager   bool
	due     []int // scratch: the machines with jobs due
	ids     []int // scratch: the jobs due on one of them
	tabu    *Tabu
	literal bool // EG-EDF without the tie-break (InsertEGEDFLiteral)
	direct  bool // the plan without its memos (Plan.direct), for the tests
}

// NewEGEDF returns an EG-EDF scheduler.
func NewEGEDF() *Scheduler { return &Scheduler{} }

// NewEGEDFLiteral returns an EG-EDF scheduler that reads Algorithm 2
// literally, without the tie-break (see InsertEGEDFLiteral).
func NewEGEDFLiteral() *Scheduler { return &Scheduler{literal: true} }

// NewTabuScheduler returns EG-EDF followed, after each arrival, by the Tabu
// search with the given options, its machine orders derived from seed.
func NewTabuScheduler(opt TabuOptions, seed uint64) *Scheduler {
	return &Scheduler{tabu: NewTabu(opt, seed)}
}

// Plan returns the scheduler's plan (nil before the first callback), for
// inspection between decisions.
func (s *Scheduler) Plan() *Plan { return s.plan }

// open makes the plan on the first callback.
func (s *Scheduler) open(st *sim.State) {
	if s.plan == nil {
		p := st.Platform()
		ms := make([]Machine, len(p.Machines))
		for i, m := range p.Machines {
			ms[i] = Machine{CPUs: m.CPUs, Speed: m.Speed}
		}
		s.plan = NewPlan(ms, p.RefSpeed)
		s.plan.direct = s.direct
	}
}

func (s *Scheduler) count(st *sim.State, before int64) {
	st.Work().Add(int(s.plan.Work() - before))
}

// OnArrival inserts job j into the plan.
func (s *Scheduler) OnArrival(st *sim.State, j int) {
	s.open(st)
	w := s.plan.Work()
	s.plan.settle(st.Now()) // the clock, and a re-plan retire left waiting: counted here
	sj := st.Job(j)
	job := Job{Submit: sj.Submit, Run: sj.Est(), CPUs: sj.CPUs, Deadline: math.Inf(1)}
	if sj.HasDeadline {
		job.Deadline = sj.Deadline
	}
	insertEGEDF(s.plan, j, job, !s.literal)
	if s.tabu != nil {
		s.tabu.Run(s.plan)
	}
	s.count(st, w)
}

// OnCompletion retires job j; a job ending before its planned end (an
// inexact estimate) re-plans its machine, once for all the jobs that end
// on it at that instant (see Scheduler).
func (s *Scheduler) OnCompletion(st *sim.State, j int) {
	s.open(st)
	w := s.plan.Work()
	if p := s.plan; p.pendM >= 0 && p.where[j] != p.pendM {
		p.settle(st.Now()) // the plan records the change of one machine at a time
	}
	r := st.Record(j)
	if s.eager {
		s.plan.Advance(st.Now())
		if m, planned := s.plan.retire(j, r.Start, r.End); planned != r.End {
			s.plan.replanHead(m)
		}
	} else {
		s.plan.retire(j, r.Start, r.End)
	}
	s.count(st, w)
}

// Schedule starts, machine by machine and in plan order, the jobs planned
// to start now. A job that does not fit (a running job overran its
// estimate) stays planned; its machine is re-planned at the next instant.
func (s *Scheduler) Schedule(st *sim.State) {
	s.open(st)
	w := s.plan.Work()
	s.plan.settle(st.Now())               // the clock, and a re-plan retire left waiting: counted here
	s.due = s.plan.dueMachines(s.due[:0]) // the others have nothing due
	for _, m := range s.due {
		s.ids = s.plan.dueAppend(s.ids[:0], m)
		for _, j := range s.ids {
			if !st.Fits(j, m) || st.Start(j, m) != nil {
				break
			}
			s.plan.Start(j)
		}
	}
	s.count(st, w)
}

var _ sim.Scheduler = (*Scheduler)(nil)
