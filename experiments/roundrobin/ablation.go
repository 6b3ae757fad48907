package roundrobin

import (
	"fmt"
	"strings"

	"github.com/gridbench/gridbench/internal/timeshare"
)

// Variant is APDRR with one reading changed, for the ablation: does any
// single change make the published algorithm win as the paper says it
// does? The published APDRR itself is never changed.
type Variant struct {
	Name   string // algorithm name in runs.csv
	Label  string // how the ablation table names it
	Change string // what differs from APDRR as written
	// Quantum, when > 0, replaces the dynamic sqrt(mean run) quantum.
	Quantum float64
	// Priorities, when set, replaces timeshare.PriorityRule on the window;
	// PriorityText states it.
	Priorities   func([]timeshare.Job)
	PriorityText string
	// Admit, when set, admits jobs arriving during a cycle at the next
	// slice boundary in priority order (timeshare.NewAPDRRAdmit) instead
	// of at the next cycle.
	Admit bool
}

// Variants are the ablation's readings of APDRR, each one change away from
// the published algorithm.
var Variants = []Variant{
	{Name: "apdrr-q50", Label: "q = 50 s", Quantum: timeshare.DefaultQuantum,
		Change: "the fixed 50 s quantum of RR and PLRR instead of sqrt(mean run time of the local queue)"},
	{Name: "apdrr-equal", Label: "all priorities equal", Priorities: equalPriorities, PriorityText: "every job 1",
		Change: "every job priority 1, so neither the global queues nor the local sort order anything"},
	{Name: "apdrr-runtime", Label: "run-time priorities", Priorities: timeshare.PriorityByRun, PriorityText: timeshare.RunTimePriorityText,
		Change: "priorities from run times instead of users: the shortest third of the window's jobs 1, the longest third 3 (timeshare.PriorityByRun)"},
	{Name: "apdrr-admit", Label: "admission within a cycle", Admit: true,
		Change: "jobs arriving during a cycle join at the next slice boundary, in priority order, instead of at the next cycle (timeshare.NewAPDRRAdmit)"},
}

// VariantNames lists the names of Variants.
func VariantNames() []string {
	out := make([]string, len(Variants))
	for i, v := range Variants {
		out[i] = v.Name
	}
	return out
}

// variantRules describes every variant for the plan's configuration.
func variantRules() []string {
	out := make([]string, len(Variants))
	for i, v := range Variants {
		out[i] = fmt.Sprintf("%s: quantum %g (0: dynamic), priorities %q", v.Name, v.Quantum, v.PriorityText)
		if v.Admit {
			out[i] += ", admission within a cycle"
		}
	}
	return out
}

func variant(name string) (Variant, bool) {
	for _, v := range Variants {
		if v.Name == name {
			return v, true
		}
	}
	return Variant{}, false
}

func equalPriorities(jobs []timeshare.Job) {
	for i := range jobs {
		jobs[i].Priority = 1
	}
}

// scheduler resolves an algorithm or variant name to its scheduler and,
// for a variant that changes them, the rule that sets the priorities
// (nil: keep timeshare.PriorityRule's, which Window applied).
func scheduler(name string, quantum float64) (timeshare.Scheduler, func([]timeshare.Job), error) {
	if v, ok := variant(strings.ToLower(name)); ok {
		if v.Admit {
			return timeshare.NewAPDRRAdmit(v.Quantum), v.Priorities, nil
		}
		s, err := timeshare.New("apdrr", timeshare.Params{Quantum: quantum, APDRRQuantum: v.Quantum})
		return s, v.Priorities, err
	}
	s, err := timeshare.New(name, timeshare.Params{Quantum: quantum})
	if err != nil {
		return nil, nil, fmt.Errorf("%w, or an APDRR variant (%s)", err, strings.Join(VariantNames(), ", "))
	}
	return s, nil, nil
}
