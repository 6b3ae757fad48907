package backfill

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestEarliestFromMatchesFlat checks that a search begun at any time no
// later than the earliest start, on a breakpoint or inside a step, finds
// the earliest start flatProfile finds.
func TestEarliestFromMatchesFlat(t *testing.T) {
	for seed := range uint64(12) {
		r := rand.New(rand.NewPCG(seed, 12))
		const cpus = 64
		var p profile
		p.reset(0, cpus)
		f := &flatProfile{cpus: cpus}
		for step := range 400 {
			need, dur := 1+r.IntN(cpus), float64(r.IntN(50))
			want := f.earliestBefore(need, dur, math.Inf(1), math.Inf(1))
			ts := f.times()
			froms := []float64{math.Inf(-1), f.now - 1, want, want - 0.5}
			for range 4 {
				u := ts[r.IntN(len(ts))]
				if u <= want {
					froms = append(froms, u, u+0.5*r.Float64())
				}
			}
			for _, from := range froms {
				if from > want {
					continue
				}
				if got, _ := p.earliestFrom(need, dur, from); got != want {
					t.Fatalf("seed %d step %d: earliestFrom(%d, %g, %g) = %g, want %g", seed, step, need, dur, from, got, want)
				}
			}
			p.add(want, want+dur, need)
			if dur > 0 {
				f.holds = append(f.holds, flatHold{want, want + dur, need})
			}
			if r.IntN(4) == 0 {
				f.now += float64(r.IntN(20))
				p.prune(f.now)
			}
		}
	}
}
