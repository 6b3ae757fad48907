package backfill

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortByStartMatchesSort checks sortByStart, which sorts only the
// jobs out of order and merges them in, against a plain sort by
// c.before, on orders nearly sorted (a few jobs brought forward, as a
// compression leaves them), with runs of equal starts, and shuffled.
func TestSortByStartMatchesSort(t *testing.T) {
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 32))
		n := 1 + r.IntN(300)
		c := &CONS{resT: make([]float64, n), rank: r.Perm(n)}
		js := make([]int, n)
		start := 0.0
		for i := range js {
			js[i] = i
			if r.IntN(3) > 0 { // a run keeps the start of the job before
				start += float64(r.IntN(4))
			}
			c.resT[i] = start
		}
		slices.SortFunc(js, c.before) // nearly sorted from here:
		switch seed % 4 {
		case 1: // a few jobs brought forward
			for range 1 + n/20 {
				c.resT[js[r.IntN(n)]] -= float64(r.IntN(20))
			}
		case 2: // a few pushed back
			for range 1 + n/20 {
				c.resT[js[r.IntN(n)]] += float64(r.IntN(20))
			}
		case 3:
			r.Shuffle(n, func(a, b int) { js[a], js[b] = js[b], js[a] })
		}
		want := slices.Clone(js)
		slices.SortFunc(want, c.before)
		c.sortByStart(js)
		if !slices.Equal(js, want) {
			t.Fatalf("seed %d: sortByStart\n got %v\nwant %v", seed, js, want)
		}
	}
}
