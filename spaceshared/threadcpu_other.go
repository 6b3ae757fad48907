//go:build !linux

package spaceshared

// threadCPU has no per-thread CPU clock to read here: decisions are
// timed by the wall clock alone (see DecisionLog.CPU).
func threadCPU() (float64, bool) { return 0, false }
