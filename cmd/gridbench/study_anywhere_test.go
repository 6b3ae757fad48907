package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

// A study file in a folder of the user's own, run from there with no
// --data, no GRIDBENCH_DATA and no clone beside it, finds the KTH-SP2 log
// the repository ships: the binary carries it.
func TestStudyOutsideRepoFindsBundledKTH(t *testing.T) {
	t.Setenv(datadir.EnvVar, "")
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	dir := t.TempDir()
	t.Chdir(dir)
	study := `name = "mine"
reps = 2
algorithms = ["fcfs", "easy"]
metrics = ["wait"]

[[workload]]
kind = "trace"
name = "kth"
trace = "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz"
cpus = 100
jobs = 200
estimate = "requested"
`
	if err := os.WriteFile("mine.toml", []byte(study), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("study", "run", "mine.toml", "--out", "out")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	runs, err := os.ReadFile(filepath.Join(dir, "out", "results", "mine", "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(runs), "\n"); n < 2 {
		t.Fatalf("runs.csv has %d lines:\n%s", n, runs)
	}
	if _, err := os.Stat(filepath.Join(datadir.EmbeddedDir(), "KTH-SP2", "KTH-SP2-1996-2.1-cln.swf.gz")); err != nil {
		t.Errorf("the log was not read from the binary's copy: %v", err)
	}
}
