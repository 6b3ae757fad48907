//go:build unix && !linux

package external

import "syscall"

// sysProcAttr puts the scheduler in a process group of its own, so that
// ending the group also ends what it forked. (Only Linux can also have the
// kernel end it when gridbench dies.)
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
