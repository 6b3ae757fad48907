//go:build !amd64 || purego

package backfill

// haveAVX2 is false where hold_amd64.s is not built: hold8 and add32 are
// their pure-Go twins.
const haveAVX2 = false

func hold8(ts []float64, free []int32, b int, end float64, c int32) (int, int32) {
	return hold8Go(ts, free, b, end, c)
}

func add32(s []int32, d int32) { add32Go(s, d) }
