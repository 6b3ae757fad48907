package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(context.Background(), append([]string{"gridbench"}, args...), &o, &e)
	return code, o.String(), e.String()
}

func TestReproduceBadInput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "plain")
	os.WriteFile(file, []byte("x"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"reproduce", "--only", "nosuch"}, `unknown experiment "nosuch" (valid: immediate`},
		{[]string{"run", "nosuch"}, `unknown experiment "nosuch"`},
		{[]string{"run", "deadlin"}, `unknown experiment "deadlin"; did you mean "deadline"? (valid: `},
		{[]string{"run"}, "run needs exactly one experiment"},
		{[]string{"reproduce", "--reps", "-1"}, "--reps -1: must be 0"},
		{[]string{"reproduce", "immediate"}, "use --only immediate"},
		{[]string{"reproduce", "--formats", "png,svg,jpg"}, `--formats png,svg,jpg: unknown figure format "jpg"`},
		{[]string{"reproduce", "--formats", "pdf"}, "--formats pdf: the report pages link png and svg figures"},
		{[]string{"reproduce", "--only", "immediate", "--quick", "--out", filepath.Join(file, "out")}, "cannot create output directory"},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code == 0 {
			t.Errorf("%v: exit 0", tc.args)
		}
		if !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: stderr %q lacks %q", tc.args, stderr, tc.want)
		}
		if n := strings.Count(strings.TrimSpace(stderr), "\n"); n != 0 {
			t.Errorf("%v: error spans %d lines: %q", tc.args, n+1, stderr)
		}
	}
}

func TestRunPrintsSummary(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := runCLI("run", "--quick", "--reps", "2", "--out", out, "--data", t.TempDir(), "immediate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "workload,algorithm,metric,n,mean,sd,ci95_low,ci95_high\n") || !strings.Contains(stdout, "gen/u_c_hihi,MCT,makespan,2,") {
		t.Errorf("unexpected stdout:\n%.400s", stdout)
	}
	// Every immediate metric is non-negative: no interval may go below
	// zero, and each holds its mean (with 2 repetitions a t-interval goes
	// far below zero).
	for i, line := range strings.Split(strings.TrimSpace(stdout), "\n")[1:] {
		f := strings.Split(line, ",")
		mean, _ := strconv.ParseFloat(f[4], 64)
		lo, _ := strconv.ParseFloat(f[6], 64)
		hi, _ := strconv.ParseFloat(f[7], 64)
		if lo < 0 || lo > mean || hi < mean {
			t.Errorf("line %d: interval [%v, %v] of mean %v: %s", i+2, lo, hi, mean, line)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "results", "immediate", "runs.csv")); err != nil {
		t.Error(err)
	}
}

// TestCutRunsCSVIsRecomputed is observation 4 of the trust issue: with
// results/deadline/runs.csv cut in half, `reproduce --only deadline` exited
// 0 having reused a run that lacked 3 metrics and a value cut to 842.02666.
// The cut file no longer matches its manifest's digest: every run is made
// again, and the result is the one a fresh folder gets.
func TestCutRunsCSVIsRecomputed(t *testing.T) {
	out, data := t.TempDir(), t.TempDir()
	args := []string{"reproduce", "--only", "deadline", "--quick", "--data", data}
	if code, _, stderr := runCLI(append(args, "--reps", "2", "--out", out)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	runs := filepath.Join(out, "results", "deadline", "runs.csv")
	b, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	// Cut in half, inside the value that ends a line (the case that read
	// back a shorter number): just before the last digit of the line
	// running past the middle.
	cut := len(b)/2 + strings.IndexByte(string(b[len(b)/2:]), '\n') - 1
	os.WriteFile(runs, b[:cut], 0o644)
	code, _, stderr := runCLI(append(args, "--reps", "3", "--out", out)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "deadline: runs.csv does not match its manifest digest") || strings.Contains(stderr, "reusing") {
		t.Errorf("stderr should say the cut runs.csv is not reused from:\n%s", stderr)
	}
	fresh := t.TempDir()
	if code, _, stderr := runCLI(append(args, "--reps", "3", "--out", fresh)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, _ := os.ReadFile(runs)
	want, _ := os.ReadFile(filepath.Join(fresh, "results", "deadline", "runs.csv"))
	if len(want) == 0 || string(got) != string(want) {
		t.Errorf("runs.csv after the cut differs from a fresh one (%d vs %d bytes)", len(got), len(want))
	}
}

// TestProgressSaysClaimsOnce: the deadline study's headline gives its
// claims' counts, and the progress printed them again on the next line.
func TestProgressSaysClaimsOnce(t *testing.T) {
	code, _, stderr := runCLI("reproduce", "--quick", "--reps", "2", "-j", "1", "--only", "deadline", "--out", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := strings.Count(stderr, "claims under the default readings"); n != 1 {
		t.Errorf("the claims' counts said %d times, want once:\n%s", n, stderr)
	}
}
