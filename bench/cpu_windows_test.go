//go:build windows

package bench_test

import (
	"syscall"
	"testing"
	"time"
)

// The benchmarks' CPU clocks on Windows (cpu_unix_test.go elsewhere):
// GetProcessTimes gives this process's user and kernel time; Windows
// keeps no sum for the children waited for, so children is 0.

func processTimes(tb testing.TB) (user, kernel time.Duration) {
	var creation, exit, k, u syscall.Filetime
	h, err := syscall.GetCurrentProcess()
	if err == nil {
		err = syscall.GetProcessTimes(h, &creation, &exit, &k, &u)
	}
	if err != nil {
		if tb != nil {
			tb.Fatal(err)
		}
		return 0, 0
	}
	// A Filetime counts 100 ns intervals; Nanoseconds reads it as a time
	// since 1601, so the two halves are read as a duration here.
	dur := func(f syscall.Filetime) time.Duration {
		return time.Duration(int64(f.HighDateTime)<<32|int64(f.LowDateTime)) * 100
	}
	return dur(u), dur(k)
}

// cpuTimes returns the CPU time (user plus system) of this process, and 0
// for its children.
func cpuTimes(tb testing.TB) (self, children time.Duration) {
	tb.Helper()
	u, k := processTimes(tb)
	return u + k, 0
}

// kernelTime returns the system part of this process's CPU time.
func kernelTime(tb testing.TB) time.Duration {
	tb.Helper()
	_, k := processTimes(tb)
	return k
}

func init() {
	processCPU = func() time.Duration {
		u, k := processTimes(nil)
		return u + k
	}
}
