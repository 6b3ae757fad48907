package spaceshared

import (
	"math/rand/v2"
	"slices"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sched"
	_ "github.com/gridbench/gridbench/internal/sched/backfill"   // registers "cons", "easy-sjbf", "easy-sjf", ..., "easypp-reqtime", "easypp-doubling"
	_ "github.com/gridbench/gridbench/internal/sched/easy"       // registers "easy"
	_ "github.com/gridbench/gridbench/internal/sched/fcfs"       // registers "fcfs"
	_ "github.com/gridbench/gridbench/internal/sched/flex"       // registers "flex"
	_ "github.com/gridbench/gridbench/internal/sched/schedbased" // registers "egedf", "tabu"
	"github.com/gridbench/gridbench/internal/sim"
)

// The scheduler interface and what it works on (see internal/sim for the
// full documentation of each).
type (
	// Scheduler is one scheduling algorithm driven by the simulator. Its
	// methods, called at each instant in this order:
	//
	//	OnCompletion(s *State, j int) // once per job ending now, after its CPUs are released
	//	OnArrival(s *State, j int)    // once per job submitted now, after it joined the queue
	//	Schedule(s *State)            // exactly once: call s.Start(j, m) for each job to start now
	//
	// Starting nothing is allowed; Schedule is called again at the next
	// instant a job arrives or ends, never in between. A Scheduler must be
	// deterministic, must not keep the *State beyond a call, and draws
	// random numbers only from the rand.Source its Info.New received.
	// Queue-based schedulers embed IgnoreEvents and work in Schedule.
	Scheduler = sim.Scheduler
	// IgnoreEvents gives a queue-based Scheduler no-op callbacks.
	IgnoreEvents = sim.IgnoreEvents
	// State is the simulator state a scheduler reads and acts on. Jobs are
	// named by their index in the slice given to Simulate. Its methods
	// (documented in full on internal/sim.State; views into the
	// simulator's storage: read them, never modify or keep them):
	//
	//	Now() float64                       // the current logical time, s
	//	NumJobs() int                       // jobs of the workload
	//	Job(j int) *Job                     // job j (read-only)
	//	Status(j int) Status                // Future, Waiting, Running or Done
	//	Record(j int) Record                // start, end, machine (NaN, NaN, -1 until it starts)
	//	Queue() []int                       // waiting jobs in arrival order; started ones stay until the next call
	//	QueueLen() int                      // waiting jobs
	//	Platform() *Platform                // the machines
	//	Free(m int) int                     // idle CPUs of machine m now
	//	Fits(j, m int) bool                 // whether job j could start on machine m now
	//	Duration(j, m int) float64          // how long job j runs on machine m
	//	EstDuration(j, m int) float64       // job j's estimated duration on m: all a scheduler may assume
	//	Running(m int) iter.Seq[RunningJob] // jobs running on m by estimated end; do not Start while ranging
	//	RunningJobs(m int) []RunningJob     // jobs running on m, unordered
	//	Start(j, m int) error               // start waiting job j on machine m now
	//	Fail(err error) error               // stop the run with err (a scheduler that cannot decide)
	//	Work() *Counter                     // the step counter; schedulers add to it
	//
	// A job may run past its estimate (EstDuration): it keeps its CPUs until
	// its real end, and the built-in backfilling schedulers then treat its
	// estimated end as now (it may end at any moment).
	State = sim.State
	// Job is one job of a workload (ID, Submit, Run, CPUs, Estimate,
	// Deadline, HasDeadline); jobs are named by their index. Est() is the
	// estimate a scheduler may use: Estimate, or Run when Estimate <= 0.
	Job = sim.Job
	// Machine is one space-shared machine of identical CPUs.
	Machine = sim.Machine
	// Platform is the set of machines.
	Platform = sim.Platform
	// RunningJob is a job holding CPUs on a machine.
	RunningJob = sim.RunningJob
	// Record is a job's start, end and machine.
	Record = sim.Record
	// Status is where a job is in its life cycle.
	Status = sim.Status
	// Counter counts a scheduler's elementary steps (State.Work).
	Counter = sim.Counter
	// Sim is one simulation run, stepped by Advance and Decide.
	Sim = sim.Sim
)

// Job statuses.
const (
	Future  = sim.Future
	Waiting = sim.Waiting
	Running = sim.Running
	Done    = sim.Done
)

// Info describes a registered scheduler: its Label in tables and figures,
// its Family, and New, which builds a fresh scheduler for one run from the
// run's seeded random source.
type Info = sched.Info

// Register makes a scheduler available by name. Call it from an init
// function; it panics on an empty name, a name with ':', a name already
// taken (or one that differs from it only in case: "EASY" beside "easy")
// or a nil New.
func Register(name string, info Info) { sched.Register(name, info) }

