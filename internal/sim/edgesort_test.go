package sim

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortEdgesMatchesStableSort compares the radix sort with the standard
// library's stable sort on random edges: whole and fractional, negative,
// signed zeros, huge and tiny times, many ties in time and in CPUs, short
// and long slices, and whole seconds only (low key bytes all zero).
func TestSortEdgesMatchesStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pool := []float64{0, math.Copysign(0, -1), -1, 1, 1e-300, -1e300, 1e300, 0.5, 86400, 1.3e7, math.Inf(1), math.Inf(-1)}
	for round := range 300 {
		n := r.IntN(2000)
		if round%10 == 0 {
			n = r.IntN(300)
		}
		es := make([]edge, n)
		for i := range es {
			var x float64
			kind := r.IntN(4)
			if round%3 == 0 {
				kind = 2 // a trace's times: whole seconds only
			}
			switch kind {
			case 0:
				x = pool[r.IntN(len(pool))]
			case 1:
				x = float64(r.IntN(50))
			case 2:
				x = math.Trunc(r.Float64() * 2e7)
			default:
				x = (r.Float64() - 0.3) * math.Pow(10, float64(r.IntN(40)-20))
			}
			es[i] = edge{t: x, cpus: 1 + r.IntN(1+r.IntN(5000)), job: i}
		}
		for _, byCPUs := range []bool{false, true} {
			want := slices.Clone(es)
			slices.SortStableFunc(want, func(a, b edge) int {
				if c := cmp.Compare(a.t, b.t); c != 0 || !byCPUs {
					return c
				}
				return cmp.Compare(a.cpus, b.cpus)
			})
			got, spare := sortEdges(slices.Clone(es), make([]edge, n), byCPUs)
			if len(spare) != n {
				t.Fatalf("round %d: spare has %d edges, want %d", round, len(spare), n)
			}
			for i := range got {
				// −0 and +0 are equal to cmp.Compare and keep their order.
				if got[i].job != want[i].job {
					t.Fatalf("round %d byCPUs=%v n=%d: position %d holds job %d (t=%g, %d CPUs), want job %d (t=%g, %d CPUs)", round, byCPUs, n, i, got[i].job, got[i].t, got[i].cpus, want[i].job, want[i].t, want[i].cpus)
				}
			}
		}
	}
}
