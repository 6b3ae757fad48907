package bench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	msgs := make(lineWriter, 1)
	got := make(chan error, 1)
	go func() {
		l, err := AcquireLock(context.Background(), dir, LockFile, true, msgs)
		if err == nil {
			l.Release()
		}
		got <- err
	}()
	select {
	case err := <-got:
		t.Fatalf("lock taken while held (err %v)", err)
	case msg := <-msgs:
		if !strings.Contains(msg, "process "+pid+"; waiting") {
			t.Errorf("waiting message %q does not name the holder", msg)
		}
	}
	held.Release()
	if err := <-got; err != nil {
		t.Fatal(err)
	}
}

// lineWriter hands each write over a channel.
type lineWriter chan string

func (w lineWriter) Write(p []byte) (int, error) { w <- string(p); return len(p), nil }

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

// Writer tells a reader that a folder is being written, without taking
// or keeping any lock.
func TestWriterSeesTheHolder(t *testing.T) {
	dir := t.TempDir()
	if _, busy := Writer(dir, LockFile); busy {
		t.Fatal("a folder never locked is busy")
	}
	held, err := AcquireLock(context.Background(), dir, LockFile, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pid, busy := Writer(dir, LockFile); !busy || pid != fmt.Sprint(os.Getpid()) {
		t.Errorf("held: Writer says %q, %v", pid, busy)
	}
	held.Release()
	if _, busy := Writer(dir, LockFile); busy {
		t.Error("released: still busy")
	}
	l, err := AcquireLock(context.Background(), dir, LockFile, false, nil)
	if err != nil {
		t.Fatalf("Writer kept a lock: %v", err)
	}
	l.Release()
}
