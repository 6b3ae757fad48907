package external_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/internal/sim"
)

// docTranscript returns the first code block after the heading of
// docs/scheduler-protocol.md, so the doc's transcripts are what the tests run.
func docTranscript(t *testing.T, heading string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(filepath.Dir(example("x")), "..", "..", "docs", "scheduler-protocol.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(doc), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("docs/scheduler-protocol.md has no heading %q", heading)
	}
	parts := strings.Split(after, "```\n")
	if len(parts) < 2 {
		t.Fatalf("docs/scheduler-protocol.md: no code block after %q", heading)
	}
	return parts[1]
}

// transcriptOf runs jobs on one machine of cpus CPUs through the example
// scheduler and returns the lines exchanged and the records.
func transcriptOf(t *testing.T, scheduler string, cpus int, jobs []sim.Job) (string, []sim.Record) {
	t.Helper()
	x, err := external.New(python3(t)+" "+example(scheduler), 0)
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	x.Transcript = &got
	recs, err := sim.Simulate(sim.SingleMachine(cpus), jobs, x)
	x.Close()
	if err != nil {
		t.Fatal(err)
	}
	return got.String(), recs
}

// A job with run time 0 holds its CPUs for the instant it starts in: the
// job behind it cannot start in the same answer, and a second decide
// follows at the same time with the zero-length job completed.
func TestProtocolZeroRunTime(t *testing.T) {
	want := docTranscript(t, "### Transcript: a zero-run-time job")
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 0, CPUs: 4, Estimate: 1},
		{ID: 2, Submit: 0, Run: 5, CPUs: 4, Estimate: 5},
	}
	got, recs := transcriptOf(t, "fcfs.py", 4, jobs)
	if got != want {
		t.Errorf("transcript:\n%s\nthe doc says:\n%s", got, want)
	}
	if recs[0].Start != 0 || recs[0].End != 0 || recs[1].Start != 0 {
		t.Errorf("records %+v: want both jobs started at 0, the first ending at 0", recs)
	}
	if strings.Count(got, `"time":0,`) != 2 {
		t.Errorf("want two decide messages at time 0:\n%s", got)
	}
}

// A job running past its estimate keeps its CPUs until its real end; no
// message marks the moment its estimate runs out, and the next decision
// comes when something happens.
func TestProtocolPastEstimate(t *testing.T) {
	want := docTranscript(t, "### Transcript: a job running past its estimate")
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 20, CPUs: 3, Estimate: 5},
		{ID: 2, Submit: 1, Run: 5, CPUs: 4, Estimate: 5},
		{ID: 3, Submit: 8, Run: 4, CPUs: 1, Estimate: 4},
	}
	got, recs := transcriptOf(t, "easy.py", 4, jobs)
	if got != want {
		t.Errorf("transcript:\n%s\nthe doc says:\n%s", got, want)
	}
	// easy.py, like the built-in, takes job 0's overdue end as "now": the
	// head's reservation is at 8, so job 2 is not backfilled.
	if recs[1].Start != 20 || recs[2].Start != 25 {
		t.Errorf("records %+v: want job 1 at 20 (after the overrun) and job 2 after it at 25", recs)
	}
}

// Completions at an instant with no job waiting reach the scheduler with
// the next decide, later than they happened: a scheduler that needs to
// know what runs keeps its own list from its starts and the completed lists.
func TestProtocolLateCompletion(t *testing.T) {
	want := docTranscript(t, "### Transcript: a completion reported late")
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, CPUs: 2, Estimate: 10},
		{ID: 2, Submit: 0, Run: 30, CPUs: 1, Estimate: 30},
		{ID: 3, Submit: 12, Run: 5, CPUs: 4, Estimate: 5},
	}
	got, recs := transcriptOf(t, "easy.py", 4, jobs)
	if got != want {
		t.Errorf("transcript:\n%s\nthe doc says:\n%s", got, want)
	}
	if recs[2].Start != 30 {
		t.Errorf("records %+v: want job 2 at 30", recs)
	}
}

// Conservative backfilling compresses its reservations when a job ends
// early by placing the waiting jobs again in order of their old reserved
// start, not of arrival: job 3, backfilled into a reservation at 50, takes
// the CPUs freed at 20 before job 2 (reserved at 100), which then waits
// until 30. In arrival order job 2 would start at 20 and job 3 at 50.
func TestProtocolCompression(t *testing.T) {
	want := docTranscript(t, "### Transcript: conservative backfilling compresses")
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 20, CPUs: 3, Estimate: 100},
		{ID: 2, Submit: 0, Run: 50, CPUs: 1, Estimate: 50},
		{ID: 3, Submit: 1, Run: 10, CPUs: 3, Estimate: 10},
		{ID: 4, Submit: 2, Run: 10, CPUs: 1, Estimate: 10},
	}
	got, recs := transcriptOf(t, "cons.py", 4, jobs)
	if got != want {
		t.Errorf("transcript:\n%s\nthe doc says:\n%s", got, want)
	}
	builtin, err := sched.New("cons")
	if err != nil {
		t.Fatal(err)
	}
	wantRecs, err := sim.Simulate(sim.SingleMachine(4), jobs, builtin)
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if recs[i] != wantRecs[i] {
			t.Errorf("job %d: cons.py %+v, built-in cons %+v", i, recs[i], wantRecs[i])
		}
	}
	if recs[3].Start != 20 || recs[2].Start != 30 {
		t.Errorf("records %+v: want job 3 at 20 (old reservation 50) and job 2 at 30 (old reservation 100)", recs)
	}
}

// A scheduler that dies is quoted by its last 5 lines of stderr, so a
// traceback's cause or an interpreter's closing banner does not hide the rest.
func TestDeadSchedulerQuotesFiveStderrLines(t *testing.T) {
	py := python3(t)
	body := `        for i in range(1, 8):
            print("line %d" % i, file=sys.stderr)
        sys.exit(3)`
	x, err := external.New(py+" "+script(t, body), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	_, err = sim.Simulate(sim.SingleMachine(2), []sim.Job{{ID: 1, Run: 1, CPUs: 1}}, x)
	if err == nil {
		t.Fatal("run succeeded, want an error")
	}
	msg := err.Error()
	if want := "its stderr ends: line 3 | line 4 | line 5 | line 6 | line 7"; !strings.Contains(msg, want) {
		t.Errorf("error %q\nlacks %q", msg, want)
	}
	if strings.Contains(msg, "line 2") || strings.Contains(msg, "\n") {
		t.Errorf("error %q: want the last 5 lines only, on one line", msg)
	}
}
