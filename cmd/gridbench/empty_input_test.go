package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Inputs that yield nothing are errors: one line naming the file and the
// reason, a non-zero exit, and no output file.
func TestEmptyInputsAreErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const job = "1 0 -1 %s 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
	empty := write("empty.swf", "")
	header := write("header.swf", "; Version: 2.2\n; MaxJobs: 0\n;\n")
	noRun := write("norun.swf", strings.ReplaceAll(job, "%s", "-1")+"2 5 -1 -1 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n")
	one := write("one.swf", strings.ReplaceAll(job, "%s", "10"))
	wide := write("wide.swf", "1 0 -1 10 64 -1 -1 64 -1 -1 1 1 1 -1 -1 -1 -1 -1\n")
	emptyETC := write("empty.etc", "")
	zeroETC := write("zero.etc", "0 16 0\n")
	headerOnlyETC := write("header.etc", "512 16 0\n")
	noHeaderETC := write("nohdr.etc", "1\n2\n")
	out := filepath.Join(dir, "out.csv")

	sim := func(swf string, extra ...string) []string {
		return append([]string{"simulate", "--swf", swf, "--cpus", "4", "--algo", "easy", "--jobs-out", out}, extra...)
	}
	ts := func(swf string, extra ...string) []string {
		return append([]string{"timeshare", "--swf", swf, "--slaves", "2", "--algo", "rr", "--jobs-out", out}, extra...)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{sim(empty), empty + ": no job records"},
		{sim(header), header + ": no job records"},
		{sim(noRun), noRun + ": all 2 job records were skipped (submit time < 0: 0, run time < 0: 2,"},
		{sim(wide), wide + ": all 1 job records were skipped (submit time < 0: 0, run time < 0: 0, CPUs < 1: 0, more CPUs than the machine: 1; is --cpus 4"},
		{sim(one, "--max-jobs", "0"), "simulate: --max-jobs 0 selects no job"},
		{sim(one, "--max-jobs", "-3"), "simulate: --max-jobs -3 selects no job"},
		{ts(empty), empty + ": no job records"},
		{ts(header), header + ": no job records"},
		{ts(noRun), noRun + ": all 2 job records were skipped (every record lacks a run time or a submit time"},
		{ts(one, "--max-jobs", "0"), "timeshare: --max-jobs 0 selects no job"},
		{[]string{"trace", "stats", empty}, empty + ": no job records"},
		{[]string{"trace", "stats", header}, header + ": no job records"},
		{[]string{"etc", "eval", emptyETC}, "empty.etc: empty file"},
		{[]string{"etc", "eval", zeroETC}, `zero.etc:1: header field 1 (jobs) "0" is not a positive integer`},
		{[]string{"etc", "eval", headerOnlyETC}, "header.etc: expected 8192 values"},
		{[]string{"etc", "eval", "--jobs", "0", "--machines", "2", noHeaderETC}, "etc eval: --jobs 0: an ETC instance needs at least 1"},
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
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: wrote %s", tc.args, out)
			os.Remove(out)
		}
	}
	// The same trace with one job and --max-jobs 1 works: the checks are
	// about emptiness, not the flags.
	if code, _, stderr := runCLI(sim(one, "--max-jobs", "1")...); code != 0 {
		t.Errorf("one job: exit %d %q", code, stderr)
	}
	if code, _, stderr := runCLI(ts(one, "--max-jobs", "1")...); code != 0 {
		t.Errorf("one job, timeshare: exit %d %q", code, stderr)
	}
}
