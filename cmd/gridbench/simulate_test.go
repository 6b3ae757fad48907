package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sim"
)

func runSimulate(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), append([]string{"gridbench", "simulate"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestSimulateTiny(t *testing.T) {
	// Valid jobs: 1 (3 CPUs, 0..10), 2 (4 CPUs, est 5), 5 (1 CPU, est 8),
	// 7 (1 CPU, run 20, est 30). --max-jobs 3 keeps 1, 2, 5: skipped jobs
	// do not count.
	for _, tc := range []struct {
		algo, est, maxJobs, want string
	}{
		// FCFS: 2 waits for 1; 5 waits for 2.
		{"fcfs", "requested", "3", "1,0,0,10,0\n2,1,10,15,0\n5,2,15,23,0\n"},
		// EASY: head 2 has shadow 10 and no spare CPU; 5 (est 8) would
		// end at 10 — no later than the shadow time — so it backfills.
		{"easy", "requested", "3", "1,0,0,10,0\n2,1,10,15,0\n5,2,2,10,0\n"},
		// With all valid jobs (no --max-jobs), 7 (est 30) may not backfill at 2.5.
		{"easy", "requested", "", "1,0,0,10,0\n2,1,10,15,0\n5,2,2,10,0\n7,2.5,15,35,0\n"},
	} {
		out := filepath.Join(t.TempDir(), "jobs.csv")
		args := []string{"--swf", "testdata/simulate/tiny.swf", "--cpus", "4", "--algo", tc.algo, "--estimate", tc.est, "--jobs-out", out, "--jobs-format", "short"}
		if tc.maxJobs != "" {
			args = append(args, "--max-jobs", tc.maxJobs)
		}
		code, stdout, stderr := runSimulate(t, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d, stderr %s", tc.algo, code, stderr)
		}
		if stdout != "" {
			t.Errorf("%s: unexpected stdout %q", tc.algo, stdout)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(b), "job_id,submit,start,end,machine\n"+tc.want; got != want {
			t.Errorf("%s max-jobs=%s:\n%s\nwant\n%s", tc.algo, tc.maxJobs, got, want)
		}
		wantSkip := "skipped 2 (submit time < 0: 0, run time < 0: 1, CPUs < 1: 1, more CPUs than the machine: 0)"
		if tc.maxJobs == "" {
			wantSkip = "skipped 3 (submit time < 0: 0, run time < 0: 1, CPUs < 1: 1, more CPUs than the machine: 1)"
		}
		if !strings.Contains(stderr, wantSkip) {
			t.Errorf("%s: stderr %q lacks %q", tc.algo, stderr, wantSkip)
		}
	}
}

func TestSimulateErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "jobs.csv")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"malformed", []string{"--swf", "testdata/simulate/bad.swf", "--cpus", "4", "--algo", "fcfs", "--jobs-out", out}, "bad.swf:2:"},
		{"unknown algo", []string{"--swf", "testdata/simulate/tiny.swf", "--cpus", "4", "--algo", "nope", "--jobs-out", out}, "available: "},
		{"bad estimate", []string{"--swf", "testdata/simulate/tiny.swf", "--cpus", "4", "--algo", "easy", "--estimate", "guess", "--jobs-out", out}, `"runtime" or "requested"`},
		{"no cpus", []string{"--swf", "testdata/simulate/tiny.swf", "--cpus", "0", "--algo", "easy", "--jobs-out", out}, "--cpus 0"},
		{"missing file", []string{"--swf", "testdata/simulate/none.swf", "--cpus", "4", "--algo", "easy", "--jobs-out", out}, "none.swf"},
		{"empty path", []string{"--cpus", "4", "--algo", "easy", ""}, "simulate needs a trace: FILE or --swf FILE"},
	} {
		code, _, stderr := runSimulate(t, tc.args...)
		if code == 0 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want non-zero exit and one line containing %q", tc.name, code, stderr, tc.want)
		}
	}
	if _, _, stderr := runSimulate(t, "--swf", "x", "--cpus", "4", "--algo", "nope", "--jobs-out", out); !strings.Contains(stderr, "easy") || !strings.Contains(stderr, "fcfs") {
		t.Errorf("unknown algorithm error %q does not list easy and fcfs", stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed run left %s behind (err %v)", out, err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("temporary files left behind: %v", ents)
	}
}

