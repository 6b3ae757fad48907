package schedbased

import (
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

func init() {
	sched.Register("egedf", func() sim.Scheduler { return NewEGEDF() })
	sched.Register("tabu", func() sim.Scheduler {
		return NewTabuScheduler(DefaultTabuOptions(), TabuSeed)
	})
}
