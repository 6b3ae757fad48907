package mapping

import (
	"fmt"

	"github.com/gridbench/gridbench/etcmatrix"
)

// Thresholds of the paper's Tables 3–6.
const (
	DefaultSALow  = 0.6
	DefaultSAHigh = 0.9
)

// SAVariant selects what the load-balance factor r = r_min/r_max is
// computed from.
type SAVariant int

const (
	// SACompletion: r from the machines' current completion times (ready
	// time plus work assigned so far), recomputed before each job; r = 0
	// while every machine is at time 0. This reproduces Tables 3–6.
	SACompletion SAVariant = iota
	// SAIdleIsBalanced: as SACompletion but r = 1 when every machine is at
	// time 0 (0/0 read as perfect balance).
	SAIdleIsBalanced
	// SAReadyOnly: r from the ready times given to Assign, never updated —
	// the literal "maximum/minimum ready time". With equal ready times r
	// never moves and SA is MCT.
	SAReadyOnly
)

// SA is the Switching Algorithm: it starts with MCT and, cyclically,
// switches to MET when r rises above High and back to MCT when r falls
// below Low, with r = r_min/r_max measuring the load balance.
//
// The zero value uses the paper's thresholds 0.6 and 0.9 (High = 0 is never
// valid, so it means "defaults"). Assign panics unless 0 ≤ Low < High ≤ 1.
type SA struct {
	Low, High float64
	Variant   SAVariant
}

// Name implements Heuristic.
func (SA) Name() string { return "SA" }

func (h SA) thresholds() (lo, hi float64) {
	if h.High == 0 {
		return DefaultSALow, DefaultSAHigh
	}
	if !(0 <= h.Low && h.Low < h.High && h.High <= 1) {
		panic(fmt.Sprintf("immediate: SA thresholds need 0 ≤ low < high ≤ 1, got low %v high %v", h.Low, h.High))
	}
	return h.Low, h.High
}

// Assign implements Heuristic.
func (h SA) Assign(m *etcmatrix.Matrix, ready []float64) *Schedule {
	lo, hi := h.thresholds()
	s := newSchedule(h.Name(), m, ready)
	useMET := false
	for j := 0; j < m.Jobs; j++ {
		loads := s.Completion
		if h.Variant == SAReadyOnly {
			loads = s.Ready
		}
		r := balance(loads, h.Variant == SAIdleIsBalanced)
		if !useMET && r > hi {
			useMET = true
		} else if useMET && r < lo {
			useMET = false
		}
		if useMET {
			s.place(m, j, argminETC(m, j))
		} else {
			s.place(m, j, argminCompletion(m, s.Completion, j))
		}
	}
	return s
}

// balance returns min/max of loads; when all are zero it returns 1 if
// idleBalanced and 0 otherwise.
func balance(loads []float64, idleBalanced bool) float64 {
	lo, hi := loads[0], loads[0]
	for _, v := range loads[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi == 0 {
		if idleBalanced {
			return 1
		}
		return 0
	}
	return lo / hi
}
