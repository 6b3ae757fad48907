package schedbased

import (
	"math/rand/v2"
	"testing"
)

// TestEarliestGapFirstFit compares the gap search that starts at the
// first segment with enough free CPUs (the table firstFit keeps per
// profile state) with the scan from the first segment (Plan.direct), on
// every machine of random plans after every arrival, for random jobs and
// limits: the same start, the same answer and the same work; and each
// table entry with a scan of the profile, the counts asked in random
// order after the gap searches filled the table in part.
func TestEarliestGapFirstFit(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 40
	}
	skipped := 0
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 14))
		mach, maxCPUs := randomPlatform(r)
		p := NewPlan(mach, 2)
		submit := 0.0
		for id := range 40 {
			submit += float64(r.IntN(2))
			advanceTo(t, p, r, submit, 0.05)
			if id%2 == 0 {
				InsertEGEDF(p, id, randomJob(r, submit, maxCPUs))
			} else {
				InsertEGEDFLiteral(p, id, randomJob(r, submit, maxCPUs))
			}
			for m := range p.ms {
				mp := &p.ms[m]
				for range 3 {
					j := randomJob(r, submit-float64(r.IntN(3)), mp.cpus)
					dur := p.Duration(j, m)
					limit := mp.makespan
					if r.IntN(3) == 0 {
						limit = submit + float64(r.IntN(40))
					}
					p.direct = true
					w0 := p.work
					wt, wok := p.earliestGapBy(m, j, dur, limit)
					p.direct = false
					w1 := p.work
					gt, gok := p.earliestGapBy(m, j, dur, limit)
					if gt != wt || gok != wok || p.work-w1 != w1-w0 {
						t.Fatalf("seed %d job %d machine %d: gap (%v %v) work %d, scanning from the first segment (%v %v) work %d",
							seed, id, m, gt, gok, p.work-w1, wt, wok, w1-w0)
					}
				}
				for _, c := range r.Perm(mp.cpus + 1) {
					want := 0
					for want < len(mp.free) && mp.free[want] < c {
						want++
					}
					if got := p.firstFit(m, c); got != want {
						t.Fatalf("seed %d job %d machine %d: first segment with %d free CPUs %d, by a scan %d (free %v)", seed, id, m, c, got, want, mp.free)
					}
					if want > 0 && want < len(mp.free) {
						skipped++
					}
				}
			}
			startDue(t, p)
		}
	}
	if skipped == 0 {
		t.Fatal("no profile with a first fit past its first segment")
	}
}
