//go:build unix

package external

import (
	"os"
	"syscall"
)

// killGroup ends the scheduler's process group: the scheduler and every
// process it started that still holds a pipe to gridbench.
func killGroup(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
	p.Kill()
}
