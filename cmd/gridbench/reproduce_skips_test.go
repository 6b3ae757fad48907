package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

// noData makes the data roots empty: no flag root with data, no
// GRIDBENCH_DATA, a working directory without ./data or ../shared/data,
// and the data compiled into the binary hidden.
func noData(t *testing.T) string {
	t.Helper()
	t.Setenv(datadir.EnvVar, "")
	datadir.HideEmbeddedForTest(t)
	t.Chdir(t.TempDir())
	return t.TempDir()
}

// Optional data absent: what can run runs, the summary says what was left
// out and the one command that fetches it, and the exit status is 0.
func TestReproduceMissingDataExitsZero(t *testing.T) {
	empty := noData(t)
	out := t.TempDir()
	code, _, stderr := runCLI("reproduce", "--quick", "--reps", "1", "--only", "immediate,federation", "--data", empty, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	for _, want := range []string{
		"left out or replaced for lack of optional data (everything else ran):\n",
		"  - federation: missing LCG-2005-1/LCG.swf.gz\n",
		"  - immediate: published Braun instances (Tables 3-6): missing braun-hcsp-512x16/u_c_hihi.0\n",
		"fetch it with: gridbench data fetch braun-512x16 lcg-2005-1 ",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "gridbench: ") {
		t.Errorf("an error was printed:\n%s", stderr)
	}
	// immediate's generated instances ran and its report was written.
	for _, p := range []string{"results/immediate/runs.csv", "paper/immediate.md", "results/gridbench.xlsx"} {
		if _, err := os.Stat(filepath.Join(out, p)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "results", "federation", "runs.csv")); err == nil {
		t.Error("federation wrote runs without its trace")
	}
}

func TestRunMissingDataExitsZero(t *testing.T) {
	empty := noData(t)
	code, stdout, stderr := runCLI("run", "--quick", "--reps", "1", "--data", empty, "--out", t.TempDir(), "federation")
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "  - federation: missing LCG-2005-1/LCG.swf.gz\n") || !strings.Contains(stderr, "fetch it with: gridbench data fetch lcg-2005-1 ") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// Real failures still fail: a damaged data file, an unwritable output.
func TestReproduceRealFailuresExitNonZero(t *testing.T) {
	root := noData(t)
	copyRepoDataFrom(t, root, "LCG-2005-1/LCG.swf.gz")
	lcg := filepath.Join(root, "LCG-2005-1", "LCG.swf.gz")
	if err := os.Truncate(lcg, 4096); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"reproduce", "--quick", "--reps", "1", "--only", "federation", "--data", root, "--out", t.TempDir()},
		{"run", "--quick", "--reps", "1", "--data", root, "--out", t.TempDir(), "federation"},
	} {
		code, _, stderr := runCLI(args...)
		if code == 0 || !strings.Contains(stderr, "checksum mismatch: "+lcg) || strings.Contains(stderr, "left out") {
			t.Errorf("%v: exit %d, stderr:\n%s", args, code, stderr)
		}
	}
	file := filepath.Join(t.TempDir(), "plain")
	os.WriteFile(file, []byte("x"), 0o644)
	code, _, stderr := runCLI("run", "--quick", "--reps", "1", "--out", filepath.Join(file, "out"), "deadline")
	if code == 0 || !strings.Contains(stderr, "cannot create output directory") {
		t.Errorf("unwritable output: exit %d, %q", code, stderr)
	}
}

// roundrobin runs on the bundled LCG trace when AuverGrid is absent, and
// the summary says so, with the command that fetches AuverGrid.
func TestRunRoundrobinOnLCGSaysAuverGridAbsent(t *testing.T) {
	root := noData(t)
	copyRepoDataFrom(t, root, "LCG-2005-1/LCG.swf.gz")
	code, stdout, stderr := runCLI("run", "--quick", "--reps", "1", "--data", root, "--out", t.TempDir(), "roundrobin")
	if code != 0 || !strings.HasPrefix(stdout, "workload,algorithm,metric") {
		t.Fatalf("exit %d, stdout %.200q, stderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "roundrobin ran on LCG-2005-1, not on the paper's AuverGrid trace") ||
		!strings.Contains(stderr, "fetch it with: gridbench data fetch --allow-unpinned auvergrid ") {
		t.Errorf("stderr:\n%s", stderr)
	}
}
