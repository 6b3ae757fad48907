package mapping

import (
	"math"

	"github.com/gridbench/gridbench/etcmatrix"
)

// Sufferage is the batch-mode Sufferage heuristic (Maheswaran et al. 1999,
// as compared by Braun et al. 2001). In each pass over the unmapped jobs (in
// index order), a job claims the machine where it would finish first; its
// sufferage is the second-best completion time minus the best. A machine
// already claimed in this pass goes to the job with the larger sufferage
// (the earlier claim keeps it on ties); losers wait for the next pass. At
// the end of a pass the claims are committed and completion times updated.
type Sufferage struct{}

// Name implements Heuristic.
func (Sufferage) Name() string { return "Sufferage" }

// Assign implements Heuristic.
func (h Sufferage) Assign(m *etcmatrix.Matrix, ready []float64) *Schedule {
	s := newSchedule(h.Name(), m, ready)
	left := make([]int, m.Jobs)
	for j := range left {
		left[j] = j
	}
	claim := make([]int, m.Machines) // job claiming each machine, -1 if none
	suff := make([]float64, m.Machines)
	var next []int
	for len(left) > 0 {
		for k := range claim {
			claim[k] = -1
		}
		next = next[:0]
		for _, j := range left {
			row := m.Row(j)
			// Machine 0 first, so a job is placed even when every
			// completion time is +Inf.
			b1, ct1, ct2 := 0, s.Completion[0]+row[0], math.Inf(1)
			for k, e := range row[1:] {
				k++
				if ct := s.Completion[k] + e; ct < ct1 {
					b1, ct1, ct2 = k, ct, ct1
				} else if ct < ct2 {
					ct2 = ct
				}
			}
			sf := ct2 - ct1
			if m.Machines == 1 {
				sf = 0
			}
			switch {
			case claim[b1] < 0:
				claim[b1], suff[b1] = j, sf
			case sf > suff[b1]:
				next = append(next, claim[b1])
				claim[b1], suff[b1] = j, sf
			default:
				next = append(next, j)
			}
		}
		// Commit claims in job order so the schedule does not depend on
		// machine numbering.
		for _, j := range left {
			for k, c := range claim {
				if c == j {
					s.place(m, j, k)
					claim[k] = -1
					break
				}
			}
		}
		// Losers return in index order for the next pass.
		left = append(left[:0], sortedInts(next)...)
	}
	return s
}

func sortedInts(a []int) []int {
	for i := 1; i < len(a); i++ {
		for k := i; k > 0 && a[k] < a[k-1]; k-- {
			a[k], a[k-1] = a[k-1], a[k]
		}
	}
	return a
}
