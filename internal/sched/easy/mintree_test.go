package easy

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestMinTreeMatchesScan checks first against a linear scan.
func TestMinTreeMatchesScan(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 7, 64, 100} {
		tr := newMinTree(n)
		vals := make([]int32, n)
		ests := make([]float64, n)
		for i := range vals {
			vals[i] = empty
			ests[i] = math.Inf(1)
		}
		for range 2000 {
			i := r.IntN(n)
			x, e := int32(empty), math.Inf(1)
			if r.IntN(3) > 0 {
				x, e = int32(1+r.IntN(10)), float64(r.IntN(10))
				tr.set(i, x, e)
			} else {
				tr.clear(i)
			}
			vals[i], ests[i] = x, e
			lo, q := r.IntN(n+2), int32(r.IntN(12))
			want := -1
			for k := lo; k < n; k++ {
				if vals[k] <= q {
					want = k
					break
				}
			}
			if got := tr.first(lo, q); got != want {
				t.Fatalf("n=%d first(%d, %d) = %d, want %d (values %v)", n, lo, q, got, want, vals)
			}
			qe, hi := float64(r.IntN(10)), r.IntN(n+2)
			if r.IntN(2) == 0 {
				hi = math.MaxInt
			}
			want = -1
			for k := lo; k < min(n, hi); k++ {
				if vals[k] <= q && ests[k] <= qe {
					want = k
					break
				}
			}
			if got := tr.first2(lo, hi, q, qe); got != want {
				t.Fatalf("n=%d first2(%d, %d, %d, %g) = %d, want %d", n, lo, hi, q, qe, got, want)
			}
		}
	}
}
