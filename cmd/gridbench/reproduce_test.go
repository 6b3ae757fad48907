package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
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
		{[]string{"run"}, "run needs exactly one experiment"},
		{[]string{"reproduce", "--reps", "-1"}, "--reps -1: must be 0"},
		{[]string{"reproduce", "immediate"}, "use --only immediate"},
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
	if _, err := os.Stat(filepath.Join(out, "results", "immediate", "runs.csv")); err != nil {
		t.Error(err)
	}
}
