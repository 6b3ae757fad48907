package backfill

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFloorIndex checks that floorOf finds every shape's own entry
// through the index, over clears and growths of the index, and that a
// shape without one gets the latest time of the shapes no larger and no
// longer, as a walk of the entries finds it.
func TestFloorIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	c := NewCONS()
	for round := range 50 {
		c.clearFloor()
		type key struct {
			m, need int
			dur     float64
		}
		own := map[key]int{}
		for range rng.IntN(300) + 1 {
			k := key{rng.IntN(2), rng.IntN(40) + 1, float64(60 * (rng.IntN(30) + 1))}
			from, _, same := c.floorOf(k.m, k.need, k.dur)
			i, ok := own[k]
			if ok != (same >= 0) || ok && same != i {
				t.Fatalf("round %d: shape %+v: entry %d, want %d (known %v)", round, k, same, i, ok)
			}
			if !ok {
				want := math.Inf(-1)
				for _, f := range c.floor {
					if f.m == k.m && f.cpus <= k.need && f.dur <= k.dur {
						want = max(want, f.t)
					}
				}
				if from != want {
					t.Fatalf("round %d: shape %+v: from %v, want %v", round, k, from, want)
				}
				own[k] = len(c.floor)
			} else if from != c.floor[i].t {
				t.Fatalf("round %d: shape %+v: from %v, want its entry's %v", round, k, from, c.floor[i].t)
			}
			c.setFloor(k.m, k.need, k.dur, float64(rng.IntN(1000)), rng.IntN(100), same)
		}
	}
}
