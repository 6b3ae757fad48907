package trace

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/dsp/fourier"
)

// DefaultWindow is the count-process window of Shah et al. 2012, Figure 2.
const DefaultWindow = 1024

// Windows is a count process: Counts[i] jobs were submitted in
// [Start + i*Width, Start + (i+1)*Width).
type Windows struct {
	Start  float64 // first submit time of the trace, in its own time unit
	Width  float64 // seconds
	Counts []int
}

// WindowCounts counts jobs per window of width seconds (DefaultWindow for
// Figure 2). Window 0 starts at the earliest recorded submit time and the
// last window holds the latest one; windows without arrivals count 0.
// Jobs with a missing (-1) submit time are ignored. It panics if width <= 0.
func WindowCounts(jobs []Job, width float64) Windows {
	submits := make([]float64, 0, len(jobs))
	for i := range jobs {
		if jobs[i].Submit >= 0 {
			submits = append(submits, jobs[i].Submit)
		}
	}
	return SubmitWindows(submits, width)
}

// MaxWindows bounds a count process: 2^22 windows, 136 years of 1024 s
// windows. The autocorrelation's FFT of that many windows takes about 0.5 GB;
// more is a wrong submit time or a window far too narrow, not a trace.
const MaxWindows = 1 << 22

// SubmitWindows is WindowCounts over bare submit times (Stats.Submits).
// Negative times are ignored. It panics if width <= 0 or if the windows
// would exceed MaxWindows; CountWindows returns an error instead. Times
// read by this package's readers (within MaxSeconds) never exceed it at
// DefaultWindow.
func SubmitWindows(submits []float64, width float64) Windows {
	w, err := CountWindows(submits, width)
	if err != nil {
		panic("trace: " + err.Error())
	}
	return w
}

// CountWindows is SubmitWindows with an error, naming the limit, for a
// width that is not > 0 or for more than MaxWindows windows.
func CountWindows(submits []float64, width float64) (Windows, error) {
	if !(width > 0) || math.IsInf(width, 1) {
		return Windows{}, fmt.Errorf("window width %v: must be a finite number > 0 of seconds", width)
	}
	w := Windows{Width: width}
	first, last := math.Inf(1), math.Inf(-1)
	for _, t := range submits {
		if t >= 0 && !math.IsInf(t, 1) {
			first, last = min(first, t), max(last, t)
		}
	}
	if math.IsInf(first, 1) {
		return w, nil
	}
	if n := (last - first) / width; !(n < MaxWindows) {
		return Windows{}, fmt.Errorf("submit times %s..%s span %.4g windows of %g s: the limit is %d windows (%s at %g s); a submit time is wrong, or widen the window to %g s or more",
			num(first), num(last), n+1, width, MaxWindows, span(MaxWindows*width), width, math.Floor((last-first)/MaxWindows)+1)
	}
	w.Start = first
	w.Counts = make([]int, int((last-first)/width)+1)
	for _, t := range submits {
		if t >= 0 {
			w.Counts[int((t-first)/width)]++
		}
	}
	return w, nil
}

// Series returns the counts as float64, for Autocorrelation.
func (w Windows) Series() []float64 {
	x := make([]float64, len(w.Counts))
	for i, c := range w.Counts {
		x[i] = float64(c)
	}
	return x
}

// Autocorrelation returns the sample autocorrelation function of x for lags
// 0..maxLag (maxLag is clamped to len(x)-1):
//
//	r(k) = sum_{t=0}^{n-1-k} (x[t]-m)(x[t+k]-m) / sum_{t=0}^{n-1} (x[t]-m)^2
//
// with m the mean of x: the standard biased estimator (as R's acf and
// statsmodels' acf compute it), so r(0) = 1 and |r(k)| <= 1. A constant
// series has no defined autocorrelation; every lag is then NaN. An empty x
// gives nil.
//
// Long series with many lags are computed by FFT (O(n log n)); short ones
// directly; both give the same values to rounding.
func Autocorrelation(x []float64, maxLag int) []float64 {
	n := len(x)
	if n == 0 {
		return nil
	}
	if maxLag > n-1 {
		maxLag = n - 1
	}
	if maxLag < 0 {
		maxLag = 0
	}
	if n*(maxLag+1) <= 1<<20 {
		return acfDirect(x, maxLag)
	}
	return acfFFT(x, maxLag)
}

