package schedbased

import (
	"math/rand/v2"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

func init() {
	sched.Register("egedf", sched.Info{Label: "EG-EDF", Family: "schedule-based", New: func(rand.Source) sim.Scheduler { return NewEGEDF() }})
	sched.Register("tabu", sched.Info{Label: "Tabu", Family: "schedule-based", New: func(src rand.Source) sim.Scheduler {
		// Tabu seeds each move from (seed, arrival, iteration); the run's source gives the seed.
		return NewTabuScheduler(DefaultTabuOptions(), src.Uint64())
	}})
}
