package mapping

import "github.com/gridbench/gridbench/etcmatrix"

// MCT is Minimum Completion Time (Fast Greedy): each job, in arrival order,
// goes to the machine where it would finish first, given the work already
// assigned; ties to the lowest index.
type MCT struct{}

// Name implements Heuristic.
func (MCT) Name() string { return "MCT" }

// Assign implements Heuristic.
func (h MCT) Assign(m *etcmatrix.Matrix, ready []float64) *Schedule {
	s := newSchedule(h.Name(), m, ready)
	for j := 0; j < m.Jobs; j++ {
		s.place(m, j, argminCompletion(m, s.Completion, j))
	}
	return s
}
