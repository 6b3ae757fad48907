package timeshare

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"
)

func TestSummarize(t *testing.T) {
	jobs := []Job{
		{Submit: 10, Run: 0},   // zero run: no stretch; slowdown max(1, 5/10) = 1
		{Submit: 20, Run: 4},   // slowdown 24/10 = 2.4, stretch 6
		{Submit: 30, Run: 100}, // slowdown 300/100 = 3, stretch 3
		{Submit: 0, Run: -1},   // not dealt, ignored
	}
	out := []Outcome{{FirstStart: 15, End: 15}, {FirstStart: 21, End: 44}, {FirstStart: 40, End: 330}, {Slave: -1}}
	m := Summarize(jobs, out)
	want := Metrics{
		Jobs:               3,
		AvgWaiting:         (5 + 20 + 200) / 3.0,
		AvgTurnaround:      (5 + 24 + 300) / 3.0,
		AvgResponse:        (5 + 1 + 10) / 3.0,
		AvgBoundedSlowdown: (1 + 2.4 + 3) / 3.0,
		TotalCompletion:    (15 - 10) + (44 - 10) + (330 - 10), // all on slave 0
		MaxStretch:         6,
		Makespan:           330 - 10,
	}
	if math.Abs(m.AvgBoundedSlowdown-want.AvgBoundedSlowdown) > 1e-12 {
		t.Errorf("bounded slowdown %v, want %v", m.AvgBoundedSlowdown, want.AvgBoundedSlowdown)
	}
	m.AvgBoundedSlowdown = want.AvgBoundedSlowdown
	if m != want {
		t.Errorf("Summarize = %+v\nwant        %+v", m, want)
	}
	if (Summarize(nil, nil) != Metrics{}) {
		t.Error("empty workload should give zero metrics")
	}
}

// TestTotalCompletionIsPerSlaveSum is the example: one slave, jobs
// of 10 s and 1 s submitted at 0. FCFS ends them at 10 and 11 (21), SPN at
// 11 and 1 (12); the makespan is 11 under both.
func TestTotalCompletionIsPerSlaveSum(t *testing.T) {
	jobs := []Job{{Submit: 0, Run: 10}, {Submit: 0, Run: 1}}
	for algo, want := range map[string]float64{"fcfs": 21, "spn": 12} {
		m := Summarize(jobs, mustRun(t, jobs, 1, algo, Params{}).Outcomes)
		if m.TotalCompletion != want || m.Makespan != 11 {
			t.Errorf("%s: total completion %v, makespan %v; want %v and 11", algo, m.TotalCompletion, m.Makespan, want)
		}
	}
	// Two slaves: the larger per-slave sum counts, from the first submit
	// of the whole workload (5), not of the slave.
	two := []Job{{Submit: 5, Run: 1}, {Submit: 10, Run: 4}, {Submit: 5, Run: 2}}
	m := Summarize(two, mustRun(t, two, 2, "fcfs", Params{}).Outcomes)
	// Slave 0: ends 6 and 8 (jobs 0 and 2) -> 1 + 3 = 4; slave 1: end 14 -> 9.
	if m.TotalCompletion != 9 || m.Makespan != 9 {
		t.Errorf("two slaves: total completion %v, makespan %v; want 9 and 9", m.TotalCompletion, m.Makespan)
	}
}

func TestWriteJobsCSVFile(t *testing.T) {
	jobs := []Job{{ID: 7, Submit: 0.1, Run: 1}, {ID: 8, Submit: 1, Run: -1}, {ID: 9, Submit: 1e9 + 0.25, Run: 2}}
	out := []Outcome{{FirstStart: 0.1, End: 1.1, Slave: 0}, {Slave: -1}, {FirstStart: 1e9 + 0.25, End: 1e9 + 2.25, Slave: 1}}
	path := filepath.Join(t.TempDir(), "jobs.csv")
	if err := WriteJobsCSVFile(path, jobs, out); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := "job_id,submit,first_start,end,slave\n7,0.1,0.1,1.1,0\n9,1.00000000025e+09,1.00000000025e+09,1.00000000225e+09,1\n"
	if string(got) != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", got, want)
	}
	blocked := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(blocked, nil, 0o644)
	if err := WriteJobsCSVFile(filepath.Join(blocked, "dir.csv"), jobs, out); err == nil {
		t.Error("writing below a file succeeded")
	}
	var buf bytes.Buffer
	if err := WriteSummary(&buf, Metrics{Jobs: 1, MaxStretch: 2.5}, 9); err != nil || !bytes.Contains(buf.Bytes(), []byte("max_stretch            2.500\nmakespan_s             0.000\nslices                 9\n")) {
		t.Errorf("summary %q, err %v", buf.String(), err)
	}
}
