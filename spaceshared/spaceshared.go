package spaceshared

import (
	"math/rand/v2"

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
	// Scheduler is one scheduling algorithm driven by the simulator:
	// OnCompletion per job ending, OnArrival per job arriving, then one
	// Schedule pass per instant, in which it calls State.Start.
	Scheduler = sim.Scheduler
	// IgnoreEvents gives a queue-based Scheduler no-op callbacks.
	IgnoreEvents = sim.IgnoreEvents
	// State is what a scheduler reads (Now, Queue, Job, Free, Running, ...)
	// and acts on (Start, Fail).
	State = sim.State
	// Job is one job of a workload; jobs are named by their index.
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
// taken or a nil New.
func Register(name string, info Info) { sched.Register(name, info) }

// Names returns the registered names, sorted.
func Names() []string { return sched.Names() }

// Lookup returns what is registered under name ("exec:COMMAND ARGS"
// included), or an error listing the names.
func Lookup(name string) (Info, error) { return sched.Lookup(name) }

// New builds a fresh scheduler by name, drawing from src. Call Close on
// the result when the run is over (it matters for "exec:" schedulers).
func New(name string, src rand.Source) (Scheduler, error) { return sched.NewSeeded(name, src) }

// Close releases what a scheduler holds beyond its run (an external
// scheduler's process).
func Close(s Scheduler) error { return sched.CloseScheduler(s) }

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
