package schedbased

import (
	"math/rand/v2"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

// Alg3TabuOptions are the Tabu search options of Algorithm 3 as the
// longer paper (Klusáček and Rudová) writes it: "Both delayed and
// non-delayed jobs are considered as candidates", so every machine may be
// a source (the one with the most delayed planned jobs first) and the
// search runs its full iteration bound after each arrival even when no
// planned job is delayed. Iterations and tabu list length are the
// defaults'. "tabu" (DefaultTabuOptions) is the other reading and stays
// the default; this one is run beside it as a reading of the paper.
func Alg3TabuOptions() TabuOptions {
	o := DefaultTabuOptions()
	o.AllSources = true
	return o
}

func init() {
	sched.Register("tabu-alg3", sched.Info{Label: "Tabu (Algorithm 3 reading)", Family: "schedule-based", New: func(src rand.Source) sim.Scheduler {
		return NewTabuScheduler(Alg3TabuOptions(), src.Uint64())
	}})
}
