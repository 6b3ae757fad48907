package backfill

import (
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sim"
)

func starts(t *testing.T, jobs []sim.Job, cpus int, s sim.Scheduler) []float64 {
	t.Helper()
	recs, err := sim.Simulate(sim.SingleMachine(cpus), jobs, s)
	if err != nil {
		t.Fatal(err)
	}
	var out []float64
	for _, r := range recs {
		out = append(out, r.Start)
	}
	return out
}

// TestSJBFHandCase: two jobs could each fill the one free CPU before the
// head's shadow time; EASY takes the earlier arrival, SJBF the shorter
// estimate.
func TestSJBFHandCase(t *testing.T) {
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, CPUs: 3}, // [0, 10), one CPU free
		{ID: 2, Submit: 1, Run: 5, CPUs: 4},  // head: shadow 10, no spare CPU
		{ID: 3, Submit: 2, Run: 8, CPUs: 1},  // would end at 10
		{ID: 4, Submit: 2, Run: 3, CPUs: 1},  // would end at 5
	}
	if got, want := starts(t, jobs, 4, easy.New()), []float64{0, 10, 2, 15}; !slices.Equal(got, want) {
		t.Errorf("easy: %v, want %v", got, want)
	}
	if got, want := starts(t, jobs, 4, &Order{Backfill: SJF}), []float64{0, 10, 15, 2}; !slices.Equal(got, want) {
		t.Errorf("easy-sjbf: %v, want %v", got, want)
	}
}

// TestEASYPPHandCase: user 1's last two jobs ran 10 s and 20 s of the
// 1000 s they requested, so EASY++ predicts 15 s for its next job, which
// then backfills before the head's shadow time; EASY, trusting the
// request, holds it back.
func TestEASYPPHandCase(t *testing.T) {
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, Estimate: 1000, CPUs: 1, User: 1},
		{ID: 2, Submit: 0, Run: 20, Estimate: 1000, CPUs: 1, User: 1},
		{ID: 3, Submit: 30, Run: 200, Estimate: 1000, CPUs: 1, User: 2}, // no history: predicted 1000, ends 230
		{ID: 4, Submit: 31, Run: 50, Estimate: 1000, CPUs: 2, User: 3},  // head: shadow 1030
		{ID: 5, Submit: 32, Run: 40, Estimate: 1000, CPUs: 1, User: 1},  // predicted 15: ends by 47 <= 1030
	}
	if got, want := starts(t, jobs, 2, easy.New()), []float64{0, 0, 30, 230, 280}; !slices.Equal(got, want) {
		t.Errorf("easy: %v, want %v", got, want)
	}
	for _, c := range []Correction{ReqTime, Doubling} {
		if got, want := starts(t, jobs, 2, NewEASYPP(c)), []float64{0, 0, 30, 230, 32}; !slices.Equal(got, want) {
			t.Errorf("easypp (correction %d): %v, want %v", c, got, want)
		}
	}
}

// TestCorrections follows one prediction through its corrections: 15 s
// predicted, the job runs 100 s of its 1000 s request.
func TestCorrections(t *testing.T) {
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, Estimate: 1000, CPUs: 1, User: 1},
		{ID: 2, Submit: 0, Run: 20, Estimate: 1000, CPUs: 1, User: 1},
		{ID: 3, Submit: 25, Run: 100, Estimate: 1000, CPUs: 1, User: 1}, // predicted 15, starts at 25
		// Arrivals at 41 and 61 wake the scheduler after the prediction expired (40).
		{ID: 4, Submit: 41, Run: 1, CPUs: 1, User: 9},
		{ID: 5, Submit: 61, Run: 1, CPUs: 1, User: 9},
	}
	for _, c := range []struct {
		corr       Correction
		at41, at61 float64
	}{{ReqTime, 1000, 1000}, {Doubling, 30, 60}} {
		s := NewEASYPP(c.corr)
		sm, err := sim.New(sim.SingleMachine(4), jobs, s)
		if err != nil {
			t.Fatal(err)
		}
		for sm.Advance() {
			sm.Decide()
			switch sm.State().Now() {
			case 41:
				if got := s.Pred.pred[2]; got != c.at41 {
					t.Errorf("correction %d: prediction at 41 = %g, want %g", c.corr, got, c.at41)
				}
			case 61:
				if got := s.Pred.pred[2]; got != c.at61 {
					t.Errorf("correction %d: prediction at 61 = %g, want %g", c.corr, got, c.at61)
				}
			}
		}
		if err := sm.Err(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestParseSGD(t *testing.T) {
	c, err := ParseSGD("sgdlinear|square|100|square|1|0|5logmr"[len("sgdlinear|"):])
	if err != nil || c != DefaultSGD {
		t.Fatalf("the artefact's code: %+v, %v; want DefaultSGD", c, err)
	}
	if c2, err := ParseSGD("squareI100IsquareI1I0I5logmr"); err != nil || c2 != DefaultSGD {
		t.Errorf("the file-name form: %+v, %v", c2, err)
	}
	if c3, err := ParseSGD(DefaultSGD.String()); err != nil || c3 != DefaultSGD {
		t.Errorf("String does not read back: %q gives %+v, %v", DefaultSGD.String(), c3, err)
	}
	for _, bad := range []string{"", "square|100|square|1|0", "cube|1|abs|1|0|1", "abs|x|abs|1|0|1", "abs|1|abs|1|0|5+log(r/m)", "abs|Inf|abs|1|0|1"} {
		if _, err := ParseSGD(bad); err == nil {
			t.Errorf("ParseSGD(%q) accepted", bad)
		}
	}
}
