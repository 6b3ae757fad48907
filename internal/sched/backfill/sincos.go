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
// prediction by a second now and then.
//
// Each is first worked out in double-double arithmetic (about 100 bits:
// x less the nearest multiple of π/2, held in three doubles, then the
// Taylor series on |r| <= π/4), which decides the rounding unless that
// value lies within 2^-90 of it of a midpoint between two doubles; then
// sinCosBig decides (never, over the 691,200 arguments of sinCosOf's
// whole seconds, where both agree on every value). About 0.5 µs against
// sinCosBig's 35.
func sinCos(x float64) (sin, cos float64) {
	if math.Abs(x) > 7 || x != x {
		return math.Sin(x), math.Cos(x)
	}
	s, c := sinCosDD(x)
	sin, okS := roundDD(s)
	cos, okC := roundDD(c)
	if !okS || !okC {
		return sinCosBig(x)
	}
	return sin, cos
}

// sinCosBig is sinCos with the series summed with 160 bits, far more
// than rounding to 53 needs for |x| < 7.
func sinCosBig(x float64) (sin, cos float64) {
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

// dd is a double-double number hi + lo with |lo| at most half an ulp of
// hi.
//
// Every product below that is then added or subtracted is rounded by an
// explicit float64(...): Go may fuse x*y + z into one instruction,
// rounded once, where the CPU has one (it does on ARM64), and the error
// terms here are the rounding of each product on its own. Without them
// sinCos and logCR were one ulp off on ARM64 (TestSinCosMatchesBig and
// TestLogMatchesSeries under qemu-aarch64) while they passed on amd64.
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) (s, e float64) {
	s = a + b
	v := s - a
	return s, (a - (s - v)) + (b - v)
}

func fastTwoSum(a, b float64) (s, e float64) {
	s = a + b
	return s, b - (s - a)
}

func (a dd) add(b dd) dd {
	s, e := twoSum(a.hi, b.hi)
	t, f := twoSum(a.lo, b.lo)
	e += t
	s, e = fastTwoSum(s, e)
	e += f
	s, e = fastTwoSum(s, e)
	return dd{s, e}
}

func (a dd) mul(b dd) dd {
	p := float64(a.hi * b.hi)
	e := math.FMA(a.hi, b.hi, -p)
	e += float64(a.hi*b.lo) + float64(a.lo*b.hi)
	p, e = fastTwoSum(p, e)
	return dd{p, e}
}

// div divides by a small whole number n.
func (a dd) div(n float64) dd {
	q := a.hi / n
	p := float64(q * n)
	e := math.FMA(q, n, -p)
	r := (a.hi - p - e + a.lo) / n
	q, r = fastTwoSum(q, r)
	return dd{q, r}
}

func (a dd) neg() dd { return dd{-a.hi, -a.lo} }

// triple is a constant as the sum of three doubles, each the nearest to
// what the ones before leave.
type triple [3]float64

func tripleOf(v *big.Float) triple {
	rest := new(big.Float).SetPrec(v.Prec()).Set(v)
	var c triple
	for i := range c {
		c[i], _ = rest.Float64()
		rest.Sub(rest, new(big.Float).SetFloat64(c[i]))
	}
	return c
}

// addTimes returns a + k·c, each product of k and a part of c added with
// its rounding error.
func (a dd) addTimes(k float64, c triple) dd {
	for _, p := range c {
		h := float64(k * p)
		a = a.add(dd{h, math.FMA(k, p, -h)})
	}
	return a
}

// halfPi is π/2.
var halfPi = func() triple {
	v, _, err := big.ParseFloat("1.5707963267948966192313216916397514420985846996875529104874722961539082031431044993140174126710585339910740432566411533", 10, 300, big.ToNearestEven)
	if err != nil {
		panic(err)
	}
	return tripleOf(v)
}()

// sinCosDD returns sin x and cos x in double-double arithmetic, |x| < 7.
func sinCosDD(x float64) (sin, cos dd) {
	k := math.RoundToEven(x / halfPi[0])
	r := dd{x, 0}.addTimes(-k, halfPi)
	r2 := r.mul(r)
	s, c := r, dd{1, 0}
	ts, tc := r, dd{1, 0}
	for n := 1.0; ; n += 2 {
		ts = ts.mul(r2).div((n + 1) * (n + 2)).neg() // r^(n+2)/(n+2)!
		tc = tc.mul(r2).div(n * (n + 1)).neg()       // r^(n+1)/(n+1)!
		s, c = s.add(ts), c.add(tc)
		if math.Abs(ts.hi) <= 0x1p-110*math.Abs(s.hi) && math.Abs(tc.hi) <= 0x1p-110 {
			break
		}
	}
	switch int(k) & 3 {
	case 0:
		return s, c
	case 1:
		return c, s.neg()
	case 2:
		return s.neg(), c.neg()
	}
	return c.neg(), s
}

// roundDD returns the double nearest v and true, or false when v lies
// too near a midpoint between two doubles (within 2^-90 of v) for its
// error to leave the rounding certain.
func roundDD(v dd) (float64, bool) {
	h, l := fastTwoSum(v.hi, v.lo)
	if l == 0 {
		return h, true
	}
	half := (math.Nextafter(h, math.Copysign(math.Inf(1), l)) - h) / 2
	if math.Abs(math.Abs(l)-math.Abs(half)) < 0x1p-90*math.Abs(h) {
		return h, false
	}
	return h, true
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
// learned predictor's job weights are logarithms. As sinCos: in
// double-double arithmetic first, then with 200 bits (logSeries) when
// that leaves the rounding in doubt.
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
	v, ok = roundDD(logDD(x))
	if !ok {
		v = logSeries(x)
	}
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

// ln2DD is log 2.
var ln2DD = tripleOf(ln2)

// logDD returns log x in double-double arithmetic, x > 0 and finite: with
// x = m·2^e, m in [√2/2, √2), it is 2·atanh((m-1)/(m+1)) + e·log 2.
func logDD(x float64) dd {
	frac, exp := logReduce(x)
	// z = (m-1)/(m+1): m-1 is exact, m+1 a double-double, the quotient
	// to ~106 bits.
	num := frac - 1
	dh, dl := twoSum(frac, 1)
	q := num / dh
	p := float64(q * dh)
	r := (num - p - math.FMA(q, dh, -p) - float64(q*dl)) / dh
	z := dd{q, 0}.add(dd{r, 0})
	z2 := z.mul(z)
	sum, t := z, z
	for n := 3.0; ; n += 2 {
		t = t.mul(z2)
		term := t.div(n)
		sum = sum.add(term)
		if math.Abs(term.hi) <= 0x1p-110*math.Abs(sum.hi) {
			break
		}
	}
	v := sum.add(sum)
	if exp != 0 {
		v = v.addTimes(float64(exp), ln2DD)
	}
	return v
}

// logReduce returns m in [√2/2, √2) and e with x = m·2^e.
func logReduce(x float64) (m float64, e int) {
	m, e = math.Frexp(x) // m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	return m, e
}

func logSeries(x float64) float64 {
	frac, exp := logReduce(x)
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
