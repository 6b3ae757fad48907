package external_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	_ "github.com/gridbench/gridbench/internal/sched/backfill"
	_ "github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sched/external"
	_ "github.com/gridbench/gridbench/internal/sched/fcfs"
	"github.com/gridbench/gridbench/internal/sim"
)

// python3 returns the interpreter's path or skips the test.
func python3(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipping: python3 not found on PATH (the example schedulers are Python)")
	}
	return p
}

// example returns the path of examples/schedulers/NAME.
func example(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "examples", "schedulers", name)
}

// TestExamplesMatchBuiltins is the own-study check: the Python examples give
// exactly the built-in start times on the first 3,000 KTH jobs on 100 CPUs,
// with exact and with requested run-time estimates. Requested estimates are
// the case that tells a CONS port apart: jobs end early, so reservations are
// compressed (cons.py written to the protocol page's earlier wording, which
// re-placed every job in arrival order, differed from job ID 153 on).
func TestExamplesMatchBuiltins(t *testing.T) {
	py := python3(t)
	path := datadir.ForTest(t, "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz")
	for _, est := range []adapt.Estimate{adapt.Exact, adapt.Requested} {
		jobs, _, err := adapt.LoadSWF(path, 3000, 100, est)
		if err != nil {
			t.Fatal(err)
		}
		p := sim.SingleMachine(100)
		for _, algo := range []string{"fcfs", "easy", "cons"} {
			builtin, err := sched.New(algo)
			if err != nil {
				t.Fatal(err)
			}
			want, err := sim.Simulate(p, jobs, builtin)
			if err != nil {
				t.Fatal(err)
			}
			x, err := external.New(py+" "+example(algo+".py"), 0)
			if err != nil {
				t.Fatal(err)
			}
			got, err := sim.Simulate(p, jobs, x)
			x.Close()
			if err != nil {
				t.Fatalf("%s.py estimate=%s: %v", algo, est, err)
			}
			ahead := 0
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s.py estimate=%s: job %d (ID %d): got %+v, built-in %+v", algo, est, i, jobs[i].ID, got[i], want[i])
				}
				if i > 0 && want[i].Start < want[i-1].Start {
					ahead++
				}
			}
			// EASY and CONS must backfill here, or equal start times would
			// prove nothing about the backfilling half of easy.py and cons.py.
			if algo != "fcfs" && ahead == 0 {
				t.Errorf("%s estimate=%s: no job started ahead of an earlier one", algo, est)
			}
			t.Logf("%s.py estimate=%s: %d jobs, %d decisions, all start times equal", algo, est, len(jobs), x.Decisions())
		}
	}
}

