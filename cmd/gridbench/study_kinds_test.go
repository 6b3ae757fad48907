package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// study runs `gridbench study SUB args...` from the repository root and
// fails the test on a non-zero exit.
func study(t *testing.T, sub string, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), append([]string{"gridbench", "study", sub}, args...), &stdout, &stderr); code != 0 {
		t.Fatalf("study %s %v: exit %d: %s", sub, args, code, stderr.String())
	}
	return stdout.String()
}

// TestStudyExamplesShardAndMerge runs the shipped ETC, time-sharing and
// Lublin examples (their data ships in data/ or is generated) at 2 repetitions, then each again
// as 2 shards and a merge: the merged runs.csv must be the single run's,
// byte for byte, and so must a run with another -j.
func TestStudyExamplesShardAndMerge(t *testing.T) {
	dir := t.TempDir()
	t.Chdir("../..")
	for _, ex := range []struct{ file, name, headline string }{
		{"examples/study-etc.toml", "etc-own", "etc-own: 3 workloads × 8 algorithms"},
		{"examples/study-timeshare.toml", "timeshare-own", "timeshare-own: 2 workloads × 7 algorithms"},
		{"examples/study-lublin.toml", "lublin-own", "lublin-own: 2 workloads × 6 algorithms"},
	} {
		one, sharded, j3 := filepath.Join(dir, ex.name, "one"), filepath.Join(dir, ex.name, "sharded"), filepath.Join(dir, ex.name, "j3")
		if out := study(t, "run", ex.file, "--reps", "2", "-j", "1", "--out", one); !strings.Contains(out, ex.headline) {
			t.Errorf("%s: stdout %q lacks %q", ex.file, out, ex.headline)
		}
		study(t, "run", ex.file, "--reps", "2", "-j", "3", "--out", j3)
		for _, k := range []string{"0/2", "1/2"} {
			if out := study(t, "run", ex.file, "--reps", "2", "--shard", k, "--out", sharded); !strings.Contains(out, "gridbench study merge "+ex.file) {
				t.Errorf("shard %s: stdout %q does not say how to merge", k, out)
			}
		}
		if _, err := os.Stat(filepath.Join(sharded, "paper", ex.name+".md")); err == nil {
			t.Errorf("%s: a shard wrote the report", ex.file)
		}
		study(t, "merge", ex.file, "--reps", "2", "--out", sharded)
		want, err := os.ReadFile(filepath.Join(one, "results", ex.name, "runs.csv"))
		if err != nil {
			t.Fatal(err)
		}
		for _, other := range []string{sharded, j3} {
			got, err := os.ReadFile(filepath.Join(other, "results", ex.name, "runs.csv"))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s: %s/runs.csv differs from the single -j 1 run's (err %v)", ex.file, other, err)
			}
		}
		if _, err := os.Stat(filepath.Join(sharded, "paper", ex.name+".md")); err != nil {
			t.Errorf("%s: merge wrote no report: %v", ex.file, err)
		}
	}
}

// TestStudyMergeMissingShard: a merge with a shard missing names it.
func TestStudyMergeMissingShard(t *testing.T) {
	out := t.TempDir()
	t.Chdir("../..")
	study(t, "run", "examples/study-etc.toml", "--reps", "1", "--shard", "1/3", "--out", out)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"gridbench", "study", "merge", "examples/study-etc.toml", "--reps", "1", "--shards", "3", "--out", out}, &stdout, &stderr)
	if code == 0 || !strings.Contains(stderr.String(), "(shard 0/3)") || !strings.Contains(stderr.String(), "run `gridbench study run examples/study-etc.toml` with --shard 0/3, --shard 2/3") {
		t.Errorf("exit %d, stderr %q: want the missing shards 0/3 and 2/3 named", code, stderr.String())
	}
}
