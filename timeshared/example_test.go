package timeshared_test

import (
	"fmt"

	"github.com/gridbench/gridbench/timeshared"
)

// lifo runs the most recently arrived waiting job first, to completion.
type lifo struct{}

func (lifo) Schedule(jobs []timeshared.Job, out []timeshared.Outcome) int64 {
	done := make([]bool, len(jobs))
	t := 0.0
	for n := 0; n < len(jobs); n++ {
		next := -1
		for i, j := range jobs {
			if !done[i] && (j.Submit <= t || next < 0) {
				next = i // the last one arrived by t, else the next to arrive
				if j.Submit > t {
					break
				}
			}
		}
		t = max(t, jobs[next].Submit)
		out[next].FirstStart, out[next].End = t, t+jobs[next].Run
		t += jobs[next].Run
		done[next] = true
	}
	return int64(len(jobs))
}

func init() {
	timeshared.Register("lifo", timeshared.Info{Label: "LIFO", Family: "non-preemptive",
		New: func(timeshared.Params) timeshared.Scheduler { return lifo{} }})
}

func Example() {
	// Three jobs on one slave. FCFS: 0–10, 10–15, 15–16 (turnarounds 10,
	// 14, 14); LIFO takes job 3 before job 2 at 10: 0–10, 11–16, 10–11
	// (10, 15, 9).
	jobs := []timeshared.Job{{ID: 1, Submit: 0, Run: 10}, {ID: 2, Submit: 1, Run: 5}, {ID: 3, Submit: 2, Run: 1}}
	for _, algo := range []string{"fcfs", "lifo"} {
		s, err := timeshared.New(algo, timeshared.Params{})
		if err != nil {
			panic(err)
		}
		res, err := timeshared.Run(jobs, 1, s)
		if err != nil {
			panic(err)
		}
		m := timeshared.Summarize(jobs, res.Outcomes)
		fmt.Printf("%s: mean turnaround %.2f s\n", algo, m.AvgTurnaround)
	}
	// Output:
	// fcfs: mean turnaround 12.67 s
	// lifo: mean turnaround 11.33 s
}
