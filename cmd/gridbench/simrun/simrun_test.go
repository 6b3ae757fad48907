package simrun

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/jobsout"
	"github.com/gridbench/gridbench/internal/sched"
	_ "github.com/gridbench/gridbench/internal/sched/easy" // registers "easy"
	"github.com/gridbench/gridbench/internal/sim"
)

const tiny = "../testdata/simulate/tiny.swf"

// SimulateTo writes what Simulate followed by WriteJobsCSV writes.
func TestSimulateToMatchesSimulateThenWrite(t *testing.T) {
	dir := t.TempDir()
	s1, err := sched.New("easy")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Simulate(tiny, 0, 4, adapt.Exact, s1)
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "want.csv")
	if err := WriteJobsCSV(want, res.Jobs, res.Records); err != nil {
		t.Fatal(err)
	}
	s2, err := sched.New("easy")
	if err != nil {
		t.Fatal(err)
	}
	got := filepath.Join(dir, "got.csv")
	res2, err := SimulateTo(tiny, 0, 4, adapt.Exact, s2, got)
	if err != nil {
		t.Fatal(err)
	}
	if res2.Work != res.Work || len(res2.Jobs) != len(res.Jobs) {
		t.Errorf("SimulateTo: %d jobs, work %d; Simulate: %d jobs, work %d", len(res2.Jobs), res2.Work, len(res.Jobs), res.Work)
	}
	a, _ := os.ReadFile(want)
	b, _ := os.ReadFile(got)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("SimulateTo wrote %d bytes that differ from Simulate+WriteJobsCSV's %d", len(b), len(a))
	}
}

// A gate that fails (the check, in SimulateTo) leaves no file behind.
func TestWriteJobsCSVGateFailureLeavesNoFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "jobs.csv")
	jobs := []sim.Job{{ID: 1, Run: 1, CPUs: 1}}
	recs := []sim.Record{{Start: 0, End: 1, Machine: 0}}
	bad := errors.New("check failed")
	write := func(w io.Writer) error { return jobsout.WriteShort(w, &jobsout.Schedule{Jobs: jobs, Records: recs}) }
	if err := writeFile(path, write, func() error { return bad }); !errors.Is(err, bad) {
		t.Fatalf("err = %v, want %v", err, bad)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("%s exists after a failed gate (stat: %v)", path, err)
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 0 {
		t.Errorf("temporary files left: %v", ents)
	}
}

// Progress lines say how many jobs have ended, never go back, and leave
// the schedule as it is without them.
func TestProgress(t *testing.T) {
	const kth = "../../../data/KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz"
	in := Input{Path: kth, MaxJobs: 5000, CPUs: 100, Estimate: adapt.Requested}
	run := func(in Input) *Result {
		t.Helper()
		s, err := sched.New("easy")
		if err != nil {
			t.Fatal(err)
		}
		res, _, err := simulate(in, s)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	quiet := run(in)
	var buf bytes.Buffer
	in.Progress, in.ProgressEvery = &buf, time.Nanosecond
	loud := run(in)
	if !slices.Equal(quiet.Records, loud.Records) || quiet.Work != loud.Work {
		t.Fatal("reporting progress changed the schedule")
	}
	line := regexp.MustCompile(`^simulate: (\d+)/5000 jobs ended \((\d+)%\), (\d+) waiting, \d+s elapsed$`)
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) < 10 {
		t.Fatalf("%d progress lines over 5,000 jobs, one every 256 instants: %q", len(lines), buf.String())
	}
	last, waited := 0, 0
	for _, l := range lines {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("progress line %q", l)
		}
		n, _ := strconv.Atoi(m[1])
		if pct, _ := strconv.Atoi(m[2]); n < last || n > 5000 || pct != 100*n/5000 {
			t.Fatalf("progress line %q after %d jobs ended", l, last)
		}
		w, _ := strconv.Atoi(m[3])
		if w+n > 5000 {
			t.Fatalf("progress line %q: more jobs waiting and ended than the run has", l)
		}
		waited = max(waited, w)
		last = n
	}
	if waited == 0 {
		t.Fatal("no progress line saw a job waiting")
	}
}

// A simulation whose context is done (the command line's Ctrl-C) stops,
// says how far it got and writes nothing: simulate ignored Ctrl-C and ran
// CONS on 400,000 RICC jobs to its end, 38 s later. With a context that
// stays open the schedule is the one without.
func TestInterruptedSimulationStopsAndWritesNothing(t *testing.T) {
	const kth = "../../../data/KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz"
	jobs := filepath.Join(t.TempDir(), "jobs.csv")
	sim := func(ctx context.Context) (*Result, error) {
		t.Helper()
		s, err := sched.New("easy")
		if err != nil {
			t.Fatal(err)
		}
		return SimulateOut(Input{Path: kth, MaxJobs: 5000, CPUs: 100, Estimate: adapt.Requested, Context: ctx}, s, Outputs{Jobs: jobs})
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("Ctrl-C"))
	_, err := sim(ctx)
	if err == nil || !strings.HasPrefix(err.Error(), "simulate: interrupted after 0 of 5000 jobs ended: nothing is written") || !strings.HasSuffix(err.Error(), "(Ctrl-C)") {
		t.Fatalf("cancelled: %v", err)
	}
	if _, err := os.Stat(jobs); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("an interrupted simulation wrote %s (%v)", jobs, err)
	}
	open, err := sim(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s, _ := sched.New("easy")
	quiet, _, err := simulate(Input{Path: kth, MaxJobs: 5000, CPUs: 100, Estimate: adapt.Requested}, s)
	if err != nil || !slices.Equal(open.Records, quiet.Records) {
		t.Fatalf("with an open context the schedule differs (%v)", err)
	}
}
