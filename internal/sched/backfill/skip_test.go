package backfill

import (
	"testing"

	"github.com/gridbench/gridbench/internal/sim"
)

// fixed predicts each job's run time from a table (by job index).
type fixed []float64

func (f fixed) Predict(_ *sim.State, j int, _ []int) float64 { return f[j] }
func (fixed) Learn(*sim.State, int)                          {}

// TestSkippedPass: in pyss's order EASY with predictions skips the pass
// after an arrival that does not fit now, and a correction since the last
// pass then waits for the next end to open a backfill. Job 0 (3 of 4
// CPUs) is predicted 10 s and runs 50; the head (4 CPUs) is reserved at
// 10, so job 2 (1 CPU, 20 s) cannot backfill at 2. At 15, job 3 (2 CPUs)
// arrives and does not fit: batched, or under EASY++, the pass corrects
// job 0 to its request (100) and job 2 backfills at 15; EASY with
// predictions per event skips that pass.
func TestSkippedPass(t *testing.T) {
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 50, Estimate: 100, CPUs: 3},
		{ID: 2, Submit: 1, Run: 5, Estimate: 5, CPUs: 4},
		{ID: 3, Submit: 2, Run: 20, Estimate: 20, CPUs: 1},
		{ID: 4, Submit: 15, Run: 1, Estimate: 1, CPUs: 2},
	}
	pred := fixed{10, 5, 20, 1}
	for _, c := range []struct {
		name  string
		sjbf  bool
		order sim.EventOrder
		skip  bool
	}{
		{"easypred per-event", false, sim.PerEvent, true},
		{"easypred batched", false, sim.Batched, false},
		{"easypp per-event", true, sim.PerEvent, false},
	} {
		recs, err := sim.SimulateWith(sim.SingleMachine(4), jobs, NewPredicted(pred, ReqTime, c.sjbf), sim.Options{Order: c.order})
		if err != nil {
			t.Fatal(err)
		}
		if got := recs[2].Start; (got == 15) == c.skip {
			t.Errorf("%s: job 2 starts at %g, want 15: %v", c.name, got, !c.skip)
		}
	}
}
