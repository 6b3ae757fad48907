package external

import (
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// On Linux the scheduler's stdin and stdout are raw non-blocking pipes
// that the calling goroutine waits on itself: a decision costs a write,
// an epoll_wait and a read. Go's netpoller (os.Pipe with deadlines) costs
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
// asks by signal (SIGURG), which ends epoll_wait (and ppoll) with EINTR
// whatever SA_RESTART says, and the wait then yields (runtime.Gosched)
// before it waits again. Without asynchronous preemption
// (GODEBUG=asyncpreemptoff=1) no such signal comes, and the wait is an
// ordinary syscall. The read and the write never block: the fds are
// non-blocking.
//
// The wait for an answer has no timeout of its own: an epoll_wait or
// ppoll with one arms and cancels a kernel timer every decision, about
// 0.7 µs of the 5 µs a bare round trip costs here (and a timer due before
// the next clock tick reprograms the timer device twice, 4-5 µs inside a
// virtual machine). The deadline is kept instead by a watchdog, one
// time.Timer per scheduler that fires about once per answer timeout: it
// writes to the wake-up pipe when the deadline has passed, and otherwise
// sets itself for the deadline of the message under way. A decision only
// stores its deadline. epoll_wait rather than ppoll because its fds stay
// registered: 0.3 µs less per wait. The rare wait for room to write (a
// message over the pipe's 64 KiB, a scheduler that does not read) is a
// ppoll with the deadline as its timeout.
type pipes struct {
	in, out int // our ends: the scheduler's stdin and stdout
	ep      int // an epoll instance watching out and woke

	base     time.Time    // the origin of deadline and armed
	deadline atomic.Int64 // of the message under way, ns from base
	armed    atomic.Int64 // when the watchdog fires, ns from base; MaxInt64: never
	watchdog *time.Timer

	mu          sync.Mutex  // guards the fds and the watchdog against close
	wake, woke  int         // a pipe written to end a wait (interrupt or watchdog)
	interrupted atomic.Bool // set before wake is written for an interrupt
	closed      bool
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
	ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err == nil {
		err = syscall.EpollCtl(ep, syscall.EPOLL_CTL_ADD, fds[2], &syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(fds[2])})
	}
	if err == nil {
		err = syscall.EpollCtl(ep, syscall.EPOLL_CTL_ADD, fds[4], &syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(fds[4])})
	}
	if err != nil {
		for _, fd := range append(fds[:], ep) {
			if fd > 0 {
				syscall.Close(fd)
			}
		}
		return nil, nil, nil, err
	}
	p := &pipes{in: fds[1], out: fds[2], ep: ep, woke: fds[4], wake: fds[5], base: time.Now()}
	for _, fd := range []int{p.in, p.out, p.woke, p.wake} {
		syscall.SetNonblock(fd, true)
	}
	p.armed.Store(math.MaxInt64)
	p.watchdog = time.AfterFunc(time.Hour, p.watch)
	p.watchdog.Stop()
	return p, os.NewFile(uintptr(fds[0]), "stdin"), os.NewFile(uintptr(fds[3]), "stdout"), nil
}

// now returns the time in ns from p.base.
func (p *pipes) now() int64 { return int64(time.Since(p.base)) }

// setDeadline sets the deadline of the message under way: a store, and
// the watchdog set earlier only when t is before the time it fires.
func (p *pipes) setDeadline(t time.Time) {
	d := int64(t.Sub(p.base))
	p.deadline.Store(d)
	if d < p.armed.Load() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if !p.closed && d < p.armed.Load() {
			p.armed.Store(d)
			p.watchdog.Reset(time.Duration(d - p.now()))
		}
	}
}

// watch runs when the watchdog fires: it wakes the wait under way if the
// deadline has passed, and otherwise sets itself for the deadline.
func (p *pipes) watch() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.closed {
		d, now := p.deadline.Load(), p.now()
		if now < d {
			p.armed.Store(d)
			p.watchdog.Reset(time.Duration(d - now))
			if p.deadline.Load() >= d { // else set again, for the earlier one
				return
			}
			continue
		}
		syscall.Write(p.wake, []byte{0}) // a full pipe wakes the wait already
		// Never set, unless the deadline moved meanwhile. Here as above,
		// setDeadline stores the deadline before it reads armed, watch
		// stores armed before it reads the deadline again: one of them
		// sees what the other stored.
		p.armed.Store(math.MaxInt64)
		if p.deadline.Load() == d {
			return
		}
	}
}