// script writes a Python scheduler that says hello properly and then
// answers every decide message with body (a Python expression of msg).
func script(t *testing.T, body string) string {
	t.Helper()
	src := `import json, sys, time
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "protocol": 1}), flush=True)
    elif msg["type"] == "decide":
` + body + `
`
	p := filepath.Join(t.TempDir(), "s.py")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestNonsenseFailsTheRun checks that every kind of bad answer stops the
// run with one line naming the decision time, the message and the reason.
func TestNonsenseFailsTheRun(t *testing.T) {
	py := python3(t)
	// Two 2-CPU jobs on one 3-CPU machine: the first decision is at t=0.
	jobs := []sim.Job{{ID: 1, Submit: 0, Run: 10, CPUs: 2}, {ID: 2, Submit: 0, Run: 5, CPUs: 2}}
	p := sim.SingleMachine(3)
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"unknown job", `        print(json.dumps({"start": [{"job": 7, "machine": 0}]}), flush=True)`,
			[]string{"t=0: answered", `"job": 7`, "job 7 is unknown (jobs are 0..1)"}},
		{"does not fit", `        print(json.dumps({"start": [{"job": 0, "machine": 0}, {"job": 1, "machine": 0}]}), flush=True)`,
			[]string{"t=0: answered", "job 1 needs 2 CPUs, machine 0 has 1 free"}},
		{"started twice", `        print(json.dumps({"start": [{"job": 0, "machine": 0}, {"job": 0, "machine": 0}]}), flush=True)`,
			[]string{"t=0: answered", "job 0 is running, not waiting"}},
		{"no such machine", `        print(json.dumps({"start": [{"job": 0, "machine": 1}]}), flush=True)`,
			[]string{"job 0 on machine 1: no such machine"}},
		{"malformed JSON", `        print("{start: oops", flush=True)`,
			[]string{"t=0: answered {start: oops: not a valid answer"}},
		{"no start list", `        print("{}", flush=True)`,
			[]string{`t=0: answered {}: no "start" list`}},
		{"two answers on a line", `        print('{"start": []} {"start": [{"job": 0, "machine": 0}]}', flush=True)`,
			[]string{`t=0: answered {"start": []} {"start": [{"job": 0, "machine": 0}]}: not a valid answer (more after the first JSON value)`}},
		{"two lines for one message", `        print('{"start": []}\n{"start": [{"job": 0, "machine": 0}]}', flush=True)`,
			[]string{`t=0: sent {"type":"decide"`, `answered {"start": []} and then {"start": [{"job": 0, "machine": 0}]}: one line per message, and nothing after end`}},
		{"key in another case", `        print(json.dumps({"Start": [{"job": 0, "machine": 0}]}), flush=True)`,
			[]string{`t=0: answered {"Start": [{"job": 0, "machine": 0}]}: key "Start": keys are case-sensitive; want "start"`}},
		{"start list given twice, once in another case", `        print(json.dumps({"start": [{"job": 0, "machine": 0}], "START": []}), flush=True)`,
			[]string{`t=0: answered {"start": [{"job": 0, "machine": 0}], "START": []}: key "START": keys are case-sensitive; want "start"`}},
		{"start list given twice", `        print('{"start": [{"job": 0, "machine": 0}], "start": []}', flush=True)`,
			[]string{`t=0: answered {"start": [{"job": 0, "machine": 0}], "start": []}: key "start" given twice`}},
		{"a start's key in another case", `        print(json.dumps({"start": [{"job": 0, "machine": 0}, {"JOB": 1, "machine": 0}]}), flush=True)`,
			[]string{`t=0: answered`, `: start 1: key "JOB": keys are case-sensitive; want "job"`}},
		{"a start's key given twice", `        print('{"start": [{"job": 0, "machine": 0, "job": 1}]}', flush=True)`,
			[]string{`t=0: answered`, `: start 0: key "job" given twice`}},
		{"timeout", `        time.sleep(30)`,
			[]string{`t=0: sent {"type":"decide","time":0,"submitted":[{"job":0,"id":1`, "no answer within 3s (the answer timeout: --exec-timeout, or a study file's exec_timeout, sets it)"}},
		{"crash", `        sys.exit("boom: cannot schedule")`,
			[]string{`t=0: sent {"type":"decide"`, "the scheduler exited (exit status 1); its stderr ends: boom: cannot schedule"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A scheduler that answers is given a minute (a loaded
			// machine starts Python slowly), the one that sleeps 3 s.
			timeout := time.Minute
			if tc.name == "timeout" {
				timeout = 3 * time.Second
			}
			x, err := external.New(py+" "+script(t, tc.body), timeout)
			if err != nil {
				t.Fatal(err)
			}
			defer x.Close()
			_, err = sim.Simulate(p, jobs, x)
			if err == nil {
				t.Fatal("run succeeded, want an error")
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") {
				t.Errorf("error spans several lines: %q", msg)
			}
			for _, w := range append(tc.want, "exec:"+py) {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q\nlacks %q", msg, w)
				}
			}
		})
	}
}

// TestReadyKeysAreStrict: the ready answer's keys are matched exactly, as
// the start answers' are, and each is given once.
func TestReadyKeysAreStrict(t *testing.T) {
	py := python3(t)
	jobs := []sim.Job{{ID: 1, Submit: 0, Run: 10, CPUs: 2}}
	for _, tc := range []struct{ ready, want string }{
		{`{"Type": "ready", "protocol": 1}`, `hello: answered {"Type": "ready", "protocol": 1}: key "Type": keys are case-sensitive; want "type"`},
		{`{"type": "ready", "PROTOCOL": 1}`, `hello: answered {"type": "ready", "PROTOCOL": 1}: key "PROTOCOL": keys are case-sensitive; want "protocol"`},
		{`{"type": "ready", "protocol": 2, "protocol": 1}`, `hello: answered {"type": "ready", "protocol": 2, "protocol": 1}: key "protocol" given twice`},
		{`{"type": "ready"}`, `hello: answered {"type": "ready"}: no protocol`},
		{`{"type": "ready", "protocol": 1, "version": "2"}`, `hello: answered {"type": "ready", "protocol": 1, "version": "2"}: unknown key "version"`},
	} {
		p := filepath.Join(t.TempDir(), "s.py")
		src := "import sys\nsys.stdin.readline()\nprint('" + tc.ready + "', flush=True)\n"
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		x, err := external.New(py+" "+p, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		_, err = sim.Simulate(sim.SingleMachine(2), jobs, x)
		x.Close()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ready %s: err = %v\nwant %q", tc.ready, err, tc.want)
		}
	}
}

