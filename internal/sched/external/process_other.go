//go:build !unix

package external

import (
	"os"
	"syscall"
)

func sysProcAttr() *syscall.SysProcAttr { return nil }

// killGroup ends the scheduler; without process groups, what it forked
// lives on.
func killGroup(p *os.Process) { p.Kill() }
