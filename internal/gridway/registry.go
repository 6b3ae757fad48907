package gridway

import (
	"fmt"
	"strings"

	"github.com/gridbench/gridbench/internal/registry"
)

// Info describes one registered meta-scheduling policy, in the shape of
// every family's registry (internal/registry): its Label, its Family
// (FamilyStatic: SO, SO-AS, trained offline on a run of Normal; "dynamic
// objective": DO, DO-AS, fitted while running; "none": Normal) and New,
// which builds the policy for one run. trained holds one objective per
// user (TrainObjectives); only static-objective policies read it.
type Info = registry.Info[func(trained []Objective) Policy]

// FamilyStatic is the family of the policies whose objective comes from an
// offline training run of Normal (NeedsTraining).
const FamilyStatic = "static objective"

// reg holds the policies in registration order: the paper's for the
// built-ins.
var reg = registry.New[func(trained []Objective) Policy]("gridway", false)

// Register makes a policy available by name. It panics on a duplicate name
// or a nil New: registration happens in init functions, where a clash is a
// programming error.
func Register(name string, info Info) { reg.Register(name, info, nil) }

func init() {
	Register("Normal", Info{Family: "none", New: func([]Objective) Policy { return Normal{} }})
	Register("SO", Info{Family: FamilyStatic, New: func(t []Objective) Policy { return &SO{Trained: t} }})
	Register("DO", Info{Family: "dynamic objective", New: func([]Objective) Policy { return DO{} }})
	Register("SO-AS", Info{Family: FamilyStatic, New: func(t []Objective) Policy { return &SOAS{Trained: t} }})
	Register("DO-AS", Info{Family: "dynamic objective", New: func([]Objective) Policy { return DOAS{} }})
}

// Registered lists the registered policy names in registration order.
func Registered() []string { return reg.Names() }

// NewPolicy returns the named policy. Static-objective policies (SO, SO-AS)
// take their objectives from trained (one per user, as TrainObjectives
// returns them); the others ignore it.
func NewPolicy(name string, trained []Objective) (Policy, error) {
	info, ok := reg.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown policy %q%s (valid: %s)", name, registry.DidYouMean(reg.Suggest(name)), strings.Join(reg.Names(), ", "))
	}
	return info.New(trained), nil
}

// NeedsTraining reports whether the policy's objective comes from an
// offline training run of Normal.
func NeedsTraining(name string) bool {
	info, _ := reg.Lookup(name)
	return info.Family == FamilyStatic
}

// Help is the registry as text for --help: one "name  Label (family)" line
// per policy, in registration order, the labels in one column as wide as
// the longest name needs.
func Help() string { return reg.Help(reg.Names()) }
