package analysis

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// naiveSignedRankCounts enumerates all 2^n sign patterns: the deliberately
// slow twin of signedRankCounts.
func naiveSignedRankCounts(n int) []uint64 {
	c := make([]uint64, n*(n+1)/2+1)
	for mask := uint64(0); mask < 1<<n; mask++ {
		s := 0
		for m := mask; m != 0; m &= m - 1 {
			s += bits.TrailingZeros64(m) + 1
		}
		c[s]++
	}
	return c
}

// oneToN is the ranks 1, …, n.
func oneToN(n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = i + 1
	}
	return r
}

func TestSignedRankCountsMatchNaive(t *testing.T) {
	maxN := 16
	if testing.Short() {
		maxN = 12
	}
	for n := 0; n <= maxN; n++ {
		got, want := signedRankCounts(oneToN(n)), naiveSignedRankCounts(n)
		if len(got) != len(want) {
			t.Fatalf("n=%d: len %d, want %d", n, len(got), len(want))
		}
		for s := range want {
			if got[s] != want[s] {
				t.Fatalf("n=%d: count[%d] = %d, want %d", n, s, got[s], want[s])
			}
		}
	}
}

func TestSignedRankCountsSumAndSymmetry(t *testing.T) {
	for _, n := range []int{20, 37, 50} {
		c := signedRankCounts(oneToN(n))
		var total uint64
		for s := range c {
			total += c[s]
			if c[s] != c[len(c)-1-s] {
				t.Fatalf("n=%d: count[%d]=%d != count[%d]=%d", n, s, c[s], len(c)-1-s, c[len(c)-1-s])
			}
		}
		if total != 1<<n {
			t.Errorf("n=%d: counts sum to %d, want 2^%d", n, total, n)
		}
	}
}

// Textbook case: all n differences of one sign gives W = 0 and the smallest
// possible exact p-value 2/2^n.
func TestWilcoxonAllOneSign(t *testing.T) {
	for _, n := range []int{5, 10, 20} {
		x := make([]float64, n)
		y := make([]float64, n)
		for i := range x {
			x[i] = float64(i) + 0.5*float64(i+1)
			y[i] = float64(i)
		}
		r, err := Wilcoxon(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Exact || r.W != 0 || r.P != math.Ldexp(2, -n) || r.Effect != 1 {
			t.Errorf("n=%d: %+v, want exact W=0 P=2^-%d Effect=1", n, r, n-1)
		}
		if r.WPlus != float64(n*(n+1)/2) {
			t.Errorf("n=%d: WPlus = %v", n, r.WPlus)
		}
	}
}

func TestWilcoxonProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 300 {
		n := 1 + rng.IntN(80)
		x := make([]float64, n)
		y := make([]float64, n)
		ties := trial%3 == 0
		for i := range x {
			if ties {
				x[i] = float64(rng.IntN(6))
				y[i] = float64(rng.IntN(6))
			} else {
				x[i] = rng.NormFloat64()
				y[i] = rng.NormFloat64() + 0.3
			}
		}
		a, err := Wilcoxon(x, y)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Wilcoxon(y, x)
		if err != nil {
			t.Fatal(err)
		}
		if !(a.P >= 0 && a.P <= 1) {
			t.Fatalf("trial %d: P = %v outside [0,1]", trial, a.P)
		}
		if a.W != b.W || a.P != b.P || a.Exact != b.Exact || a.N != b.N {
			t.Fatalf("trial %d: not symmetric: W(x,y)=%+v W(y,x)=%+v", trial, a, b)
		}
		if a.Effect != -b.Effect || a.WPlus != b.WMinus {
			t.Fatalf("trial %d: effect not antisymmetric: %v vs %v", trial, a.Effect, b.Effect)
		}
		if a.N > 0 && a.WPlus+a.WMinus != float64(a.N*(a.N+1)/2) {
			t.Fatalf("trial %d: rank sums %v + %v != n(n+1)/2 for n=%d", trial, a.WPlus, a.WMinus, a.N)
		}
		if a.N+a.Zeros != n {
			t.Fatalf("trial %d: N=%d + Zeros=%d != %d", trial, a.N, a.Zeros, n)
		}
		if a.Exact != (a.N <= WilcoxonExactMaxN) {
			t.Fatalf("trial %d: Exact=%v for n=%d", trial, a.Exact, a.N)
		}
		if a.N > 0 && a.P < math.Ldexp(2, -a.N)*(1-1e-12) {
			t.Fatalf("trial %d: P=%v below 2/2^%d, which no sign assignment gives", trial, a.P, a.N)
		}
		if a.Exact == !math.IsNaN(a.Z) {
			t.Fatalf("trial %d: Exact=%v but Z=%v", trial, a.Exact, a.Z)
		}
	}
}

