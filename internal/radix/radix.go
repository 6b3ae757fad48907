// Package radix sorts items by a 64-bit key with a stable LSD radix sort,
// and maps float64 values to keys in the same order. On the tens of
// thousands of event times a simulation's metrics sort it is several times
// faster than a comparison sort; passes over a byte every key shares are
// skipped.
package radix

import (
	"cmp"
	"math"
	"slices"
)

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
// returns the sorted slice, which is items or a new one. Below 1,024 items a
// comparison sort is faster; above, one pass counts every byte of every
// key, and a byte all keys share costs no move.
func Sort(items []Item) []Item {
	sorted, _ := SortBuf(items, nil)
	return sorted
}

// SortBuf is Sort for a caller who sorts again and again: the second
// array the passes need is buf's (grown if short). It returns the sorted
// slice, which is items or buf's array, and the other one, for the next
// call.
func SortBuf(items, buf []Item) (sorted, spare []Item) {
	n := len(items)
	if n < 1024 {
		slices.SortStableFunc(items, func(a, b Item) int { return cmp.Compare(a.Key, b.Key) })
		return items, buf
	}
	var counts [8][256]int
	for _, e := range items {
		for b := range 8 {
			counts[b][byte(e.Key>>(8*b))]++
		}
	}
	var dst []Item
	src := items
	for b := range 8 {
		c := &counts[b]
		if c[byte(src[0].Key>>(8*b))] == n {
			continue // every key has this byte
		}
		if dst == nil {
			dst = slices.Grow(buf[:0], n)[:n]
		}
		sum := 0
		for v := range c {
			c[v], sum = sum, sum+c[v]
		}
		for _, e := range src {
			v := byte(e.Key >> (8 * b))
			dst[c[v]] = e
			c[v]++
		}
		src, dst = dst, src
	}
	if dst == nil { // no pass moved anything
		return src, buf
	}
	return src, dst
}
