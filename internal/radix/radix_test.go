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
	var buf []Item // SortBuf's spare array, from trial to trial
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
		got := items
		if trial%2 == 0 {
			got = Sort(items)
		} else { // SortBuf, with the arrays of the last call
			var spare []Item
			got, spare = SortBuf(items, buf)
			if len(got) > 0 && cap(spare) > 0 && &got[:1][0] == &spare[:1][0] {
				t.Fatalf("trial %d: SortBuf returns one array as both the sorted one and the spare", trial)
			}
			buf = spare
		}
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

// TestSortBufEqualKeys: when every key is equal no pass moves an item,
// and SortBuf must still give back a spare array other than the sorted one.
func TestSortBufEqualKeys(t *testing.T) {
	items := make([]Item, 1500) // above the comparison sort's threshold
	for i := range items {
		items[i] = Item{Key: Float64Key(7), Index: i}
	}
	got, spare := SortBuf(items, make([]Item, 0, 10))
	for i, x := range got {
		if x.Index != i {
			t.Fatalf("position %d holds index %d", i, x.Index)
		}
	}
	if cap(spare) > 0 && &got[:1][0] == &spare[:1][0] {
		t.Fatal("the spare array is the sorted one")
	}
}
