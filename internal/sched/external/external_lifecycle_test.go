//go:build unix

package external_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/internal/sim"
)

// The process lifecycle: what the scheduler forks, how long a line may be,
// Ctrl-C and the death of gridbench itself. None of these tests measures
// time; a regression shows as a wrong message or as the test's own timeout.

// twoJobs is a run whose first decision is at t=0.
var twoJobs = []sim.Job{{ID: 1, Submit: 0, Run: 10, CPUs: 2}, {ID: 2, Submit: 0, Run: 5, CPUs: 2}}

// shScript returns the command of a shell scheduler that answers hello and
// then runs onDecide when the first decide message arrives.
func shScript(t *testing.T, onDecide string) string {
	t.Helper()
	return sh(t, "read line\necho '{\"type\":\"ready\",\"protocol\":1}'\nread line\n"+onDecide+"\n")
}

// sh returns the command that runs the shell script src.
func sh(t *testing.T, src string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("skipping: the lifecycle scripts are POSIX shell")
	}
	p := filepath.Join(t.TempDir(), "s.sh")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return "sh " + p
}

// gone waits (a bounded poll, not a measurement) until pid no longer runs.
func gone(pid int) bool {
	for range 300 {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil && syscall.Kill(pid, 0) != nil {
			return true
		}
		if _, after, ok := strings.Cut(string(b), ") "); ok && strings.HasPrefix(after, "Z") {
			return true // a zombie waiting for its reaper has ended
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}

func readPid(t *testing.T, path string) int {
	t.Helper()
	for range 600 {
		b, err := os.ReadFile(path)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
			return pid
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s: no pid written", path)
	return 0
}

// A scheduler that forks a helper holding its stdout and stderr, then
// exits, used to keep gridbench waiting for the helper's lifetime and was
// reported as an answer timeout. Now the run fails at once with the exit
// status, and the helper (same process group) is ended.
func TestForkedChildHoldingThePipe(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "helper.pid")
	x, err := external.New(shScript(t, "sleep 600 &\necho $! > "+pidfile+"\nexit 3"), 10*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	_, err = sim.Simulate(sim.SingleMachine(3), twoJobs, x)
	if err == nil {
		t.Fatal("run succeeded, want an error")
	}
	if msg := err.Error(); !strings.Contains(msg, "the scheduler exited (exit status 3)") || strings.Contains(msg, "no answer within") {
		t.Errorf("error %q: want the exit status, not an answer timeout", msg)
	}
	if pid := readPid(t, pidfile); !gone(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("the helper the scheduler forked (pid %d) still runs", pid)
	}
}

// Output without a newline once grew memory without bound (1 GB in 30 s);
// a line over MaxLine is an error naming the limit.
func TestLineTooLong(t *testing.T) {
	x, err := external.New(shScript(t, "head -c 20000000 /dev/zero | tr '\\0' x\nsleep 600"), 10*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	_, err = sim.Simulate(sim.SingleMachine(3), twoJobs, x)
	if err == nil || !strings.Contains(err.Error(), "longer than 16777216 bytes (16 MiB, the limit)") {
		t.Errorf("err = %v, want the line limit named", err)
	}
}

// A line longer than the reader's buffer but within the limit is an answer
// like any other.
func TestLongLineWithinLimit(t *testing.T) {
	pad := strings.Repeat(" ", 1<<20)
	answer := `{"start": [{"job": 0, "machine": 0}]` + pad + "}"
	x, err := external.New(shScript(t, "printf '%s\\n' '"+answer+"'\nwhile read line; do echo '{\"start\": [{\"job\": 1, \"machine\": 0}]}'; done"), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	recs, err := sim.Simulate(sim.SingleMachine(3), twoJobs, x)
	if err != nil {
		t.Fatal(err)
	}
	if recs[0].Start != 0 {
		t.Errorf("job 0 started at %v, want 0", recs[0].Start)
	}
}

// Ctrl-C (the context given to SetDefaults ending) ends a scheduler that
// takes its time at once: the run fails as interrupted, not after the
// answer timeout, and the process is gone.
func TestContextEndsTheScheduler(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "s.pid")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := external.SetDefaults(ctx, 10*time.Minute); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { external.SetDefaults(nil, 0) })
	x, err := external.New(shScript(t, "echo $$ > "+pidfile+"\nexec sleep 600"), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	go func() { // Ctrl-C once the scheduler has the decide message
		for {
			if b, err := os.ReadFile(pidfile); err == nil && strings.HasSuffix(string(b), "\n") {
				cancel()
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	_, err = sim.Simulate(sim.SingleMachine(3), twoJobs, x)
	if err == nil || !strings.Contains(err.Error(), "interrupted (context canceled)") {
		t.Errorf("err = %v, want interrupted", err)
	}
	if pid := readPid(t, pidfile); !gone(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("the scheduler (pid %d) still runs after the context ended", pid)
	}
}

// A scheduler that stops reading blocks a large message in the pipe; the
// write has the answer timeout too.
func TestSchedulerThatDoesNotRead(t *testing.T) {
	jobs := make([]sim.Job, 5000) // one decide message of about 400 KB, over a pipe's buffer
	for i := range jobs {
		jobs[i] = sim.Job{ID: int64(i + 1), Run: 1, CPUs: 1}
	}
	// hello is answered; the decide message is never read.
	script := sh(t, "read line\necho '{\"type\":\"ready\",\"protocol\":1}'\nexec sleep 600\n")
	x, err := external.New(script, 2*time.Second) // (its ready answer must come within it, on a loaded machine too)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	_, err = sim.Simulate(sim.SingleMachine(1), jobs, x)
	if err == nil || !strings.Contains(err.Error(), "read none of it within 2s") {
		t.Errorf("err = %v, want the write to time out", err)
	}
}

func TestTimeoutRange(t *testing.T) {
	for _, d := range []time.Duration{-time.Second, time.Microsecond, 25 * time.Hour} {
		if _, err := external.New("true", d); err == nil {
			t.Errorf("timeout %v accepted", d)
		}
		if err := external.SetDefaults(nil, d); err == nil {
			t.Errorf("default timeout %v accepted", d)
		}
	}
}

// TestHelperGridbench is not a test: run by TestKilledGridbenchLeavesNoOrphan
// as a stand-in for gridbench, it starts a scheduler and waits in a decision
// until it is killed.
func TestHelperGridbench(t *testing.T) {
	script := os.Getenv("EXTERNAL_HELPER_SCRIPT")
	if script == "" {
		t.Skip("helper process only")
	}
	x, err := external.New(script, 10*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	sim.Simulate(sim.SingleMachine(3), twoJobs, x)
}

// gridbench killed with -9 must not leave its scheduler running (Linux:
// the kernel kills it with its parent).
func TestKilledGridbenchLeavesNoOrphan(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("skipping: only Linux ends a child with its parent")
	}
	pidfile := filepath.Join(t.TempDir(), "s.pid")
	script := shScript(t, "echo $$ > "+pidfile+"\nexec sleep 600")
	helper := exec.Command(os.Args[0], "-test.run=^TestHelperGridbench$")
	helper.Env = append(os.Environ(), "EXTERNAL_HELPER_SCRIPT="+script)
	if err := helper.Start(); err != nil {
		t.Fatal(err)
	}
	pid := readPid(t, pidfile)
	helper.Process.Signal(syscall.SIGKILL)
	if err := helper.Wait(); err == nil || !errors.As(err, new(*exec.ExitError)) {
		t.Fatalf("helper: %v, want it killed", err)
	}
	if !gone(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("the scheduler (pid %d) outlived gridbench killed with -9", pid)
	}
}

// Issue 30: after kill -9 of gridbench the scheduler died (PDEATHSIG),
// but a process it started survived under PID 1. The supervisor kills
// the whole group: here the grandchild, sleep 377, goes too.
func TestKilledGridbenchLeavesNoGrandchild(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("skipping: only Linux ends a child with its parent")
	}
	dir := t.TempDir()
	schedPid, sleepPid := filepath.Join(dir, "s.pid"), filepath.Join(dir, "sleep.pid")
	script := shScript(t, "sleep 377 &\necho $! > "+sleepPid+"\necho $$ > "+schedPid+"\nwait")
	helper := exec.Command(os.Args[0], "-test.run=^TestHelperGridbench$")
	helper.Env = append(os.Environ(), "EXTERNAL_HELPER_SCRIPT="+script)
	if err := helper.Start(); err != nil {
		t.Fatal(err)
	}
	pid, grandchild := readPid(t, schedPid), readPid(t, sleepPid)
	helper.Process.Signal(syscall.SIGKILL)
	helper.Wait()
	for _, p := range []struct {
		what string
		pid  int
	}{{"the scheduler", pid}, {"the process it started (sleep 377)", grandchild}} {
		if !gone(p.pid) {
			syscall.Kill(p.pid, syscall.SIGKILL)
			t.Errorf("%s (pid %d) outlived gridbench killed with -9", p.what, p.pid)
		}
	}
}

// Ctrl-C must not rely on the pipe closing when the group ends: a process
// the scheduler moved out of its group (setsid) keeps stdout open, and the
// wait for the answer still ends at once.
func TestContextEndsTheWaitWhenAnEscapeeHoldsThePipe(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("skipping: no setsid")
	}
	dir := t.TempDir()
	pidfile, escapee := filepath.Join(dir, "s.pid"), filepath.Join(dir, "escapee.pid")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := external.SetDefaults(ctx, 10*time.Minute); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { external.SetDefaults(nil, 0) })
	x, err := external.New(shScript(t, "setsid sh -c 'echo $$ > "+escapee+"; exec sleep 600' &\necho $$ > "+pidfile+"\nexec sleep 600"), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	go func() { // Ctrl-C once both have started and the decide message is sent
		for {
			_, err1 := os.Stat(escapee)
			b, err2 := os.ReadFile(pidfile)
			if err1 == nil && err2 == nil && strings.HasSuffix(string(b), "\n") {
				cancel()
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	_, err = sim.Simulate(sim.SingleMachine(3), twoJobs, x)
	if pid := readPid(t, escapee); pid > 0 {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	if err == nil || !strings.Contains(err.Error(), "interrupted (context canceled)") {
		t.Errorf("err = %v, want interrupted", err)
	}
}

// A wait for the answer keeps its P (pipe_linux.go), yet the garbage
// collector's stop-the-world and the other goroutines must still run while
// a scheduler takes its time, even on one P: here the scheduler answers
// only once the test has collected garbage, so a wait the collector could
// not stop would end at the answer timeout instead.
func TestWaitLetsTheCollectorRun(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	dir := t.TempDir()
	asked, collected := filepath.Join(dir, "asked"), filepath.Join(dir, "collected")
	x, err := external.New(shScript(t, "touch "+asked+"\nwhile [ ! -e "+collected+" ]; do sleep 0.05; done\n"+
		"echo '{\"start\": [{\"job\": 0, \"machine\": 0}, {\"job\": 1, \"machine\": 0}]}'\nwhile read line; do echo '{\"start\": []}'; done"), 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	errc := make(chan error, 1)
	go func() {
		_, err := sim.Simulate(sim.SingleMachine(4), twoJobs, x)
		errc <- err
	}()
	for range 600 { // a bounded poll until the decide message is read
		if _, err := os.Stat(asked); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	runtime.GC()
	if err := os.WriteFile(collected, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := <-errc; err != nil {
		t.Errorf("run: %v, want it answered once the collector ran", err)
	}
}

// The answer timeout is kept by a watchdog set for the first deadline and
// moved on only when it fires (pipe_linux.go): a scheduler that answers,
// then answers late but in time, then stalls, fails at the stalled
// message, with the timeout named.
func TestTimeoutAfterAnswers(t *testing.T) {
	jobs := []sim.Job{{ID: 1, Submit: 0, Run: 1, CPUs: 1}, {ID: 2, Submit: 10, Run: 1, CPUs: 1}, {ID: 3, Submit: 20, Run: 1, CPUs: 1}}
	x, err := external.New(sh(t, "read line\necho '{\"type\":\"ready\",\"protocol\":1}'\n"+
		"read line\necho '{\"start\": [{\"job\": 0, \"machine\": 0}]}'\n"+
		"read line\nsleep 1\necho '{\"start\": [{\"job\": 1, \"machine\": 0}]}'\n"+
		"read line\nexec sleep 600\n"), 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	_, err = sim.Simulate(sim.SingleMachine(4), jobs, x)
	if err == nil || !strings.Contains(err.Error(), `t=20: sent {"type":"decide","time":20`) || !strings.Contains(err.Error(), "no answer within 2s") {
		t.Errorf("err = %v, want no answer within 2s at t=20", err)
	}
}

// A dead scheduler's decisive line is quoted however much it wrote after
// it: Node's "Error: Cannot find module" was cut off by the 5-line tail,
// under the stack trace and banner that follow it. Here 200 lines (about
// 4 KB) follow it.
func TestDeadSchedulerQuotesItsErrorLine(t *testing.T) {
	x, err := external.New(sh(t, `read line
echo 'node:internal/modules/cjs/loader:1080' >&2
echo "Error: Cannot find module '/nope/mine.js'" >&2
i=0
while [ $i -lt 200 ]; do echo "    at frame $i (node:internal/x.js:1:1)" >&2; i=$((i+1)); done
echo '}' >&2
echo 'Node.js v18.19.0' >&2
exit 1
`), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	_, err = sim.Simulate(sim.SingleMachine(2), twoJobs, x)
	if err == nil {
		t.Fatal("run succeeded, want an error")
	}
	msg := err.Error()
	for _, want := range []string{
		"the scheduler exited (exit status 1)",
		"its stderr line 2 of 204 reads: Error: Cannot find module '/nope/mine.js'",
		"and it ends: at frame 197 (node:internal/x.js:1:1) | at frame 198 (node:internal/x.js:1:1) | at frame 199 (node:internal/x.js:1:1) | } | Node.js v18.19.0",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q\nlacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") || strings.Contains(msg, "frame 196") {
		t.Errorf("error %q: want one line, the cause and the last 5 lines", msg)
	}
}
