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

// Shards of one output folder run side by side and beside a whole-folder
// writer (they write only their own shard folders); a shard excludes its
// own twin.
func TestLockShardsAndWholeFolder(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	w, err := AcquireLock(ctx, dir, LockFile, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Release()
	a, err := AcquireLock(ctx, dir, ".gridbench-shard-0-of-2.lock", false, nil)
	if err != nil {
		t.Fatalf("a shard beside the whole-folder writer: %v", err)
	}
	defer a.Release()
	b, err := AcquireLock(ctx, dir, ".gridbench-shard-1-of-2.lock", false, nil)
	if err != nil {
		t.Fatalf("second shard beside the first: %v", err)
	}
	defer b.Release()
	_, err = AcquireLock(ctx, dir, ".gridbench-shard-1-of-2.lock", false, nil)
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "process "+strconv.Itoa(os.Getpid())) {
		t.Errorf("a shard's twin: %v, want ErrLocked naming the holder", err)
	}
}
