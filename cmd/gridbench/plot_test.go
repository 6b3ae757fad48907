package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/jobsout"
)

// plot gantt, utilisation and queue read what simulate writes and write
// each format; the colour groups are the ones asked for.
func TestPlotCommands(t *testing.T) {
	dir := t.TempDir()
	jobs, short := filepath.Join(dir, "jobs.csv"), filepath.Join(dir, "short.csv")
	if code, _, stderr := runCLI("simulate", "testdata/simulate/tiny.swf", "--cpus", "4", "--algo", "easy", "--jobs-out", jobs); code != 0 {
		t.Fatal(stderr)
	}
	if code, _, stderr := runCLI("simulate", "testdata/simulate/tiny.swf", "--cpus", "4", "--algo", "easy", "--jobs-out", short, "--jobs-format", "short"); code != 0 {
		t.Fatal(stderr)
	}
	for _, args := range [][]string{
		{"gantt", jobs, "--out", filepath.Join(dir, "g.png"), "--color-by", "backfilled"},
		{"gantt", jobs, "--out", filepath.Join(dir, "g.svg"), "--color-by", "user"},
		{"gantt", jobs, "--out", filepath.Join(dir, "g.pdf")},
		{"utilisation", jobs, "--out", filepath.Join(dir, "u.svg")},
		{"queue", short, "--out", filepath.Join(dir, "q.png")},
	} {
		code, _, stderr := runCLI(append([]string{"plot"}, args...)...)
		out := args[3]
		if st, err := os.Stat(out); code != 0 || err != nil || st.Size() == 0 {
			t.Errorf("plot %v: exit %d, %s (stat %v)", args, code, stderr, err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"gantt", short, "--out", filepath.Join(dir, "x.png")}, "no allocated_resources column"},
		{[]string{"gantt", jobs, "--out", filepath.Join(dir, "x.gif")}, "name the figure .png, .svg or .pdf"},
		{[]string{"gantt", jobs, "--out", filepath.Join(dir, "x.png"), "--color-by", "colour"}, "no metadata key colour="},
		{[]string{"utilisation", "testdata/simulate/tiny.swf", "--out", filepath.Join(dir, "x.png")}, "tiny.swf:1: not a jobs file"},
		{[]string{"queue", jobs, "--out", filepath.Join(dir, "x.png"), "--size", "0x3"}, "--size"},
		// A file without CPU counts would draw a machine never used.
		{[]string{"utilisation", short, "--out", filepath.Join(dir, "x.png")}, "gridbench: short.csv: no CPU counts: the CPUs in use need a column allocated_resources or requested_number_of_resources, and its columns are job_id,submit,start,end,machine"},
		{[]string{"gantt", jobs, "--out", filepath.Join(dir, "x.png"), "--cpus", "2"}, "--cpus 2: job 2 (jobs.csv:3) holds CPU 3: give --cpus 4 or more, or leave it out"},
		{[]string{"gantt", jobs, "--out", filepath.Join(dir, "x.png"), "--cpus", "-1"}, "--cpus -1: the CPU ids drawn are 0..N-1, N at least 1"},
	} {
		code, _, stderr := runCLI(append([]string{"plot"}, tc.args...)...)
		if code == 0 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("plot %v: exit %d, stderr %q; want one line with %q", tc.args, code, stderr, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.png")); err == nil {
		t.Error("a failed plot left its file")
	}
	// EASY on tiny.swf backfills job 5 past job 2; user 1 is every job's.
	f, err := jobsout.ReadFile(jobs)
	if err != nil {
		t.Fatal(err)
	}
	groups, names, err := colourGroups(f, "backfilled")
	if err != nil || !slices.Equal(groups, []int{0, 0, 1, 0}) || len(names) != 2 {
		t.Errorf("backfilled: %v %v %v", groups, names, err)
	}
	groups, names, err = colourGroups(f, "user")
	if err != nil || !slices.Equal(groups, []int{0, 0, 0, 0}) || !slices.Equal(names, []string{"user 1"}) {
		t.Errorf("user: %v %v %v", groups, names, err)
	}
}

// The values that held the most CPU time come first: one long wide job
// over three short narrow ones.
func TestColourGroupsByArea(t *testing.T) {
	f := &jobsout.File{Columns: []string{"u"}}
	for _, j := range []struct {
		u          string
		cpus       int
		start, end float64
	}{{"many", 1, 0, 10}, {"many", 1, 0, 10}, {"many", 1, 0, 10}, {"wide", 8, 0, 100}} {
		f.Rows = append(f.Rows, jobsout.Row{Values: []string{j.u}, Requested: j.cpus, Start: j.start, End: j.end})
	}
	groups, names, err := colourGroups(f, "u")
	if err != nil || !slices.Equal(names, []string{"u wide", "u many"}) || !slices.Equal(groups, []int{1, 1, 1, 0}) {
		t.Errorf("groups %v, names %v, %v; want wide first (800 CPU-s against 30)", groups, names, err)
	}
}

// Nine distinct values (of jobs of no duration, so ranked by count): the
// seven most common get a colour each, the other two share the eighth.
func TestColourGroupsOther(t *testing.T) {
	f := &jobsout.File{Columns: []string{"q"}}
	for _, v := range strings.Fields("a a a b b c d e f g h i") {
		f.Rows = append(f.Rows, jobsout.Row{Values: []string{v}})
	}
	groups, names, err := colourGroups(f, "q")
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 7}; !slices.Equal(groups, want) {
		t.Errorf("groups %v, want %v", groups, want)
	}
	if names[0] != "q a" || names[7] != "2 other values" || len(names) != 8 {
		t.Errorf("names %v", names)
	}
}