// TestSimulateKTH runs the CLI on the first 3000 jobs of the KTH SP2 trace
// on 100 CPUs and checks the CSV against the simulator's invariants and an
// in-process EASY run (which internal/sched/easy checks against the naive
// twin on the same input).
func TestSimulateKTH(t *testing.T) {
	path := datadir.ForTest(t, "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz")
	out := filepath.Join(t.TempDir(), "kth.csv")
	code, _, stderr := runSimulate(t, "--swf", path, "--max-jobs", "3000", "--cpus", "100", "--algo", "easy", "--estimate", "requested", "--jobs-out", out, "--jobs-format", "short")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3001 || strings.Join(rows[0], ",") != "job_id,submit,start,end,machine" {
		t.Fatalf("%d rows, header %v", len(rows), rows[0])
	}
	jobs, _, err := adapt.LoadSWF(path, 3000, 100, adapt.Requested)
	if err != nil {
		t.Fatal(err)
	}
	recs := make([]sim.Record, len(jobs))
	for i, row := range rows[1:] {
		if id, _ := strconv.ParseInt(row[0], 10, 64); id != jobs[i].ID {
			t.Fatalf("row %d: job_id %s, want %d", i+2, row[0], jobs[i].ID)
		}
		num := func(s string) float64 {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("row %d: %v", i+2, err)
			}
			return x
		}
		if num(row[1]) != jobs[i].Submit {
			t.Fatalf("row %d: submit %s, want %g", i+2, row[1], jobs[i].Submit)
		}
		recs[i] = sim.Record{Start: num(row[2]), End: num(row[3]), Machine: int(num(row[4]))}
	}
	if err := sim.Check(sim.SingleMachine(100), jobs, recs); err != nil {
		t.Fatal(err)
	}
	want, err := sim.Simulate(sim.SingleMachine(100), jobs, easy.New())
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if want[i] != recs[i] {
			t.Fatalf("job %d: CSV %+v, simulator %+v", jobs[i].ID, recs[i], want[i])
		}
	}
}

// TestSimulateExec runs the Python FCFS through --algo exec: and expects
// the built-in's file byte for byte; --help lists the registry.
func TestSimulateExec(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("skipping: python3 not found on PATH")
	}
	var files []string
	for _, algo := range []string{"easy", "exec:python3 ../../examples/schedulers/easy.py"} {
		out := filepath.Join(t.TempDir(), "jobs.csv")
		code, _, stderr := runSimulate(t, "--swf", "testdata/simulate/tiny.swf", "--cpus", "4", "--algo", algo, "--estimate", "requested", "--jobs-out", out)
		if code != 0 {
			t.Fatalf("%s: exit %d, stderr %s", algo, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, string(b))
	}
	if files[0] != files[1] {
		t.Errorf("easy.py wrote\n%s\nthe built-in\n%s", files[1], files[0])
	}
	_, stdout, _ := runSimulate(t, "--help")
	for _, want := range []string{`easy +EASY-BF \(queue-based\)\n`, `tabu +Tabu \(schedule-based\)\n`, `easypp-doubling +EASY\+\+ \(doubling\)`, `exec:CMD +an external scheduler`} {
		if !regexp.MustCompile(want).MatchString(stdout) {
			t.Errorf("simulate --help lacks %q:\n%s", want, stdout)
		}
	}
	// The labels form one column, however long the longest name.
	_, list, _ := strings.Cut(stdout, "register your own with spaceshared.Register):\n")
	list, _, _ = strings.Cut(list, "\n\n")
	col := -1
	for _, line := range strings.Split(list, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		name := strings.Fields(line)[0]
		at := strings.Index(line, name) + len(name)
		at += len(line[at:]) - len(strings.TrimLeft(line[at:], " "))
		if col == -1 {
			col = at
		}
		if at != col {
			t.Errorf("simulate --help: the label of %q starts at column %d, the first one at %d:\n%s", name, at, col, list)
		}
	}
}

