package backfill

import (
	"math"
	"math/big"
	"slices"
	"sync"
)

// sinCos returns sin x and cos x correctly rounded, as the C library the
// authors' simulator called (IBM's correctly rounded libultim in glibc)
// and unlike math.Sin and math.Cos, which are off by one unit in the last
// place for some arguments: the learned predictor's features include the
// time of day and week as sines and cosines, and an ulp there moves a
// prediction by a second now and then. The series is summed with 160
// bits, far more than rounding to 53 needs for |x| < 7.
func sinCos(x float64) (sin, cos float64) {
	if math.Abs(x) > 7 || x != x {
		return math.Sin(x), math.Cos(x)
	}
	const prec = 160
	bx := new(big.Float).SetPrec(prec).SetFloat64(x)
	x2 := new(big.Float).SetPrec(prec).Mul(bx, bx)
	s := new(big.Float).SetPrec(prec).Set(bx) // sum of the sine series
	c := new(big.Float).SetPrec(prec).SetInt64(1)
	ts := new(big.Float).SetPrec(prec).Set(bx) // x^(2k+1)/(2k+1)!, signed
	tc := new(big.Float).SetPrec(prec).SetInt64(1)
	eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -prec)
	for k := int64(1); ; k++ {
		ts.Mul(ts, x2)
		ts.Quo(ts, new(big.Float).SetInt64((2*k)*(2*k+1)))
		ts.Neg(ts)
		tc.Mul(tc, x2)
		tc.Quo(tc, new(big.Float).SetInt64((2*k-1)*(2*k)))
		tc.Neg(tc)
		s.Add(s, ts)
		c.Add(c, tc)
		if new(big.Float).Abs(ts).Cmp(eps) < 0 && new(big.Float).Abs(tc).Cmp(eps) < 0 {
			break
		}
	}
	sin, _ = s.Float64()
	cos, _ = c.Float64()
	return sin, cos
}

// ln2 is log 2 to 200 bits.
var ln2 = atanh2(new(big.Float).SetPrec(200).Quo(big.NewFloat(1).SetPrec(200), big.NewFloat(3).SetPrec(200)))

// atanh2 is 2·atanh z = log((1+z)/(1−z)) for small |z|, by its series.
func atanh2(z *big.Float) *big.Float {
	const prec = 200
	z2 := new(big.Float).SetPrec(prec).Mul(z, z)
	t := new(big.Float).SetPrec(prec).Set(z)
	sum := new(big.Float).SetPrec(prec).Set(z)
	eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -prec)
	for k := int64(1); ; k++ {
		t.Mul(t, z2)
		term := new(big.Float).SetPrec(prec).Quo(t, new(big.Float).SetInt64(2*k+1))
		sum.Add(sum, term)
		if term.Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	return sum.Mul(sum, big.NewFloat(2))
}

// logCR returns log x correctly rounded (in all but astronomically rare
// cases), as the C library's log; math.Log can be one ulp off, and the
// learned predictor's job weights are logarithms.
func logCR(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 0) {
		return math.Log(x)
	}
	logs.Lock()
	v, ok := logs.m[x]
	logs.Unlock()
	if ok {
		return v
	}
	v = logSeries(x)
	logs.Lock()
	logs.m[x] = v
	logs.Unlock()
	return v
}

// logs caches logCR (a pure function): a grid's runs weigh the same jobs.
var logs = struct {
	sync.Mutex
	m map[float64]float64
}{m: map[float64]float64{}}

func logSeries(x float64) float64 {
	frac, exp := math.Frexp(x) // x = frac · 2^exp, frac in [0.5, 1)
	if frac < math.Sqrt2/2 {
		frac *= 2
		exp--
	}
	const prec = 200
	m := new(big.Float).SetPrec(prec).SetFloat64(frac)
	one := big.NewFloat(1).SetPrec(prec)
	z := new(big.Float).SetPrec(prec).Quo(new(big.Float).SetPrec(prec).Sub(m, one), new(big.Float).SetPrec(prec).Add(m, one))
	r := atanh2(z)
	r.Add(r, new(big.Float).SetPrec(prec).Mul(ln2, new(big.Float).SetPrec(prec).SetInt64(int64(exp))))
	f, _ := r.Float64()
	return f
}

// periodic caches sinCosOf: correctly rounded values cost some 35 µs each,
// and the runs of a grid share their logs' submit times. A memo of a pure
// function, so runs stay independent.
var periodic = struct {
	sync.Mutex
	m map[[2]int64][2]float64
}{m: map[[2]int64][2]float64{}}

// sinCosOf returns sin and cos of 2π·(t mod per)/per as pyss computes its
// time features (per is 86400 or 604800 s): the argument rounded as in
// Python, then glibc's sin and cos (correctly rounded but where glibcOff
// says otherwise).
func sinCosOf(t float64, per int64) (sin, cos float64) {
	r := math.Mod(t, float64(per))
	x := 2.0 * math.Pi * r / float64(per)
	key := [2]int64{per, int64(math.Float64bits(r))}
	periodic.Lock()
	v, ok := periodic.m[key]
	periodic.Unlock()
	if ok {
		return v[0], v[1]
	}
	sin, cos = sinCos(x)
	week := uint32(0)
	if per != 86400 {
		week = 1
	}
	i, k := len(glibcOff), uint32(0)
	if r == math.Trunc(r) && r >= 0 && (per == 86400 || per == 7*86400) { // the table has whole seconds
		k = uint32(r)<<3 | week<<2
		i, _ = slices.BinarySearch(glibcOff, k)
	}
	for ; i < len(glibcOff) && glibcOff[i]&^3 == k; i++ {
		e := glibcOff[i]
		dir := math.Inf(-1)
		if e&1 == 1 {
			dir = math.Inf(1)
		}
		if e&2 == 0 {
			sin = math.Nextafter(sin, dir)
		} else {
			cos = math.Nextafter(cos, dir)
		}
	}
	periodic.Lock()
	periodic.m[key] = [2]float64{sin, cos}
	periodic.Unlock()
	return sin, cos
}
