package timeshared

import "github.com/gridbench/gridbench/internal/timeshare"

// The scheduler interface and what it works on.
type (
	// Scheduler is one slave's local policy: Schedule(jobs, out) simulates
	// one slave from an empty CPU. jobs are the slave's jobs in arrival
	// order (Submit ascending), all with Run >= 0; it sets FirstStart and
	// End of out[i] for jobs[i] and returns the number of CPU slices it
	// dispatched. It keeps no state between calls.
	Scheduler = timeshare.Scheduler
	// Job is a single-CPU job: ID, Submit, Run (CPU seconds; < 0: not
	// dealt), Priority (1 is the most urgent) and User.
	Job = timeshare.Job
	// Outcome is what happened to a job: FirstStart, End and Slave.
	Outcome = timeshare.Outcome
	// Params tunes the built-in schedulers: Quantum (RR, PLRR; 0 is
	// DefaultQuantum) and APDRRQuantum (0: APDRR's dynamic quantum).
	Params = timeshare.Params
	// Info describes a registered scheduler: its Label in tables and
	// figures, its Family ("non-preemptive" or "round-robin") and New,
	// which builds it from validated Params.
	Info = timeshare.Info
	// Result is a run's outcome per job, the jobs dealt and the slices.
	Result = timeshare.Result
	// Metrics are a run's averages (waiting, turnaround, response,
	// bounded slowdown), total completion, maximum stretch and makespan.
	Metrics = timeshare.Metrics
)

// DefaultQuantum is the RR and PLRR quantum of Shah et al. 2012, seconds.
const DefaultQuantum = timeshare.DefaultQuantum

// Register makes a scheduler available by name, looked up ignoring case
// (its label, unless Info gives one, is the name in upper case). Call it
// from an init function; it panics on a name already taken, in any case,
// or a nil New.
func Register(name string, info Info) { timeshare.Register(name, info) }

// Names returns the registered names: the built-ins in the paper's order
// (fcfs, spn, ljf, p, rr, plrr, apdrr), then the others sorted.
func Names() []string { return timeshare.Algorithms() }

// Lookup returns what is registered under name, or an error listing the
// names.
func Lookup(name string) (Info, error) { return timeshare.Lookup(name) }

// New builds the named scheduler with p, or returns an error naming the
// valid choices or the bad parameter.
func New(name string, p Params) (Scheduler, error) { return timeshare.New(name, p) }

// PriorityRule sets every job's Priority from its user's share of the jobs,
// the rule the roundrobin study uses (traces carry no priorities).
func PriorityRule(jobs []Job) { timeshare.PriorityRule(jobs) }

// Run deals the jobs with Run >= 0 round-robin to slaves single-CPU slaves
// (the i-th such job to slave i mod slaves) and runs s on each.
func Run(jobs []Job, slaves int, s Scheduler) (Result, error) { return timeshare.Run(jobs, slaves, s) }

// Summarize computes the metrics of a run's outcomes.
func Summarize(jobs []Job, out []Outcome) Metrics { return timeshare.Summarize(jobs, out) }
