//go:build !purego

package backfill

import "golang.org/x/sys/cpu"

// haveAVX2 says whether hold8 and add32 use the AVX2 forms, which hold
// and shift eight steps in one instruction: on the first 100,000
// RICC-2010-2 jobs CONS spent a fifth of its CPU in these two loops
// written in Go.
var haveAVX2 = cpu.X86.HasAVX2

//go:noescape
func hold8AVX2(ts []float64, free []int32, b int, end float64, c int32) (int, int32)

//go:noescape
func add32AVX2(s []int32, d int32)

// hold8 is hold8Go, eight steps to an instruction where the CPU can.
func hold8(ts []float64, free []int32, b int, end float64, c int32) (int, int32) {
	if haveAVX2 {
		return hold8AVX2(ts, free[:len(ts)], b, end, c)
	}
	return hold8Go(ts, free, b, end, c)
}

// add32 is add32Go, eight steps to an instruction where the CPU can
// and s is long enough to pay for the call.
func add32(s []int32, d int32) {
	if haveAVX2 && len(s) >= 16 {
		add32AVX2(s, d)
		return
	}
	for k := range s { // (add32Go's loop: calling it would make add32 too large to inline)
		s[k] += d
	}
}
