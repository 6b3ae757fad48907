package jobsout

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestAppendGMatchesStrconv: the short path for whole numbers must
// print exactly what strconv's shortest 'g' form prints, at the edges
// (powers of ten, 10^6 where 'g' turns to exponents, 2^53) and on random
// values, whole or not.
func TestAppendGMatchesStrconv(t *testing.T) {
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 999999, 1e6, 1e6 + 1, 1234567, 1.2e7, 1e15, 1e16, 1<<53 - 1, 1 << 53, 1<<53 + 2, 1e21, 1e22, 36000000, 10000001}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		e := r.IntN(17)
		x := math.Trunc(r.Float64() * math.Pow(10, float64(e)))
		xs = append(xs, x, x*10, x+0.5, -x, r.Float64()*1e7)
	}
	for _, x := range xs {
		got := string(AppendG([]byte("a"), x))
		want := strconv.AppendFloat([]byte("a"), x, 'g', -1, 64)
		if got != string(want) {
			t.Fatalf("AppendG(%v) = %q, strconv %q", x, got, want)
		}
	}
}

// Infinities and NaN are written as C's printf writes them (Batsim's
// stretch of a job of no duration).
func TestAppendGNonFinite(t *testing.T) {
	for x, want := range map[float64]string{math.Inf(1): "inf", math.Inf(-1): "-inf"} {
		if got := string(AppendG(nil, x)); got != want {
			t.Errorf("AppendG(%v) = %q, want %q", x, got, want)
		}
	}
	if got := string(AppendG(nil, math.NaN())); got != "nan" {
		t.Errorf("AppendG(NaN) = %q, want nan", got)
	}
}
