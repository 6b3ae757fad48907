package bench

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMain lets the test binary act as a second gridbench process that
// holds an output folder's lock until its stdin closes.
func TestMain(m *testing.M) {
	if dir := os.Getenv("GRIDBENCH_TEST_HOLD_LOCK"); dir != "" {
		l, err := AcquireLock(context.Background(), dir, LockFile, false, nil)
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

// syncBuffer is a bytes.Buffer safe to write and read from two goroutines.
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

func TestLockExcludesASecondProcess(t *testing.T) {
	dir := t.TempDir()
	holder := exec.Command(os.Args[0], "-test.run=^$")
	holder.Env = append(os.Environ(), "GRIDBENCH_TEST_HOLD_LOCK="+dir)
	stdin, _ := holder.StdinPipe()
	stdout, _ := holder.StdoutPipe()
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	defer holder.Process.Kill()
	if line, _ := bufio.NewReader(stdout).ReadString('\n'); line != "locked\n" {
		t.Fatalf("holder: %q", line)
	}
	pid := fmt.Sprint(holder.Process.Pid)

	_, err := AcquireLock(context.Background(), dir, LockFile, false, nil)
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "process "+pid) {
		t.Fatalf("--no-wait: want an error naming PID %s, got %v", pid, err)
	}

	// Waiting: the message names the holder; the lock comes once it exits.
	var msg syncBuffer
	got := make(chan error, 1)
	go func() {
		l, err := AcquireLock(context.Background(), dir, LockFile, true, &msg)
		if err == nil {
			defer l.Release()
			if h := lockHolder(dir + "/" + LockFile); h != fmt.Sprint(os.Getpid()) {
				err = fmt.Errorf("lock file names %s, want this process", h)
			}
		}
		got <- err
	}()
	for !strings.Contains(msg.String(), "waiting") {
		select {
		case err := <-got:
			t.Fatalf("lock taken while process %s held it (err %v)", pid, err)
		default:
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(msg.String(), "process "+pid) {
		t.Errorf("waiting message %q does not name the holder", msg.String())
	}
	stdin.Close()
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	holder.Wait()
}

func TestLockWaitCancelled(t *testing.T) {
	dir := t.TempDir()
	l, err := AcquireLock(context.Background(), dir, LockFile, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := AcquireLock(ctx, dir, LockFile, true, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
}
