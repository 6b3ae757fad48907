package roundrobin

import (
	"fmt"
	"math"
	"slices"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/generators/trace"
)

// The facts the page states about the trace and its windows are runs of
// their own, so the report reads them from the results folder and never
// the trace: workload WorkloadTrace (one run) records the trace's facts in
// runs.csv and Figure 2's count process in series.csv; workload
// WindowsWorkload(size) records, per rep, the window that rep's runs
// simulate. Their algorithm is AlgoFacts: they simulate nothing.
const (
	WorkloadTrace = "trace"
	AlgoFacts     = "facts"
)

// WindowsWorkload names the workload of one size's windows, e.g.
// "windows/3%".
func WindowsWorkload(size Size) string { return "windows/" + size.ID() }

// Metrics of the trace run.
const (
	FRecords     = "records"        // records in the trace
	FUsers       = "users"          // distinct users
	FSkipped     = "skipped"        // records without run or submit time, never dealt
	FFirstSubmit = "first_submit"   // submit time of the first record
	FCountWidth  = "window_seconds" // width of Figure 2's count windows
)

// Series of the trace run: Figure 2. The ACF and its spectrum are recorded
// only when the trace spans enough windows (Figure2).
const (
	SCount = "count" // jobs submitted per window, t = window index
	SACF   = "acf"   // autocorrelation of the counts, t = lag in windows
	SFFT   = "fft"   // |FFT| of the ACF, t = cycles per day
)

// Metrics of a window run (rep r: the window of rep r of the size).
const (
	WStart       = "start"          // first record
	WRecords     = "records"        // records in the window
	WDealt       = "dealt"          // records with a run time
	WUsers       = "users"          // distinct users
	WFirstSubmit = "first_submit"   // first and last submit of the dealt jobs
	WLastSubmit  = "last_submit"    //
	WWork        = "work"           // summed run time of the dealt jobs
	WLoad1       = "offered_load_1" // OfferedLoad on one slave
)

// TraceSpec is the spec of the trace run.
type TraceSpec struct {
	Path   string
	Source TraceSource
}

// WindowSpec is the spec of a window run.
type WindowSpec struct {
	Path       string
	Source     TraceSource
	Start, Len int
}

// traceFacts is the output of the trace run.
func traceFacts(t *Trace) bench.Output {
	out := bench.Output{Metrics: []bench.Metric{
		{Name: FRecords, Value: float64(len(t.Jobs))},
		{Name: FUsers, Value: float64(t.Users)},
		{Name: FSkipped, Value: float64(t.Skipped)},
		{Name: FFirstSubmit, Value: t.Jobs[0].Submit},
		{Name: FCountWidth, Value: trace.DefaultWindow},
	}}
	for i, c := range trace.SubmitWindows(t.Submits, trace.DefaultWindow).Counts {
		out.Series = append(out.Series, bench.Sample{Series: SCount, T: float64(i), Value: float64(c)})
	}
	f, err := Figure2(t)
	if err != nil || slices.ContainsFunc(f.ACF, math.IsNaN) {
		return out // too short, or constant counts (no autocorrelation): the report says so
	}
	for i, v := range f.ACF {
		out.Series = append(out.Series, bench.Sample{Series: SACF, T: float64(i), Value: v})
	}
	for _, s := range f.Spectrum {
		out.Series = append(out.Series, bench.Sample{Series: SFFT, T: s.Freq, Value: s.Mag})
	}
	return out
}

// windowFacts is the output of a window run: records [start, start+n) of t.
func windowFacts(t *Trace, start, n int) (bench.Output, error) {
	if start < 0 || n < 1 || start+n > len(t.Jobs) {
		return bench.Output{}, fmt.Errorf("%s: window [%d, %d) outside the trace's %d records", Name, start, start+n, len(t.Jobs))
	}
	jobs := t.Jobs[start : start+n]
	dealt, work, first, last := 0, 0.0, math.Inf(1), math.Inf(-1)
	users := map[int]bool{}
	for _, j := range jobs {
		users[j.User] = true
		if j.Run >= 0 {
			dealt++
			work += j.Run
			first, last = math.Min(first, j.Submit), math.Max(last, j.Submit)
		}
	}
	return bench.Output{Metrics: []bench.Metric{
		{Name: WStart, Value: float64(start)},
		{Name: WRecords, Value: float64(n)},
		{Name: WDealt, Value: float64(dealt)},
		{Name: WUsers, Value: float64(len(users))},
		{Name: WFirstSubmit, Value: first},
		{Name: WLastSubmit, Value: last},
		{Name: WWork, Value: work},
		{Name: WLoad1, Value: OfferedLoad(jobs, 1)},
	}}, nil
}

// fig2Of rebuilds Figure 2's analysis from the trace run's series (an
// error when the trace was too short for it).
func fig2Of(counts, acf, freqs, mags []float64, width float64) (*Fig2, error) {
	if len(acf) == 0 || len(freqs) == 0 {
		return nil, fmt.Errorf("%s: the trace spans %d windows of %g s: too few for Figure 2, or all of one count, which has no autocorrelation (no %q series in series.csv)", Name, len(counts), width, SACF)
	}
	f := &Fig2{Windows: trace.Windows{Width: width, Counts: make([]int, len(counts))}, ACF: acf, MaxLag: len(acf) - 1}
	for i, c := range counts {
		f.Windows.Counts[i] = int(c)
	}
	for i, fr := range freqs {
		f.Spectrum = append(f.Spectrum, trace.SpectrumPoint{Freq: fr, Period: 24 / fr, Mag: mags[i]})
	}
	f.Peak, f.HasPeak = trace.Peak(f.Spectrum, PeakMinFreq)
	f.Lowest, _ = trace.Peak(f.Spectrum, 0)
	return f, nil
}
