package roundrobin

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/timeshare"
)

// Size is a window size: Percent% of the trace's records, or Jobs records.
// Exactly one of the two is set. The paper's samples are 12,125 and 20,208
// processes, 3% and 5% of AuverGrid; on another trace the two readings give
// different windows, so both are run, each as its own family of workloads.
type Size struct {
	Percent int `json:"percent,omitempty"`
	Jobs    int `json:"jobs,omitempty"`
}

// Pct and Jobs build the two kinds of Size.
func Pct(percent int) Size { return Size{Percent: percent} }
func Jobs(n int) Size      { return Size{Jobs: n} }

// ID names the size in workload ids: "3%" or "n=12125".
func (s Size) ID() string {
	if s.Jobs > 0 {
		return "n=" + strconv.Itoa(s.Jobs)
	}
	return strconv.Itoa(s.Percent) + "%"
}

// Len is the number of records of a window of this size in a trace of
// total records (0 when it does not fit).
func (s Size) Len(total int) int {
	if s.Jobs > 0 {
		if s.Jobs > total {
			return 0
		}
		return s.Jobs
	}
	return WindowLen(total, s.Percent)
}

// param is the size as a workload parameter: percent=3 or jobs=12125.
func (s Size) param() bench.Param {
	if s.Jobs > 0 {
		return bench.Int("jobs", s.Jobs)
	}
	return bench.Int("percent", s.Percent)
}

// Family is the size's family of workloads.
func (s Size) Family() Family {
	if s.Jobs > 0 {
		return FamilyJobs
	}
	return FamilyPercent
}

// Family groups workloads whose windows are sized the same way; claims are
// checked, and Holm-corrected, within one family.
type Family int

const (
	FamilyPercent Family = iota // a percentage of the trace's records
	FamilyJobs                  // the paper's process counts
)

// Families lists the families in page order.
var Families = []Family{FamilyPercent, FamilyJobs}

func (f Family) String() string {
	if f == FamilyJobs {
		return "paper-sized windows"
	}
	return "% windows"
}

// OfferedLoad is the work offered to each CPU per unit of time: the
// summed run time of the dealt jobs over P times the span of their
// submits. Above 1 the slaves cannot keep up and queues grow for the whole
// window; the paper does not say how loaded its platform was.
func OfferedLoad(jobs []timeshare.Job, slaves int) float64 {
	work, first, last := 0.0, math.Inf(1), math.Inf(-1)
	for _, j := range jobs {
		if j.Run >= 0 {
			work += j.Run
			first, last = min(first, j.Submit), max(last, j.Submit)
		}
	}
	if !(last > first) {
		return math.NaN()
	}
	return work / (float64(slaves) * (last - first))
}

// WindowRule states how windows are placed, for the page and the plan's
// configuration (so changing the rule invalidates cached runs).
const WindowRule = "rep 0 = records [0, n) (the trace's first n records, the paper's setting); rep r >= 1 starts at " +
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
func WindowSeed(size Size, rep int) uint64 {
	return bench.WorkloadSeed(Name, size.ID(), rep)
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
