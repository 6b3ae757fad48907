package flex_test

import (
	"fmt"

	"github.com/gridbench/gridbench/internal/sched/flex"
	"github.com/gridbench/gridbench/internal/sim"
)

// A job submitted at 0 with a 100 s estimate and a deadline at 500, seen at
// t=350 in a queue whose shortest estimate is 50 s.
func ExampleParams_Priority() {
	p := flex.DefaultParams()
	j := &sim.Job{Submit: 0, Run: 100, HasDeadline: true, Deadline: 500}
	now, nxtime, minext := 350.0, 100.0, 50.0
	fmt.Printf("aging %.3f + deadline %.3f + wait %.3f = %.3f\n",
		p.Aging(j, now), p.Deadline(j, now, nxtime), p.WaitMinimization(j, minext), p.Priority(j, now, nxtime, minext))
	// Output: aging 3.500 + deadline 15.025 + wait 1.000 = 19.525
}
