package backfill

import (
	"math"
	"math/rand/v2"
	"slices"
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
				if got := p.fitFrom(need, dur, from, r.IntN(len(p.t)+1)-1).t; got != want { // any step as the one near
					t.Fatalf("seed %d step %d: fitFrom(%d, %g, %g) = %g, want %g", seed, step, need, dur, from, got, want)
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

// TestFitHoldMatchesAdd checks that fitHold, begun at any time no later
// than the earliest start, finds what fitFrom finds (start and steps read)
// and leaves the profile add leaves, step for step, on profiles that
// gain and lose holdings (so windows are tried and given back); zero-length
// jobs included. For several jobs of one shape it holds at its start as
// many as holding them one by one would.
func TestFitHoldMatchesAdd(t *testing.T) {
	clone := func(p *profile) *profile {
		var q profile
		q.copyFrom(p)
		return &q
	}
	for seed := range uint64(12) {
		r := rand.New(rand.NewPCG(seed, 13))
		const cpus = 64
		var p profile
		p.reset(0, cpus)
		now := 0.0
		var holds []flatHold
		for step := range 600 {
			need, dur := 1+r.IntN(cpus), float64(r.IntN(50))
			want := p.fitFrom(need, dur, math.Inf(-1), -1)
			froms := []float64{math.Inf(-1), now, want.t, want.t - 0.5}
			if u := p.t[p.h+r.IntN(len(p.t)-p.h)]; u <= want.t {
				froms = append(froms, u, u+0.25)
			}
			added := clone(&p)
			added.add(want.t, want.t+dur, need)
			for _, from := range froms {
				if from > want.t {
					continue
				}
				q := clone(&p)
				f0 := q.fitFrom(need, dur, from, -1)
				got, _ := q.fitHold(need, dur, from, r.IntN(len(q.t)+1)-1, 1)
				if got.t != want.t || got.steps != f0.steps {
					t.Fatalf("seed %d step %d: fitHold(%d, %g, %g) = %g after %d steps, fitFrom %g after %d", seed, step, need, dur, from, got.t, got.steps, f0.t, f0.steps)
				}
				if !slices.Equal(q.t[q.h:], added.t[added.h:]) || !slices.Equal(q.free[q.h:], added.free[added.h:]) {
					t.Fatalf("seed %d step %d: fitHold(%d, %g, %g) left %v %v, add %v %v", seed, step, need, dur, from, q.t[q.h:], q.free[q.h:], added.t[added.h:], added.free[added.h:])
				}
			}
			// n jobs of the shape at once: the start found holds as
			// many of them as placing them one by one would put there.
			for _, n := range []int{2, 3, 7} {
				q := clone(&p)
				got, k := q.fitHold(need, dur, math.Inf(-1), -1, n)
				seq, held := clone(&p), 0
				for held < n {
					next := clone(seq)
					if f, _ := next.fitHold(need, dur, got.t, r.IntN(len(next.t)+1)-1, 1); f.t != got.t {
						break
					}
					seq, held = next, held+1
				}
				if got.t != want.t || k != held {
					t.Fatalf("seed %d step %d: fitHold(%d, %g, -Inf, %d) = %g for %d jobs, one by one %g for %d", seed, step, need, dur, n, got.t, k, want.t, held)
				}
				if !slices.Equal(q.t[q.h:], seq.t[seq.h:]) || !slices.Equal(q.free[q.h:], seq.free[seq.h:]) {
					t.Fatalf("seed %d step %d: fitHold(%d, %g, -Inf, %d) left %v %v, one by one %v %v", seed, step, need, dur, n, q.t[q.h:], q.free[q.h:], seq.t[seq.h:], seq.free[seq.h:])
				}
			}
			p = *added
			if dur > 0 {
				holds = append(holds, flatHold{want.t, want.t + dur, need})
			}
			if len(holds) > 0 && r.IntN(3) == 0 { // an early end
				i := r.IntN(len(holds))
				if h := holds[i]; h.to > now {
					p.add(max(h.from, now), h.to, -h.cpus)
				}
				holds = slices.Delete(holds, i, i+1)
			}
			if r.IntN(4) == 0 {
				now += float64(r.IntN(20))
				p.prune(now)
			}
		}
	}
}
