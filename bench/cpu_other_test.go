//go:build !unix && !windows

package bench_test

import (
	"testing"
	"time"
)

// Where the platform gives no CPU clock (cpu_unix_test.go and
// cpu_windows_test.go read it elsewhere), the benchmarks that report CPU
// time are skipped, saying why, rather than reporting 0.

func cpuTimes(tb testing.TB) (self, children time.Duration) {
	tb.Helper()
	tb.Skip("skipping: this benchmark reports CPU time, which gridbench's benchmarks read only on Unix and Windows")
	return 0, 0
}

func kernelTime(tb testing.TB) time.Duration {
	tb.Helper()
	tb.Skip("skipping: this benchmark reports CPU time, which gridbench's benchmarks read only on Unix and Windows")
	return 0
}
