package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/timeshare"
)

func runTimeshareCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), append([]string{"gridbench", "timeshare"}, args...), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The fixture's schedules are worked by hand in the comments.
func TestTimeshareSmall(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "jobs.csv")

	// FCFS on 2 slaves: valid jobs 1, 2, 3, 5 go to slaves 0, 1, 0, 1.
	code, stdout, stderr := runTimeshareCLI(t, "--swf", "testdata/timeshare_small.swf", "--slaves", "2", "--algo", "fcfs", "--jobs-out", out)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	wantCSV := "job_id,submit,first_start,end,slave\n1,0,0,3,0\n2,1,1,3,1\n3,2,3,4,0\n5,4,4,9,1\n"
	if got := readFile(t, out); got != wantCSV {
		t.Errorf("fcfs CSV:\n%s\nwant:\n%s", got, wantCSV)
	}
	// Waits 0,0,1,0; turnarounds 3,2,2,5; every bounded slowdown is 1
	// (turnaround < tau); job 3 has stretch 2. Total completion: slave 0
	// ends jobs 1 and 3 at 3 and 4 (7), slave 1 jobs 2 and 5 at 3 and 9
	// (12); the larger is 12. Last end 9.
	wantOut := `trace                  testdata/timeshare_small.swf: 5 jobs read, 4 dealt, 1 skipped (no run time or no submit time)
platform               2 slaves, algorithm fcfs
jobs                   4
avg_waiting_s          0.250
avg_turnaround_s       3.000
avg_response_s         0.250
avg_bounded_slowdown   1.000
total_completion_s     12.000
max_stretch            2.000
makespan_s             9.000
slices                 4
`
	if stdout != wantOut {
		t.Errorf("fcfs stdout:\n%s\nwant:\n%s", stdout, wantOut)
	}

	// RR, quantum 2, one slave: job 1 is preempted at 2 behind jobs 2 and 3
	// (3 arrives exactly at 2); job 5 arrives at 4 as job 2 ends.
	code, stdout, stderr = runTimeshareCLI(t, "--swf", "testdata/timeshare_small.swf", "--slaves", "1", "--algo", "rr", "--quantum", "2", "--jobs-out", out)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	wantCSV = "job_id,submit,first_start,end,slave\n1,0,0,6,0\n2,1,2,4,0\n3,2,4,5,0\n5,4,6,11,0\n"
	if got := readFile(t, out); got != wantCSV {
		t.Errorf("rr CSV:\n%s\nwant:\n%s", got, wantCSV)
	}
	if !strings.Contains(stdout, "quantum 2 s") || !strings.Contains(stdout, "slices                 7\n") {
		t.Errorf("rr stdout lacks the quantum or 7 slices:\n%s", stdout)
	}

	// --max-jobs counts trace records: the first 2 are jobs 1 and 2.
	code, _, stderr = runTimeshareCLI(t, "--swf", "testdata/timeshare_small.swf", "--max-jobs", "2", "--slaves", "1", "--algo", "spn", "--jobs-out", out)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if got, want := readFile(t, out), "job_id,submit,first_start,end,slave\n1,0,0,3,0\n2,1,3,5,0\n"; got != want {
		t.Errorf("--max-jobs 2 CSV:\n%s\nwant:\n%s", got, want)
	}
}

func TestTimeshareErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "jobs.csv")
	if err := os.WriteFile(out, []byte("previous\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--swf", "testdata/timeshare_small.swf", "--slaves", "2", "--algo", "sjf", "--jobs-out", out}, "valid: fcfs, spn, ljf, p, rr, plrr, apdrr"},
		{[]string{"--swf", "testdata/timeshare_small.swf", "--slaves", "0", "--algo", "rr", "--jobs-out", out}, "--slaves 0"},
		{[]string{"--swf", "testdata/timeshare_small.swf", "--slaves", "x", "--algo", "rr", "--jobs-out", out}, "slaves"},
		{[]string{"--swf", "testdata/timeshare_small.swf", "--slaves", "2", "--algo", "rr", "--quantum", "0", "--jobs-out", out}, "--quantum 0"},
		{[]string{"--swf", "testdata/timeshare_small.swf", "--slaves", "2", "--algo", "apdrr", "--quantum", "10", "--jobs-out", out}, "--quantum 10: apdrr takes no quantum (rr and plrr do; apdrr computes its own)"},
		{[]string{"--swf", "testdata/timeshare_bad.swf", "--slaves", "2", "--algo", "rr", "--jobs-out", out}, "timeshare_bad.swf:3"},
		{[]string{"--slaves", "2", "--algo", "rr", "--jobs-out", out}, "swf"},
	}
	for _, c := range cases {
		code, stdout, stderr := runTimeshareCLI(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one error line containing %q", c.args, code, stdout, stderr, c.want)
		}
	}
	// Without --jobs-out the run prints its summary and says no file was
	// written, as simulate does.
	code, stdout, stderr := runTimeshareCLI(t, "--swf", "testdata/timeshare_small.swf", "--slaves", "2", "--algo", "fcfs")
	if code != 0 || !strings.Contains(stdout, "avg_waiting_s          0.250") || stderr != "timeshare: no file written (--jobs-out)\n" {
		t.Errorf("without --jobs-out: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if got := readFile(t, out); got != "previous\n" {
		t.Errorf("a failed run changed %s to %q", out, got)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(m) != 0 {
		t.Errorf("temporary files left behind: %v", m)
	}
}

// On the real trace the CSV must be exactly what the library computes, rows
// in input order with round-tripping floats.
func TestTimeshareLCG(t *testing.T) {
	path := datadir.ForTest(t, "LCG-2005-1/LCG.swf.gz")
	out := filepath.Join(t.TempDir(), "jobs.csv")
	code, _, stderr := runTimeshareCLI(t, "--swf", path, "--max-jobs", "2000", "--slaves", "16", "--algo", "apdrr", "--jobs-out", out)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	recs, _, err := trace.ReadAll(path, 2000)
	if err != nil {
		t.Fatal(err)
	}
	jobs := make([]timeshare.Job, len(recs))
	for i, r := range recs {
		jobs[i] = timeshare.Job{ID: int64(r.ID), Submit: r.Submit, Run: r.Run, User: r.User}
	}
	timeshare.PriorityRule(jobs)
	s, _ := timeshare.New("apdrr", timeshare.Params{})
	res, err := timeshare.Run(jobs, 16, s)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(readFile(t, out)), "\n")
	if len(lines) != 2001 {
		t.Fatalf("%d CSV lines, want 2001", len(lines))
	}
	for i, line := range lines[1:] {
		f := strings.Split(line, ",")
		start, _ := strconv.ParseFloat(f[2], 64)
		end, _ := strconv.ParseFloat(f[3], 64)
		if f[0] != strconv.Itoa(recs[i].ID) || start != res.Outcomes[i].FirstStart || end != res.Outcomes[i].End || f[4] != strconv.Itoa(i%16) {
			t.Fatalf("row %d = %q; want job %d, start %v, end %v, slave %d", i+1, line, recs[i].ID, res.Outcomes[i].FirstStart, res.Outcomes[i].End, i%16)
		}
	}
}

// A trace whose jobs repeat an id is dealt, and stderr says so: its
// --jobs-out would hold the id twice. Ids out of order alone are fine.
func TestTimeshareRepeatedIDs(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		ids  []int
		want string
	}{
		{[]int{3, 1, 2, 3}, "timeshare: 1 job has the id of an earlier job (first: job 3, the trace's record 4)"},
		{[]int{1, 1, 2, 2}, "timeshare: 2 jobs have the id of an earlier job (first: job 1, the trace's record 2)"},
		{[]int{3, 1, 2, 4}, ""},
	} {
		text := "; MaxProcs: 4\n"
		for i, id := range c.ids {
			text += fmt.Sprintf("%d %d -1 10 1 -1 -1 1 20 -1 1 -1 -1 -1 -1 -1 -1 -1\n", id, i)
		}
		p := filepath.Join(dir, "t.swf")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runTimeshareCLI(t, "--swf", p, "--slaves", "2", "--algo", "fcfs")
		if code != 0 || (c.want == "") != !strings.Contains(stderr, "id of an earlier job") || !strings.Contains(stderr, c.want) {
			t.Errorf("ids %v: exit %d, stderr %q; want %q", c.ids, code, stderr, c.want)
		}
	}
}
