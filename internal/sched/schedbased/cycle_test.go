package schedbased

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCycleSkipLockstep runs Tabu searches long enough to go round in
// circles (dense streams, up to 120 iterations, tabu lists of every length
// up to 12, both source rules) on two plans, one with its memos and cycle
// skipping and one without (Plan.direct), and compares them after every
// operation, work counter included. It fails if no iteration was skipped.
func TestCycleSkipLockstep(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 40
	}
	skipped, runs := 0, 0
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 21))
		mach, maxCPUs := randomMachines(r, 1, 6, 8)
		a, b := NewPlan(mach, 2), NewPlan(mach, 2)
		a.direct = true
		opt := TabuOptions{Iterations: 2 + r.IntN(120), TabuLen: r.IntN(13), AllSources: seed%2 == 0}
		ta, tb := NewTabu(opt, seed), NewTabu(opt, seed)
		check := sameCheck(t, seed, a, b)
		submit := 0.0
		for id := range 60 {
			submit += float64(r.IntN(2))
			for ev := nextEvent(a); ev < submit; ev = nextEvent(a) {
				a.Advance(ev)
				b.Advance(ev)
				check(fmt.Sprintf("advance %v", ev))
				lockstepEvents(t, a, b, r, 0, check)
			}
			a.Advance(submit)
			b.Advance(submit)
			lockstepEvents(t, a, b, r, 0, check)
			j := randomJob(r, submit, maxCPUs)
			if pa, pb := InsertEGEDF(a, id, j), InsertEGEDF(b, id, j); pa != pb {
				t.Fatalf("seed %d job %d: placement %+v, without memos %+v", seed, id, pb, pa)
			}
			check(fmt.Sprintf("EG-EDF job %d", id))
			s0 := tb.skipped
			if ma, mb := ta.Run(a), tb.Run(b); ma != mb {
				t.Fatalf("seed %d job %d: Tabu made %d moves, without memos %d", seed, id, mb, ma)
			}
			check(fmt.Sprintf("Tabu after job %d (%d iterations skipped)", id, tb.skipped-s0))
			runs++
		}
		if ta.skipped != 0 {
			t.Fatalf("seed %d: the plan without memos skipped %d iterations", seed, ta.skipped)
		}
		skipped += tb.skipped
	}
	if skipped == 0 {
		t.Fatalf("no iteration skipped in %d runs: the test must exercise the cycle detection", runs)
	}
	t.Logf("%d iterations skipped in %d runs", skipped, runs)
}
