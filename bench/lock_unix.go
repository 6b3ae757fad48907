//go:build unix

package bench

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes an flock(2) lock on f (a file or a folder), exclusive or
// shared, without waiting.
func tryLock(f *os.File, exclusive bool) (bool, error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// folderLockUnsupported reports whether err, from tryLock on a folder, says
// that the file system cannot lock folders.
func folderLockUnsupported(err error) bool {
	return errors.Is(err, syscall.EBADF) || errors.Is(err, syscall.ENOLCK) || errors.Is(err, syscall.EOPNOTSUPP)
}
