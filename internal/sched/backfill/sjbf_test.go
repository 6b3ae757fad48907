package backfill

import (
	"math/rand/v2"
	"testing"

	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

// EASY-SJBF through its index (scheduleSJBF, and the running jobs read in
// order of estimated end) starts every job where and when the sorted
// copies of the queue do (the slow twin), on the small random cases and
// on longer queues where the index skips many jobs.
func TestSJBFIndexMatchesSortedCopies(t *testing.T) {
	fast := func() sim.Scheduler { return &Order{Backfill: SJF} }
	if o := fast().(*Order); !o.useSJBF() {
		t.Fatal("EASY-SJBF does not use its index")
	}
	agree(t, "easy-sjbf", 300, fast, func() sim.Scheduler { return &Order{Backfill: SJF, slow: true} })
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 11))
		p := simtest.Platform(r, 4, 64, seed%2 == 0)
		if seed%3 == 0 {
			p = sim.SingleMachine(32 + r.IntN(200))
		}
		jobs := simtest.Jobs(r, p, 400+r.IntN(800))
		if seed%4 == 1 {
			// Input order apart from submit order: arrival order is
			// then the simulator's sort, which the index must follow.
			r.Shuffle(len(jobs), func(a, b int) { jobs[a], jobs[b] = jobs[b], jobs[a] })
		}
		a, err := sim.Simulate(p, jobs, fast())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		b, err := sim.Simulate(p, jobs, &Order{Backfill: SJF, slow: true})
		if err != nil {
			t.Fatalf("seed %d: slow: %v", seed, err)
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("seed %d: job %d (%+v): index %+v, sorted copies %+v", seed, i, jobs[i], a[i], b[i])
			}
		}
	}
}

// Every other order keeps the sorted copies.
func TestOnlySJBFUsesIndex(t *testing.T) {
	for _, o := range []*Order{{}, {Queue: SJF, Backfill: SJF}, {Backfill: LJF}, NewEASYPP(ReqTime), {Backfill: SJF, slow: true}} {
		if o.useSJBF() {
			t.Errorf("%+v uses the SJBF index", o)
		}
	}
}
