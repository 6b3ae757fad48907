package mapping

import (
	"fmt"
	"strings"

	"github.com/gridbench/gridbench/internal/etcmatrix"
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

// registry lists the heuristics with the paper's parameters, in the order
// of the paper's tables followed by the batch-mode baselines.
var registry = []Heuristic{
	OLB{},
	MCT{},
	MET{},
	SA{Low: DefaultSALow, High: DefaultSAHigh},
	KPB{K: DefaultKPBPercent},
	MinMin{},
	MaxMin{},
	Sufferage{},
}

// Names returns the registered names: OLB, MCT, MET, SA, kPB, MinMin,
// MaxMin, Sufferage.
func Names() []string {
	out := make([]string, len(registry))
	for i, h := range registry {
		out[i] = h.Name()
	}
	return out
}

// Lookup returns the heuristic called name (case-insensitive) with the
// paper's default parameters.
func Lookup(name string) (Heuristic, error) {
	for _, h := range registry {
		if strings.EqualFold(h.Name(), name) {
			return h, nil
		}
	}
	return nil, fmt.Errorf("unknown heuristic %q; valid: %s", name, strings.Join(Names(), ", "))
}
