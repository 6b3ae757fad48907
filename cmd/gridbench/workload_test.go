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
