//go:build !unix

package bench

import "os"

// Without flock(2) the lock is advisory only through the PID file: every
// process gets it. gridbench's supported platforms are Unix.
func tryLock(f *os.File, exclusive bool) (bool, error) { return true, nil }

func unlock(f *os.File) {}

func folderLockUnsupported(error) bool { return false }