// TestSimulateEvalys: the default jobs file is Batsim's jobs.csv, its
// CPU ids a valid labelling; --swf-out writes the same schedule as SWF.
func TestSimulateEvalys(t *testing.T) {
	dir := t.TempDir()
	out, swf := filepath.Join(dir, "jobs.csv"), filepath.Join(dir, "out.swf")
	code, _, stderr := runSimulate(t, "testdata/simulate/tiny.swf", "--cpus", "4", "--algo", "easy", "--jobs-out", out, "--swf-out", swf)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// EASY as in TestSimulateTiny: 1 (3 CPUs, 0..10), 2 (4 CPUs, 10..15),
	// 5 (1 CPU, backfilled 2..10 on the fourth CPU), 7 (1 CPU, 15..35).
	want := "job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,success,final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,allocated_resources,consumed_energy,metadata\n" +
		"1,tiny,,0,3,12,1,COMPLETED_SUCCESSFULLY,0,10,10,0,10,1,0-2,-1,user=1\n" +
		"2,tiny,,1,4,5,1,COMPLETED_SUCCESSFULLY,10,5,15,9,14,2.8,0-3,-1,user=1\n" +
		"5,tiny,,2,1,8,1,COMPLETED_SUCCESSFULLY,2,8,10,0,8,1,3,-1,user=1\n" +
		"7,tiny,,2.5,1,30,1,COMPLETED_SUCCESSFULLY,15,20,35,12.5,32.5,1.625,0,-1,user=1\n"
	if string(b) != want {
		t.Errorf("jobs.csv:\n%s\nwant\n%s", b, want)
	}
	s, err := os.ReadFile(swf)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"; MaxProcs: 4\n", "\n5 2 0 8 1 -1 -1 1 8 -1 1 ", "\n7 2.5 12.5 20 1 -1 -1 1 30 -1 1 "} {
		if !strings.Contains(string(s), line) {
			t.Errorf("SWF log lacks %q:\n%s", line, s)
		}
	}
}

// Without --jobs-out simulate runs and prints its summary; a missing
// --cpus (where the header gives no MaxProcs) or --algo is an error of its own, not urfave/cli's "Required
// flag" check that ran before every other.
func TestSimulateWithoutJobsOut(t *testing.T) {
	code, stdout, stderr := runSimulate(t, "testdata/simulate/tiny.swf", "--cpus", "4", "--algo", "easy")
	if code != 0 || stdout != "" || !strings.Contains(stderr, "no file written") || !strings.Contains(stderr, "summary: 4 jobs, mean wait") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"testdata/simulate/none.swf", "--cpus", "4", "--algo", "easy"}, "none.swf"},
		{[]string{"testdata/simulate/tiny.swf", "--algo", "easy"}, "tiny.swf: the header gives no MaxProcs (a line \"; MaxProcs: N\"): give the machine's CPUs (--cpus N)"},
		{[]string{"testdata/simulate/tiny.swf", "--cpus", "4"}, "simulate needs --algo NAME"},
		{[]string{"testdata/simulate/tiny.swf", "--cpus", "4", "--algo", "easy", "--jobs-format", "wide"}, `jobs format "wide"`},
		{[]string{"testdata/simulate/tiny.swf", "--cpus", "4", "--algo", "easy", "--jobs-format", "short"}, "--jobs-format short: give the file too (--jobs-out FILE.csv)"},
	} {
		code, _, stderr := runSimulate(t, tc.args...)
		if code == 0 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want one line containing %q", tc.args, code, stderr, tc.want)
		}
	}
}

// simulate --help shows each flag's default once: urfave/cli appends
// "(default: …)", so a usage text must not say it again.
func TestSimulateHelpDefaultsOnce(t *testing.T) {
	_, stdout, _ := runSimulate(t, "--help")
	_, opts, _ := strings.Cut(stdout, "OPTIONS:")
	for _, line := range strings.Split(opts, "\n") {
		if n := strings.Count(line, "default"); n > 1 {
			t.Errorf("simulate --help says default %d times: %q", n, line)
		}
	}
}

// TestSimulateArtefactOrder: on the authors' KTH-SP2 input, EASY on
// requested times starts every job at the authors' second in pyss's order
// of events (--event-order per-event), and 98.40% of them in the batched
// default (experiments/backfilling's TestAgreementKTH, through the CLI).
func TestSimulateArtefactOrder(t *testing.T) {
	swf := datadir.ForTest(t, "sc15-artefact/KTH-SP2/res_easy_backfill_scheduler_None_None.swf.gz")
	for _, tc := range []struct{ order, want string }{
		{"per-event", "starts: 28481 of 28481 jobs (100.00%) at the artefact's second; mean bounded slowdown 92.5765, the artefact's 92.5765\n"},
		{"batched", "starts: 28025 of 28481 jobs (98.40%) at the artefact's second; mean bounded slowdown 92.6877, the artefact's 92.5765; events in gridbench's order (batched): --event-order per-event is the authors' simulator's\n"},
	} {
		code, _, stderr := runSimulate(t, "--swf", swf, "--algo", "easy", "--compare-starts", "--event-order", tc.order)
		if code != 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("--event-order %s: exit %d, stderr %q, want %q", tc.order, code, stderr, tc.want)
		}
	}
}

