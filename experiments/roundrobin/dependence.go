package roundrobin

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/generators/trace"
)

// §4 says of Figure 2 that the job arrivals show short-range dependence,
// pseudo periodicity and long-range dependence. Each is decided here on the
// count process the study's trace gives (jobs per 1024 s window), by a
// statistic and a rule stated in advance:
//
//   - short-range dependence: the ACF at lag 1 above white noise's 95%
//     bound 1.96/√n;
//   - pseudo periodicity: at the lag of the dominant period (Fig2.Peak) the
//     ACF is above that bound and above the ACF at half the period: the
//     correlation comes back, which no monotone decay does;
//   - long-range dependence: the Hurst exponent H of the counts with the
//     daily profile taken out (aggregated variance) against what short
//     memory alone gives on the same length: LRDSurrogates series of an
//     AR model fitted to the same counts, each estimated the same way;
//     one-sided p = (1 + #{H_surrogate ≥ H})/(B + 1). Two nulls: AR(1), the
//     least short memory, and AR(p) with p ≤ LRDMaxOrder by AIC, the most
//     the data support. Held when even AR(p) is rejected (p < 0.05), not
//     held when not even AR(1) is, inconclusive between: the series is too
//     short to tell long memory from short memory of high order.
//
// A Hurst estimate of a short series is biased upward by short-range
// dependence and moved either way by a daily cycle (the reason the profile
// is taken out first): a bare "H > 0.5" would hold for an AR(1) series, so
// H is compared with what short memory alone gives on the same length.

// LRDMaxOrder is the largest AR order of the short-memory null, in
// windows (24 × 1024 s ≈ 6.8 h).
const LRDMaxOrder = 24

// LRDSurrogates is the number of AR surrogates of the long-range test.
const LRDSurrogates = 999

// lrdSeed seeds the surrogates: the page is the same on every run.
var lrdSeed = [2]uint64{2012, 4}

// dependence is the outcome of the three tests on one count process.
type dependence struct {
	N     int     // windows
	Bound float64 // 1.96/√N
	ACF1  float64

	HasPeak     bool
	PeriodHours float64
	LagP        int     // the period in windows (rounded)
	ACFP, ACFH  float64 // ACF at LagP and at LagP/2
	PeriodOK    bool    // LagP within the ACF's lags

	Hurst   float64 // of the deseasonalised counts
	HurstOK bool    // H could be estimated
	// The two short-memory nulls: AR(1) and AR(Order) by AIC.
	AR1, ARp lrdNull
	Order    int
}

// lrdNull is H under one short-memory null.
type lrdNull struct {
	Mean, Q95 float64 // of the surrogates' H
	P         float64 // one-sided: H_surrogate ≥ H
	B         int     // surrogates
}

func (d *dependence) srd() bool { return d.ACF1 > d.Bound }

func (d *dependence) periodic() bool {
	return d.HasPeak && d.PeriodOK && d.ACFP > d.Bound && d.ACFP > d.ACFH
}

// lrd is the long-range verdict: held, not held or inconclusive (not
// testable when H cannot be estimated).
func (d *dependence) lrd() string {
	switch {
	case !d.HurstOK:
		return analysis.VerdictNotTestable
	case d.ARp.P < 0.05:
		return analysis.VerdictHeld
	case d.AR1.P >= 0.05:
		return analysis.VerdictNotHeld
	}
	return analysis.VerdictInconclusive
}

// dependenceOf runs the three tests on f's count process.
func dependenceOf(f *Fig2) *dependence {
	x := f.Windows.Series()
	d := &dependence{N: len(x), Bound: 1.96 / math.Sqrt(float64(len(x))), ACF1: at(f.ACF, 1), HasPeak: f.HasPeak}
	if f.HasPeak {
		d.PeriodHours = f.Peak.Period
		d.LagP = int(math.Round(f.Peak.Period * 3600 / f.Windows.Width))
		d.PeriodOK = d.LagP >= 2 && d.LagP < len(f.ACF)
		d.ACFP, d.ACFH = at(f.ACF, d.LagP), at(f.ACF, d.LagP/2)
	}
	day := newDayProfile(len(x), f.Windows.Width)
	res := day.remove(x)
	h, ok := aggVarHurst(res)
	if !ok {
		return d
	}
	coef1, sigma1 := arFit(res, 1, true)
	coefP, sigmaP := arFit(res, LRDMaxOrder, false)
	d.Hurst, d.Order = h, len(coefP)
	var ok1, okP bool
	d.AR1, ok1 = surrogateH(h, coef1, sigma1, day, lrdSeed)
	d.ARp, okP = surrogateH(h, coefP, sigmaP, day, lrdSeed)
	d.HurstOK = ok1 && okP
	return d
}

// surrogateH is H's place among LRDSurrogates series of the AR process
// (coef, sigma) as long as the data, the day profile taken out and H
// estimated as for the data.
func surrogateH(h float64, coef []float64, sigma float64, day *dayProfile, seed [2]uint64) (lrdNull, bool) {
	if !(sigma > 0) {
		return lrdNull{}, false
	}
	rnd := rand.New(rand.NewPCG(seed[0], seed[1]))
	hs := make([]float64, 0, LRDSurrogates)
	above := 0
	for range LRDSurrogates {
		hsur, ok := aggVarHurst(day.remove(arSeries(rnd, coef, sigma, len(day.slot))))
		if !ok {
			continue
		}
		hs = append(hs, hsur)
		if hsur >= h {
			above++
		}
	}
	if len(hs) == 0 {
		return lrdNull{}, false
	}
	nl := lrdNull{B: len(hs), P: float64(1+above) / float64(len(hs)+1), Q95: quantile(hs, 0.95)}
	for _, v := range hs {
		nl.Mean += v
	}
	nl.Mean /= float64(len(hs))
	return nl, true
}

