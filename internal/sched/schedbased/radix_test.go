package schedbased

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRadixHeap runs the radix heap beside its twin, the binary endHeap,
// on random monotone streams as the placement makes them (every end
// pushed no earlier than the last popped; times of both signs, ties
// frequent) and requires the same minimum and the same ends popped, in
// the same order, and the same ends held at the end. The minimum is
// looked at before pushes too, as the placement does.
func TestRadixHeap(t *testing.T) {
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 41))
		floor := float64(r.IntN(200) - 100)
		var rh radixHeap
		rh.reset(floor)
		var bh endHeap
		now := floor
		for op := range 400 {
			if len(bh) == 0 || r.IntN(3) > 0 {
				if len(bh) > 0 && r.IntN(2) == 0 {
					rh.min() // as the placement looks before it pushes
				}
				it := endItem{now + float64(r.IntN(30))/float64(1+r.IntN(4)), 1 + r.IntN(8)}
				rh.push(it)
				bh.push(it)
			} else {
				if m, w := rh.min().end, bh[0].end; m != w {
					t.Fatalf("seed %d op %d: min %v, twin %v", seed, op, m, w)
				}
				a, b := rh.pop(), bh.pop()
				if a.end != b.end {
					t.Fatalf("seed %d op %d: popped %v, twin %v", seed, op, a.end, b.end)
				}
				now = max(now, a.end)
			}
			if rh.len() != len(bh) {
				t.Fatalf("seed %d op %d: %d held, twin %d", seed, op, rh.len(), len(bh))
			}
		}
		var ea, eb []float64
		rh.each(func(it endItem) { ea = append(ea, it.end) })
		for _, it := range bh {
			eb = append(eb, it.end)
		}
		slices.Sort(ea)
		slices.Sort(eb)
		if !slices.Equal(ea, eb) {
			t.Fatalf("seed %d: ends held %v, twin %v", seed, ea, eb)
		}
	}
}
