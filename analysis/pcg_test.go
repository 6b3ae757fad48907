package analysis

import (
	"math/rand/v2"
	"testing"
)

// pcg gives math/rand/v2's PCG outputs, and a jump of k steps lands
// where k calls of Uint64 do.
func TestPCGIsMathRandsPCG(t *testing.T) {
	for _, seed := range [][2]uint64{{0, 0}, {1, 2}, {^uint64(0), 0x9e3779b97f4a7c15}, {12345, 12345 ^ 0x9e3779b97f4a7c15}} {
		ref := rand.NewPCG(seed[0], seed[1])
		p := pcg{seed[0], seed[1]}
		for i := range 1000 {
			if a, b := ref.Uint64(), p.Uint64(); a != b {
				t.Fatalf("seed %v, draw %d: %x, PCG's %x", seed, i, b, a)
			}
		}
		for _, k := range []uint64{0, 1, 2, 3, 7, 64, 1000, 10007} {
			start := p
			jumped := newPCGJump(k).from(start)
			for range k {
				start.Uint64()
			}
			if jumped != start {
				t.Errorf("seed %v: a jump of %d steps lands at %x, the steps at %x", seed, k, jumped, start)
			}
		}
	}
}
