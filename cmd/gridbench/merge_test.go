package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/bench"
)

// The slurm-shards check: three shards and a merge give one run's runs.csv
// byte for byte, and the merge writes the report a reproduce would.
func TestThreeShardsMergeToOneRun(t *testing.T) {
	data := t.TempDir()
	flags := []string{"--quick", "--reps", "2", "--data", data, "--only", "immediate,deadline"}
	ref := t.TempDir()
	if code, _, stderr := runCLI(append([]string{"reproduce", "--out", ref}, flags...)...); code != 0 {
		t.Fatalf("reproduce: exit %d: %s", code, stderr)
	}
	out := t.TempDir()
	for k := 0; k < 3; k++ {
		code, _, stderr := runCLI(append([]string{"reproduce", "--out", out, "--shard", []string{"0/3", "1/3", "2/3"}[k]}, flags...)...)
		if code != 0 {
			t.Fatalf("shard %d: exit %d: %s", k, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "paper")); !os.IsNotExist(err) {
		t.Error("a shard wrote the report")
	}
	code, _, stderr := runCLI(append([]string{"merge", "--out", out}, flags...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	for _, exp := range []string{"immediate", "deadline"} {
		a, err1 := os.ReadFile(filepath.Join(ref, "results", exp, "runs.csv"))
		b, err2 := os.ReadFile(filepath.Join(out, "results", exp, "runs.csv"))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if string(a) != string(b) {
			t.Errorf("%s: merged runs.csv differs from a single run's", exp)
		}
		for _, f := range []string{"timings.csv", "manifest.json"} {
			if _, err := os.Stat(filepath.Join(out, "results", exp, f)); err != nil {
				t.Error(err)
			}
		}
	}
	for _, f := range []string{"paper/README.md", "paper/immediate.md", "paper/deadline.md", "results/gridbench.xlsx"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("merge did not write %s", f)
		}
	}
}

func TestMergeMissingShardFails(t *testing.T) {
	data, out := t.TempDir(), t.TempDir()
	flags := []string{"--quick", "--reps", "1", "--data", data, "--only", "immediate", "--out", out}
	if code, _, stderr := runCLI(append([]string{"reproduce", "--shard", "1/2"}, flags...)...); code != 0 {
		t.Fatalf("shard: exit %d: %s", code, stderr)
	}
	code, _, stderr := runCLI(append([]string{"merge"}, flags...)...)
	if code != 1 || !strings.Contains(stderr, "(shard 0/2)") || !strings.Contains(stderr, "--shard 0/2") || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := runCLI("reproduce", "--shard", "2/2", "--out", out); code == 0 || !strings.Contains(stderr, "K/N") {
		t.Errorf("bad --shard: exit %d: %s", code, stderr)
	}
}

func TestSecondWriterNoWait(t *testing.T) {
	out := t.TempDir()
	// flock locks belong to an open file, so a lock taken here excludes
	// the command below as another process's would.
	l, err := bench.AcquireLock(context.Background(), out, bench.LockFile, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	code, _, stderr := runCLI("reproduce", "--quick", "--reps", "1", "--data", t.TempDir(), "--only", "immediate", "--out", out, "--no-wait")
	if code == 0 || !strings.Contains(stderr, "process "+strconv.Itoa(os.Getpid())) {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "results", "immediate")); !os.IsNotExist(err) {
		t.Error("the second writer wrote results")
	}
	// A shard has its own lock and runs beside the holder.
	if code, _, stderr := runCLI("reproduce", "--quick", "--reps", "1", "--data", t.TempDir(), "--only", "immediate", "--out", out, "--no-wait", "--shard", "0/2"); code != 0 {
		t.Errorf("shard beside a lock holder: exit %d: %s", code, stderr)
	}
}

// A merge while a shard still writes its results fails at once, naming
// the shard and its writer: its half-written files read as damaged, and
// merge said to run that shard again.
func TestMergeWhileAShardRuns(t *testing.T) {
	data, out := t.TempDir(), t.TempDir()
	flags := []string{"--quick", "--reps", "1", "--data", data, "--only", "immediate", "--out", out}
	for _, k := range []string{"0/2", "1/2"} {
		if code, _, stderr := runCLI(append([]string{"reproduce", "--shard", k}, flags...)...); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", k, code, stderr)
		}
	}
	l, err := bench.Shard{K: 1, N: 2}.Lock(context.Background(), out, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(append([]string{"merge"}, flags...)...)
	want := "shard 1/2 is still being written into " + out + " by process " + strconv.Itoa(os.Getpid())
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("merge beside a running shard: exit %d, stderr %q; want it to say %q", code, stderr, want)
	}
	l.Release()
	if code, _, stderr := runCLI(append([]string{"merge"}, flags...)...); code != 0 {
		t.Errorf("merge once the shard ended: exit %d: %s", code, stderr)
	}
}