// interrupt makes the wait under way, and every later one, return
// errInterrupted. It may be called from any goroutine, once or more.
func (p *pipes) interrupt() {
	p.interrupted.Store(true)
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		syscall.Write(p.wake, []byte{1}) // a full pipe is interrupted already
	}
}

// woken returns errInterrupted after an interrupt, else empties the
// wake-up pipe and returns os.ErrDeadlineExceeded if the deadline has
// passed, nil if not (the watchdog woke a wait that has since got a later
// deadline).
func (p *pipes) woken() error {
	if p.interrupted.Load() {
		return errInterrupted
	}
	var b [64]byte
	for {
		if n, err := rawIO(syscall.SYS_READ, p.woke, b[:]); err != nil || n < len(b) {
			break
		}
	}
	if p.interrupted.Load() {
		return errInterrupted
	}
	if p.now() >= p.deadline.Load() {
		return os.ErrDeadlineExceeded
	}
	return nil
}

// Read reads what the scheduler wrote to stdout, waiting until the
// deadline.
func (p *pipes) Read(b []byte) (int, error) {
	for {
		if err := p.waitRead(); err != nil {
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

// waitRead returns once stdout has something to read (or is hung up, or in
// error: the read that follows says which), or with the error of woken.
func (p *pipes) waitRead() error {
	var evs [2]syscall.EpollEvent
	for {
		n, e := waitCall(syscall.SYS_EPOLL_PWAIT, uintptr(p.ep), uintptr(unsafe.Pointer(&evs[0])), 2, ^uintptr(0))
		switch {
		case e == syscall.EINTR:
			runtime.Gosched() // the runtime may want the P: see the top of the file
			continue
		case e != 0:
			return &os.PathError{Op: "epoll_pwait", Path: "stdout", Err: e}
		}
		ready := false
		for _, ev := range evs[:n] {
			if int(ev.Fd) == p.woke {
				if err := p.woken(); err != nil {
					return err
				}
			} else {
				ready = true
			}
		}
		if ready {
			return nil
		}
	}
}

// pending reports whether the scheduler's stdout holds bytes not yet
// read: one FIONREAD, a raw call that neither waits nor moves data.
func (p *pipes) pending() bool {
	var n int32
	_, _, e := syscall.RawSyscall(syscall.SYS_IOCTL, uintptr(p.out), syscall.TIOCINQ, uintptr(unsafe.Pointer(&n)))
	return e == 0 && n > 0
}

// write writes all of b to the scheduler's stdin, waiting until the
// deadline for room in the pipe.
func (p *pipes) write(b []byte) error {
	for len(b) > 0 {
		n, err := rawIO(syscall.SYS_WRITE, p.in, b)
		switch {
		case err == syscall.EAGAIN:
			if err := p.waitWrite(); err != nil {
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

// rawWait says whether a wait may keep its P: only when the runtime can
// still interrupt it by signal.
var rawWait = !strings.Contains(","+os.Getenv("GODEBUG")+",", ",asyncpreemptoff=1,")

// waitCall makes a system call that waits (epoll_pwait, ppoll with its
// first four arguments): raw, keeping the P, when rawWait allows it.
func waitCall(trap, a1, a2, a3, a4 uintptr) (uintptr, syscall.Errno) {
	if rawWait {
		r, _, e := syscall.RawSyscall6(trap, a1, a2, a3, a4, 0, 0)
		return r, e
	}
	r, _, e := syscall.Syscall6(trap, a1, a2, a3, a4, 0, 0)
	return r, e
}

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

// waitWrite returns once stdin has room (or is hung up, or in error: the
// write that follows says which), or with the error of woken.
func (p *pipes) waitWrite() error {
	fds := [2]pollfd{{fd: int32(p.in), events: pollOut}, {fd: int32(p.woke), events: pollIn}}
	for {
		left := time.Duration(p.deadline.Load() - p.now())
		if left <= 0 {
			left = 0
		}
		ts := syscall.NsecToTimespec(left.Nanoseconds())
		_, e := waitCall(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&fds[0])), 2, uintptr(unsafe.Pointer(&ts)), 0)
		switch {
		case e == syscall.EINTR:
			runtime.Gosched()
			continue
		case e != 0:
			return &os.PathError{Op: "ppoll", Path: "stdin", Err: e}
		case fds[1].revents != 0:
			if err := p.woken(); err != nil {
				return err
			}
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

// close closes every fd and stops the watchdog; interrupt does nothing
// afterwards.
func (p *pipes) close() {
	p.closeStdin()
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		p.closed = true
		p.watchdog.Stop()
		for _, fd := range []int{p.out, p.ep, p.wake, p.woke} {
			syscall.Close(fd)
		}
	}
}
