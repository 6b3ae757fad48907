package mapping

import "github.com/gridbench/gridbench/etcmatrix"

// MET is Minimum Execution Time (LBA, UDA): each job goes to the machine
// that runs it fastest, ignoring load; ties to the lowest index.
type MET struct{}

// Name implements Heuristic.
func (MET) Name() string { return "MET" }

// Assign implements Heuristic.
func (h MET) Assign(m *etcmatrix.Matrix, ready []float64) *Schedule {
	s := newSchedule(h.Name(), m, ready)
	for j := 0; j < m.Jobs; j++ {
		s.place(m, j, argminETC(m, j))
	}
	return s
}
