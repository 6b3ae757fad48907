package backfill

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The correctly rounded functions against values worked out with 60
// decimal digits, and within one ulp of package math everywhere sampled.
func TestCorrectlyRounded(t *testing.T) {
	// cos(2π·70346/604800) = 0.744630610238881163206…: math.Cos and glibc
	// give …811, the nearest double is …812.
	k := 70346.0 // a variable: a constant expression would be exact
	x := 2.0 * math.Pi * k / 604800
	if _, c := sinCos(x); c != 0.7446306102388812 {
		t.Errorf("cos(%v) = %v, want 0.7446306102388812", x, c)
	}
	// glibc's value, as pyss saw it (glibcOff)
	if _, c := sinCosOf(675146, 604800); c != 0.7446306102388811 {
		t.Errorf("sinCosOf(675146, 604800) cos = %v, want glibc's 0.7446306102388811", c)
	}
	if got := logCR(2); got != math.Ln2 {
		t.Errorf("log 2 = %v, want %v", got, math.Ln2)
	}
	if got := logCR(10); got != math.Ln10 {
		t.Errorf("log 10 = %v, want %v", got, math.Ln10)
	}
	ulp := func(a, b float64) bool { return a == b || math.Nextafter(a, b) == b }
	for k := 0; k < 86400; k += 97 {
		x := 2.0 * math.Pi * float64(k) / 86400
		s, c := sinCos(x)
		if !ulp(s, math.Sin(x)) || !ulp(c, math.Cos(x)) {
			t.Fatalf("sinCos(%v) = %v, %v; math: %v, %v", x, s, c, math.Sin(x), math.Cos(x))
		}
		if y := 0.001 + float64(k)*17.3; !ulp(logCR(y), math.Log(y)) {
			t.Fatalf("logCR(%v) = %v, math.Log %v", y, logCR(y), math.Log(y))
		}
	}
}

func TestGlibcTableSorted(t *testing.T) {
	if !slices.IsSorted(glibcOff) {
		t.Fatal("glibcOff is not sorted: sinCosOf's binary search misses entries")
	}
}

// TestSinCosMatchesBig compares sinCos, double-double first, with the
// 160-bit series bit for bit: on every 61st whole second of a day and of
// a week (the learned predictor's arguments; all 691,200 agreed when it
// was written), near every multiple of π/2 in (-7, 7), where the
// reduction cancels, on tiny arguments and anywhere.
func TestSinCosMatchesBig(t *testing.T) {
	check := func(x float64) {
		t.Helper()
		s, c := sinCos(x)
		bs, bc := sinCosBig(x)
		if s != bs || c != bc {
			t.Fatalf("sinCos(%v) = %v, %v; the 160-bit series: %v, %v", x, s, c, bs, bc)
		}
	}
	for _, per := range []int64{86400, 604800} {
		for k := int64(0); k < per; k += 61 {
			check(2.0 * math.Pi * float64(k) / float64(per))
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		k := float64(r.IntN(9) - 4)
		check(k*math.Pi/2 + (r.Float64()-0.5)*math.Ldexp(1, -r.IntN(50)))
		check(math.Ldexp(r.Float64(), -r.IntN(60)))
		check(-6.9 + 13.8*r.Float64())
	}
}

// TestRoundDD: a double-double at a midpoint between two doubles, or
// within its error of one, is left to the slow series; any other rounds
// to the nearest double.
func TestRoundDD(t *testing.T) {
	if _, ok := roundDD(dd{1, 0x1p-53}); ok {
		t.Error("1 + 2^-53, halfway between 1 and the next double, was rounded")
	}
	if _, ok := roundDD(dd{1, 0x1p-53 - 0x1p-150}); ok {
		t.Error("a value 2^-150 below a midpoint was rounded")
	}
	if v, ok := roundDD(dd{1, 0x1p-54}); !ok || v != 1 {
		t.Errorf("1 + 2^-54 = %v, %v; want 1, true", v, ok)
	}
	if v, ok := roundDD(dd{1, -0x1p-55}); !ok || v != 1 {
		t.Errorf("1 - 2^-55 = %v, %v; want 1, true", v, ok)
	}
}

// TestLogMatchesSeries compares logCR, double-double first, with the
// 200-bit series bit for bit: whole numbers and their inverses, values
// near 1 (where some lie so near a midpoint that the series decides),
// and values of every magnitude.
func TestLogMatchesSeries(t *testing.T) {
	check := func(x float64) {
		t.Helper()
		if got, want := logCR(x), logSeries(x); got != want {
			t.Fatalf("logCR(%v) = %v, the 200-bit series %v", x, got, want)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 1; i <= 4000; i++ {
		check(float64(i))
		check(1 / float64(i))
		check(math.Ldexp(1+r.Float64(), r.IntN(120)-60))
		check(1 + (r.Float64()-0.5)*math.Ldexp(1, -r.IntN(52)))
	}
	check(1.0000000000000062) // the double-double lies within 2^-90 of a midpoint
}
