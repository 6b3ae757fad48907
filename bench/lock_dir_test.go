package bench

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Removing the lock file during a run once let a second writer lock a new
// file of the same name. The lock is held on the folder itself.
func TestLockSurvivesRemovedLockFile(t *testing.T) {
	dir := t.TempDir()
	held, err := AcquireLock(context.Background(), dir, LockFile, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, LockFile)); err != nil {
		t.Fatal(err)
	}
	if l, err := AcquireLock(context.Background(), dir, LockFile, false, nil); !errors.Is(err, ErrLocked) {
		l.Release()
		t.Fatalf("second writer after the lock file was removed: %v, want ErrLocked", err)
	}
	held.Release()
	l, err := AcquireLock(context.Background(), dir, LockFile, false, nil)
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	l.Release()
}

// The same with the holder in another process, as two gridbench commands.
func TestLockSurvivesRemovedLockFileAcrossProcesses(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("skipping: flock is Unix")
	}
	if dir := os.Getenv("BENCH_LOCK_HELPER_DIR"); dir != "" {
		l, err := AcquireLock(context.Background(), dir, LockFile, false, nil)
		if err != nil {
			os.Stdout.WriteString("error " + err.Error() + "\n")
			os.Exit(1)
		}
		os.Stdout.WriteString("locked\n")
		bufio.NewReader(os.Stdin).ReadString('\n') // hold until the parent closes stdin
		l.Release()
		os.Exit(0)
	}
	dir := t.TempDir()
	child := exec.Command(os.Args[0], "-test.run=^TestLockSurvivesRemovedLockFileAcrossProcesses$")
	child.Env = append(os.Environ(), "BENCH_LOCK_HELPER_DIR="+dir)
	stdin, _ := child.StdinPipe()
	stdout, _ := child.StdoutPipe()
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer child.Wait()
	defer stdin.Close()
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if line != "locked\n" {
		t.Fatalf("helper: %q", line)
	}
	os.Remove(filepath.Join(dir, LockFile))
	if l, err := AcquireLock(context.Background(), dir, LockFile, false, nil); !errors.Is(err, ErrLocked) {
		l.Release()
		t.Fatalf("second process after the lock file was removed: %v, want ErrLocked", err)
	}
}

// Shards of one output folder run side by side; a shard excludes its own
// twin and a whole-folder writer, and the whole-folder writer excludes
// every shard.
func TestLockShardsAndWholeFolder(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	a, err := AcquireLock(ctx, dir, ".gridbench-shard-0-of-2.lock", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := AcquireLock(ctx, dir, ".gridbench-shard-1-of-2.lock", false, nil)
	if err != nil {
		t.Fatalf("second shard beside the first: %v", err)
	}
	if _, err := AcquireLock(ctx, dir, ".gridbench-shard-1-of-2.lock", false, nil); !errors.Is(err, ErrLocked) {
		t.Errorf("a shard's twin: %v, want ErrLocked", err)
	}
	_, err = AcquireLock(ctx, dir, LockFile, false, nil)
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "process "+pidString()) {
		t.Errorf("whole folder while shards run: %v, want ErrLocked naming the shards' process", err)
	}
	a.Release()
	b.Release()
	w, err := AcquireLock(ctx, dir, LockFile, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := AcquireLock(ctx, dir, ".gridbench-shard-0-of-2.lock", false, nil); !errors.Is(err, ErrLocked) {
		t.Errorf("a shard while the whole folder is held: %v, want ErrLocked", err)
	}
	w.Release()
}

func pidString() string { return strconv.Itoa(os.Getpid()) }
