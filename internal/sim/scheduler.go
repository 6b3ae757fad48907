package sim

// Scheduler is one scheduling algorithm driven by the simulator.
//
// At each instant the simulator first retires the jobs that end then (calling
// OnCompletion for each, in end-event order), then admits the jobs submitted
// then (calling OnArrival for each, in input order), and finally calls
// Schedule exactly once. All three calls form one "decision" (see
// Sim.Decide), so a caller timing decisions times all of a scheduler's work.
//
// Queue-based schedulers (FCFS, EASY, Flexible backfilling) usually ignore the
// callbacks (embed IgnoreEvents) and, in Schedule, read State.Queue and start
// jobs with State.Start. Schedule-based schedulers (EG-EDF, Tabu search) keep
// their own plan: they insert each job into it in OnArrival, repair it in
// OnCompletion, and in Schedule start the planned jobs whose time has come.
//
// A Scheduler must be deterministic: the same calls in the same order give the
// same starts. It must not keep the *State beyond a call, and must not use
// the wall clock or global random numbers; a randomised scheduler takes its
// rand.Source when constructed.
type Scheduler interface {
	// OnArrival is called once per job when it is submitted, after the
	// job has joined the waiting queue. j is the job's index (see State.Job).
	OnArrival(s *State, j int)

	// OnCompletion is called once per job when it ends, after its CPUs have
	// been released. State.Record(j) holds its start, end and machine.
	OnCompletion(s *State, j int)

	// Schedule is the scheduling pass: it calls s.Start(j, m) for every
	// waiting job j that should start now on machine m. Starting nothing is
	// allowed; the simulator calls Schedule again at the next instant at
	// which a job arrives or ends (never in between, so a scheduler that
	// wants a job started later must plan it for an instant at which some
	// event happens — with exact run times every planned start in a
	// gap-free schedule is such an instant).
	Schedule(s *State)
}

// An EndEstimator is a Scheduler that keeps its own run-time estimates
// (predictions, corrected while a job outlives them) in place of the jobs'.
// In the PerEvent order a job ending at the current instant keeps its
// CPUs through the instant's arrival passes when it ends before the end
// the scheduler expects, EstimatedEnd(s, j); Advance asks, once per ending
// job, before any of the instant's events is handled. The Batched order
// never asks.
type EndEstimator interface {
	Scheduler
	EstimatedEnd(s *State, j int) float64
}

// IgnoreEvents has no-op OnArrival and OnCompletion methods; queue-based
// schedulers embed it and implement only Schedule.
type IgnoreEvents struct{}

// OnArrival does nothing.
func (IgnoreEvents) OnArrival(*State, int) {}

// OnCompletion does nothing.
func (IgnoreEvents) OnCompletion(*State, int) {}

// Counter counts the elementary steps of a scheduler (a job examined, a gap
// tested, a move evaluated). It is the deterministic twin of the wall-clock
// time per decision: the same run gives the same count on any machine, so
// claims like "backfilling's work grows with the queue" can be tested without
// timing. Each scheduler documents what it counts as one step.
type Counter struct{ n int64 }

// Add adds n steps.
func (c *Counter) Add(n int) { c.n += int64(n) }

// Inc adds one step.
func (c *Counter) Inc() { c.n++ }

// Value returns the steps counted so far.
func (c *Counter) Value() int64 { return c.n }
