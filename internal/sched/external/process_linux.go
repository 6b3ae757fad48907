package external

import (
	"os"
	"os/exec"
	"syscall"
)

// On Linux a scheduler runs under a small supervisor, a POSIX shell
// (supervisorScript), that leads a process group of its own, starts the
// scheduler in it with the standard streams it was given (the protocol
// goes straight between gridbench and the scheduler) and exits as the
// scheduler exits. The kernel sends it SIGTERM when gridbench dies (kill
// -9 included: PR_SET_PDEATHSIG), and it then kills its whole group: the
// scheduler and every process it started, which PDEATHSIG on the
// scheduler alone left running under PID 1 (a scheduler that started
// sleep 377 left sleep running).
//
// A shell, not this program run again: in BenchmarkExternalStart the
// children of a run took about 53 ms of CPU with gridbench's own binary
// as the supervisor, 23 ms with the shell and 14 ms with none. The scheduler's
// program is found on PATH by gridbench (exec.LookPath), so that the
// shell runs that file and never a builtin or function of the same name.
// A scheduler that dies of a signal is reported as the shell reports it,
// "exit status 128+N" (137 for SIGKILL).
//
// Pdeathsig fires when the thread that started the child exits; the Go
// runtime keeps its threads for the life of the process unless a
// goroutine locked to one exits, which this package never does.

// supervisorShell runs supervisorScript.
const supervisorShell = "/bin/sh"

// supervisorScript: the trap comes first, so that no SIGTERM can arrive
// between the scheduler's start and it; the scheduler gets the shell's
// stdin through fd 4 (an asynchronous command's stdin is /dev/null
// otherwise); the shell then lets go of stdin and stdout, so that
// gridbench sees their end exactly when the scheduler's group closes them.
const supervisorScript = `trap 'kill -KILL 0' TERM
exec 4<&0
"$@" 0<&4 4<&- &
exec 4<&- 0</dev/null 1>/dev/null
wait $!`

// command returns the process that runs argv: the supervisor, or the
// scheduler itself in a group of its own where no shell is found.
func command(argv []string) (*exec.Cmd, error) {
	prog, err := exec.LookPath(argv[0])
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(supervisorShell); err != nil {
		cmd := exec.Command(prog, argv[1:]...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		return cmd, nil
	}
	args := append([]string{supervisorShell, "-c", supervisorScript, "gridbench-supervisor", prog}, argv[1:]...)
	cmd := &exec.Cmd{Path: supervisorShell, Args: args}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	return cmd, nil
}
