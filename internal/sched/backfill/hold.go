package backfill

import "math"

// The profile's two innermost loops, holding a window and shifting
// steps, in pure Go: the twins of the vector forms in hold_amd64.s
// (see hold8 and add32), and what runs where those are not built (other
// CPUs, or -tags purego) or the CPU lacks AVX2.
//
// Measured and not kept: the same eight-to-an-instruction test for the
// searches, skipping steps too full eight at a time (in scan and
// fitHold: 1.13 of the CPU on the first 100,000 RICC-2010-2 jobs; in
// scan alone, called after two full steps: 1.05) and checking a window
// eight steps at a time (in scan: 1.02). Those runs are mostly a few
// steps long, shorter than what a call costs: 58% of compress's 12.1 M
// searches read two steps or fewer. Not calling hold8 for a window of
// fewer than nine steps took 1.00.

// hold8Go holds c CPUs on the steps from b on, eight at a time, while
// the eight all lie before end and each has c free; it returns the
// first step not held and the fewest CPUs free on the steps held,
// before the hold (math.MaxInt32 if none was held).
func hold8Go(ts []float64, free []int32, b int, end float64, c int32) (int, int32) {
	free = free[:len(ts)]
	least := int32(math.MaxInt32)
	for b+7 < len(ts) && ts[b+7] < end {
		f8 := free[b : b+8 : b+8]
		lo := min(f8[0], f8[1], f8[2], f8[3], f8[4], f8[5], f8[6], f8[7])
		if lo < c {
			break
		}
		least = min(least, lo)
		f8[0] -= c
		f8[1] -= c
		f8[2] -= c
		f8[3] -= c
		f8[4] -= c
		f8[5] -= c
		f8[6] -= c
		f8[7] -= c
		b += 8
	}
	return b, least
}

// add32Go adds d to each of s.
func add32Go(s []int32, d int32) {
	for k := range s {
		s[k] += d
	}
}
