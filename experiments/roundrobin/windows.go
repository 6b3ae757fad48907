package roundrobin

import (
	"math/bits"
	"math/rand/v2"

	"github.com/gridbench/gridbench/bench"
)

// WindowRule states how windows are placed, for the page and the plan's
// configuration (so changing the rule invalidates cached runs).
const WindowRule = "rep 0 = records [0, n) (the paper's first n%); rep r >= 1 starts at " +
	"n + floor(u * (N - 2n + 1)) with u = vdc(r) + U/2^k, vdc the base-2 van der Corput radical inverse of r, " +
	"k the bit length of r and U in [0,1) drawn from PCG(seed(size, r)); so windows avoid the prefix, " +
	"any first R reps spread evenly over the rest of the trace, and a rep's window does not depend on how many reps are run"

// windowStream is the PCG stream of the window jitter ("rrwindow").
const windowStream = 0x727277696e646f77

// WindowLen is the number of trace records in a window of percent% of a
// trace of total records, rounded down as the paper does (3% and 5% of
// AuverGrid's 404,176 jobs are its 12,125 and 20,208 processes).
func WindowLen(total, percent int) int { return total * percent / 100 }

// WindowSeed is the seed that places the window of one (size, rep). It
// leaves P out on purpose: every P of a size sees the same windows, so
// "does the metric fall as P grows" is a paired comparison too.
func WindowSeed(percent, rep int) uint64 {
	return bench.WorkloadSeed(Name, SizeID(percent), rep)
}

// WindowStart returns the first record of the window of n records for
// repetition rep of a trace of total records (see WindowRule). When the
// trace is shorter than two windows the prefix cannot be avoided and the
// window may start anywhere.
func WindowStart(total, n, rep int, seed uint64) int {
	if rep <= 0 || n >= total {
		return 0
	}
	lo, hi := n, total-n
	if hi < lo {
		lo = 0
	}
	span := hi - lo + 1
	k := bits.Len(uint(rep))
	jitter := rand.New(rand.NewPCG(seed, windowStream)).Float64()
	u := vdc(uint64(rep)) + jitter/float64(uint64(1)<<k)
	s := lo + int(u*float64(span))
	return min(s, hi)
}

// vdc is the base-2 van der Corput radical inverse: the bits of r mirrored
// behind the binary point (1 → 0.5, 2 → 0.25, 3 → 0.75, ...). Its first R
// values leave no gap wider than 2/R in [0, 1).
func vdc(r uint64) float64 {
	return float64(bits.Reverse64(r)) / (1 << 64)
}
