package experiments

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/bench"
)

// TestRuns: each run gets its own spec back, through the runner's copy of
// the plan too (shards and verify hand the runs back out of order), and a
// run the plan did not add is refused rather than given another's spec.
func TestRuns(t *testing.T) {
	var rs Runs[float64]
	rs.Plan.Experiment = "x"
	for rep := range 3 {
		for _, a := range []string{"a", "b"} {
			rs.Add(bench.NewRun("x", "w", a, rep), float64(10*rep)+float64(len(a)))
		}
	}
	b := rs.Bench()
	b.Runs[0], b.Runs[5] = b.Runs[5], b.Runs[0]
	for _, r := range b.Runs {
		got, err := rs.Spec(r)
		if want := float64(10*r.Rep) + 1; err != nil || got != want {
			t.Errorf("%s: spec %v (%v), want %v", r.Key(), got, err, want)
		}
	}
	if rs.Plan.Runs[0].Rep != 0 {
		t.Error("changing the runner's copy changed the plan")
	}
	for _, r := range []bench.Run{bench.NewRun("x", "w", "c", 0), {Experiment: "x", Workload: "w", Algorithm: "a", Ref: 99}} {
		if _, err := rs.Spec(r); err == nil || !strings.Contains(err.Error(), "not a run of this plan") {
			t.Errorf("%s (ref %d): %v, want refused", r.Key(), r.Ref, err)
		}
	}
}

type nilPlan struct{}

func (*nilPlan) Bench() bench.Plan { return bench.Plan{} }
func (*nilPlan) Execute(context.Context, bench.Run) (bench.Output, error) {
	return bench.Output{}, nil
}
func (*nilPlan) Report(context.Context, ReportInput) (*ReportOutput, error) { return nil, nil }

// TestAsPlan: a failed plan is a nil Plan, not a Plan holding nil.
func TestAsPlan(t *testing.T) {
	if s, err := AsPlan((*nilPlan)(nil), errors.New("bad")); s != nil || err == nil {
		t.Errorf("failed plan: %v, %v", s, err)
	}
	if s, err := AsPlan(&nilPlan{}, nil); s == nil || err != nil {
		t.Errorf("plan: %v, %v", s, err)
	}
}