func TestCannotStart(t *testing.T) {
	x, err := external.New("/nonexistent/scheduler --flag", 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = sim.Simulate(sim.SingleMachine(1), []sim.Job{{Run: 1, CPUs: 1}}, x)
	if err == nil || !strings.Contains(err.Error(), "exec:/nonexistent/scheduler --flag: cannot start") {
		t.Errorf("err = %v, want it to name the command and say it cannot start", err)
	}
	if _, err := external.New("  ", 0); err == nil {
		t.Error("empty command accepted")
	}
}

// TestProtocolTranscript replays the three-job example of
// docs/scheduler-protocol.md and expects its transcript line for line.
func TestProtocolTranscript(t *testing.T) {
	py := python3(t)
	doc, err := os.ReadFile(filepath.Join(filepath.Dir(example("x")), "..", "..", "docs", "scheduler-protocol.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(string(doc), "## Transcript")
	parts := strings.Split(after, "```\n")
	if len(parts) < 2 {
		t.Fatal("docs/scheduler-protocol.md: no code block after ## Transcript")
	}
	want := parts[1]
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Run: 10, CPUs: 3, Estimate: 10},
		{ID: 2, Submit: 1, Run: 5, CPUs: 4, Estimate: 5},
		{ID: 3, Submit: 2, Run: 8, CPUs: 1, Estimate: 8},
	}
	x, err := external.New(py+" "+example("easy.py"), 0)
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	x.Transcript = &got
	recs, err := sim.Simulate(sim.SingleMachine(4), jobs, x)
	x.Close()
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != want {
		t.Errorf("transcript:\n%s\nthe doc says:\n%s", got.String(), want)
	}
	if recs[1].Start != 10 || recs[2].Start != 2 {
		t.Errorf("records %+v: want job 1 at 10 and job 2 backfilled at 2", recs)
	}
}

// TestSurplusLineFailsAtClose: a scheduler that writes one line too many,
// apart from its answers, has every later answer read one message late
// when the line comes after the next message was sent (a line that comes
// with an answer is caught at once: see TestNonsenseFailsTheRun; one that
// comes before the next message, there: see
// TestSurplusLineFailsBeforeTheNextMessage).
// Those starts are valid (the jobs are still waiting), so the run ends with
// a wrong schedule and no error; the line left over when the scheduler has
// exited gives it away, and Close reports it so the run does not count.
func TestSurplusLineFailsAtClose(t *testing.T) {
	py := python3(t)
	src := `import json, sys, time
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "protocol": 1}), flush=True)
        time.sleep(0.1)
        print(json.dumps({"start": []}), flush=True)
    elif msg["type"] == "decide":
        time.sleep(0.05) # each line apart: none comes with another
        print(json.dumps({"start": [{"job": j["job"], "machine": 0} for j in msg["submitted"]]}), flush=True)
`
	p := filepath.Join(t.TempDir(), "s.py")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := external.New(py+" "+p, 0)
	if err != nil {
		t.Fatal(err)
	}
	jobs := []sim.Job{{ID: 1, Submit: 0, Run: 15, CPUs: 1}, {ID: 2, Submit: 10, Run: 15, CPUs: 1}, {ID: 3, Submit: 20, Run: 15, CPUs: 1}}
	recs, err := sim.Simulate(sim.SingleMachine(4), jobs, x)
	if err != nil {
		// On a machine too busy to read each line before the next came,
		// two lines arrived together and the run failed at once: caught
		// as well.
		if !strings.Contains(err.Error(), "one line per message") {
			t.Fatal(err)
		}
		t.Skipf("the surplus line came with an answer and failed the run at once (%v), not at Close", err)
	}
	// Each job started one event late: at 10, 20 and 25, not 0, 10, 20.
	if recs[0].Start != 10 || recs[1].Start != 20 || recs[2].Start != 25 {
		t.Fatalf("records %+v: want starts 10, 20, 25 (each answer one message late)", recs)
	}
	err = x.Close()
	if err == nil || !strings.Contains(err.Error(), `wrote {"start": []} after its last answer: one line per message`) {
		t.Errorf("Close: %v, want the line left over quoted", err)
	}
}

// slow delays every scheduling pass of the scheduler it wraps: the time
// the simulator may spend between two decisions on a long workload.
type slow struct {
	*external.Scheduler
	d time.Duration
}

func (w slow) Schedule(s *sim.State) {
	time.Sleep(w.d)
	w.Scheduler.Schedule(s)
}

// TestSurplusLineFailsBeforeTheNextMessage: a line too many that has come
// by the time the next message is to be sent fails the run there, quoting
// the answer it followed, before it can be read as the next answer (which
// left every later answer one message late until Close found the last one
// left over, as in TestSurplusLineFailsAtClose).
func TestSurplusLineFailsBeforeTheNextMessage(t *testing.T) {
	py := python3(t)
	x, err := external.New(py+" "+script(t, `        print(json.dumps({"start": [{"job": j["job"], "machine": 0} for j in msg["submitted"]]}), flush=True)
        time.sleep(0.05) # apart from the answer: not read with it
        print(json.dumps({"start": []}), flush=True)`), time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	jobs := []sim.Job{{ID: 1, Submit: 0, Run: 15, CPUs: 1}, {ID: 2, Submit: 10, Run: 15, CPUs: 1}}
	_, err = sim.Simulate(sim.SingleMachine(4), jobs, slow{x, 500 * time.Millisecond})
	want := `t=10: answered {"start": [{"job": 0, "machine": 0}]} at t=0 and then {"start": []} before gridbench's next message: one line per message, and nothing after end`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v\nwant it to contain %q", err, want)
	}
}
