package mapping

import (
	"fmt"

	"github.com/gridbench/gridbench/etcmatrix"
)

// Schedule is the result of a mapping: which machine runs each job and
// when. Jobs run on their machine one after another in the order they were
// assigned, starting at the machine's ready time.
type Schedule struct {
	Heuristic  string
	Machine    []int     // Machine[j] runs job j
	Start, End []float64 // per job
	Ready      []float64 // per machine: the ready time given to Assign
	Completion []float64 // per machine: ready time plus the work assigned (Eq. 1)
	Count      []int     // per machine: number of jobs assigned
	Order      []int     // jobs in the order they were assigned
}

// newSchedule starts an empty schedule. ready may be nil (all machines free
// at time 0); otherwise it needs one entry per machine.
func newSchedule(name string, m *etcmatrix.Matrix, ready []float64) *Schedule {
	if ready != nil && len(ready) != m.Machines {
		panic(fmt.Sprintf("immediate: %s: %d ready times for %d machines", name, len(ready), m.Machines))
	}
	s := &Schedule{
		Heuristic:  name,
		Machine:    make([]int, m.Jobs),
		Start:      make([]float64, m.Jobs),
		End:        make([]float64, m.Jobs),
		Ready:      make([]float64, m.Machines),
		Completion: make([]float64, m.Machines),
		Count:      make([]int, m.Machines),
		Order:      make([]int, 0, m.Jobs),
	}
	copy(s.Ready, ready)
	copy(s.Completion, s.Ready)
	return s
}

// place appends job j to machine mach.
func (s *Schedule) place(m *etcmatrix.Matrix, j, mach int) {
	s.Machine[j] = mach
	s.Start[j] = s.Completion[mach]
	s.Completion[mach] += m.At(j, mach)
	s.End[j] = s.Completion[mach]
	s.Count[mach]++
	s.Order = append(s.Order, j)
}

// argminCompletion returns the machine on which job j would finish first
// (lowest index on ties).
func argminCompletion(m *etcmatrix.Matrix, completion []float64, j int) int {
	row := m.Row(j)
	best, bestCT := 0, completion[0]+row[0]
	for k := 1; k < len(row); k++ {
		if ct := completion[k] + row[k]; ct < bestCT {
			best, bestCT = k, ct
		}
	}
	return best
}

// argminETC returns the machine that runs job j fastest (lowest index on ties).
func argminETC(m *etcmatrix.Matrix, j int) int {
	row := m.Row(j)
	best := 0
	for k := 1; k < len(row); k++ {
		if row[k] < row[best] {
			best = k
		}
	}
	return best
}
