package mapping

import (
	"fmt"
	"strings"

	"github.com/gridbench/gridbench/etcmatrix"
	"github.com/gridbench/gridbench/internal/registry"
)

// Heuristic maps every job of an ETC matrix to a machine.
//
// Assign takes the machines' ready times (nil means all zero; otherwise one
// per machine, or Assign panics). Immediate-mode heuristics take jobs in
// index order, as they arrive; batch-mode ones see all jobs at once.
type Heuristic interface {
	Name() string
	Assign(m *etcmatrix.Matrix, ready []float64) *Schedule
}

// reg holds the heuristics, names case-insensitive: the paper's in the
// order of its tables, then the batch-mode baselines, then any added with
// Register. New builds each from Params (the built-ins read SA's
// thresholds and kPB's k).
var reg = registry.New[func(Params) Heuristic]("mapping", true)

func init() {
	for _, b := range []struct {
		family string
		new    func(Params) Heuristic
	}{
		{"immediate", func(Params) Heuristic { return OLB{} }},
		{"immediate", func(Params) Heuristic { return MCT{} }},
		{"immediate", func(Params) Heuristic { return MET{} }},
		{"immediate", func(p Params) Heuristic { return SA{Low: p.SALow, High: p.SAHigh} }},
		{"immediate", func(p Params) Heuristic { return KPB{K: p.KPercent} }},
		{"batch", func(Params) Heuristic { return MinMin{} }},
		{"batch", func(Params) Heuristic { return MaxMin{} }},
		{"batch", func(Params) Heuristic { return Sufferage{} }},
	} {
		reg.Register(b.new(DefaultParams).Name(), Info{Family: b.family, New: b.new}, nil)
	}
}

// Names returns the registered names: OLB, MCT, MET, SA, kPB, MinMin,
// MaxMin, Sufferage, then any added with Register.
func Names() []string { return reg.Names() }

// Lookup returns what is registered under name (case-insensitive), or an
// error listing the valid names: the registry shape of every family.
func Lookup(name string) (Info, error) {
	info, ok := reg.Lookup(name)
	if !ok {
		return Info{}, fmt.Errorf("unknown heuristic %q%s (valid: %s)", name, registry.DidYouMean(reg.Suggest(name)), strings.Join(Names(), ", "))
	}
	return info, nil
}

// New returns the heuristic called name (case-insensitive) built from p;
// DefaultParams gives the paper's. A heuristic added with Register answers
// to its registered name whatever the value its New built calls itself.
func New(name string, p Params) (Heuristic, error) {
	info, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	h := info.New(p)
	if canon := canonical(name); h.Name() != canon {
		h = registered{canon, h}
	}
	return h, nil
}

// canonical returns the name as registered.
func canonical(name string) string {
	for _, n := range reg.Names() {
		if strings.EqualFold(n, name) {
			return n
		}
	}
	return name
}

// Help is the registry as text for --help: one "name  Label (family)"
// line per heuristic, in Names order, the labels in one column as wide as
// the longest name needs.
func Help() string { return reg.Help(Names()) }