// TestSimulateEventOrderFlag: a bad --event-order is one line naming the
// valid ones; a pyss file read without --artefact gets a hint; --cpus must
// match an artefact's MaxProcs.
func TestSimulateEventOrderFlag(t *testing.T) {
	code, _, stderr := runSimulate(t, "--swf", "testdata/simulate/tiny.swf", "--cpus", "4", "--algo", "easy", "--event-order", "pyss")
	if want := `--event-order "pyss": want one of batched, per-event` + "\n"; code == 0 || !strings.HasSuffix(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stderr %q, want one line ending %q", code, stderr, want)
	}
	swf := datadir.ForTest(t, "sc15-artefact/KTH-SP2/res_easy_backfill_scheduler_None_None.swf.gz")
	code, _, stderr = runSimulate(t, "--swf", swf, "--cpus", "100", "--algo", "easy", "--max-jobs", "50")
	if code != 0 || !strings.Contains(stderr, "names the pyss simulator") {
		t.Errorf("a pyss file without --artefact: exit %d, stderr %q, want the hint", code, stderr)
	}
	if _, _, stderr := runSimulate(t, "--swf", "testdata/simulate/tiny.swf", "--cpus", "4", "--algo", "easy"); strings.Contains(stderr, "pyss") {
		t.Errorf("a plain trace: stderr %q names pyss", stderr)
	}
	code, _, stderr = runSimulate(t, "--swf", swf, "--cpus", "64", "--algo", "easy", "--artefact")
	if code == 0 || !strings.Contains(stderr, "--cpus 64, but the artefact schedule ran 100 CPUs") {
		t.Errorf("--cpus 64 on a 100-CPU artefact: exit %d, stderr %q", code, stderr)
	}
}

