package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// LockFile is the name of the lock file in an output folder.
const LockFile = ".gridbench.lock"

// Lock is an exclusive hold on an output folder: while one process holds
// it, no other gridbench process computes into that folder, so two
// invocations never both run what is missing.
//
// The lock is held on an open descriptor of the folder itself, not only on
// the lock file: removing the lock file during a run (a clean-up script, a
// user) once let a second writer lock a new file of the same name. The
// folder cannot be swapped from under a process that writes into it.
type Lock struct{ dir, f *os.File }

// ErrLocked is returned by AcquireLock with wait false when another
// process holds the lock.
var ErrLocked = errors.New("output folder in use")

// AcquireLock takes the lock file name in dir (created, with dir, when
// missing) and writes this process's PID into it. When another process
// holds it, AcquireLock says so on msg and waits for it, or, with wait
// false, fails at once naming the holder's PID. The lock is an flock(2)
// lock, released by the kernel when the holder exits, however it exits.
//
// The name LockFile stands for the whole folder: it is held on the
// folder's descriptor too. Any other name (a shard's, which writes only its
// own shard folders and runs beside a whole-folder writer) is held on its
// own file only, so removing that file during the run can still let a twin
// of the same shard in.
func AcquireLock(ctx context.Context, dir, name string, wait bool, msg io.Writer) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create output directory %s: %w", dir, err)
	}
	d, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %w", dir, err)
	}
	path := filepath.Join(dir, name)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		d.Close()
		return nil, fmt.Errorf("cannot write to %s: %w", dir, err)
	}
	whole := name == LockFile
	told := false
	for {
		ok, err := lockBoth(d, f, whole)
		if err != nil {
			d.Close()
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if ok {
			break
		}
		holder := lockHolder(path)
		if !wait {
			d.Close()
			f.Close()
			return nil, fmt.Errorf("%w: %s is being written by process %s (lock %s); wait for it to end, or drop --no-wait to queue behind it",
				ErrLocked, dir, holder, path)
		}
		if !told && msg != nil {
			fmt.Fprintf(msg, "%s is being written by process %s; waiting for it to finish (lock %s)\n", dir, holder, path)
			told = true
		}
		select {
		case <-ctx.Done():
			d.Close()
			f.Close()
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Lock{d, f}, nil
}

// lockBoth takes the folder (for the whole folder only) and then the
// file; it holds neither when it cannot have both.
func lockBoth(d, f *os.File, whole bool) (bool, error) {
	if whole {
		ok, err := tryLock(d, true)
		if !ok || err != nil {
			return false, err
		}
	}
	ok, err := tryLock(f, true)
	if whole && (!ok || err != nil) {
		unlock(d)
	}
	return ok, err
}

// lockHolder reads the PID the holder wrote, or "unknown" if it has not
// written it yet.
func lockHolder(path string) string {
	b, err := os.ReadFile(path)
	if s := strings.TrimSpace(string(b)); err == nil && s != "" {
		return s
	}
	return "unknown"
}

// Release gives the lock up. The lock file stays: removing it would let a
// waiter lock a file that a third process no longer sees.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	unlock(l.f)
	unlock(l.dir)
	err := l.f.Close()
	l.dir.Close()
	l.f, l.dir = nil, nil
	return err
}
