package mapping

import "github.com/gridbench/gridbench/etcmatrix"

// MinMin is the batch-mode Min-Min heuristic (Braun et al. 2001): among all
// unmapped jobs, find each one's minimum completion time; map the job whose
// minimum is smallest; repeat. Ties go to the lower job, then machine, index.
type MinMin struct{}

// Name implements Heuristic.
func (MinMin) Name() string { return "MinMin" }

// Assign implements Heuristic.
func (h MinMin) Assign(m *etcmatrix.Matrix, ready []float64) *Schedule {
	return minMax(h.Name(), m, ready, false)
}

// MaxMin is the batch-mode Max-Min heuristic (Braun et al. 2001): as
// Min-Min, but the job whose minimum completion time is largest is mapped
// first. Ties go to the lower job, then machine, index.
type MaxMin struct{}

// Name implements Heuristic.
func (MaxMin) Name() string { return "MaxMin" }

// Assign implements Heuristic.
func (h MaxMin) Assign(m *etcmatrix.Matrix, ready []float64) *Schedule {
	return minMax(h.Name(), m, ready, true)
}

// minMax runs Min-Min (pickMax false) or Max-Min in O(N² + N·M·r), where r
// is how often a job's best machine is taken. It caches each unmapped job's
// best machine: mapping a job only delays the machine it went to, so only
// jobs whose cached best was that machine can change their choice.
func minMax(name string, m *etcmatrix.Matrix, ready []float64, pickMax bool) *Schedule {
	s := newSchedule(name, m, ready)
	n := m.Jobs
	best := make([]int, n)
	bestCT := make([]float64, n)
	left := make([]int, n) // unmapped jobs, in index order
	for j := range left {
		left[j] = j
		best[j] = argminCompletion(m, s.Completion, j)
		bestCT[j] = s.Completion[best[j]] + m.At(j, best[j])
	}
	for len(left) > 0 {
		pos := 0
		for p := 1; p < len(left); p++ {
			c, b := bestCT[left[p]], bestCT[left[pos]]
			if (!pickMax && c < b) || (pickMax && c > b) {
				pos = p
			}
		}
		j := left[pos]
		mach := best[j]
		s.place(m, j, mach)
		left = append(left[:pos], left[pos+1:]...)
		for _, i := range left {
			if best[i] == mach {
				best[i] = argminCompletion(m, s.Completion, i)
				bestCT[i] = s.Completion[best[i]] + m.At(i, best[i])
			}
		}
	}
	return s
}
