package bench

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gridbench/gridbench/analysis"
)

// journalled returns the runs the journal in dir holds on complete lines.
func journalled(t *testing.T, dir string) map[analysis.RunKey]bool {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, journalFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[analysis.RunKey]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e journalEntry
		if json.Unmarshal(sc.Bytes(), &e) == nil && len(e.Key) == 3 {
			out[analysis.RunKey{Experiment: e.Key[0], Workload: e.Key[1], Algorithm: e.Key[2], Rep: e.Rep}] = true
		}
	}
	return out
}

// resumeAndCheck resumes plan in dir and checks that it computes exactly
// the runs the journal does not hold, and that the result equals an
// uninterrupted one.
func resumeAndCheck(t *testing.T, dir string, plan Plan) {
	t.Helper()
	have := journalled(t, dir)
	t.Logf("%d of %d runs journalled on complete lines", len(have), len(plan.Runs))
	var calls atomic.Int64
	if _, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if want := int64(len(plan.Runs) - len(have)); calls.Load() != want {
		t.Errorf("resume computed %d runs, want %d: the %d journalled runs must all be reused", calls.Load(), want, len(have))
	}
	sameAsUninterrupted(t, dir, plan, 2)
}

// Observation 5 of the trust issue: three interruptions in a row, each
// cutting the journal's last line in the middle as kill -9 during a write
// does, then a resume that reuses every run on a complete line. Each
// resume used to append an empty line, where reading stopped.
func TestResumeAfterThreeTornJournals(t *testing.T) {
	dir := t.TempDir()
	plan := testPlan(5) // 30 runs
	var calls atomic.Int64
	for range 3 {
		ctx, cancel := context.WithCancel(context.Background())
		inner := toyExec(&calls)
		stop := calls.Load() + 6
		exec := func(c context.Context, r Run) (Output, error) {
			if calls.Load() >= stop {
				cancel()
				return Output{}, c.Err()
			}
			return inner(c, r)
		}
		if _, err := Execute(ctx, plan, exec, Options{Dir: dir, Workers: 1}); err == nil {
			t.Fatal("interrupted invocation returned no error")
		}
		cancel()
		// Cut the last line in half.
		path := filepath.Join(dir, journalFile)
		b, _ := os.ReadFile(path)
		last := strings.LastIndexByte(strings.TrimSuffix(string(b), "\n"), '\n')
		os.WriteFile(path, b[:last+1+(len(b)-last)/2], 0o644)
	}
	if n := len(journalled(t, dir)); n != 3*5 {
		t.Fatalf("%d runs journalled on complete lines, want 15 (6 per invocation, the last cut)", n)
	}
	resumeAndCheck(t, dir, plan)
}

// The same with real kill -9: this test binary runs Execute in a child
// process that kills itself with SIGKILL in the middle of the plan, three
// times, and then resumes.
func TestResumeAfterThreeKills(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	dir := t.TempDir()
	for i := range 3 {
		// Each child computes 8 runs and is killed at its 9th.
		cmd := exec.Command(os.Args[0], "-test.run=^TestKilledChild$")
		cmd.Env = append(os.Environ(), "GRIDBENCH_KILLED_CHILD="+dir, "GRIDBENCH_KILL_AT=8")
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 { // -1: ended by a signal
			t.Fatalf("child %d was not killed (err %v):\n%s", i, err, out)
		}
	}
	resumeAndCheck(t, dir, testPlan(5))
}

// TestKilledChild is TestResumeAfterThreeKills's child: it runs the plan
// and kills its own process at the run numbered $GRIDBENCH_KILL_AT.
func TestKilledChild(t *testing.T) {
	dir := os.Getenv("GRIDBENCH_KILLED_CHILD")
	if dir == "" {
		t.Skip("the child of TestResumeAfterThreeKills")
	}
	at, _ := strconv.Atoi(os.Getenv("GRIDBENCH_KILL_AT"))
	var calls atomic.Int64
	inner := toyExec(&calls)
	exec := func(c context.Context, r Run) (Output, error) {
		if calls.Load() >= int64(at) {
			p, _ := os.FindProcess(os.Getpid())
			p.Kill()
			select {}
		}
		// Slow enough that the journal is flushed (every 200 ms) a few
		// times before the kill.
		time.Sleep(40 * time.Millisecond)
		return inner(c, r)
	}
	Execute(context.Background(), testPlan(5), exec, Options{Dir: dir, Workers: 1})
	t.Fatal("not killed")
}

// An invocation with --fresh (Options.Fresh) interrupted, then run again
// without it, took the runs it had not made yet from the results before
// it, those --fresh was asked to set aside; run again with it, it starts
// over. Its journal says it is fresh: the next invocation resumes its
// runs and makes the others, and the interruption says to run again
// without --fresh.
func TestFreshInterruptedResumesItsOwnRuns(t *testing.T) {
	dir := t.TempDir()
	plan := testPlan(2)
	var calls atomic.Int64
	old := func(ctx context.Context, r Run) (Output, error) {
		out, err := toyExec(&calls)(ctx, r)
		out.Metrics[0].Value += 1 // the results --fresh sets aside
		return out, err
	}
	if _, err := Execute(context.Background(), plan, old, Options{Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls.Store(0)
	interrupting := func(c context.Context, r Run) (Output, error) {
		if calls.Load() == 5 {
			cancel()
		}
		return toyExec(&calls)(c, r)
	}
	_, err := Execute(ctx, plan, interrupting, Options{Dir: dir, Workers: 1, Fresh: true})
	if err == nil || !strings.Contains(err.Error(), "run the same command again without --fresh to resume") {
		t.Fatalf("got %v, want the interruption to say to run again without --fresh", err)
	}
	// Resumed, and interrupted again: the journal stays fresh.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	at := calls.Load() + 2
	interrupting = func(c context.Context, r Run) (Output, error) {
		if calls.Load() == at {
			cancel()
		}
		return toyExec(&calls)(c, r)
	}
	if _, err := Execute(ctx, plan, interrupting, Options{Dir: dir, Workers: 1}); err == nil || !strings.Contains(err.Error(), "run the same command again to resume") {
		t.Fatalf("got %v, want an interruption", err)
	}
	made := calls.Load()
	calls.Store(0)
	var log strings.Builder
	res, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: dir, Workers: 1, Progress: &log})
	if err != nil {
		t.Fatal(err)
	}
	if want := "toy: resuming the interrupted --fresh run journalled in " + filepath.Join(dir, journalFile); !strings.Contains(log.String(), want) {
		t.Errorf("progress lacks %q:\n%s", want, log.String())
	}
	if n := calls.Load(); n+made != int64(len(plan.Runs)) || res.Manifest.Reused != int(made) {
		t.Errorf("resumed: %d runs computed, %d reused, after %d made before the interruption; want the %d others computed and those reused:\n%s",
			n, res.Manifest.Reused, made, len(plan.Runs)-int(made), log.String())
	}
	clean := t.TempDir()
	if _, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: clean, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, runsFile))
	want, _ := os.ReadFile(filepath.Join(clean, runsFile))
	if !bytes.Equal(got, want) {
		t.Errorf("runs.csv after the fresh invocation resumed differs from one made at once: the results set aside were reused")
	}
}
