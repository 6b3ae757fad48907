package external

import "syscall"

// sysProcAttr puts the scheduler in a process group of its own, so that
// ending the group also ends what it forked, and asks the kernel to kill
// it if gridbench dies first (kill -9 included), so it is never orphaned.
// Pdeathsig fires when the thread that started the child exits; the Go
// runtime keeps its threads for the life of the process unless a goroutine
// locked to one exits, which this package never does.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
