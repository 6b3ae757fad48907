package schedbased

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRemoveRestoreMatchNaive checks the pieces Tabu uses to try a move
// cheaply: whatIfRemove must predict exactly the objective that Remove
// then gives, Remove (the fast path for the last job and replan for the
// others) must leave the plan the naive twin recomputes, and restore must
// give back the plan as it was before the removal.
func TestRemoveRestoreMatchNaive(t *testing.T) {
	seeds := 300
	if testing.Short() {
		seeds = 60
	}
	tried := [2]int{} // last job, other job
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 7))
		mach, maxCPUs := randomPlatform(r)
		p := NewPlan(mach, 2)
		submit := 0.0
		for id := range 30 {
			submit += float64(r.IntN(3))
			advanceTo(t, p, r, submit, 0)
			InsertEGEDF(p, id, randomJob(r, submit, maxCPUs))

			// Pick a queued job at random, if there is one.
			var cands [][2]int
			for m := range p.ms {
				for pos := range p.ms[m].queue {
					cands = append(cands, [2]int{m, pos})
				}
			}
			if len(cands) == 0 {
				continue
			}
			c := cands[r.IntN(len(cands))]
			m, pos := c[0], c[1]
			if pos == len(p.ms[m].queue)-1 {
				tried[0]++
			} else {
				tried[1]++
			}
			e := p.ms[m].queue[pos]
			ctx := fmt.Sprintf("seed %d job %d: remove %d (machine %d pos %d of %d)", seed, id, e.ID, m, pos, len(p.ms[m].queue))
			before := naiveOf(p)
			_, nd0 := p.Objective()
			wantMk, dnd := p.whatIfRemove(m, pos)

			p.save(m)
			if _, gm, gpos := p.Remove(e.ID); gm != m || gpos != pos {
				t.Fatalf("%s: Remove says machine %d pos %d", ctx, gm, gpos)
			}
			checkPlan(t, p, ctx)
			want := before.clone()
			want.queue[m] = slices.Delete(want.queue[m], pos, pos+1)
			want.recompute(m)
			if err := equalPlans(p, want); err != nil {
				t.Fatalf("%s: %v", ctx, err)
			}
			if mk, nd := p.Objective(); mk != wantMk || nd != nd0+dnd {
				t.Fatalf("%s: objective after removal (%v, %d), whatIfRemove said (%v, %d)", ctx, mk, nd, wantMk, nd0+dnd)
			}
			if o := want.objective(); o.makespan != wantMk || o.nondelayed != nd0+dnd {
				t.Fatalf("%s: naive objective %+v, whatIfRemove said (%v, %d)", ctx, o, wantMk, nd0+dnd)
			}

			p.restore(e.ID)
			checkPlan(t, p, ctx+" restored")
			if err := equalPlans(p, before); err != nil {
				t.Fatalf("%s restored: %v", ctx, err)
			}
			startDue(t, p)
		}
	}
	if tried[0] == 0 || tried[1] == 0 {
		t.Fatalf("removals of last / other jobs: %v; both paths must be exercised", tried)
	}
}
