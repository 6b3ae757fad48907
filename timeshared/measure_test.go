package timeshared

import (
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/timeshare"
)

// Two jobs on one slave under FCFS: the second (submitted at 1) waits for
// the first to end at 10, then runs 5 s: ends 10 and 15.
func TestSimulateByHand(t *testing.T) {
	jobs := []timeshare.Job{{ID: 1, Submit: 0, Run: 10, Priority: 1}, {ID: 2, Submit: 1, Run: 5, Priority: 1}}
	s, err := timeshare.New("fcfs", timeshare.Params{})
	if err != nil {
		t.Fatal(err)
	}
	o, err := Simulate(jobs, 1, s, func(js []timeshare.Job) { js[0].Priority = 9 })
	if err != nil {
		t.Fatal(err)
	}
	if jobs[0].Priority != 1 {
		t.Error("Simulate changed the caller's jobs")
	}
	v := Table.ValueMap(o)
	for name, want := range map[string]float64{
		MMakespan:   15,
		MTurnaround: (10 + 14) / 2.0,
		MResponse:   (0 + 9) / 2.0,
		MJobs:       2,
	} {
		if v[name] != want {
			t.Errorf("%s = %v, want %v", name, v[name], want)
		}
	}
}

// The order runs.csv records, which earlier results were written in.
func TestTableOrder(t *testing.T) {
	want := []string{"avg_waiting", "avg_turnaround", "avg_response", "avg_bounded_slowdown", "total_completion",
		"max_stretch", "makespan", "slices", "jobs"}
	if got := Table.Names(); !slices.Equal(got, want) {
		t.Errorf("Table.Names() = %v, want %v", got, want)
	}
}
