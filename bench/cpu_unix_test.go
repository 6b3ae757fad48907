//go:build unix

package bench_test

import (
	"syscall"
	"testing"
	"time"
)

// The benchmarks' CPU clocks: on a shared machine CPU time grows far less
// with the load than wall time does, so the CPU benchmarks report it.

// cpuTimes returns the CPU time (user plus system) of this process and of
// its children that have been waited for.
func cpuTimes(tb testing.TB) (self, children time.Duration) {
	tb.Helper()
	var ru syscall.Rusage
	sum := func(who int) time.Duration {
		if err := syscall.Getrusage(who, &ru); err != nil {
			tb.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return sum(syscall.RUSAGE_SELF), sum(syscall.RUSAGE_CHILDREN)
}

// kernelTime returns the system part of this process's CPU time.
func kernelTime(tb testing.TB) time.Duration {
	tb.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Stime.Nano())
}

// The untagged benchmarks read the process's CPU time through processCPU.
func init() {
	processCPU = func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
}
