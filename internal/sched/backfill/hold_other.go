//go:build !amd64 || purego

package backfill

const haveAVX2 = false

func hold8(ts []float64, free []int32, b int, end float64, c int32) (int, int32) {
	return hold8Go(ts, free, b, end, c)
}

func add32(s []int32, d int32) {
	for k := range s {
		s[k] += d
	}
}
