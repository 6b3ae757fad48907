package gridway

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestEventHeapAgainstSorted is the heap's differential test: random
// pushes, pops and replaceTops, with many equal times so the sequence
// number decides, checked after every operation against a sorted slice
// popped from the front.
func TestEventHeapAgainstSorted(t *testing.T) {
	for c := range 200 {
		r := rand.New(rand.NewPCG(uint64(c), 4))
		var h eventHeap
		var ref []event
		seq := uint64(0)
		next := func() event {
			seq++
			// Few distinct times: ties are common.
			return event{t: float64(r.IntN(1 + c%40)), seq: seq, c: int32(seq)}
		}
		byOrder := func(a, b event) int { return cmp.Or(cmp.Compare(a.t, b.t), cmp.Compare(a.seq, b.seq)) }
		for op := range 2000 {
			switch k := r.IntN(3); {
			case len(h) == 0 || k == 0:
				e := next()
				h.push(e)
				ref = append(ref, e)
				slices.SortFunc(ref, byOrder)
			case k == 1:
				got := h.pop()
				if got != ref[0] {
					t.Fatalf("case %d op %d: pop %+v, want %+v", c, op, got, ref[0])
				}
				ref = ref[1:]
			default:
				if h[0] != ref[0] {
					t.Fatalf("case %d op %d: root %+v, want %+v", c, op, h[0], ref[0])
				}
				e := next()
				h.replaceTop(e)
				ref = append(ref[1:], e)
				slices.SortFunc(ref, byOrder)
			}
			if len(h) != len(ref) || (len(h) > 0 && h[0] != ref[0]) {
				t.Fatalf("case %d op %d: heap of %d with root %+v, want %d", c, op, len(h), h[0], len(ref))
			}
		}
		for len(ref) > 0 {
			if got := h.pop(); got != ref[0] {
				t.Fatalf("case %d drain: pop %+v, want %+v", c, got, ref[0])
			}
			ref = ref[1:]
		}
	}
}
