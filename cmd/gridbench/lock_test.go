package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gridbench/gridbench/bench"
)

// TestMain lets the test binary stand in for other processes: gridbench
// itself (GRIDBENCH_TEST_CLI) or a process holding an output folder's
// lock until its stdin closes (GRIDBENCH_TEST_HOLD_LOCK).
func TestMain(m *testing.M) {
	if os.Getenv("GRIDBENCH_TEST_CLI") != "" {
		os.Exit(run(context.Background(), append([]string{"gridbench"}, os.Args[1:]...), os.Stdout, os.Stderr))
	}
	if dir := os.Getenv("GRIDBENCH_TEST_HOLD_LOCK"); dir != "" {
		l, err := bench.AcquireLock(context.Background(), dir, bench.LockFile, false, nil)
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		fmt.Println("locked")
		bufio.NewReader(os.Stdin).ReadString('\n')
		l.Release()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Two reproduce processes queued on one output folder: one computes every
// run, the other waits and then reuses them all.
func TestTwoWritersOneComputes(t *testing.T) {
	out, data := t.TempDir(), t.TempDir()
	holder := exec.Command(os.Args[0])
	holder.Env = append(os.Environ(), "GRIDBENCH_TEST_HOLD_LOCK="+out)
	release, _ := holder.StdinPipe()
	held, _ := holder.StdoutPipe()
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	defer holder.Process.Kill()
	if line, _ := bufio.NewReader(held).ReadString('\n'); line != "locked\n" {
		t.Fatalf("holder: %q", line)
	}

	var stderrs [2]syncBuffer
	var cmds [2]*exec.Cmd
	exited := make(chan int, 2)
	errs := make([]error, 2)
	for i := range cmds {
		cmds[i] = exec.Command(os.Args[0], "reproduce", "--quick", "--reps", "2", "--only", "deadline", "--data", data, "--out", out)
		cmds[i].Env = append(os.Environ(), "GRIDBENCH_TEST_CLI=1")
		cmds[i].Stderr = &stderrs[i]
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
		go func() { errs[i] = cmds[i].Wait(); exited <- i }()
	}
	// Both wait for the holder, naming it; then it lets go.
	waiting := fmt.Sprintf("is being written by process %d; waiting", holder.Process.Pid)
	for !strings.Contains(stderrs[0].String(), waiting) || !strings.Contains(stderrs[1].String(), waiting) {
		select {
		case i := <-exited:
			t.Fatalf("process %d ended while the lock was held: %v\n%s", i, errs[i], stderrs[i].String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	release.Close()
	holder.Wait()
	reused := regexp.MustCompile(`deadline: ([0-9]+) runs \(([0-9]+) reused\)`)
	var got []string
	<-exited
	<-exited
	for i := range cmds {
		if err := errs[i]; err != nil {
			t.Fatalf("process %d: %v\n%s", i, err, stderrs[i].String())
		}
		m := reused.FindStringSubmatch(stderrs[i].String())
		if m == nil {
			t.Fatalf("process %d: no summary line:\n%s", i, stderrs[i].String())
		}
		got = append(got, m[2]+" of "+m[1])
	}
	sort.Strings(got)
	if n := strings.Fields(got[1])[2]; got[0] != "0 of "+n || got[1] != n+" of "+n {
		t.Errorf("reused runs: %v; want one process to compute all and the other to reuse all", got)
	}
}

// syncBuffer is a bytes.Buffer that a child's output goroutine writes
// while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