// Without --cpus, simulate runs a trace on the machine its header's
// MaxProcs gives, says so, and writes what --cpus of that size writes;
// a header's size beyond what simulate runs is an error naming the file.
func TestSimulateHeaderCPUs(t *testing.T) {
	tiny, err := os.ReadFile("testdata/simulate/tiny.swf")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	withMax := filepath.Join(dir, "max.swf")
	if err := os.WriteFile(withMax, append([]byte("; MaxNodes: 1\n; MaxProcs: 4\n"), tiny...), 0o644); err != nil {
		t.Fatal(err)
	}
	var jobs [2]string
	for i, extra := range [][]string{nil, {"--cpus", "4"}} {
		out := filepath.Join(dir, fmt.Sprintf("jobs%d.csv", i))
		code, _, stderr := runSimulate(t, append([]string{withMax, "--algo", "easy", "--jobs-out", out}, extra...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", extra, code, stderr)
		}
		if from := strings.Contains(stderr, "on 4 CPUs (the header's MaxProcs);"); from != (extra == nil) {
			t.Errorf("%v: stderr %q; want \"on 4 CPUs (the header's MaxProcs)\" only without --cpus", extra, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		jobs[i] = string(b)
	}
	if jobs[0] != jobs[1] || strings.Count(jobs[0], "\n") != 5 {
		t.Errorf("without --cpus:\n%s\nwith --cpus 4:\n%s\nwant the same 4 jobs", jobs[0], jobs[1])
	}
	huge := filepath.Join(dir, "huge.swf")
	if err := os.WriteFile(huge, append([]byte("; MaxProcs: 2000000\n"), tiny...), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runSimulate(t, huge, "--algo", "easy"); code == 0 || !strings.Contains(stderr, "huge.swf: a machine of 2000000 CPUs: gridbench simulates up to 1000000; give --cpus N") {
		t.Errorf("a header of 2,000,000 CPUs: exit %d, stderr %q", code, stderr)
	}
}

// The commands that read and compute before they write check first that
// their output files can be written: `simulate --algo cons` on a long log
// computed for minutes, then failed on a folder it may not write, and
// the schedule was lost. Here the trace is malformed on line 2, and the
// output lies below a regular file: the output's error comes first, so
// nothing was read.
func TestOutputsCheckedBeforeTheWork(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "plain")
	os.WriteFile(file, nil, 0o644)
	below := filepath.Join(file, "x.csv")
	bad := "testdata/simulate/bad.swf"
	for _, args := range [][]string{
		{"simulate", "--algo", "easy", "--cpus", "4", "--jobs-out", below, bad},
		{"simulate", "--algo", "easy", "--cpus", "4", "--swf-out", below, bad},
		{"simulate", "--algo", "easy", "--cpus", "4", "--jobs-out", dir, bad},
		{"timeshare", "--slaves", "2", "--algo", "rr", "--jobs-out", below, bad},
		{"trace", "stats", "--acf-out", below, bad},
	} {
		code, stdout, stderr := runCLI(args...)
		flag := args[slices.IndexFunc(args, func(a string) bool { return strings.HasSuffix(a, "-out") })]
		if code != 1 || stdout != "" || !strings.HasPrefix(stderr, "gridbench: "+flag+": ") || strings.Contains(stderr, "bad.swf") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1 and the error of %s before the trace is read", args, code, stdout, stderr, flag)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the checks left files behind: %v", ents)
	}

	// An output that is the file read would replace it (`simulate
	// --swf-out log.swf log.swf` left the log a schedule of its first
	// jobs), and two outputs of one file would keep only the last: both
	// are refused before anything is read or written.
	trace := filepath.Join(dir, "log.swf")
	orig := "1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1\n2 1 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1\n"
	os.WriteFile(trace, []byte(orig), 0o644)
	other := filepath.Join(dir, "o.csv")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--algo", "easy", "--cpus", "4", "--max-jobs", "1", "--swf-out", trace, trace}, "gridbench: --swf-out " + trace + ": is the file this command reads"},
		{[]string{"simulate", "--algo", "easy", "--cpus", "4", "--jobs-out", filepath.Join(dir, ".", "log.swf"), trace}, "gridbench: --jobs-out " + filepath.Join(dir, "log.swf") + ": is the file this command reads"},
		{[]string{"timeshare", "--slaves", "2", "--algo", "rr", "--jobs-out", trace, trace}, "gridbench: --jobs-out " + trace + ": is the file this command reads"},
		{[]string{"trace", "stats", "--counts-out", trace, trace}, "gridbench: --counts-out " + trace + ": is the file this command reads"},
		{[]string{"workload", "convert", trace, "--to", trace}, "gridbench: --to " + trace + ": is the file this command reads"},
		{[]string{"simulate", "--algo", "easy", "--cpus", "4", "--jobs-out", other, "--swf-out", other, trace}, "gridbench: --jobs-out and --swf-out both name " + other + ": give each its own file"},
		{[]string{"trace", "stats", "--acf-out", other, "--fft-out", other, trace}, "gridbench: --acf-out and --fft-out both name " + other + ": give each its own file"},
	} {
		code, _, stderr := runCLI(c.args...)
		if code != 1 || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
		if b, _ := os.ReadFile(trace); string(b) != orig {
			t.Fatalf("%q replaced the trace it read", c.args)
		}
		if _, err := os.Stat(other); err == nil {
			t.Fatalf("%q wrote %s", c.args, other)
		}
	}
}

// One job on one CPU is counted in the singular: "1 jobs with easy on 1
// CPUs ... work 1 steps" and "summary: 1 jobs" read as a slip.
func TestSimulateOneJobIsSingular(t *testing.T) {
	path := filepath.Join(t.TempDir(), "one.swf")
	os.WriteFile(path, []byte("1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1\n"), 0o644)
	code, _, stderr := runSimulate(t, "--algo", "fcfs", "--cpus", "1", path)
	for _, want := range []string{"simulate: 1 job with fcfs on 1 CPU; ", "; work 1 step; ", "\nsummary: 1 job, "} {
		if code != 0 || !strings.Contains(stderr, want) {
			t.Errorf("exit %d, stderr lacks %q:\n%s", code, want, stderr)
		}
	}
	code, stdout, _ := runCLI("timeshare", "--slaves", "1", "--algo", "rr", path)
	if code != 0 || !strings.Contains(stdout, path+": 1 job read, 1 dealt") || !strings.Contains(stdout, "platform               1 slave, ") {
		t.Errorf("timeshare: exit %d, stdout:\n%s", code, stdout)
	}
}

// Jobs that all submit and end at one instant (run time 0) leave no time
// for a utilisation: the summary says so rather than "NaN% of 0 s".
func TestSimulateNoTimeElapsed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "oz.swf")
	os.WriteFile(path, []byte("; MaxProcs: 4\n1 100 -1 0 2 -1 -1 2 20 -1 1 1 -1 -1 -1 -1 -1 -1\n2 100 -1 0 4 -1 -1 4 20 -1 1 1 -1 -1 -1 -1 -1 -1\n"), 0o644)
	code, _, stderr := runSimulate(t, "--algo", "easy", path)
	if want := "summary: 2 jobs, mean wait 0 s, mean bounded slowdown (tau = 10 s) 1, utilisation — (no time elapsed: every job submitted and ended at one instant)\n"; code != 0 || !strings.HasSuffix(stderr, want) || strings.Contains(stderr, "NaN") {
		t.Errorf("exit %d, stderr %q, want it to end %q", code, stderr, want)
	}
}

