package bench_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// BenchmarkPipeFloor is the floor under BenchmarkExternalCost's go-cpu:
// what the parent of a bare pipe round trip pays per message when it does
// nothing else, so no exec: scheduler can cost gridbench less. The parent
// writes one line and waits for the answer in a blocking read, the
// cheapest wait there is (one system call, and the thread sleeps until the
// answer), or (wait=epoll) as gridbench waits, in epoll_pwait on a
// non-blocking read end and then a read, a wait that an interrupt or a
// timeout can end; the child, testdata/spinecho, keeps its CPU busy for spin
// before it answers, as a scheduler that thinks would. spin=35µs is the
// CPU that the shipped easy.py takes per decision when it shares one CPU
// with gridbench. It reports per round trip the wall time, this
// process's CPU time (parent-cpu, measured as go-cpu is) and the child's,
// and parent-% = parent-cpu / wall, the share that BenchmarkExternalCost's
// go-cpu is compared with. Run it both ways: on all CPUs, and pinned to
// one (taskset -c 0), where waking the other process needs no
// inter-processor interrupt.
func BenchmarkPipeFloor(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "spinecho")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/spinecho").CombinedOutput(); err != nil {
		b.Fatalf("building spinecho: %v\n%s", err, out)
	}
	for _, bc := range []struct {
		spin  time.Duration
		epoll bool
	}{{0, false}, {35 * time.Microsecond, false}, {35 * time.Microsecond, true}} {
		spin := bc.spin
		name := "spin=" + spin.String() + "/wait=read"
		if bc.epoll {
			name = "spin=" + spin.String() + "/wait=epoll"
		}
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var toChild, fromChild [2]int
			if err := syscall.Pipe2(toChild[:], syscall.O_CLOEXEC); err != nil {
				b.Fatal(err)
			}
			if err := syscall.Pipe2(fromChild[:], syscall.O_CLOEXEC); err != nil {
				b.Fatal(err)
			}
			childIn := os.NewFile(uintptr(toChild[0]), "stdin")
			childOut := os.NewFile(uintptr(fromChild[1]), "stdout")
			cmd := exec.Command(bin, spin.String())
			cmd.Stdin, cmd.Stdout, cmd.Stderr = childIn, childOut, os.Stderr
			if err := cmd.Start(); err != nil {
				b.Fatal(err)
			}
			childIn.Close()
			childOut.Close()
			w, r := toChild[1], fromChild[0]
			line := []byte(`{"type":"decide"}` + "\n")
			buf := make([]byte, 64)
			ep := -1
			if bc.epoll {
				// gridbench's wait (internal/sched/external): a
				// non-blocking read end registered once with epoll, one
				// epoll_pwait then one read per answer.
				if err := syscall.SetNonblock(r, true); err != nil {
					b.Fatal(err)
				}
				var err error
				if ep, err = syscall.EpollCreate1(syscall.EPOLL_CLOEXEC); err != nil {
					b.Fatal(err)
				}
				defer syscall.Close(ep)
				if err := syscall.EpollCtl(ep, syscall.EPOLL_CTL_ADD, r, &syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(r)}); err != nil {
					b.Fatal(err)
				}
			}
			var events [1]syscall.EpollEvent
			roundTrip := func() {
				if _, _, e := syscall.RawSyscall(syscall.SYS_WRITE, uintptr(w), uintptr(unsafe.Pointer(&line[0])), uintptr(len(line))); e != 0 {
					b.Fatal(e)
				}
				for n := 0; n == 0 || buf[n-1] != '\n'; {
					if ep >= 0 {
						if _, _, e := syscall.RawSyscall6(syscall.SYS_EPOLL_PWAIT, uintptr(ep), uintptr(unsafe.Pointer(&events[0])), 1, ^uintptr(0), 0, 0); e != 0 && e != syscall.EINTR {
							b.Fatal(e)
						}
					}
					k, _, e := syscall.RawSyscall(syscall.SYS_READ, uintptr(r), uintptr(unsafe.Pointer(&buf[n])), uintptr(len(buf)-n))
					if e == syscall.EAGAIN || e == syscall.EINTR {
						continue
					}
					if e != 0 || k == 0 {
						b.Fatalf("read: %v (%d bytes)", e, k)
					}
					n += int(k)
				}
			}
			roundTrip() // the child has started
			self0, child0 := cpuTimes(b)
			for b.Loop() {
				roundTrip()
			}
			self, _ := cpuTimes(b)
			syscall.Close(w)
			if err := cmd.Wait(); err != nil {
				b.Fatal(err)
			}
			syscall.Close(r)
			_, child := cpuTimes(b)
			n := float64(b.N)
			wall := float64(b.Elapsed().Nanoseconds()) / n
			parent := float64((self - self0).Nanoseconds()) / n
			b.ReportMetric(wall, "ns/roundtrip")
			b.ReportMetric(parent, "parent-cpu-ns/roundtrip")
			b.ReportMetric(float64((child-child0).Nanoseconds())/n, "child-cpu-ns/roundtrip")
			b.ReportMetric(100*parent/wall, "parent-%")
		})
	}
}
