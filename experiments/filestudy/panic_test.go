package filestudy_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/pipeline"
	"github.com/gridbench/gridbench/spaceshared"
)

// buggy is a researcher's scheduler with a bug: it panics on a job whose
// trace ID is above 2, and otherwise starts whatever fits.
type buggy struct{ spaceshared.IgnoreEvents }

func (buggy) Schedule(s *spaceshared.State) {
	for _, j := range s.Queue() {
		if s.Job(j).ID > 2 {
			var seen []int
			_ = seen[s.Job(j).ID] // index out of range
		}
		if s.Fits(j, 0) {
			s.Start(j, 0)
		}
	}
}

// TestPanickingSchedulerFailsItsRun: a scheduler of the researcher's own
// module that panics fails the runs it panics in, as an exec: scheduler
// that dies does; the study goes on and reports them, naming the panic and
// where it happened. The panic used to end the whole program, every other
// run of the study unreported.
func TestPanickingSchedulerFailsItsRun(t *testing.T) {
	spaceshared.Register("buggy-panics", spaceshared.Info{Label: "Buggy", New: func(rand.Source) spaceshared.Scheduler { return buggy{} }})
	dir := t.TempDir()
	// Windows of 2 one-CPU jobs: repetition 0 is jobs 1 and 2, repetition
	// 1 jobs 3 and 4, which meet the bug.
	var swf strings.Builder
	for i := range 4 {
		fmt.Fprintf(&swf, "%d %d -1 30 1 -1 -1 1 30 -1 1 1 1 -1 -1 -1 -1 -1\n", i+1, 10*i)
	}
	if err := os.WriteFile(filepath.Join(dir, "w.swf"), []byte(swf.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "s.toml")
	if err := os.WriteFile(p, []byte(`name = "panicking"
reps = 2
algorithms = ["fcfs", "buggy-panics"]
metrics = ["makespan"]

[[workload]]
kind = "trace"
name = "w"
trace = "w.swf"
cpus = 1
jobs = 2
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	o, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{}, Out: out, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "1 of 4 runs failed") ||
		!strings.Contains(err.Error(), "buggy-panics panicked: runtime error: index out of range") ||
		!strings.Contains(err.Error(), "panic_test.go:") {
		t.Fatalf("err = %v, want 1 of 4 runs failed, buggy-panics panicked ... at panic_test.go:LINE", err)
	}
	if o == nil || o.Result == nil {
		t.Fatalf("no outcome beside the failure: %+v", o)
	}
	runs := map[string]bool{}
	for _, r := range o.Result.Records {
		runs[fmt.Sprintf("%s/%d", r.Algorithm, r.Rep)] = true
	}
	for _, want := range []string{"fcfs/0", "fcfs/1", "buggy-panics/0"} {
		if !runs[want] {
			t.Errorf("run %s missing from the results: %v", want, runs)
		}
	}
	if runs["buggy-panics/1"] {
		t.Errorf("the run that panicked has results: %v", runs)
	}
}
