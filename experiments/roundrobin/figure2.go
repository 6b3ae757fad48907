package roundrobin

import (
	"fmt"

	"github.com/gridbench/gridbench/generators/trace"
)

// PeakMinFreq is the lowest frequency, in cycles per day, at which the
// dominant period of Figure 2 is looked for. The autocorrelation of a grid
// count process decays slowly (long-range dependence), so the lowest bins
// always carry the most energy; a period is a claim about a peak away from
// them. 0.5 cycles/day admits every period up to two days.
const PeakMinFreq = 0.5

// Fig2 is the count-process analysis of Shah et al.'s Figure 2 for a whole
// trace.
type Fig2 struct {
	Windows trace.Windows
	// ACF is the autocorrelation of the counts for lags 0..MaxLag windows.
	ACF    []float64
	MaxLag int
	// Spectrum is |FFT| of ACF.
	Spectrum []trace.SpectrumPoint
	// Peak is the largest bin above PeakMinFreq (the dominant period);
	// Lowest the largest bin above frequency 0.
	Peak, Lowest trace.SpectrumPoint
	HasPeak      bool
}

// Figure2 computes the analysis over every recorded submit time of t, with
// 1024 s windows and lags up to half the number of windows (beyond that the
// biased estimator averages too few products to mean much).
func Figure2(t *Trace) (*Fig2, error) {
	w := trace.SubmitWindows(t.Submits, trace.DefaultWindow)
	if len(w.Counts) < 4 {
		return nil, fmt.Errorf("%s: %s spans %d windows of %d s: too few for Figure 2", Name, t.Path, len(w.Counts), trace.DefaultWindow)
	}
	f := &Fig2{Windows: w, MaxLag: len(w.Counts) / 2}
	f.ACF = trace.Autocorrelation(w.Series(), f.MaxLag)
	f.Spectrum = trace.Spectrum(f.ACF, trace.DefaultWindow)
	f.Peak, f.HasPeak = trace.Peak(f.Spectrum, PeakMinFreq)
	f.Lowest, _ = trace.Peak(f.Spectrum, 0)
	return f, nil
}