func centred(x []float64) ([]float64, float64) {
	var m float64
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	d := make([]float64, len(x))
	var ss float64
	for i, v := range x {
		d[i] = v - m
		ss += d[i] * d[i]
	}
	return d, ss
}

func nanACF(maxLag int) []float64 {
	r := make([]float64, maxLag+1)
	for i := range r {
		r[i] = math.NaN()
	}
	return r
}

func acfDirect(x []float64, maxLag int) []float64 {
	d, ss := centred(x)
	if ss == 0 {
		return nanACF(maxLag)
	}
	r := make([]float64, maxLag+1)
	for k := range r {
		var s float64
		for t := 0; t+k < len(d); t++ {
			s += d[t] * d[t+k]
		}
		r[k] = s / ss
	}
	return r
}

// acfFFT uses the Wiener-Khinchin relation: the autocovariance is the
// inverse transform of the power spectrum of the series zero-padded to at
// least 2n, so the circular correlation equals the linear one.
func acfFFT(x []float64, maxLag int) []float64 {
	d, ss := centred(x)
	if ss == 0 {
		return nanACF(maxLag)
	}
	m := 1
	for m < 2*len(d) {
		m <<= 1
	}
	padded := make([]float64, m)
	copy(padded, d)
	fft := fourier.NewFFT(m)
	c := fft.Coefficients(nil, padded)
	for i, v := range c {
		c[i] = complex(real(v)*real(v)+imag(v)*imag(v), 0)
	}
	cov := fft.Sequence(nil, c) // scaled by m, which cancels below
	r := make([]float64, maxLag+1)
	for k := range r {
		r[k] = cov[k] / cov[0]
	}
	return r
}

// SpectrumPoint is one frequency bin of Spectrum.
type SpectrumPoint struct {
	Freq   float64 // cycles per day
	Period float64 // hours (1/Freq); +Inf at frequency 0
	Mag    float64 // |FFT| of the autocorrelation at Freq
}

// Spectrum returns the magnitude of the discrete Fourier transform of acf
// (Figure 2, right), bins 0..len(acf)/2. lag is the spacing of the acf in
// seconds (the window width, DefaultWindow for Figure 2), so bin k is at
// k / (len(acf) * lag) Hz, reported in cycles per day. The acf is
// transformed as given, lag 0 included, as the paper describes; the
// frequency resolution is one cycle per len(acf)*lag seconds, so a daily
// peak needs an acf spanning several days. It panics if lag <= 0.
func Spectrum(acf []float64, lag float64) []SpectrumPoint {
	if !(lag > 0) {
		panic("trace: spectrum lag must be > 0")
	}
	n := len(acf)
	if n == 0 {
		return nil
	}
	c := fourier.NewFFT(n).Coefficients(nil, acf)
	out := make([]SpectrumPoint, len(c))
	for k, v := range c {
		f := float64(k) / (float64(n) * lag) * 86400
		out[k] = SpectrumPoint{Freq: f, Period: 24 / f, Mag: math.Hypot(real(v), imag(v))}
	}
	return out
}

// Peak returns the bin of largest magnitude among those with frequency
// above minFreq cycles per day (pass 0 to skip only the constant bin), and
// false when there is none.
func Peak(spec []SpectrumPoint, minFreq float64) (SpectrumPoint, bool) {
	var best SpectrumPoint
	found := false
	for _, p := range spec {
		if p.Freq > minFreq && (!found || p.Mag > best.Mag) {
			best, found = p, true
		}
	}
	return best, found
}

// span is a length of time in seconds as a message says it: in years,
// days or hours when it is at least two of them.
func span(s float64) string {
	for _, u := range []struct {
		name string
		sec  float64
	}{{"years", 365.25 * 86400}, {"days", 86400}, {"hours", 3600}} {
		if s >= 2*u.sec {
			return fmt.Sprintf("%.3g %s", s/u.sec, u.name)
		}
	}
	return fmt.Sprintf("%.3g s", s)
}
