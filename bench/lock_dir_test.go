package bench

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
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
	dir, _ := lockInChild(t, "TestLockSurvivesRemovedLockFileAcrossProcesses", "BENCH_LOCK_HELPER_DIR", func(dir string) (*Lock, error) {
		return AcquireLock(context.Background(), dir, LockFile, false, nil)
	})
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
	a, err := Shard{0, 2}.Lock(ctx, dir, false, nil)
	if err != nil {
		t.Fatalf("a shard beside the whole-folder writer: %v", err)
	}
	defer a.Release()
	b, err := Shard{1, 2}.Lock(ctx, dir, false, nil)
	if err != nil {
		t.Fatalf("second shard beside the first: %v", err)
	}
	defer b.Release()
	_, err = Shard{1, 2}.Lock(ctx, dir, false, nil)
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "shard 1/2 of "+dir+" is being written by process "+strconv.Itoa(os.Getpid())) {
		t.Errorf("a shard's twin: %v, want ErrLocked naming the shard and the holder", err)
	}
}

// removeLockFiles removes every file below dir whose name has "lock" in
// it, as a clean-up script might while a run holds them.
func removeLockFiles(t *testing.T, dir string) {
	t.Helper()
	n := 0
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.Contains(e.Name(), "lock") {
			n++
			err = os.Remove(p)
		}
		return err
	})
	if err != nil || n == 0 {
		t.Fatalf("removing the lock files below %s: %d removed, %v", dir, n, err)
	}
}

// A shard's lock once lived in its lock file only: removed during the run,
// it let a twin of the shard in. It is held on a folder of the shard's own.
func TestShardLockSurvivesRemovedLockFile(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	held, err := Shard{1, 3}.Lock(ctx, dir, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	removeLockFiles(t, dir)
	if l, err := (Shard{1, 3}).Lock(ctx, dir, false, nil); !errors.Is(err, ErrLocked) {
		l.Release()
		t.Fatalf("a twin of the shard after its lock file was removed: %v, want ErrLocked", err)
	}
	held.Release()
	l, err := Shard{1, 3}.Lock(ctx, dir, false, nil)
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	l.Release()
}

// The same with the shard run in another process, as two array tasks
// given the same K.
func TestShardLockSurvivesRemovedLockFileAcrossProcesses(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("skipping: flock is Unix")
	}
	dir, pid := lockInChild(t, "TestShardLockSurvivesRemovedLockFileAcrossProcesses", "BENCH_SHARD_LOCK_HELPER_DIR", func(dir string) (*Lock, error) {
		return Shard{0, 2}.Lock(context.Background(), dir, false, nil)
	})
	removeLockFiles(t, dir)
	l, err := Shard{0, 2}.Lock(context.Background(), dir, false, nil)
	if !errors.Is(err, ErrLocked) {
		l.Release()
		t.Fatalf("second process after the shard's lock file was removed: %v, want ErrLocked", err)
	}
	if !strings.Contains(err.Error(), fmt.Sprintf("process %d", pid)) && !strings.Contains(err.Error(), "process unknown") {
		t.Errorf("error %q names neither the holder's PID nor an unknown one", err)
	}
}

// lockInChild runs the test binary again as the named test with env set
// to a fresh folder; there, take locks that folder and holds the lock
// until stdin closes. It returns the folder and the child's PID once the
// child holds the lock; the child lets go at the test's cleanup.
func lockInChild(t *testing.T, test, env string, take func(dir string) (*Lock, error)) (string, int) {
	if dir := os.Getenv(env); dir != "" {
		l, err := take(dir)
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
	child := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	child.Env = append(os.Environ(), env+"="+dir)
	stdin, _ := child.StdinPipe()
	stdout, _ := child.StdoutPipe()
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		child.Wait()
	})
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if line != "locked\n" {
		t.Fatalf("helper: %q", line)
	}
	return dir, child.Process.Pid
}
