package sim

import (
	"cmp"
	"slices"

	"github.com/gridbench/gridbench/internal/radix"
)

// edge is a job's start or end on a machine, for Check's sweep.
type edge struct {
	t    float64
	cpus int
	job  int
}

// sortEdges sorts es by time and, when byCPUs, by CPUs at equal times,
// keeping the input order among equals. It is a least-significant-byte
// radix sort: linear in len(es), and the bytes every key shares (a trace's
// whole-second times leave the low mantissa bytes zero) cost one counting
// pass, no move. tmp is scratch of the same length. It returns the sorted
// edges, in es or in tmp, and the other slice.
func sortEdges(es, tmp []edge, byCPUs bool) (sorted, spare []edge) {
	if len(es) < 256 {
		slices.SortStableFunc(es, func(a, b edge) int {
			if c := cmp.Compare(radix.Float64Key(a.t), radix.Float64Key(b.t)); c != 0 || !byCPUs {
				return c
			}
			return cmp.Compare(uint64(a.cpus), uint64(b.cpus))
		})
		return es, tmp
	}
	if byCPUs {
		es, tmp = radixPasses(es, tmp, true)
	}
	return radixPasses(es, tmp, false)
}

// edgeKey is the sort key of e: its CPUs, or its time's key.
func edgeKey(e *edge, cpus bool) uint64 {
	if cpus {
		return uint64(e.cpus)
	}
	return radix.Float64Key(e.t)
}

// radixPasses sorts src stably by edgeKey (CPUs or time), one byte at a
// time from the least significant, skipping the bytes all keys share; it
// returns the sorted slice and the other one.
func radixPasses(src, dst []edge, cpus bool) ([]edge, []edge) {
	var counts [8][256]int
	for i := range src {
		k := edgeKey(&src[i], cpus)
		for b := range 8 {
			counts[b][byte(k>>(8*b))]++
		}
	}
	n := len(src)
	for b := range 8 {
		c := &counts[b]
		if c[byte(edgeKey(&src[0], cpus)>>(8*b))] == n {
			continue // every key has this byte
		}
		sum := 0
		for v := range c {
			c[v], sum = sum, sum+c[v]
		}
		for i := range src {
			v := byte(edgeKey(&src[i], cpus) >> (8 * b))
			dst[c[v]] = src[i]
			c[v]++
		}
		src, dst = dst, src
	}
	return src, dst
}
