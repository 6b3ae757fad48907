package spaceshared

import "golang.org/x/sys/unix"

// threadCPU is the CPU time, in seconds, that the calling OS thread has
// used (CLOCK_THREAD_CPUTIME_ID): the caller holds its thread
// (runtime.LockOSThread), so the difference of two readings around a
// decision is the scheduler's CPU time in it, whatever else the machine
// runs. ok is false when the clock cannot be read.
func threadCPU() (sec float64, ok bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return float64(ts.Sec) + float64(ts.Nsec)*1e-9, true
}
