package external

import (
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// On Linux the scheduler's stdin and stdout are raw non-blocking pipes
// that the calling goroutine waits on with ppoll(2): a decision costs a
// write, a ppoll and a read. Go's netpoller (os.Pipe with deadlines) costs
// several times that on gridbench's side, measured with
// BenchmarkExternalCost: a failed read, a goroutine parked and woken, an
// idle thread woken from epoll_wait, and a timer reset per message. The
// pipes are kept out of the netpoller altogether, or each answer would
// also wake the thread that waits there for stderr.
//
// The three calls are raw (RawSyscall: the runtime is not told), so the
// goroutine keeps its P while it waits. Told of a syscall, the runtime
// lets sysmon take the P of one that lasts over 20 µs whenever no other P
// is idle (GOMAXPROCS=1, or -j 2 with both workers busy) and hand it to
// another thread, woken for nothing; the answer then comes back to a
// thread without a P that must get one, or park and be woken again. With
// the shipped easy.py pinned to one CPU that was 11-13 µs of gridbench's
// CPU per decision instead of 7. A raw wait must still let the runtime
// stop the goroutine (for the garbage collector's stop-the-world, for
// sysmon's 10 ms preemption that lets other goroutines run on the P): it
// asks by signal (SIGURG), which ends ppoll with EINTR, and wait then
// yields (runtime.Gosched) before it waits again. Without asynchronous
// preemption (GODEBUG=asyncpreemptoff=1) no such signal comes, and the
// wait is an ordinary syscall. The read and the write never block: the
// fds are non-blocking.
//
// The wait's timeout is the answer's deadline, seconds away: a timer due
// before the next clock tick would be the CPU's earliest, and arming and
// cancelling it would reprogram the timer device twice per decision
// (measured: 4-5 µs more per decision inside a virtual machine).
type pipes struct {
	in, out  int // our ends: the scheduler's stdin and stdout
	deadline time.Time

	mu         sync.Mutex // guards the fds against interrupt racing close
	wake, woke int        // a pipe written once to interrupt a wait
	closed     bool
}

// openPipes returns our ends and the scheduler's (for exec.Cmd, blocking
// as a child expects).
func openPipes() (_ *pipes, childIn, childOut *os.File, err error) {
	var fds [6]int
	for i := 0; i < 6; i += 2 {
		if err := syscall.Pipe2(fds[i:i+2], syscall.O_CLOEXEC); err != nil {
			for _, fd := range fds[:i] {
				syscall.Close(fd)
			}
			return nil, nil, nil, err
		}
	}
	p := &pipes{in: fds[1], out: fds[2], woke: fds[4], wake: fds[5]}
	for _, fd := range []int{p.in, p.out, p.woke, p.wake} {
		syscall.SetNonblock(fd, true)
	}
	return p, os.NewFile(uintptr(fds[0]), "stdin"), os.NewFile(uintptr(fds[3]), "stdout"), nil
}

func (p *pipes) setDeadline(t time.Time) { p.deadline = t }

// interrupt makes the wait under way, and every later one, return
// errInterrupted. It may be called from any goroutine, once or more.
func (p *pipes) interrupt() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		syscall.Write(p.wake, []byte{1}) // a full pipe is interrupted already
	}
}

// Read reads what the scheduler wrote to stdout, waiting until the
// deadline.
func (p *pipes) Read(b []byte) (int, error) {
	for {
		if err := p.wait(p.out, pollIn); err != nil {
			return 0, err
		}
		n, err := rawIO(syscall.SYS_READ, p.out, b)
		switch {
		case err == syscall.EAGAIN || err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: "stdout", Err: err}
		case n == 0 && len(b) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// write writes all of b to the scheduler's stdin, waiting until the
// deadline for room in the pipe.
func (p *pipes) write(b []byte) error {
	for len(b) > 0 {
		n, err := rawIO(syscall.SYS_WRITE, p.in, b)
		switch {
		case err == syscall.EAGAIN:
			if err := p.wait(p.in, pollOut); err != nil {
				return err
			}
			continue
		case err == syscall.EINTR:
			continue
		case err != nil:
			return &os.PathError{Op: "write", Path: "stdin", Err: err}
		}
		b = b[n:]
	}
	return nil
}

// rawIO reads or writes (op) fd without telling the runtime: fd is
// non-blocking, so the call cannot hold the P for long.
func rawIO(op uintptr, fd int, b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	n, _, e := syscall.RawSyscall(op, uintptr(fd), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	if e != 0 {
		return 0, e
	}
	return int(n), nil
}

// rawWait says whether wait may keep its P: only when the runtime can
// still interrupt it by signal.
var rawWait = !strings.Contains(","+os.Getenv("GODEBUG")+",", ",asyncpreemptoff=1,")

// poll(2)'s events, the same on every Linux architecture.
const (
	pollIn  = 0x1
	pollOut = 0x4
)

// pollfd is struct pollfd of poll(2).
type pollfd struct {
	fd      int32
	events  int16
	revents int16
}

// wait returns once fd is ready for events (or hung up, or in error: the
// read or write that follows says which), or with os.ErrDeadlineExceeded,
// or with errInterrupted.
func (p *pipes) wait(fd int, events int16) error {
	fds := [2]pollfd{{fd: int32(fd), events: events}, {fd: int32(p.woke), events: pollIn}}
	for {
		left := time.Until(p.deadline)
		if left <= 0 {
			left = 0
		}
		ts := syscall.NsecToTimespec(left.Nanoseconds())
		var e syscall.Errno
		if rawWait {
			_, _, e = syscall.RawSyscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&fds[0])), 2, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
		} else {
			_, _, e = syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&fds[0])), 2, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
		}
		switch {
		case e == syscall.EINTR:
			runtime.Gosched() // the runtime may want the P: see the top of the file
			continue
		case e != 0:
			return &os.PathError{Op: "ppoll", Path: "pipe", Err: e}
		case fds[1].revents != 0:
			return errInterrupted
		case fds[0].revents != 0:
			return nil
		case left == 0:
			return os.ErrDeadlineExceeded
		}
	}
}

// closeStdin closes the scheduler's stdin: the end of the conversation.
func (p *pipes) closeStdin() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.in >= 0 {
		syscall.Close(p.in)
		p.in = -1
	}
}

// close closes every fd; interrupt does nothing afterwards.
func (p *pipes) close() {
	p.closeStdin()
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		p.closed = true
		for _, fd := range []int{p.out, p.wake, p.woke} {
			syscall.Close(fd)
		}
	}
}