// A job that never started (Batsim writes a rejected job with no
// starting_time) is left out of every figure, and the plot says how many.
func TestPlotSaysWhatNeverStarted(t *testing.T) {
	dir := t.TempDir()
	jobs := filepath.Join(dir, "jobs.csv")
	text := "job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,success,final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,allocated_resources,consumed_energy,metadata\n" +
		"1,w0,delay,0.000000,4,100.000000,1,COMPLETED_SUCCESSFULLY,0.000000,50.000000,50.000000,0.000000,50.000000,1.000000,0-3,-1.000000,\"\"\n" +
		"2,w0,delay,7.000000,300,-1.000000,0,REJECTED,,,,,,,,,\"\"\n" +
		"3,w0,delay,8.000000,300,-1.000000,0,REJECTED,,,,,,,,,\"\"\n"
	if err := os.WriteFile(jobs, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"gantt", "utilisation", "queue"} {
		code, _, stderr := runCLI("plot", kind, jobs, "-o", filepath.Join(dir, kind+".svg"))
		if want := "plot " + kind + ": jobs.csv: left out 2 jobs that never started"; code != 0 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d, stderr %q, want %q", kind, code, stderr, want)
		}
	}
	// With no job started, or no job at all, there is nothing to draw,
	// and the error says which.
	lines := strings.SplitAfter(text, "\n")
	for _, c := range []struct{ text, want string }{
		{lines[0] + lines[2] + lines[3], "gridbench: jobs.csv: no job started (2 jobs never did: no starting_time, as Batsim writes a rejected job): nothing to draw\n"},
		{lines[0], "gridbench: jobs.csv: no jobs (its header line alone): nothing to draw\n"},
	} {
		os.WriteFile(jobs, []byte(c.text), 0o644)
		if code, _, stderr := runCLI("plot", "gantt", jobs, "-o", filepath.Join(dir, "g.svg")); code != 1 || stderr != c.want {
			t.Errorf("exit %d, stderr %q, want %q", code, stderr, c.want)
		}
	}
}

