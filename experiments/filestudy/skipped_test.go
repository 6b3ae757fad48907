package filestudy_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/pipeline"
)

// A trace workload whose cpus is smaller than some of its jobs left them
// out silently: cpus = 2 on KTH exited 0 and the page said "the r-th
// window of 100 jobs after job 0, on 2 CPUs" while 219 of the first jobs,
// wider, were not in it. The progress (once per workload) and the page
// say how many jobs of the trace were skipped up to the last window's
// end, and why, as simulate does; a job past it is not counted.
func TestTraceWorkloadSaysWhatItSkipped(t *testing.T) {
	dir := t.TempDir()
	// Jobs 1 and 4 need more than 2 CPUs; 2, 3, 5, 6 make two windows of
	// 2; 7, wide too, comes after them.
	var swf strings.Builder
	swf.WriteString("; MaxProcs: 8\n")
	for i, cpus := range []int{4, 1, 1, 3, 1, 1, 8, 1} {
		line := "%d %d 0 10 %d -1 -1 %d 20 -1 1 1 1 1 1 1 -1 -1\n"
		swf.WriteString(fmt.Sprintf(line, i+1, 10*i, cpus, cpus))
	}
	os.WriteFile(filepath.Join(dir, "w.swf"), []byte(swf.String()), 0o644)
	study := filepath.Join(dir, "s.toml")
	os.WriteFile(study, []byte(`name = "skips"
algorithms = ["fcfs"]
metrics = ["wait"]
[[workload]]
kind = "trace"
name = "w"
trace = "w.swf"
cpus = 2
jobs = 2
`), 0o644)
	var progress bytes.Buffer
	out := filepath.Join(dir, "out")
	if _, err := pipeline.RunStudy(context.Background(), study, pipeline.Options{Config: experiments.Config{Reps: 2}, Out: out, Report: true, Workers: 1, Progress: &progress}); err != nil {
		t.Fatal(err)
	}
	const skipped = "skipped 2 (submit time < 0: 0, run time < 0: 0, CPUs < 1: 0, more CPUs than the machine: 2) of the trace's jobs up to the last window's end"
	if want := "skips: workload w: " + skipped + ", on 2 CPUs\n"; strings.Count(progress.String(), want) != 1 {
		t.Errorf("progress lacks %q once:\n%s", want, progress.String())
	}
	page, err := os.ReadFile(filepath.Join(out, "paper", "skips.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "on 2 CPUs; requested estimates; " + skipped + " |"; !strings.Contains(string(page), want) {
		t.Errorf("page lacks %q:\n%s", want, page)
	}
}
