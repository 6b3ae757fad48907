package main

import (
	"path/filepath"
	"testing"

	"github.com/gridbench/gridbench/generators/trace"
)

// readTrace reads every record of the trace at path.
func readTrace(t *testing.T, path string) []trace.Job {
	t.Helper()
	js, _, err := trace.ReadAll(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// TestSimulateSWFKeepsTheTrace: --swf-out writes each job's fields that a
// schedule does not change as the trace has them (what the job used and
// asked for, its status, group, executable, queue, partition, the job it
// waited for and its think time), and the times of the new schedule: a
// per-queue or per-group analysis of the schedule reads what it would read
// of the log. On the bundled KTH-SP2 log (its status, group and queue
// fields recorded), the first 3,000 jobs under EASY.
func TestSimulateSWFKeepsTheTrace(t *testing.T) {
	in := "../../data/KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz"
	out := filepath.Join(t.TempDir(), "s.swf")
	if code, _, stderr := runSimulate(t, "--algo", "easy", "--max-jobs", "3000", "--swf-out", out, in); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	byID := map[int]trace.Job{}
	for _, j := range readTrace(t, in) {
		byID[j.ID] = j
	}
	got := readTrace(t, out)
	if len(got) != 3000 {
		t.Fatalf("%d jobs in the schedule, want 3000", len(got))
	}
	groups, failed := map[int]bool{}, 0
	for _, g := range got {
		w, ok := byID[g.ID]
		if !ok {
			t.Fatalf("job %d of the schedule is not in the log", g.ID)
		}
		if w.ReqProcs < 1 {
			w.ReqProcs = w.CPUs()
		}
		if w.Status < 0 {
			w.Status = 1
		}
		// The schedule's own: its wait, and the line it is on.
		w.Wait, w.Line = g.Wait, g.Line
		if g != w {
			t.Fatalf("job %d: the schedule has\n%+v\nthe log\n%+v", g.ID, g, w)
		}
		if g.Wait < 0 {
			t.Fatalf("job %d waits %g", g.ID, g.Wait)
		}
		groups[g.Group] = true
		if g.Status != 1 {
			failed++
		}
	}
	// The log records them, so they are there to keep.
	if len(groups) < 2 || failed == 0 {
		t.Errorf("%d groups and %d jobs not completed kept: the log has more", len(groups), failed)
	}
}

// Under --estimate runtime the scheduler sees each job's run time, and
// --swf-out writes it as field 9, as jobs.csv's requested_time (it wrote
// -1); under requested, the trace's request.
func TestSimulateSWFWritesTheEstimateUsed(t *testing.T) {
	dir := t.TempDir()
	for _, est := range []string{"runtime", "requested"} {
		out := filepath.Join(dir, est+".swf")
		if code, _, stderr := runSimulate(t, "--algo", "easy", "--cpus", "4", "--estimate", est, "--swf-out", out, "testdata/simulate/tiny.swf"); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		req := map[int]float64{}
		for _, j := range readTrace(t, "testdata/simulate/tiny.swf") {
			req[j.ID] = j.ReqTime
		}
		got := readTrace(t, out)
		if len(got) != 4 {
			t.Fatalf("--estimate %s: %d jobs", est, len(got))
		}
		for _, j := range got {
			want := map[string]float64{"runtime": j.Run, "requested": req[j.ID]}[est]
			if j.ReqTime != want {
				t.Errorf("--estimate %s: job %d: field 9 %g, want %g", est, j.ID, j.ReqTime, want)
			}
		}
	}
}
