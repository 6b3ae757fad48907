package radix

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortIsStableSortByValue: sorting items keyed by Float64Key orders
// them as a stable comparison sort of the values does, over negative and
// positive values, -0 and +0, infinities, many ties and shared key bytes.
func TestSortIsStableSortByValue(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), -1, 1, math.SmallestNonzeroFloat64, -math.MaxFloat64}
	for trial := range 200 {
		n := r.IntN(2000) // both sides of the comparison sort's threshold
		xs := make([]float64, n)
		for i := range xs {
			switch r.IntN(4) {
			case 0:
				xs[i] = special[r.IntN(len(special))]
			case 1:
				xs[i] = float64(r.IntN(5)) // ties
			case 2:
				xs[i] = 1000 + r.Float64() // shared high bytes
			default:
				xs[i] = r.NormFloat64() * math.Pow(10, float64(r.IntN(20)-10))
			}
		}
		items := make([]Item, n)
		for i, x := range xs {
			items[i] = Item{Key: Float64Key(x), Index: i}
		}
		got := Sort(items)
		want := make([]int, n)
		for i := range want {
			want[i] = i
		}
		slices.SortStableFunc(want, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
		for k := range want {
			if got[k].Index != want[k] {
				t.Fatalf("trial %d: position %d holds index %d (%v), want %d (%v)", trial, k, got[k].Index, xs[got[k].Index], want[k], xs[want[k]])
			}
		}
	}
}
