package analysis

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// sortByValue gives the order of a stable sort by value, with and without
// NaN (where it falls back to the stable sort itself).
func TestSortByValueIsStable(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 200 {
		n := 1 + r.IntN(300)
		xs := make([]float64, n)
		for i := range xs {
			switch trial % 3 {
			case 0:
				xs[i] = float64(r.IntN(1 + n/4)) // many ties
			case 1:
				xs[i] = float64(r.IntN(9)-4) * 0.37 // negatives and fractions, ties
			default:
				xs[i] = r.NormFloat64() * 1e6
			}
			if r.IntN(50) == 0 {
				xs[i] = math.Inf(1 - 2*r.IntN(2))
			}
			if trial%4 == 0 && r.IntN(20) == 0 {
				xs[i] = math.NaN()
			}
			if r.IntN(30) == 0 {
				xs[i] = math.Copysign(0, -1) // -0 ties with 0
			}
		}
		want := make([]int, n)
		got := make([]int, n)
		for i := range want {
			want[i], got[i] = i, i
		}
		sort.SliceStable(want, func(a, b int) bool { return xs[want[a]] < xs[want[b]] })
		sortByValue(got, xs)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: sortByValue(%v) = %v, want %v", trial, xs, got, want)
		}
	}
}