// Near n = 50 the exact and normal p-values must be close; a wrong tail sum
// or an off-by-one in the centre would show as a gap of several percent.
func TestWilcoxonExactNearNormal(t *testing.T) {
	n := 50
	x := make([]float64, n)
	y := make([]float64, n)
	for i := range x {
		// Ranks 1..50; make the ranks 1..40 negative and the rest positive.
		d := float64(i + 1)
		if i < 40 {
			d = -d
		}
		x[i] = d
	}
	r, err := Wilcoxon(x, y)
	if err != nil {
		t.Fatal(err)
	}
	fn := float64(n)
	z := (r.W - fn*(fn+1)/4) / math.Sqrt(fn*(fn+1)*(2*fn+1)/24)
	approx := math.Erfc(math.Abs(z) / math.Sqrt2)
	if !r.Exact || math.Abs(r.P-approx) > 0.02*approx {
		t.Errorf("n=50 exact P = %v, normal approximation %v", r.P, approx)
	}
}

func TestWilcoxonAllZero(t *testing.T) {
	r, err := Wilcoxon([]float64{1, 2, 3}, []float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	if r.P != 1 || r.N != 0 || r.Zeros != 3 || r.W != 0 || r.Effect != 0 {
		t.Errorf("all-zero differences: %+v", r)
	}
}

func TestWilcoxonErrors(t *testing.T) {
	cases := []struct {
		name string
		x, y []float64
		want string
	}{
		{"lengths", []float64{1, 2}, []float64{1}, "x has 2 values, y has 1"},
		{"empty", nil, nil, "no pairs"},
		{"nan", []float64{1, math.NaN()}, []float64{0, 0}, "pair 1"},
	}
	for _, c := range cases {
		_, err := Wilcoxon(c.x, c.y)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to mention %q", c.name, err, c.want)
		}
	}
}

func BenchmarkWilcoxon(b *testing.B) {
	for _, n := range []int{10, 50, 1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		x := make([]float64, n)
		y := make([]float64, n)
		for i := range x {
			x[i], y[i] = rng.NormFloat64(), rng.NormFloat64()
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Wilcoxon(x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// naiveTiedP is the two-sided p-value of the signed-rank test by
// enumerating every sign of the differences' ranks as they are (average
// ranks where |d| ties, zeros dropped): the slow twin of the exact path.
func naiveTiedP(d []float64) float64 {
	var abs, sign []float64
	for _, v := range d {
		if v != 0 {
			abs, sign = append(abs, math.Abs(v)), append(sign, v)
		}
	}
	n := len(abs)
	if n == 0 {
		return 1
	}
	ranks, _ := averageRanks(abs)
	w := 0.0
	for i, r := range ranks {
		if sign[i] > 0 {
			w += r
		}
	}
	var lower, upper int
	for mask := 0; mask < 1<<n; mask++ {
		s := 0.0
		for i, r := range ranks {
			if mask&(1<<i) != 0 {
				s += r
			}
		}
		if s <= w+1e-9 {
			lower++
		}
		if s >= w-1e-9 {
			upper++
		}
	}
	return math.Min(1, 2*float64(min(lower, upper))/float64(int(1)<<n))
}

// TestWilcoxonTiesExact: with ties and zeros the p-value is the exact one
// of the ranks as they are, as enumerating every sign gives, and never
// below what n pairs can give: four equal differences, which the normal
// approximation put at p = 0.0455, have p = 2/2^4 = 0.125 (compare marked
// such a change significant, under a note that said it could not be).
func TestWilcoxonTiesExact(t *testing.T) {
	for _, c := range []struct {
		d    []float64
		want float64
	}{
		{[]float64{1, 1, 1, 1}, 0.125},
		{[]float64{2, 2, 2, 2, 2}, 0.0625},
		{[]float64{1, 1, 1, 1, 0}, 0.125},
	} {
		r, err := Wilcoxon(c.d, make([]float64, len(c.d)))
		if err != nil {
			t.Fatal(err)
		}
		if !r.Exact || math.Abs(r.P-c.want) > 1e-12 {
			t.Errorf("differences %v: p = %v (exact %v), want %v", c.d, r.P, r.Exact, c.want)
		}
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := range 400 {
		n := 1 + rng.IntN(12)
		d := make([]float64, n)
		for i := range d {
			d[i] = float64(rng.IntN(7) - 3) // ties and zeros
		}
		r, err := Wilcoxon(d, make([]float64, n))
		if err != nil {
			t.Fatal(err)
		}
		if want := naiveTiedP(d); math.Abs(r.P-want) > 1e-12 {
			t.Fatalf("trial %d: differences %v: p = %v, enumeration gives %v", trial, d, r.P, want)
		}
	}
}
