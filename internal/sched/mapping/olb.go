package mapping

import "github.com/gridbench/gridbench/etcmatrix"

// OLBVariant selects how OLB reads "the earliest idle machine".
type OLBVariant int

const (
	// OLBLowestIndex: the machine whose current completion time (ready time
	// plus work already assigned) is smallest; ties to the lowest index.
	// This reproduces Tables 3–6.
	OLBLowestIndex OLBVariant = iota
	// OLBHighestIndex: as OLBLowestIndex, ties to the highest index.
	OLBHighestIndex
	// OLBFastestIdle: among the machines idle earliest, the one that runs
	// the job fastest.
	OLBFastestIdle
	// OLBEarliestFinish: the machine where the job would finish first, i.e.
	// reading "idle" as completion including this job (this is MCT).
	OLBEarliestFinish
)

// OLB is Opportunistic Load Balancing: each job, in arrival order, goes to
// the machine that becomes idle first, whatever the job's execution time
// there.
type OLB struct{ Variant OLBVariant }

// Name implements Heuristic.
func (OLB) Name() string { return "OLB" }

// Assign implements Heuristic.
func (o OLB) Assign(m *etcmatrix.Matrix, ready []float64) *Schedule {
	s := newSchedule(o.Name(), m, ready)
	for j := 0; j < m.Jobs; j++ {
		var best int
		switch o.Variant {
		case OLBEarliestFinish:
			best = argminCompletion(m, s.Completion, j)
		default:
			row := m.Row(j)
			for k := 1; k < m.Machines; k++ {
				c, b := s.Completion[k], s.Completion[best]
				switch {
				case c < b:
					best = k
				case c == b && o.Variant == OLBHighestIndex:
					best = k
				case c == b && o.Variant == OLBFastestIdle && row[k] < row[best]:
					best = k
				}
			}
		}
		s.place(m, j, best)
	}
	return s
}
