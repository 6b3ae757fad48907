package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWorkloadGenerateLublin(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "l.swf")
	var stdout, stderr bytes.Buffer
	args := []string{"gridbench", "workload", "generate", "--jobs", "200", "--cpus", "64", "--seed", "3", "-o", out, "lublin"}
	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if !strings.HasPrefix(l, ";") {
			lines++
		}
	}
	if lines != 200 {
		t.Errorf("%d job lines, want 200", lines)
	}
	// Simulating it works like any trace.
	stdout.Reset()
	stderr.Reset()
	if code := run(context.Background(), []string{"gridbench", "simulate", "--swf", out, "--cpus", "64", "--algo", "cons", "--jobs-out", filepath.Join(dir, "j.csv")}, &stdout, &stderr); code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, stderr.String())
	}
	// And a study file takes it as a trace workload: the baselines on
	// windows of the generated log.
	study := filepath.Join(dir, "lublin.toml")
	toml := "name = \"lublin-baselines\"\nalgorithms = [\"easy\", \"cons\", \"easypp-reqtime\"]\nreps = 2\n" +
		"[[workload]]\nkind = \"trace\"\ntrace = \"l.swf\"\ncpus = 64\njobs = 100\n"
	if err := os.WriteFile(study, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run(context.Background(), []string{"gridbench", "study", "run", "-j", "1", "--out", filepath.Join(dir, "out"), study}, &stdout, &stderr); code != 0 {
		t.Fatalf("study run: exit %d: %s", code, stderr.String())
	}
	runs, err := os.ReadFile(filepath.Join(dir, "out", "results", "lublin-baselines", "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{",easy,", ",cons,", ",easypp-reqtime,"} {
		if !strings.Contains(string(runs), a) {
			t.Errorf("runs.csv has no %s row", a)
		}
	}
	for _, bad := range [][]string{
		{"gridbench", "workload", "generate", "-o", out, "feitelson"},
		{"gridbench", "workload", "generate", "--cpus", "0", "-o", out, "lublin"},
	} {
		stderr.Reset()
		if code := run(context.Background(), bad, &stdout, &stderr); code == 0 || strings.Count(strings.TrimSpace(stderr.String()), "\n") > 2 {
			t.Errorf("%v: exit %d, stderr %q: want a short error", bad, code, stderr.String())
		}
	}
}
