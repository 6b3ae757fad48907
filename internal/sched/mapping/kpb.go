package mapping

import (
	"fmt"
	"math"

	"github.com/gridbench/gridbench/etcmatrix"
)

// DefaultKPBPercent is the k of the paper's Tables 3–6.
const DefaultKPBPercent = 20

// KPBVariant selects how k turns into the number of candidate machines.
type KPBVariant int

const (
	// KPBDropWorst: the candidates are all machines except the ⌊M·k/100⌋
	// slowest for the job (at least one is kept). With M = 16, k = 20 that
	// is the 13 fastest — the only candidate count that reproduces the kPB
	// columns of Tables 3–6.
	KPBDropWorst KPBVariant = iota
	// KPBBestFloor: the ⌊M·k/100⌋ fastest machines (at least one), the
	// paper's prose and its Section 4 example (k = 2/3 of 3 machines → 2).
	KPBBestFloor
	// KPBBestCeil: the ⌈M·k/100⌉ fastest machines.
	KPBBestCeil
)

// KPB is k-Percent Best: each job, in arrival order, goes to the machine
// with the earliest completion time among a candidate set of machines that
// run it fastest. The zero K means DefaultKPBPercent; Assign panics unless
// 0 < K ≤ 100.
type KPB struct {
	K       float64 // percent
	Variant KPBVariant
}

// Name implements Heuristic.
func (KPB) Name() string { return "kPB" }

// Candidates returns how many machines are candidates for each job when
// there are machines machines.
func (h KPB) Candidates(machines int) int {
	k := h.K
	if k == 0 {
		k = DefaultKPBPercent
	}
	if !(k > 0 && k <= 100) {
		panic(fmt.Sprintf("immediate: kPB needs 0 < k ≤ 100 percent, got %v", h.K))
	}
	// The epsilon keeps k = 100·2/3 on 3 machines at 2, not 1.999….
	x := float64(machines) * k / 100
	var n int
	switch h.Variant {
	case KPBBestFloor:
		n = int(math.Floor(x + 1e-9))
	case KPBBestCeil:
		n = int(math.Ceil(x - 1e-9))
	default:
		n = machines - int(math.Floor(x+1e-9))
	}
	return min(max(n, 1), machines)
}

// Assign implements Heuristic.
func (h KPB) Assign(m *etcmatrix.Matrix, ready []float64) *Schedule {
	n := h.Candidates(m.Machines)
	s := newSchedule(h.Name(), m, ready)
	idx := make([]int, m.Machines)
	for j := 0; j < m.Jobs; j++ {
		row := m.Row(j)
		selectFastest(idx, row, n)
		best, bestCT := -1, 0.0
		for _, k := range idx[:n] {
			// Candidates come in speed order; break completion-time ties by
			// machine index so the result does not depend on that order.
			ct := s.Completion[k] + row[k]
			if best < 0 || ct < bestCT || (ct == bestCT && k < best) {
				best, bestCT = k, ct
			}
		}
		s.place(m, j, best)
	}
	return s
}

// selectFastest leaves in idx[:n] the n machines with the smallest row
// values, fastest first (ties: lower index first). It keeps a sorted prefix
// of the best seen so far — a partial insertion sort, allocation-free and
// cheaper than sorting all M machines for each job.
func selectFastest(idx []int, row []float64, n int) {
	less := func(a, b int) bool { return row[a] < row[b] || (row[a] == row[b] && a < b) }
	size := 0
	for v := range row {
		if size == n {
			if !less(v, idx[n-1]) {
				continue
			}
			size-- // drop the slowest kept so far
		}
		k := size
		for k > 0 && less(v, idx[k-1]) {
			idx[k] = idx[k-1]
			k--
		}
		idx[k] = v
		size++
	}
}
