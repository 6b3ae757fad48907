package bench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// flock locks belong to an open file, not to a process, so a lock taken
// here excludes a second AcquireLock of this process as another process's
// would. cmd/gridbench's TestTwoWritersOneComputes runs two processes.
func TestLockExcludesASecondWriter(t *testing.T) {
	dir := t.TempDir()
	held, err := AcquireLock(context.Background(), dir, LockFile, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	pid := fmt.Sprint(os.Getpid())
	if h := lockHolder(filepath.Join(dir, LockFile)); h != pid {
		t.Errorf("lock file names %q, want %s", h, pid)
	}
	_, err = AcquireLock(context.Background(), dir, LockFile, false, nil)
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "process "+pid) {
		t.Fatalf("--no-wait: want an error naming PID %s, got %v", pid, err)
	}

	// Waiting: the message names the holder; the lock comes once it lets go.
	var msg syncBuffer
	got := make(chan error, 1)
	go func() {
		l, err := AcquireLock(context.Background(), dir, LockFile, true, &msg)
		if err == nil {
			l.Release()
		}
		got <- err
	}()
	for !strings.Contains(msg.String(), "waiting") {
		select {
		case err := <-got:
			t.Fatalf("lock taken while held (err %v)", err)
		default:
			time.Sleep(10 * time.Millisecond)
		}
	}
	if !strings.Contains(msg.String(), "process "+pid) {
		t.Errorf("waiting message %q does not name the holder", msg.String())
	}
	held.Release()
	if err := <-got; err != nil {
		t.Fatal(err)
	}
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

// syncBuffer is a bytes.Buffer safe to write and read from two goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
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