// Names returns the registered names, sorted.
func Names() []string { return sched.Names() }

// Lookup returns what is registered under name ("exec:COMMAND ARGS"
// included), or an error listing the names.
func Lookup(name string) (Info, error) { return sched.Lookup(name) }

// New builds a fresh scheduler by name, drawing from src; a nil src is
// the fixed rand.NewPCG(1, 2). Call Close on the result when the run is
// over (it matters for "exec:" schedulers). A registered New that returns
// nil is an error.
func New(name string, src rand.Source) (Scheduler, error) { return sched.NewSeeded(name, src) }

// Close releases what a scheduler holds beyond its run (an external
// scheduler's process).
func Close(s Scheduler) error { return sched.CloseScheduler(s) }

// Estimate says which run-time estimate schedulers see: EstimateRequested
// (SWF field 9 when > 0, else the run time; the default of `gridbench
// simulate` and of study files) or EstimateRuntime (exact run times).
type Estimate = adapt.Estimate

// The run-time estimates LoadSWF offers.
const (
	EstimateRequested = adapt.Requested
	EstimateRuntime   = adapt.Exact
	DefaultEstimate   = adapt.DefaultEstimate
)

// Skipped counts the trace's jobs LoadSWF left out, by reason
// (NoSubmit, NegativeRun, NoCPUs, TooWide; Total() sums them).
type Skipped = adapt.Skipped

// LoadSWF reads the first maxJobs valid jobs (all when maxJobs <= 0) of an
// SWF trace (.swf or .swf.gz) for one machine of cpus CPUs (when cpus <=
// 0, the size its header's MaxProcs gives; an error if none), with the rules
// of `gridbench simulate` and study files: a job is valid when its submit
// and run times are >= 0 and it needs 1..cpus CPUs (field 5, or field 8
// when field 5 < 1); invalid jobs are counted in Skipped and do not count
// towards maxJobs. A malformed line is an error naming file and line. A
// Batsim JSON workload (.json) is read as LoadWorkload reads it with no
// speed.
func LoadSWF(path string, maxJobs, cpus int, estimate Estimate) ([]Job, Skipped, error) {
	w, err := LoadWorkload(path, maxJobs, cpus, estimate, 0)
	return w.Jobs, w.Skipped, err
}

// Workload is what LoadWorkload read: the jobs, the jobs left out, and
// for a Batsim workload each job's profile name and the workload's
// nb_res.
type Workload = adapt.Workload

// NoSpeedError is LoadWorkload's and Load's error for a Batsim workload
// whose parallel_homogeneous profiles need a CPU speed, given none. A
// program that takes the speed some other way (a flag, a key of its own)
// can name that in the error with AdviseSpeed.
type NoSpeedError = adapt.NoSpeedError

// AdviseSpeed returns err naming how as what gives the CPU speed when err
// is a *NoSpeedError as LoadWorkload or Load returned it, else err.
func AdviseSpeed(err error, how string) error { return adapt.AdviseSpeed(err, how) }

// LoadWorkload is LoadSWF for an SWF trace or a Batsim JSON workload
// (.json or .json.gz): a Batsim job's run time comes from its delay
// profile, or from its parallel_homogeneous profile (com 0) at speed
// flop/s; its walltime is its requested time. Any other profile type is
// an error naming the job's line, the profile and its type;
// parallel_homogeneous with speed 0 is a *NoSpeedError, which says so and
// names the speed argument. For a Batsim workload, cpus <= 0 means its
// nb_res (for a trace, its header's MaxProcs). Both read through Load
// (once per file content) and return the caller's own copy of the jobs.
func LoadWorkload(path string, maxJobs, cpus int, estimate Estimate, speed float64) (Workload, error) {
	l, err := Load(Input{Path: path, MaxJobs: maxJobs, CPUs: cpus, Estimate: estimate, Speed: speed})
	w := l.Workload
	// The caller owns what it gets: a copy of what Load shares.
	w.Jobs, w.Profiles = sim.CloneJobs(w.Jobs), slices.Clone(w.Profiles)
	return w, err
}

// SingleMachine is a platform of one machine of n CPUs at speed 1.
func SingleMachine(n int) Platform { return sim.SingleMachine(n) }

// NewSim prepares a simulation of jobs on p driven by s.
func NewSim(p Platform, jobs []Job, s Scheduler) (*Sim, error) { return sim.New(p, jobs, s) }

// Simulate runs s on jobs and returns each job's record; it fails if the
// scheduler does, or if a job never runs.
func Simulate(p Platform, jobs []Job, s Scheduler) ([]Record, error) {
	recs, err := sim.Simulate(p, jobs, s)
	if err != nil {
		return nil, err
	}
	return recs, sim.Check(p, jobs, recs)
}
