package filestudy_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/pipeline"
	"github.com/gridbench/gridbench/spaceshared"
)

// The last case of observation 1 of the trust issue: a program of a
// user's own module that registers a scheduler and runs a study with
// filestudy.Run (now pipeline.RunStudy) got a manifest with an empty build, and results were
// reused whatever its code or its trace became. Now the runner computes
// the build itself, and the study file and the trace are keyed on their
// content, also when the program runs the study again in-process.
func TestLibraryUserGetsBuildAndContentKeys(t *testing.T) {
	spaceshared.Register("lifo-reuse", spaceshared.Info{Label: "LIFO", New: func(rand.Source) spaceshared.Scheduler { return lifo{} }})
	dir := t.TempDir()
	trace := filepath.Join(dir, "t.swf")
	swf := func(run string) {
		os.WriteFile(trace, []byte(strings.Join([]string{
			"1 0 -1 " + run + " 3 -1 -1 3 " + run + " -1 1 1 1 -1 -1 -1 -1 -1",
			"2 1 -1 10 4 -1 -1 4 10 -1 1 1 1 -1 -1 -1 -1 -1",
			"3 2 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1",
			"4 3 -1 10 2 -1 -1 2 10 -1 1 1 1 -1 -1 -1 -1 -1", ""}, "\n")), 0o644)
	}
	swf("100")
	study := filepath.Join(dir, "lib.toml")
	os.WriteFile(study, []byte(`name = "libreuse"
algorithms = ["lifo-reuse", "fcfs"]
metrics = ["wait"]
reps = 2
[[workload]]
kind = "trace"
trace = "t.swf"
cpus = 4
jobs = 2
`), 0o644)
	run := func(out string) *pipeline.Outcome {
		t.Helper()
		o, err := pipeline.RunStudy(context.Background(), study, pipeline.Options{Out: out})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	out := t.TempDir()
	first := run(out)
	m := first.Result.Manifest
	build, err := bench.ExecutableBuild()
	if err != nil || m.Build == "" || m.Build != build {
		t.Errorf("manifest build %q, this program's %q (%v): a library user's results must be keyed on its own code", m.Build, build, err)
	}
	ins := inputs(m)
	if ins[trace] == "" || ins[study] == "" || m.Study == nil || m.Study.Path != study {
		t.Errorf("manifest inputs %v, study %+v: want the trace and the study file with their hashes", ins, m.Study)
	}
	if again := run(out); again.Result.Manifest.Executed != 0 {
		t.Errorf("nothing changed: %d runs executed, want 0", again.Result.Manifest.Executed)
	}

	// Edit the trace in-process: every run is made again, from the new trace.
	swf("50")
	edited := run(out)
	if edited.Result.Manifest.Executed != 4 {
		t.Errorf("after editing the trace: %d runs executed, want 4", edited.Result.Manifest.Executed)
	}
	if sum, _ := analysis.FileSHA256(trace); inputs(edited.Result.Manifest)[trace] != sum {
		t.Errorf("manifest keeps the old trace hash")
	}
	fresh := run(t.TempDir())
	if a, b := wait(edited), wait(fresh); a != b || a == wait(first) {
		t.Errorf("waits after the edit %v, fresh %v, before %v", a, b, wait(first))
	}
}

func inputs(m *analysis.Manifest) map[string]string {
	out := map[string]string{}
	for _, in := range m.Inputs {
		out[in.Path] = in.SHA256
	}
	return out
}

// wait is the sum of the study's wait values, a fingerprint of its runs.
func wait(o *pipeline.Outcome) float64 {
	s := 0.0
	for _, r := range o.Result.Records {
		s += r.Value
	}
	return s
}

// A timeshare study run again in-process after its trace was edited reads
// the new trace (the trace cache, now timeshared.LoadTrace, once keyed traces by path only).
func TestTimeshareTraceEditedInProcess(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "ts.swf")
	swf := func(run string) {
		os.WriteFile(trace, []byte(strings.Join([]string{
			"1 0 -1 " + run + " 1 -1 -1 1 100 -1 1 1 1 -1 -1 -1 -1 -1",
			"2 1 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1",
			"3 2 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1", ""}, "\n")), 0o644)
	}
	swf("100")
	study := filepath.Join(dir, "ts.toml")
	os.WriteFile(study, []byte(strings.Replace(strings.Replace(goodTS, `name = "tss"`, `name = "tsreuse"`, 1), "TRACE", "ts.swf", 1)), 0o644)
	run := func(out string) *pipeline.Outcome {
		t.Helper()
		o, err := pipeline.RunStudy(context.Background(), study, pipeline.Options{Out: out, Config: experiments.Config{Reps: 1}})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	out := t.TempDir()
	first := run(out)
	swf("40")
	edited := run(out)
	fresh := run(t.TempDir())
	if edited.Result.Manifest.Executed != len(edited.Result.Manifest.Runs) || wait(edited) != wait(fresh) || wait(edited) == wait(first) {
		t.Errorf("after editing the trace: %d of %d runs executed, values %v, fresh %v, before %v",
			edited.Result.Manifest.Executed, len(edited.Result.Manifest.Runs), wait(edited), wait(fresh), wait(first))
	}
}
