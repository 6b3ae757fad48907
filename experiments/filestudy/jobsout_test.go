package filestudy_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/internal/jobsout"
	"github.com/gridbench/gridbench/pipeline"
)

// jobs_out writes one jobs file per run below results/<name>/jobs/, one
// row per job of the run; unset, none.
func TestJobsOutKey(t *testing.T) {
	text := strings.Replace(good, `"tiny"`, `"jobsout"`, 1)
	text = strings.Replace(text, "algorithms", "jobs_out = \"evalys\"\nalgorithms", 1)
	p := write(t, text)
	out := t.TempDir()
	if _, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{Reps: 2}, Out: out, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(out, "results", "jobsout", "jobs")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 4 { // 2 algorithms × 2 repetitions
		t.Fatalf("%d jobs files: %v", len(ents), ents)
	}
	for _, e := range ents {
		f, err := jobsout.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Rows) != 40 || f.Column("allocated_resources") < 0 || f.Column("metadata") < 0 {
			t.Errorf("%s: %d rows, columns %v", e.Name(), len(f.Rows), f.Columns)
		}
		// 4 machines: the metadata names each job's
		if !strings.Contains(f.Rows[0].Values[f.Column("metadata")], "machine=") {
			t.Errorf("%s: metadata %q", e.Name(), f.Rows[0].Values[f.Column("metadata")])
		}
	}
	// Unset: no jobs folder.
	plain := write(t, strings.Replace(good, `"tiny"`, `"nojobsout"`, 1))
	out2 := t.TempDir()
	if _, err := pipeline.RunStudy(context.Background(), plain, pipeline.Options{Config: experiments.Config{Reps: 1}, Out: out2, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out2, "results", "nojobsout", "jobs")); !os.IsNotExist(err) {
		t.Errorf("a study without jobs_out wrote a jobs folder (%v)", err)
	}
	if _, err := filestudy.Load(write(t, strings.Replace(good, "algorithms", "jobs_out = \"csv\"\nalgorithms", 1))); err == nil || !strings.Contains(err.Error(), `s.toml:2: key jobs_out: jobs format "csv"`) {
		t.Errorf("jobs_out = csv: %v", err)
	}
}

// File names stay apart when names need escaping.
func TestJobsFileNames(t *testing.T) {
	a := filestudy.JobsFile(bench.Run{Workload: "kth/1000", Algorithm: "exec:python3 a.py", Rep: 3})
	b := filestudy.JobsFile(bench.Run{Workload: "kth_1000", Algorithm: "exec:python3 a.py", Rep: 3})
	if a == b || !strings.HasPrefix(a, "kth_1000__exec_python3_a.py__rep3-") || strings.ContainsAny(a, "/ :") {
		t.Errorf("%q and %q", a, b)
	}
	if got := filestudy.JobsFile(bench.Run{Workload: "w", Algorithm: "easy", Rep: 0}); got != "w__easy__rep0.csv" {
		t.Errorf("plain name %q", got)
	}
}

// A trace workload reads a Batsim workload beside the study file; its
// parallel_homogeneous profiles need batsim_speed.
func TestBatsimTraceWorkload(t *testing.T) {
	dir := t.TempDir()
	var jobs strings.Builder
	for i := range 30 {
		if i > 0 {
			jobs.WriteString(",\n")
		}
		fmt.Fprintf(&jobs, `{"id": %d, "subtime": %d, "res": %d, "profile": "p%d"}`, i+1, 10*i, 1+i%4, i%3)
	}
	wl := `{"nb_res": 4, "jobs": [` + jobs.String() + `], "profiles": {"p0": {"type": "parallel_homogeneous", "cpu": 3e10, "com": 0}, "p1": {"type": "delay", "delay": 20}, "p2": {"type": "delay", "delay": 45}}}`
	if err := os.WriteFile(filepath.Join(dir, "w.json"), []byte(wl), 0o644); err != nil {
		t.Fatal(err)
	}
	study := "name = \"batsimwl\"\nalgorithms = [\"fcfs\", \"easy\"]\n[[workload]]\nkind = \"trace\"\ntrace = \"w.json\"\ncpus = 4\njobs = 10\n"
	p := filepath.Join(dir, "s.toml")
	for _, tc := range []struct{ extra, want string }{
		{"", `w.json:1: job 1 uses profile "p0" (line 30): a parallel_homogeneous profile runs cpu / speed seconds: give the CPU speed in flop/s (this workload's batsim_speed)`},
		{"batsim_speed = -1\n", "key batsim_speed: -1"},
	} {
		if err := os.WriteFile(p, []byte(study+tc.extra), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{Reps: 3}, Out: t.TempDir(), Workers: 1})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.extra, err, tc.want)
		}
	}
	if err := os.WriteFile(p, []byte(study+"batsim_speed = 1e9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, err := pipeline.RunStudy(context.Background(), p, pipeline.Options{Config: experiments.Config{Reps: 3}, Out: out, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(out, "results", "batsimwl", "runs.csv"))
	if err != nil || strings.Count(string(b), "\n") < 7 {
		t.Errorf("runs.csv: %v\n%s", err, b)
	}
	if _, err := filestudy.Load(write(t, "name = \"x\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"trace\"\ntrace = \"a.swf\"\ncpus = 4\njobs = 5\nbatsim_speed = 1e9\n")); err == nil || !strings.Contains(err.Error(), "key batsim_speed: a.swf is not a Batsim workload") {
		t.Errorf("batsim_speed on an SWF trace: %v", err)
	}
}
