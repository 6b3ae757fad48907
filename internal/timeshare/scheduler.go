package timeshare

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/internal/registry"
)

// DefaultQuantum is the fixed RR and PLRR quantum of Shah et al. 2012
// ("'50' units as the fixed time quantum").
const DefaultQuantum = 50

// Params tunes the schedulers; each one reads only what it needs.
type Params struct {
	// Quantum is the fixed time slice of RR and PLRR, in seconds; 0 means
	// DefaultQuantum. APDRR computes its own.
	Quantum float64
	// APDRRQuantum, when > 0, replaces APDRR's dynamic quantum with a fixed
	// one. The paper's APDRR has no such setting; it exists to ablate the
	// dynamic quantum (experiments/roundrobin). 0 is the published APDRR.
	APDRRQuantum float64
}

// TakesQuantum says whether the algorithm named name (any case) slices
// the CPU by Params.Quantum: RR and PLRR do; APDRR computes its own, and
// the others run each job to its end.
func TakesQuantum(name string) bool {
	n := strings.ToLower(name)
	return n == "rr" || n == "plrr"
}

func (p Params) quantum() float64 {
	if p.Quantum == 0 {
		return DefaultQuantum
	}
	return p.Quantum
}

// Limits of a simulation. Slices per job grow as run time / quantum, and
// a time step below a time's rounding unit makes no progress at all, so
// both ends are bounded: a quantum of 1e-300 s, or a run time of 1e308 s,
// once hung a simulation.
const (
	// MinQuantum is the shortest quantum, a millisecond: the unit of
	// real operating-system time slices.
	MinQuantum = 1e-3
	// MaxTime bounds submit times, run times and quanta: about 126 years
	// in seconds, the bound the trace reader applies to every time.
	MaxTime = 4e9
	// MaxSlaves bounds the platform: a million single-CPU slaves.
	MaxSlaves = 1_000_000
)

// CheckQuantum accepts 0 (the default) and quanta from MinQuantum to MaxTime.
func CheckQuantum(q float64) error {
	if q != 0 && !(q >= MinQuantum && q <= MaxTime) {
		return fmt.Errorf("quantum %v s: must be between %g and %g s", q, MinQuantum, float64(MaxTime))
	}
	return nil
}

func (p Params) check() error {
	if err := CheckQuantum(p.Quantum); err != nil {
		return fmt.Errorf("timeshare: %w", err)
	}
	if err := CheckQuantum(p.APDRRQuantum); err != nil {
		return fmt.Errorf("timeshare: APDRR %w (or 0 for the dynamic one)", err)
	}
	return nil
}

// Scheduler is one slave's local scheduling policy.
//
// Schedule simulates one slave from an empty CPU. jobs are that slave's jobs
// in arrival order (Submit ascending, ties in input order), all with Run >= 0
// and finite times. It sets FirstStart and End of out[i] for jobs[i] (Slave
// is the caller's) and returns the number of slices dispatched. Schedule
// keeps no state between calls, so one Scheduler may serve several
// goroutines at once.
type Scheduler interface {
	Schedule(jobs []Job, out []Outcome) (slices int64)
}

// Info describes one registered time-sharing algorithm, in the shape of
// every family's registry (internal/registry): its Label ("APDRR"), its
// Family ("non-preemptive": runs a job to completion; "round-robin":
// slices the CPU) and New, which builds the scheduler from validated
// Params.
type Info = registry.Info[func(Params) Scheduler]

// reg holds the algorithms; names are case-insensitive.
var reg = registry.New[func(Params) Scheduler]("timeshare", true)

// Register adds an algorithm under a name (case-insensitive; its Label
// defaults to the name in upper case). It panics on a duplicate name or a
// nil New, which are programming errors.
func Register(name string, info Info) { reg.Register(name, info, strings.ToUpper) }

// Algorithms lists the registered algorithm names in the paper's order for
// the built-in ones, then any others sorted.
func Algorithms() []string {
	order := []string{"fcfs", "spn", "ljf", "p", "rr", "plrr", "apdrr"}
	var names, extra []string
	for _, n := range order {
		if _, ok := reg.Lookup(n); ok {
			names = append(names, n)
		}
	}
	for _, n := range reg.Sorted() {
		if !slices.Contains(order, strings.ToLower(n)) {
			extra = append(extra, n)
		}
	}
	return append(names, extra...)
}

// Label returns the registered label of name, or name in upper case.
func Label(name string) string {
	if info, ok := reg.Lookup(name); ok {
		return info.Label
	}
	return strings.ToUpper(name)
}

// Help is the registry as text for --help: one "name  Label (family)"
// line per algorithm, in Algorithms order, the labels in one column as
// wide as the longest name needs.
func Help() string { return reg.Help(Algorithms()) }

// New returns the named scheduler. An unknown name or bad Params gives a
// one-line error listing the valid choices.
func New(name string, p Params) (Scheduler, error) {
	f, ok := reg.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown algorithm %q%s (valid: %s)", name, registry.DidYouMean(reg.Suggest(name)), strings.Join(Algorithms(), ", "))
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	s := f.New(p)
	if s == nil {
		return nil, fmt.Errorf("timeshare: algorithm %q: its Info.New returned nil; return the scheduler it builds", name)
	}
	return s, nil
}
