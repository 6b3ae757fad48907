package gridway

import (
	"fmt"
	"slices"
	"strings"
)

// Info describes one registered meta-scheduling policy, in the shape of the
// space-shared registry (internal/sched.Info).
type Info struct {
	// Label is how tables and figures name the policy.
	Label string
	// Family is its kind: "static objective" (SO, SO-AS: trained offline
	// on a run of Normal), "dynamic objective" (DO, DO-AS: fitted while
	// running) or "none" (Normal).
	Family string
	// New builds the policy for one run. trained holds one objective per
	// user (TrainObjectives); only static-objective policies read it.
	New func(trained []Objective) Policy
}

var (
	policies = map[string]Info{}
	order    []string // registration order: the paper's for the built-ins
)

// Register makes a policy available by name. It panics on a duplicate name
// or a nil New: registration happens in init functions, where a clash is a
// programming error.
func Register(name string, info Info) {
	if _, dup := policies[name]; dup || info.New == nil || name == "" {
		panic(fmt.Sprintf("gridway: Register(%q): duplicate, empty or without New", name))
	}
	if info.Label == "" {
		info.Label = name
	}
	policies[name] = info
	order = append(order, name)
}

func init() {
	Register("Normal", Info{Family: "none", New: func([]Objective) Policy { return Normal{} }})
	Register("SO", Info{Family: "static objective", New: func(t []Objective) Policy { return &SO{Trained: t} }})
	Register("DO", Info{Family: "dynamic objective", New: func([]Objective) Policy { return DO{} }})
	Register("SO-AS", Info{Family: "static objective", New: func(t []Objective) Policy { return &SOAS{Trained: t} }})
	Register("DO-AS", Info{Family: "dynamic objective", New: func([]Objective) Policy { return DOAS{} }})
}

// Registered lists the registered policy names in registration order.
func Registered() []string { return slices.Clone(order) }

// NewPolicy returns the named policy. Static-objective policies (SO, SO-AS)
// take their objectives from trained (one per user, as TrainObjectives
// returns them); the others ignore it.
func NewPolicy(name string, trained []Objective) (Policy, error) {
	info, ok := policies[name]
	if !ok {
		return nil, fmt.Errorf("unknown policy %q (valid: %s)", name, strings.Join(order, ", "))
	}
	return info.New(trained), nil
}

// NeedsTraining reports whether the policy's objective comes from an
// offline training run of Normal.
func NeedsTraining(name string) bool { return policies[name].Family == "static objective" }

// Help is the registry as text for --help: one "name  Label (family)" line
// per policy, in registration order.
func Help() string {
	var b strings.Builder
	for _, n := range order {
		fmt.Fprintf(&b, "  %-8s %s (%s)\n", n, policies[n].Label, policies[n].Family)
	}
	return b.String()
}
