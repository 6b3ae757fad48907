package schedbased

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSettleLockstep drives two plans through dense arrivals (EG-EDF,
// and Tabu on half the seeds), completions of which many come early, and
// starts, one re-placing whole queues (Plan.direct) and one stopping where
// the placement settles (replanHead), and compares them, work counter
// included, after every operation. The machines are few and wide and the
// arrivals dense, so that queues grow long, as on a busy log; no job has
// zero length, as a plan that held one re-places whole queues.
func TestSettleLockstep(t *testing.T) {
	seeds := 120
	if testing.Short() {
		seeds = 30
	}
	var settled, stopped int64
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 21))
		mach, maxCPUs := randomMachines(r, 1, 3, 32)
		a, b := NewPlan(mach, 2), NewPlan(mach, 2)
		a.direct = true
		var ta, tb *Tabu
		if seed%2 == 1 {
			opt := TabuOptions{Iterations: 1 + r.IntN(20), TabuLen: r.IntN(12)}
			ta, tb = NewTabu(opt, seed), NewTabu(opt, seed)
		}
		early := 0.1 + 0.4*r.Float64()
		check := func(ctx string) {
			t.Helper()
			if err := sameState(a, b); err != nil {
				t.Fatalf("seed %d %s: %v", seed, ctx, err)
			}
		}
		submit := 0.0
		for id := range 150 {
			submit += float64(r.IntN(2))
			for ev := nextEvent(a); ev < submit; ev = nextEvent(a) {
				a.Advance(ev)
				b.Advance(ev)
				check(fmt.Sprintf("advance %v", ev))
				lockstepEvents(t, a, b, r, early, check)
			}
			a.Advance(submit)
			b.Advance(submit)
			check(fmt.Sprintf("advance %v", submit))
			lockstepEvents(t, a, b, r, early, check)
			j := randomJob(r, submit, maxCPUs)
			InsertEGEDF(a, id, j)
			InsertEGEDF(b, id, j)
			check(fmt.Sprintf("EG-EDF job %d", id))
			if ta != nil {
				ta.Run(a)
				tb.Run(b)
				check(fmt.Sprintf("Tabu after job %d", id))
			}
		}
		if a.settled != 0 {
			t.Fatalf("seed %d: the plan without memos settled %d re-plans", seed, a.settled)
		}
		settled += b.settled
		if b.settled > 0 {
			stopped++
		}
	}
	if stopped < int64(seeds)/2 {
		t.Fatalf("%d of %d seeds settled a re-plan (%d in all): the test must exercise replanHead's stop", stopped, seeds, settled)
	}
}
