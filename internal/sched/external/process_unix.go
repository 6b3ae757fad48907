//go:build unix && !linux

package external

import (
	"os/exec"
	"syscall"
)

// command returns the process that runs argv in a process group of its
// own, so that ending the group also ends what it forked. (Only Linux can
// also have the group end when gridbench dies.)
func command(argv []string) (*exec.Cmd, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd, nil
}