// A Batsim workload's jobs that run as long as their walltime or longer
// (Batsim kills them at it) are counted on stderr: gridbench runs them to
// their end, and said nothing.
func TestSimulateBatsimPastWalltime(t *testing.T) {
	w := filepath.Join(t.TempDir(), "w.json")
	if err := os.WriteFile(w, []byte(`{"nb_res": 4, "jobs": [
 {"id": 1, "subtime": 0, "res": 1, "profile": "d10", "walltime": 5},
 {"id": 2, "subtime": 0, "res": 1, "profile": "d5", "walltime": 5},
 {"id": 3, "subtime": 0, "res": 1, "profile": "d5", "walltime": 10},
 {"id": 4, "subtime": 0, "res": 1, "profile": "d10"}],
 "profiles": {"d10": {"type": "delay", "delay": 10}, "d5": {"type": "delay", "delay": 5}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "simulate: 2 jobs run as long as their walltime or longer: Batsim kills them at the walltime"},
		{[]string{"--max-jobs", "1"}, "simulate: 1 job runs as long as its walltime or longer: Batsim kills it at the walltime"},
		{[]string{"--estimate", "runtime"}, "simulate: 2 jobs run as long as their walltime or longer"},
	} {
		code, _, stderr := runSimulate(t, append([]string{"--algo", "fcfs", w}, c.args...)...)
		if code != 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want it to say %q", c.args, code, stderr, c.want)
		}
	}
	if _, _, stderr := runSimulate(t, "--algo", "fcfs", "testdata/simulate/tiny.swf", "--cpus", "4"); strings.Contains(stderr, "walltime") {
		t.Errorf("a trace's jobs past their request are no Batsim jobs: %q", stderr)
	}
}

// A trace whose jobs repeat an id (logs concatenated, renumbered) is
// simulated, and stderr says so: the schedule written would hold the id
// twice, which evalys reads as one job. Ids out of order alone are fine.
func TestSimulateRepeatedIDs(t *testing.T) {
	dir := t.TempDir()
	line := func(id, submit int) string {
		return fmt.Sprintf("%d %d -1 10 1 -1 -1 1 20 -1 1 -1 -1 -1 -1 -1 -1 -1\n", id, submit)
	}
	for _, c := range []struct {
		ids  []int
		want string
	}{
		{[]int{3, 1, 2, 3}, "simulate: 1 job has the id of an earlier job (first: job 3, line 5)"},
		{[]int{1, 1, 2, 2}, "simulate: 2 jobs have the id of an earlier job (first: job 1, line 3)"},
		{[]int{3, 1, 2, 4}, ""},
	} {
		text := "; MaxProcs: 4\n"
		for i, id := range c.ids {
			text += line(id, i)
		}
		p := filepath.Join(dir, "t.swf")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runSimulate(t, "--algo", "easy", p)
		if code != 0 || (c.want == "") != !strings.Contains(stderr, "id of an earlier job") || !strings.Contains(stderr, c.want) {
			t.Errorf("ids %v: exit %d, stderr %q; want %q", c.ids, code, stderr, c.want)
		}
	}
}
