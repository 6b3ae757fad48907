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

// Lock is an exclusive hold on an output folder, or on one shard of it:
// while one process holds it, no other gridbench process computes into
// that folder (or that shard), so two invocations never both run what is
// missing.
//
// The lock is held on an open descriptor of a folder, not only on the lock
// file in it: removing the lock file during a run (a clean-up script, a
// user) once let a second writer lock a new file of the same name. The
// whole folder's lock is held on the output folder itself, which cannot be
// swapped from under a process that writes into it; a shard's, on a folder
// of its own in the output folder (Shard.Lock), since shards and a
// whole-folder writer work side by side.
type Lock struct{ dir, f *os.File }

// ErrLocked is returned by AcquireLock with wait false when another
// process holds the lock.
var ErrLocked = errors.New("output folder in use")

// AcquireLock takes the lock of the folder dir (created when missing): an
// flock(2) lock on dir's descriptor and on its lock file name, into which
// it writes this process's PID. When another process holds it, AcquireLock
// says so on msg and waits for it, or, with wait false, fails at once
// naming the holder's PID. The kernel releases the lock when the holder
// exits, however it exits.
func AcquireLock(ctx context.Context, dir, name string, wait bool, msg io.Writer) (*Lock, error) {
	return acquireLock(ctx, dir, name, dir, wait, msg)
}

// acquireLock is AcquireLock with what the messages call the folder.
func acquireLock(ctx context.Context, dir, name, what string, wait bool, msg io.Writer) (*Lock, error) {
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
	told := false
	for {
		ok, err := lockBoth(d, f)
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
				ErrLocked, what, holder, path)
		}
		if !told && msg != nil {
			fmt.Fprintf(msg, "%s is being written by process %s; waiting for it to finish (lock %s)\n", what, holder, path)
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

// lockBoth takes the folder and then the file; it holds neither when it
// cannot have both. Where the file system cannot lock a folder (NFS
// emulates flock(2) with a byte-range lock, which needs a file open for
// writing) the file alone is locked, as it was before folders were.
func lockBoth(d, f *os.File) (bool, error) {
	ok, err := tryLock(d, true)
	if err != nil && folderLockUnsupported(err) {
		return tryLock(f, true)
	}
	if !ok || err != nil {
		return false, err
	}
	ok, err = tryLock(f, true)
	if !ok || err != nil {
		unlock(d)
	}
	return ok, err
}

// Writer reports whether a process holds the lock of the folder dir (the
// lock file name in it), and that process's PID as it wrote it: for a
// reader such as verify, which takes no lock (it writes nothing, and a
// folder it may not write to is as good to check), to say that the folder
// is being written rather than name the half-written files as differences.
// It locks nothing: a shared lock tried on the folder, then on its lock
// file where the file system cannot lock folders, is let go at once.
func Writer(dir, name string) (holder string, busy bool) {
	path := filepath.Join(dir, name)
	d, err := os.Open(dir)
	if err != nil {
		return "", false
	}
	defer d.Close()
	ok, err := tryLock(d, false)
	if err != nil && folderLockUnsupported(err) {
		f, ferr := os.Open(path)
		if ferr != nil {
			return "", false // (no lock file: nobody ever locked it)
		}
		defer f.Close()
		ok, err = tryLock(f, false)
		if ok {
			defer unlock(f)
		}
	} else if ok {
		defer unlock(d)
	}
	if ok || err != nil {
		return "", false
	}
	return lockHolder(path), true
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
