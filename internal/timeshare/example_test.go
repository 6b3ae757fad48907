package timeshare_test

import (
	"fmt"

	"github.com/gridbench/gridbench/internal/timeshare"
)

// Three jobs on one slave under RR with a 2 s quantum: the first job is
// preempted at t=2, exactly when the third arrives, so the third runs first.
func Example() {
	jobs := []timeshare.Job{
		{ID: 1, Submit: 0, Run: 3},
		{ID: 2, Submit: 1, Run: 2},
		{ID: 3, Submit: 2, Run: 1},
	}
	s, err := timeshare.New("rr", timeshare.Params{Quantum: 2})
	if err != nil {
		panic(err)
	}
	res, err := timeshare.Run(jobs, 1, s)
	if err != nil {
		panic(err)
	}
	for i, o := range res.Outcomes {
		fmt.Printf("job %d: first start %g, end %g\n", jobs[i].ID, o.FirstStart, o.End)
	}
	m := timeshare.Summarize(jobs, res.Outcomes)
	fmt.Printf("avg turnaround %.2f, max stretch %.2f, %d slices\n", m.AvgTurnaround, m.MaxStretch, res.Slices)
	// Output:
	// job 1: first start 0, end 6
	// job 2: first start 2, end 4
	// job 3: first start 4, end 5
	// avg turnaround 4.00, max stretch 3.00, 4 slices
}
