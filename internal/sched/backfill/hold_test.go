package backfill

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHold8MatchesGo checks hold8 and add32 (the AVX2 forms where the
// CPU has them) against their pure-Go twins on random profiles: windows
// that end inside, at and past a step, steps too full at every place in
// a group of eight, and slices of every length up to a few groups.
func TestHold8MatchesGo(t *testing.T) {
	if !haveAVX2 {
		t.Log("no AVX2 forms here (not amd64, -tags purego, or the CPU lacks AVX2): hold8 and add32 are the twins themselves")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	held, stopped := 0, 0
	for trial := range 20000 {
		n := rng.IntN(60)
		c := int32(rng.IntN(100)) + 1
		ts := make([]float64, n)
		free := make([]int32, n)
		x := 0.0
		for k := range ts {
			x += float64(rng.IntN(3)) + 0.5
			ts[k] = x
			free[k] = int32(rng.IntN(200)) - 20
		}
		switch trial % 3 {
		case 0: // mostly room: the long runs of held groups
			for k := range free {
				free[k] = 100 + int32(rng.IntN(50))
			}
		case 1: // mostly full: holds that stop early
			for k := range free {
				free[k] = c - 1 - int32(rng.IntN(30))
				if rng.IntN(40) == 0 {
					free[k] = c
				}
			}
		}
		b := rng.IntN(n + 1)
		end := x * rng.Float64() * 1.2
		if rng.IntN(4) == 0 && n > 0 {
			end = ts[rng.IntN(n)] // a window that ends at a step
		}
		if rng.IntN(10) == 0 {
			end = math.Inf(1)
		}
		want := slices.Clone(free)
		wb, wl := hold8Go(ts, want, b, end, c)
		got := slices.Clone(free)
		gb, gl := hold8(ts, got, b, end, c)
		if gb != wb || gl != wl || !slices.Equal(got, want) {
			t.Fatalf("hold8(b=%d, end=%v, c=%d) on ts %v free %v: got %d, %d, %v; the twin %d, %d, %v", b, end, c, ts, free, gb, gl, got, wb, wl, want)
		}
		if wb > b {
			held++
		}
		if wb+7 < n && ts[wb+7] < end {
			stopped++ // stopped by a step too full, not by the window's end
		}

		d := int32(rng.IntN(41)) - 20
		a := rng.IntN(n + 1)
		e := a + rng.IntN(n-a+1)
		want = slices.Clone(free)
		add32Go(want[a:e], d)
		got = slices.Clone(free)
		add32(got[a:e], d)
		if !slices.Equal(got, want) {
			t.Fatalf("add32(free[%d:%d], %d) on %v: got %v, the twin %v", a, e, d, free, got, want)
		}
	}
	if held < 1000 || stopped < 1000 {
		t.Fatalf("the cases left paths untested: %d held a group, %d stopped at a step too full", held, stopped)
	}
}
