package backfilling

import (
	"math"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

// TestCompare: the share of same starts, both mean bounded slowdowns, and
// the first differences by the instant the schedules part, each with the
// events of the reference schedule at that instant.
func TestCompare(t *testing.T) {
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, Estimate: 50, CPUs: 1}, // ends at 10, before its estimate
		{ID: 2, Submit: 10, Run: 10, CPUs: 1},              // arrives at 10
		{ID: 3, Submit: 20, Run: 10, CPUs: 1},              // arrives alone at 20
		{ID: 4, Submit: 0, Run: 100, CPUs: 1},              // same start
	}
	ref := []float64{0, 10, 20, 0}
	ours := []float64{0, 12, 25, 0.4}
	a := Compare(jobs, ours, ref, 1)
	if a.Jobs != 4 || a.Same != 2 || a.Share() != 0.5 {
		t.Errorf("%d of %d same, want 2 of 4", a.Same, a.Jobs)
	}
	if want := (1 + 1 + 1 + 1) / 4.0; math.Abs(a.RefBSLD-want) > 1e-12 {
		t.Errorf("reference bsld %g, want %g", a.RefBSLD, want)
	}
	if want := (1 + 1.2 + 1.5 + 1.004) / 4.0; math.Abs(a.OursBSLD-want) > 1e-12 {
		t.Errorf("our bsld %g, want %g", a.OursBSLD, want)
	}
	if len(a.First) != 1 || a.First[0].ID != 2 || a.First[0].At != 10 || a.First[0].Cause != CauseArrivalAndEarlyEnd {
		t.Errorf("first difference %+v, want job 2 at 10, an arrival and an early end", a.First)
	}
	b := Compare(jobs, ours, ref, 5)
	if len(b.First) != 2 || b.First[1].ID != 3 || b.First[1].Cause != CauseOther {
		t.Errorf("differences %+v, want jobs 2 and 3, the second alone at its instant", b.First)
	}
	same := Compare(jobs, ref, ref, 3)
	if same.Share() != 1 || len(same.First) != 0 || same.OursBSLD != same.RefBSLD {
		t.Errorf("a schedule against itself: %+v", same)
	}
}

// TestAgreementKTH runs the three configurations our schedulers cover on
// the authors' KTH-SP2 input and compares them with the authors'
// schedules: in pyss's order of events every job starts at their second;
// in gridbench's batched order EASY on requested times does not (the
// rule that differs).
func TestAgreementKTH(t *testing.T) {
	for _, r := range References[:3] {
		ref, err := adapt.LoadArtefact(datadir.ForTest(t, r.Rel("KTH-SP2")), r.Estimate)
		if err != nil {
			t.Fatal(err)
		}
		for _, order := range []sim.EventOrder{sim.PerEvent, sim.Batched} {
			s, err := sched.New(r.Sched)
			if err != nil {
				t.Fatal(err)
			}
			recs, err := sim.SimulateWith(sim.SingleMachine(ref.CPUs), ref.Jobs, s, sim.Options{Order: order})
			if err != nil {
				t.Fatal(err)
			}
			starts := make([]float64, len(recs))
			for i, rec := range recs {
				starts[i] = rec.Start
			}
			a := Compare(ref.Jobs, starts, ref.Starts, FirstDiffs)
			t.Logf("%s, order %d: %.2f%% same, bsld %.3f vs %.3f", r.ID, order, 100*a.Share(), a.OursBSLD, a.RefBSLD)
			switch {
			case order == sim.PerEvent && (a.Same != a.Jobs || a.OursBSLD != a.RefBSLD):
				t.Errorf("%s in pyss's order: %d of %d jobs at the authors' start, first differences %+v", r.ID, a.Same, a.Jobs, a.First)
			case order == sim.Batched && r.ID == "easy" && a.Share() > 0.99:
				t.Errorf("%s in the batched order: %.2f%% of jobs agree; the order of events was found to matter (98.4%%)", r.ID, 100*a.Share())
			}
		}
	}
}
