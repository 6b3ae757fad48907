package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/internal/datadir"
)

// TestOwnStudyKTH is the own-study check: examples/study-kth.toml with
// --reps 3 writes a runs.csv in which the external EASY (easy.py over
// exec:) has exactly the built-in EASY's metrics in every run.
func TestOwnStudyKTH(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("skipping: python3 not found on PATH (examples/study-kth.toml runs examples/schedulers/easy.py)")
	}
	datadir.ForTest(t, "pwa-swf/KTH-SP2-1996-2.1-cln.swf.gz")
	out := t.TempDir()
	t.Chdir("../..") // the study's exec: command is relative to the repository root
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"gridbench", "study", "run", "examples/study-kth.toml", "--reps", "3", "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "kth: 2 workloads × 3 algorithms") {
		t.Errorf("stdout = %q", stdout.String())
	}
	recs, err := analysis.ReadFile(filepath.Join(out, "results", "kth", "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		workload, metric string
		rep              int
	}
	builtin := map[key]float64{}
	for _, r := range recs {
		if r.Algorithm == "easy" {
			builtin[key{r.Workload, r.Metric, r.Rep}] = r.Value
		}
	}
	pairs := 0
	for _, r := range recs {
		if r.Algorithm != "easy.py" {
			continue
		}
		want, ok := builtin[key{r.Workload, r.Metric, r.Rep}]
		if !ok || r.Value != want {
			t.Errorf("%s rep %d %s: easy.py %g, easy %g (present: %v)", r.Workload, r.Rep, r.Metric, r.Value, want, ok)
		}
		pairs++
	}
	if want := 2 * 3 * 4; pairs != want || len(builtin) != want {
		t.Errorf("%d easy.py values and %d easy values, want %d each (2 workloads × 3 reps × 4 metrics)", pairs, len(builtin), want)
	}
	if _, err := os.Stat(filepath.Join(out, "paper", "kth.md")); err != nil {
		t.Error(err)
	}
}

func TestStudyRunErrors(t *testing.T) {
	p := filepath.Join(t.TempDir(), "bad.toml")
	os.WriteFile(p, []byte("name = \"deadline\"\nalgorithms = [\"fcfs\"]\n[[workload]]\nkind = \"deadline\"\nmean_inter_arrival = 1\njobs = 10\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{p}, `key name: "deadline" is a built-in experiment`},
		{[]string{}, "needs exactly one FILE.toml"},
		{[]string{p, "--reps", "-1"}, "--reps -1"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"gridbench", "study", "run"}, tc.args...), &stdout, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), tc.want) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q, want one line containing %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
