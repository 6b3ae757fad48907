package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Each input that once panicked, hung or died of out-of-memory is a
// one-line error naming the flag, key or field and the limit, exit 1.
func TestLimitsOnTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	swf := func(name, submit, run string) string {
		p := filepath.Join(dir, name)
		text := "1 0 0 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 1 -1 -1\n2 " + submit + " 0 " + run + " 1 -1 -1 1 10 -1 1 1 1 -1 -1 1 -1 -1\n"
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	huge := swf("huge.swf", "1e300", "10")
	far := swf("far.swf", "1e10", "10")
	long := swf("long.swf", "5", "1e308")
	small := swf("small.swf", "5", "10")
	out := filepath.Join(dir, "jobs.csv")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"trace stats submit 1e300", []string{"trace", "stats", huge}, "huge.swf:2: field 2 (submit time) \"1e300\" is beyond the limit of 4e+09 s"},
		{"trace stats submit 1e10", []string{"trace", "stats", far}, "far.swf:2: field 2 (submit time) \"1e10\" is beyond the limit"},
		{"trace stats narrow window", []string{"trace", "stats", "--window", "1e-3", swf("wide.swf", "3e9", "10")}, "--window 0.001: submit times 0..3000000000 span"},
		{"timeshare run 1e308", []string{"timeshare", "--swf", long, "--slaves", "2", "--algo", "rr", "--jobs-out", out}, "long.swf:2: field 4 (run time) \"1e308\" is beyond the limit"},
		{"timeshare quantum 1e-300", []string{"timeshare", "--swf", small, "--slaves", "2", "--algo", "rr", "--quantum", "1e-300", "--jobs-out", out}, "--quantum 1e-300: must be between 0.001 and 4e+09 seconds"},
		{"timeshare slaves 1e9", []string{"timeshare", "--swf", small, "--slaves", "1000000000", "--algo", "rr", "--jobs-out", out}, "--slaves 1000000000: must be 1 to 1000000"},
		{"reproduce reps 1e8", []string{"reproduce", "--reps", "100000000", "--out", dir}, "--reps 100000000: must be 0 (the default) to 10000"},
		{"reproduce exec-timeout", []string{"reproduce", "--exec-timeout", "1ns", "--out", dir}, "--exec-timeout: answer timeout 1ns: must be between 1ms and 24h0m0s"},
		{"simulate cpus", []string{"simulate", "--swf", small, "--cpus", "2000000", "--algo", "fcfs", "--jobs-out", out}, "--cpus 2000000: must be 1 to 1000000"},
		{"etc generate 1e5 x 1e5", []string{"etc", "generate", "--jobs", "100000", "--machines", "100000", "-o", filepath.Join(dir, "x.etc")}, "--jobs/--machines: etc: 100000 jobs × 100000 machines: need 1 × 1 to 100000000 cells"},
		{"data fetch max-size", []string{"data", "fetch", "--max-size", "0", "--data", dir, "braun"}, "--max-size 0: must be at least 1 byte"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(tc.args...)
			if code != 1 || !strings.Contains(stderr, tc.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Errorf("exit %d, stderr %q\nwant one line containing %q", code, stderr, tc.want)
			}
		})
	}
}

// --exec-timeout reaches the exec: scheduler: one that never answers a
// decision fails the run after it, the message naming it.
func TestExecTimeoutFlag(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "slow.sh")
	os.WriteFile(script, []byte("read line\necho '{\"type\":\"ready\",\"protocol\":1}'\nread line\nexec sleep 600\n"), 0o644)
	swf := filepath.Join(dir, "t.swf")
	os.WriteFile(swf, []byte("1 0 0 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 1 -1 -1\n"), 0o644)
	code, _, stderr := runCLI("simulate", "--swf", swf, "--cpus", "1", "--algo", "exec:sh "+script, "--exec-timeout", "250ms", "--jobs-out", filepath.Join(dir, "o.csv"))
	if code != 1 || !strings.Contains(stderr, "no answer within 250ms") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// A line an exec: scheduler writes after its last answer means its
// answers and gridbench's messages were out of step: the run fails and its
// jobs CSV is not written (simulate), or the run is a failure (study run).
func TestExecLineAfterEnd(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "chatty.sh")
	// FCFS for one job: start it, then say goodbye after end.
	os.WriteFile(script, []byte("read line\necho '{\"type\":\"ready\",\"protocol\":1}'\nread line\n"+
		"echo '{\"start\":[{\"job\":0,\"machine\":0}]}'\nread line\necho '{\"bye\":1}'\n"), 0o644)
	swf := filepath.Join(dir, "t.swf")
	os.WriteFile(swf, []byte("1 0 0 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 1 -1 -1\n"), 0o644)
	out := filepath.Join(dir, "o.csv")
	code, _, stderr := runCLI("simulate", "--swf", swf, "--cpus", "1", "--algo", "exec:sh "+script, "--jobs-out", out)
	if code != 1 || !strings.Contains(stderr, `wrote {"bye":1} after its last answer: one line per message, and nothing after end`) {
		t.Errorf("simulate: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the jobs CSV of a run out of step was written")
	}
	study := filepath.Join(dir, "s.toml")
	os.WriteFile(study, []byte("name = \"chatty\"\nreps = 1\nalgorithms = [\"mine\"]\n[aliases]\nmine = \"exec:sh "+script+"\"\n"+
		"[[workload]]\nkind = \"trace\"\ntrace = \"t.swf\"\ncpus = 1\njobs = 1\n"), 0o644)
	code, _, stderr = runCLI("study", "run", study, "--out", filepath.Join(dir, "out"))
	if code != 1 || !strings.Contains(stderr, `1 runs failed`) || !strings.Contains(stderr, `wrote {"bye":1} after its last answer`) {
		t.Errorf("study run: exit %d, stderr %q", code, stderr)
	}
}

func TestShardLimits(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"reproduce", "--shard", "0/1000000000", "--out", dir}, "--shard 0/1000000000: at most 10000 shards"},
		{[]string{"merge", "--shards", "1000000000", "--out", dir}, "--shards 1000000000: must be 1 to 10000"},
		{[]string{"slurm", "--shards", "1000000000", "--out", dir, "--dry-run"}, "--shards 1000000000: give the number of array tasks, 1 to 10000"},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q", tc.args, code, stderr)
		}
	}
}