// An empty allocated_resources on a started job, and two jobs holding one
// CPU at once, are each said once on stderr, by the figures that read the
// allocations; a bad value is named by its column.
func TestPlotWarnsOfOddAllocations(t *testing.T) {
	dir := t.TempDir()
	jobs := filepath.Join(dir, "jobs.csv")
	text := "job_id,submission_time,starting_time,finish_time,requested_number_of_resources,allocated_resources\n" +
		"1,0,0,10,2,0-1\n2,0,0,10,3,\n3,1,2,8,2,1-2\n4,1,3,9,1,5\n5,1,3,9,1,1\n6,1,3,9,1,\n"
	if err := os.WriteFile(jobs, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	overlap := "jobs.csv: warning: jobs 1 (line 2) and 3 (line 4) both hold CPU 1 at 2 s: their allocated_resources overlap (2 jobs started on a CPU another job held)"
	for _, tc := range []struct{ kind, want, not string }{
		{"gantt", "plot gantt: jobs.csv: 2 jobs started with an empty allocated_resources: not drawn", ""},
		{"utilisation", "plot utilisation: jobs.csv: 2 jobs started with an empty allocated_resources: each counted at its requested_number_of_resources", ""},
		{"queue", "", "allocated_resources"},
	} {
		code, _, stderr := runCLI("plot", tc.kind, jobs, "-o", filepath.Join(dir, tc.kind+".svg"))
		if code != 0 || tc.want != "" && (strings.Count(stderr, tc.want) != 1 || strings.Count(stderr, overlap) != 1) || tc.not != "" && strings.Contains(stderr, tc.not) {
			t.Errorf("%s: exit %d, stderr %q; want %q and %q once", tc.kind, code, stderr, tc.want, overlap)
		}
	}
	os.WriteFile(jobs, []byte("job_id,submission_time,starting_time,finish_time,allocated_resources\n1,0,0,10,0-1\n2,0,0,10,\n"), 0o644)
	if code, _, stderr := runCLI("plot", "utilisation", jobs, "-o", filepath.Join(dir, "u.svg")); code != 0 || !strings.Contains(stderr, "1 job started with an empty allocated_resources: each counted as 0 CPUs") || strings.Contains(stderr, "warning") {
		t.Errorf("no request to count: exit %d, stderr %q", code, stderr)
	}
	// No job with a CPU: nothing to draw but a machine never used.
	os.WriteFile(jobs, []byte("job_id,submission_time,starting_time,finish_time,allocated_resources\n1,0,0,10,\n2,0,0,10,\n"), 0o644)
	if code, _, stderr := runCLI("plot", "utilisation", jobs, "-o", filepath.Join(dir, "u.svg")); code != 1 || stderr != "gridbench: jobs.csv: no CPU counts: no job gives a CPU it held (allocated_resources) or a number of CPUs it requested (requested_number_of_resources > 0)\n" {
		t.Errorf("no CPU held: exit %d, stderr %q", code, stderr)
	}
	os.WriteFile(jobs, []byte("job_id,submission_time,starting_time,finish_time,requested_number_of_resources\n1,0,0,10,2\n2,0,zz,10,2\n"), 0o644)
	if code, _, stderr := runCLI("plot", "utilisation", jobs, "-o", filepath.Join(dir, "u.svg")); code != 1 || stderr != "gridbench: jobs.csv:3: starting_time \"zz\" is not a number\n" {
		t.Errorf("bad value: exit %d, stderr %q", code, stderr)
	}
}

// The queue and utilisation figures begin at the first submission, at 0
// until their first change, and end at the last end: the queue's began
// at the first job that waited, the utilisation's at the first start.
func TestScheduleStepsSpanFromFirstSubmission(t *testing.T) {
	rows := []jobsout.Row{
		{Submit: 1000, Start: 1000, End: 1500, Requested: 2},
		{Submit: 1200, Start: 1500, End: 1800, Requested: 1},
	}
	for _, tc := range []struct {
		name   string
		series func([]jobsout.Row) jobsout.Step
		rows   []jobsout.Row
		t, y   []float64
		end    float64
	}{
		{"queue", jobsout.Waiting, rows, []float64{1000, 1200, 1500}, []float64{0, 1, 0}, 1800},
		{"utilisation", jobsout.Used, []jobsout.Row{{Submit: 1000, Start: 1300, End: 1500, Requested: 4}}, []float64{1000, 1300, 1500}, []float64{0, 4, 0}, 1500},
		{"utilisation", jobsout.Used, rows, []float64{1000, 1500, 1800}, []float64{2, 1, 0}, 1800},
		{"no job waited", jobsout.Waiting, rows[:1], []float64{1000}, []float64{0}, 1500},
	} {
		s := scheduleSteps(tc.rows, tc.name, tc.series)
		if !slices.Equal(s.T, tc.t) || !slices.Equal(s.Y, tc.y) || s.TEnd != tc.end {
			t.Errorf("%s: T %v, Y %v, TEnd %g; want %v, %v, %g", tc.name, s.T, s.Y, s.TEnd, tc.t, tc.y, tc.end)
		}
	}
}
