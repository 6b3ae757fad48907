//go:build !unix

package external

import (
	"os"
	"os/exec"
)

// command returns the process that runs argv.
func command(argv []string) (*exec.Cmd, error) {
	return exec.Command(argv[0], argv[1:]...), nil
}

// killGroup ends the scheduler; without process groups, what it forked
// lives on.
func killGroup(p *os.Process) { p.Kill() }
