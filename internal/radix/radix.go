// Package radix sorts items by a 64-bit key with a stable LSD radix sort,
// and maps float64 values to keys in the same order. On the tens of
// thousands of event times a simulation's metrics sort it is several times
// faster than a comparison sort; passes over a byte every key shares are
// skipped.
package radix

import "math"

// Item is a key and the index of what it belongs to.
type Item struct {
	Key   uint64
	Index int
}

// Float64Key returns a key that orders as x does: for any a < b, the key
// of a is below the key of b, and -0 has the key of +0. NaN has no place
// in that order; callers keep it out.
func Float64Key(x float64) uint64 {
	if x == 0 {
		x = 0 // -0 ties with +0
	}
	b := math.Float64bits(x)
	if b>>63 == 1 {
		return ^b // negatives: reversed, below the positives
	}
	return b | 1<<63
}

// Sort sorts items by Key, equal keys in their order in items, and
// returns the sorted slice, which is items or a new one.
func Sort(items []Item) []Item {
	var or, and uint64 = 0, ^uint64(0)
	for _, e := range items {
		or, and = or|e.Key, and&e.Key
	}
	var dst []Item
	src := items
	for shift := uint(0); shift < 64; shift += 8 {
		if (or^and)>>shift&0xff == 0 {
			continue // every key has the same byte here
		}
		if dst == nil {
			dst = make([]Item, len(items))
		}
		var count [257]int
		for _, e := range src {
			count[e.Key>>shift&0xff+1]++
		}
		for d := 1; d < 257; d++ {
			count[d] += count[d-1]
		}
		for _, e := range src {
			d := e.Key >> shift & 0xff
			dst[count[d]] = e
			count[d]++
		}
		src, dst = dst, src
	}
	return src
}