// dayProfile takes the mean of each time of day out of a series of n
// windows of width seconds: window i is in slot ⌊(i·width mod 1 day)/width⌋.
// It removes the daily cycle (tested as pseudo periodicity) from the
// long-range test.
type dayProfile struct {
	slot  []int
	count []float64 // windows per slot
}

func newDayProfile(n int, width float64) *dayProfile {
	p := &dayProfile{slot: make([]int, n), count: make([]float64, int(math.Ceil(86400/width))+1)}
	for i := range p.slot {
		p.slot[i] = int(math.Mod(float64(i)*width, 86400) / width)
		p.count[p.slot[i]]++
	}
	return p
}

// remove returns x less the mean of each window's slot over x.
func (p *dayProfile) remove(x []float64) []float64 {
	sum := make([]float64, len(p.count))
	for i, v := range x {
		sum[p.slot[i]] += v
	}
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = v - sum[p.slot[i]]/p.count[p.slot[i]]
	}
	return out
}

// aggVarHurst estimates the Hurst exponent of x by aggregated variance:
// the variance of the means of blocks of m values falls as m^(2H−2), so H
// is 1 + β/2 with β the least-squares slope of log variance on log m, over
// m = 1, then ×1.3 (at least +1), while there are at least 10 blocks. It
// fails with fewer than 3 block sizes of non-zero variance.
func aggVarHurst(x []float64) (float64, bool) {
	var lx, ly []float64
	for m := 1; len(x)/m >= 10; m = max(m+1, int(math.Round(float64(m)*1.3))) {
		k := len(x) / m
		means := make([]float64, k)
		for i := range means {
			s := 0.0
			for _, v := range x[i*m : (i+1)*m] {
				s += v
			}
			means[i] = s / float64(m)
		}
		if v := variance(means); v > 0 {
			lx, ly = append(lx, math.Log(float64(m))), append(ly, math.Log(v))
		}
	}
	if len(lx) < 3 {
		return math.NaN(), false
	}
	return 1 + slope(lx, ly)/2, true
}

func variance(x []float64) float64 {
	mu := 0.0
	for _, v := range x {
		mu += v
	}
	mu /= float64(len(x))
	s := 0.0
	for _, v := range x {
		s += (v - mu) * (v - mu)
	}
	return s / float64(len(x)-1)
}

func slope(x, y []float64) float64 {
	var mx, my float64
	for i := range x {
		mx, my = mx+x[i], my+y[i]
	}
	mx, my = mx/float64(len(x)), my/float64(len(y))
	var sxx, sxy float64
	for i := range x {
		sxx += (x[i] - mx) * (x[i] - mx)
		sxy += (x[i] - mx) * (y[i] - my)
	}
	return sxy / sxx
}

// arFit fits an AR(p) model to x by Yule–Walker (Levinson–Durbin on the
// sample ACF), p = maxOrder when exact, else p in 0..maxOrder chosen by AIC
// (n·ln σ²_p + 2p); it returns the coefficients and the innovations'
// standard deviation.
func arFit(x []float64, maxOrder int, exact bool) ([]float64, float64) {
	n := len(x)
	maxOrder = min(maxOrder, n/4)
	r := trace.Autocorrelation(x, maxOrder)
	if len(r) == 0 || math.IsNaN(r[0]) {
		return nil, math.NaN()
	}
	v0 := variance(x) * float64(n-1) / float64(n)
	best, bestAIC := []float64(nil), float64(n)*math.Log(v0)
	bestVar := v0
	phi, e := []float64{}, 1.0 // e: innovations variance ÷ v0
	for p := 1; p <= maxOrder; p++ {
		acc := r[p]
		for j := 1; j < p; j++ {
			acc -= phi[j-1] * r[p-j]
		}
		k := acc / e
		next := make([]float64, p)
		for j := 1; j < p; j++ {
			next[j-1] = phi[j-1] - k*phi[p-j-1]
		}
		next[p-1] = k
		phi, e = next, e*(1-k*k)
		if e <= 0 {
			break
		}
		if aic := float64(n)*math.Log(e*v0) + 2*float64(p); aic < bestAIC || exact && p == maxOrder {
			best, bestAIC, bestVar = append([]float64(nil), phi...), aic, e*v0
		}
	}
	return best, math.Sqrt(bestVar)
}

// arSeries draws n values of the AR process coef with Gaussian innovations
// of standard deviation sigma, after a burn-in of 500.
func arSeries(rnd *rand.Rand, coef []float64, sigma float64, n int) []float64 {
	const burn = 500
	y := make([]float64, burn+n)
	for t := range y {
		v := sigma * rnd.NormFloat64()
		for j, c := range coef {
			if t-j-1 >= 0 {
				v += c * y[t-j-1]
			}
		}
		y[t] = v
	}
	return y[burn:]
}

// quantile is the q-quantile of xs (nearest rank on a sorted copy).
func quantile(xs []float64, q float64) float64 {
	s := append([]float64(nil), xs...)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}
