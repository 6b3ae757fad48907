package mapping

import (
	"github.com/gridbench/gridbench/etcmatrix"
	"github.com/gridbench/gridbench/internal/registry"
)

// Info describes a registered heuristic, in the shape of every family's
// registry (internal/registry): its Label, its Family ("immediate" or
// "batch") and New, which builds it from the user-settable Params.
type Info = registry.Info[func(Params) Heuristic]

// registered is a heuristic added by Register: it answers to its
// registered name whatever the value New built calls itself.
type registered struct {
	name string
	h    Heuristic
}

func (r registered) Name() string { return r.name }

func (r registered) Assign(m *etcmatrix.Matrix, ready []float64) *Schedule {
	s := r.h.Assign(m, ready)
	s.Heuristic = r.name
	return s
}

// Register adds a heuristic after the built-in ones; it is then valid
// wherever a built-in name is (etc eval --heuristics, study files), built
// from the run's Params like them. Call it from an init function; it
// panics on an empty name, a name already taken (case-insensitive) or a
// nil New, which are programming errors.
func Register(name string, info Info) { reg.Register(name, info, nil) }

// NewSchedule starts an empty schedule of m for a heuristic called name:
// what a heuristic written outside this package fills with Place. ready
// is as for Heuristic.Assign.
func NewSchedule(name string, m *etcmatrix.Matrix, ready []float64) *Schedule {
	return newSchedule(name, m, ready)
}

// Place appends job j to machine mach: it starts when the machine's
// previous work completes.
func (s *Schedule) Place(m *etcmatrix.Matrix, j, mach int) { s.place(m, j, mach) }
