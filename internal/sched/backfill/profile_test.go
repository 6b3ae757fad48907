package backfill

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// flatProfile is the free CPUs over time the obvious way: the holds as a
// list of intervals, the free CPUs at a time summed over all of them.
type flatProfile struct {
	cpus  int
	now   float64
	holds []flatHold
}

type flatHold struct {
	from, to float64
	cpus     int
}

func (f *flatProfile) at(t float64) int {
	free := f.cpus
	for _, h := range f.holds {
		if h.from <= t && t < h.to {
			free -= h.cpus
		}
	}
	return free
}

// most returns the most CPUs free at any time in [from, to), from >= now.
func (f *flatProfile) most(from, to float64) int {
	m := f.at(from)
	for _, u := range f.times() {
		if from < u && u < to {
			m = max(m, f.at(u))
		}
	}
	return m
}

// times returns now and every hold's ends after it, sorted.
func (f *flatProfile) times() []float64 {
	ts := []float64{f.now}
	for _, h := range f.holds {
		for _, t := range []float64{h.from, h.to} {
			if t > f.now {
				ts = append(ts, t)
			}
		}
	}
	slices.Sort(ts)
	return slices.Compact(ts)
}

// earliestBefore tries every time in order.
func (f *flatProfile) earliestBefore(need int, dur, lim, cut float64) float64 {
	ts := f.times()
	for _, t := range ts {
		if t >= lim {
			break
		}
		end := min(t+dur, cut)
		ok := f.at(t) >= need
		for _, u := range ts {
			if u > t && u < end && f.at(u) < need {
				ok = false
			}
		}
		if ok {
			return t
		}
	}
	return math.Inf(1)
}

// TestProfileMatchesFlat applies random holds, releases and time steps to
// a profile and to flatProfile, with hundreds of holds at once, and
// compares the free CPUs at every step and the
// searches.
func TestProfileMatchesFlat(t *testing.T) {
	for seed := range uint64(12) {
		r := rand.New(rand.NewPCG(seed, 11))
		const cpus = 64
		var p profile
		p.reset(0, cpus)
		f := &flatProfile{cpus: cpus}
		for step := range 1500 {
			switch k := r.IntN(10); {
			case k < 5 || len(f.holds) == 0: // hold where it fits
				need, dur := 1+r.IntN(cpus), float64(r.IntN(50))
				from := f.now + float64(r.IntN(200))
				if f.earliestBefore(need, dur, from+1, math.Inf(1)) != from {
					from = f.earliestBefore(need, dur, math.Inf(1), math.Inf(1))
				}
				p.add(from, from+dur, need)
				if dur > 0 {
					f.holds = append(f.holds, flatHold{from, from + dur, need})
				}
			case k < 8: // release a hold (its part from now on)
				i := r.IntN(len(f.holds))
				h := f.holds[i]
				f.holds = slices.Delete(f.holds, i, i+1)
				if h.to > f.now {
					from := max(h.from, f.now)
					k0 := p.h + r.IntN(p.stepAt(from)-p.h+1) // any step at or before from
					got := p.give(k0, from, h.to, h.cpus)
					if h.from < f.now {
						f.holds = append(f.holds, flatHold{h.from, f.now, h.cpus})
					}
					if most := f.most(from, h.to); got != most {
						t.Fatalf("seed %d step %d: give(%g, %g, %d) = %d, want %d", seed, step, from, h.to, h.cpus, got, most)
					}
				}
			default: // time passes
				f.now += float64(r.IntN(20))
				p.prune(f.now)
			}
			for k := p.h + 1; k < len(p.t); k++ { // canonical: one step per change
				if !(p.t[k] > p.t[k-1]) || p.free[k] == p.free[k-1] {
					t.Fatalf("seed %d step %d: steps %d and %d are (%g, %d) and (%g, %d)", seed, step, k-1, k, p.t[k-1], p.free[k-1], p.t[k], p.free[k])
				}
			}
			for _, u := range f.times() { // stepNear finds stepAt's step from any step
				for _, v := range []float64{u, u + 0.5, u - 0.5} {
					k := r.IntN(len(p.t)+2) - 1
					if got, want := p.stepNear(k, v), p.stepAt(v); got != want {
						t.Fatalf("seed %d step %d: stepNear(%d, %g) = %d, want %d", seed, step, k, v, got, want)
					}
				}
			}
			for _, u := range f.times() {
				if got, want := p.at(u), f.at(u); got != want {
					t.Fatalf("seed %d step %d: free at %g = %d, want %d", seed, step, u, got, want)
				}
			}
			need, dur := 1+r.IntN(cpus), float64(r.IntN(60))
			lim, cut := f.now+float64(r.IntN(300)), f.now+float64(r.IntN(300))
			got := p.scan(p.h, need, dur, lim, cut).t
			if want := f.earliestBefore(need, dur, lim, cut); got != want {
				t.Fatalf("seed %d step %d: scan from now (%d, %g, %g, %g) = %g, want %g", seed, step, need, dur, lim, cut, got, want)
			}
			if again := p.scan(p.stepNear(r.IntN(len(p.t)+1)-1, got), need, dur, lim, cut).t; !math.IsInf(got, 1) && again != got {
				t.Fatalf("seed %d step %d: scan from the step holding the start found (%d, %g, %g, %g, %g) = %g, want %g", seed, step, need, dur, got, lim, cut, again, got)
			}
			to := f.now + float64(r.IntN(300))
			if most, got := f.most(f.now, to), p.maxFree(to); got != most {
				t.Fatalf("seed %d step %d: maxFree(%g) = %d, want %d", seed, step, to, got, most)
			}
		}
	}
}

// at returns the free CPUs at time u >= now.
func (p *profile) at(u float64) int {
	k, found := slices.BinarySearch(p.t[p.h:], u)
	if !found {
		k--
	}
	return int(p.free[p.h+k])
}

// TestFirstAtOrAfter compares firstAtOrAfter with slices.BinarySearch on
// sorted times, looking up each time, times between them and times
// outside them.
func TestFirstAtOrAfter(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	for n := range 40 {
		ts := make([]float64, n)
		for i := range ts {
			ts[i] = float64(r.IntN(30))
		}
		slices.Sort(ts)
		ts = slices.Compact(ts)
		for u := -1.0; u <= 31; u += 0.5 {
			want, _ := slices.BinarySearch(ts, u)
			if got := firstAtOrAfter(ts, u); got != want {
				t.Fatalf("firstAtOrAfter(%v, %g) = %d, want %d", ts, u, got, want)
			}
		}
	}
}
