package sim

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRunHeapOrdered checks the heap's ordered walk, full and stopped
// early, against sorting, through random starts and ends; the first walk
// comes after 500 of them, so it builds the heap from the unordered set.
func TestRunHeapOrdered(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const n = 100
	h := runHeap{pos: make([]int, n)}
	in := map[int]RunningJob{}
	var scratch []int
	for step := range 2000 {
		if j := r.IntN(n); in[j] == (RunningJob{}) {
			rj := RunningJob{Job: j, CPUs: 1, EstEnd: float64(r.IntN(50)), seq: uint64(step) + 1}
			h.push(rj)
			in[j] = rj
		} else {
			h.remove(j)
			delete(in, j)
		}
		if len(h.a) != len(in) {
			t.Fatalf("step %d: %d running, want %d", step, len(h.a), len(in))
		}
		for i, rj := range h.a {
			if in[rj.Job] != rj || h.pos[rj.Job] != i {
				t.Fatalf("step %d: slot %d holds %v (position %d), want %v", step, i, rj, h.pos[rj.Job], in[rj.Job])
			}
		}
		if step < 500 {
			continue
		}
		var want []RunningJob
		for _, rj := range in {
			want = append(want, rj)
		}
		slices.SortFunc(want, func(a, b RunningJob) int {
			if runningLess(&a, &b) {
				return -1
			}
			return 1
		})
		k := r.IntN(len(want) + 2)
		var got []RunningJob
		for rj := range h.ordered(&scratch) {
			if len(got) == k {
				break
			}
			got = append(got, rj)
		}
		if !slices.Equal(got, want[:min(k, len(want))]) {
			t.Fatalf("step %d: first %d = %v, want %v", step, k, got, want[:min(k, len(want))])
		}
	}
}
