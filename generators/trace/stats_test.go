package trace

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

func TestSummarize(t *testing.T) {
	for _, tc := range []struct {
		x    []float64
		want Summary
	}{
		{[]float64{5, 1, 4, 2, 3}, Summary{N: 5, Min: 1, Q1: 2, Median: 3, Q3: 4, Mean: 3, Max: 5}},
		{[]float64{4, 3, 2, 1}, Summary{N: 4, Min: 1, Q1: 1.75, Median: 2.5, Q3: 3.25, Mean: 2.5, Max: 4}},
		{[]float64{7}, Summary{N: 1, Min: 7, Q1: 7, Median: 7, Q3: 7, Mean: 7, Max: 7}},
	} {
		if got := Summarize(tc.x); got != tc.want {
			t.Errorf("Summarize(%v) = %+v, want %+v", tc.x, got, tc.want)
		}
	}
	if s := Summarize(nil); s.N != 0 || !math.IsNaN(s.Mean) {
		t.Errorf("empty: %+v", s)
	}
}

func TestLogHistogram(t *testing.T) {
	h := LogHistogram([]float64{0, 0.5, 1, 1.5, 2, 3, 4, 7.99, 8, -1, math.NaN()})
	wantCounts := []int{2, 2, 2, 2, 1}
	wantEdges := []float64{0, 1, 2, 4, 8, 16}
	if len(h.Counts) != len(wantCounts) || len(h.Edges) != len(wantEdges) {
		t.Fatalf("%+v", h)
	}
	for i := range wantCounts {
		if h.Counts[i] != wantCounts[i] {
			t.Errorf("counts %v, want %v", h.Counts, wantCounts)
			break
		}
	}
	for i := range wantEdges {
		if h.Edges[i] != wantEdges[i] {
			t.Errorf("edges %v, want %v", h.Edges, wantEdges)
			break
		}
	}
}

func TestWindowCounts(t *testing.T) {
	var jobs []Job
	for _, s := range []float64{1124, 100, 100, 1123, 5000, -1} {
		jobs = append(jobs, Job{Submit: s})
	}
	w := WindowCounts(jobs, DefaultWindow)
	want := []int{3, 1, 0, 0, 1}
	if w.Start != 100 || w.Width != 1024 || len(w.Counts) != len(want) {
		t.Fatalf("%+v", w)
	}
	for i := range want {
		if w.Counts[i] != want[i] {
			t.Fatalf("counts %v, want %v", w.Counts, want)
		}
	}
	if w := WindowCounts(nil, 10); len(w.Counts) != 0 {
		t.Errorf("empty: %+v", w)
	}
}

// TestAutocorrelationTwins checks the FFT path against the direct sum.
func TestAutocorrelationTwins(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n < 300; n += 7 {
		x := make([]float64, n)
		for i := range x {
			x[i] = math.Floor(rng.ExpFloat64() * 10)
		}
		x[0]++ // never constant
		maxLag := rng.IntN(n)
		a, b := acfDirect(x, maxLag), acfFFT(x, maxLag)
		for k := range a {
			if math.Abs(a[k]-b[k]) > 1e-9 {
				t.Fatalf("n=%d lag %d: direct %v, fft %v", n, k, a[k], b[k])
			}
		}
	}
}

func TestAutocorrelationKnown(t *testing.T) {
	r := Autocorrelation([]float64{1, 2, 3, 4, 5}, 10)
	want := []float64{1, 0.4, -0.1, -0.4, -0.4}
	if len(r) != len(want) {
		t.Fatalf("%v", r)
	}
	for k := range want {
		if math.Abs(r[k]-want[k]) > 1e-12 {
			t.Errorf("r(%d) = %v, want %v", k, r[k], want[k])
		}
	}
	if r := Autocorrelation([]float64{3, 3, 3}, 2); !math.IsNaN(r[1]) {
		t.Errorf("constant series: %v", r)
	}
}

// TestDailyCycle builds 30 days of 1024 s counts with a daily cycle and
// noise; the spectrum of its autocorrelation must peak at 1 cycle per day.
func TestDailyCycle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 30 * 86400 / DefaultWindow
	var submits []float64
	for i := range n {
		t0 := float64(i * DefaultWindow)
		rate := 20 + 15*math.Sin(2*math.Pi*t0/86400)
		k := int(rate + rng.NormFloat64()*4)
		for range max(k, 0) {
			submits = append(submits, t0+rng.Float64()*DefaultWindow)
		}
	}
	w := SubmitWindows(submits, DefaultWindow)
	acf := Autocorrelation(w.Series(), len(w.Counts)/2)
	spec := Spectrum(acf, DefaultWindow)
	p, ok := Peak(spec, 0)
	res := 86400 / (float64(len(acf)) * DefaultWindow) // bin spacing, cycles/day
	if !ok || math.Abs(p.Freq-1) > res {
		t.Fatalf("peak at %v cycles/day (period %v h), want 1 within %v", p.Freq, p.Period, res)
	}
	if math.Abs(p.Period-24) > 24*res*1.1 {
		t.Errorf("period %v h", p.Period)
	}
	// The daily lag itself (84.4 windows) must be strongly positive, half a
	// day strongly negative.
	if acf[84] < 0.5 || acf[42] > -0.5 {
		t.Errorf("acf(1 day) = %v, acf(half day) = %v", acf[84], acf[42])
	}
}

func TestSpectrumBins(t *testing.T) {
	// A cosine with 5 cycles over 100 lags of one hour: bin 5, i.e.
	// 5 / (100 h) = 1.2 cycles per day.
	acf := make([]float64, 100)
	for k := range acf {
		acf[k] = math.Cos(2 * math.Pi * 5 * float64(k) / 100)
	}
	spec := Spectrum(acf, 3600)
	if len(spec) != 51 || !math.IsInf(spec[0].Period, 1) {
		t.Fatalf("%d bins, period[0] %v", len(spec), spec[0].Period)
	}
	p, _ := Peak(spec, 0)
	if math.Abs(p.Freq-1.2) > 1e-12 || math.Abs(p.Period-20) > 1e-9 || math.Abs(p.Mag-50) > 1e-9 {
		t.Errorf("peak %+v, want 1.2 cycles/day, 20 h, magnitude 50", p)
	}
}

func TestAnalyzeSWFClock(t *testing.T) {
	s, err := Analyze(NewSWFReader(strings.NewReader(smallSWF), "small.swf"))
	if err != nil {
		t.Fatal(err)
	}
	// 1027839845 + 0 is Sun 28 Jul 2002 09:04:05 CEST; +342343 s and
	// +342350 s are Thu 1 Aug 08:09 CEST.
	if s.ByHour[9] != 1 || s.ByHour[8] != 2 || s.ByWeekday[0] != 1 || s.ByWeekday[4] != 2 {
		t.Errorf("by hour %v, by weekday %v", s.ByHour, s.ByWeekday)
	}
	if !strings.Contains(s.Clock, "UnixStartTime 1027839845") || !strings.Contains(s.Clock, "Europe/Stockholm") {
		t.Errorf("clock %q", s.Clock)
	}
	if s.Jobs != 3 || s.Users != 2 || s.Span != 342350 || s.MissingCPUs != 0 || s.CPUs.Max != 40 || s.Status[1] != 2 || s.Status[5] != 1 {
		t.Errorf("%+v", s)
	}
}

func TestAnalyzeGWF(t *testing.T) {
	r, err := Open("testdata/auvergrid.gwf")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	s, err := Analyze(r)
	if err != nil {
		t.Fatal(err)
	}
	users := map[string]bool{}
	jobs, _, _ := ReadAll("testdata/auvergrid.gwf", 0)
	for _, j := range jobs {
		users[j.UserName] = true
	}
	sum := 0
	for _, c := range s.ByHour {
		sum += c
	}
	if s.Jobs != 30 || s.Users != len(users) || sum != 30 || s.FirstSubmit != jobs[0].Submit || s.LastSubmit != jobs[29].Submit {
		t.Errorf("%+v", s)
	}
	if !strings.Contains(s.Clock, "absolute Unix seconds") || !strings.Contains(s.Clock, "Europe/Paris") {
		t.Errorf("clock %q", s.Clock)
	}
	// Job 1 at 1136099771 is Sun 1 Jan 2006 08:16 CET.
	if s.ByWeekday[0] == 0 || s.ByHour[8] == 0 {
		t.Errorf("by hour %v, weekday %v", s.ByHour, s.ByWeekday)
	}
}

func TestAnalyzeRelative(t *testing.T) {
	text := "1 0 -1 10 1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1 -1\n2 90000 -1 10 1 -1 -1 -1 -1 -1 1 2 -1 -1 -1 -1 -1 -1\n"
	s, err := Analyze(NewSWFReader(strings.NewReader(text), "rel.swf"))
	if err != nil {
		t.Fatal(err)
	}
	// Time 0 is Monday 00:00; 90000 s is Tuesday 01:00.
	if s.ByHour[0] != 1 || s.ByHour[1] != 1 || s.ByWeekday[1] != 1 || s.ByWeekday[2] != 1 || !strings.Contains(s.Clock, "Monday 00:00") {
		t.Errorf("%v %v %q", s.ByHour, s.ByWeekday, s.Clock)
	}
}

// TestLCGFigure2 runs the Figure 2 analysis on the LCG trace: 929 windows
// cover its 950,392 s, and its count process has a daily rhythm.
func TestLCGFigure2(t *testing.T) {
	path := datadir.ForTest(t, "LCG-2005-1/LCG.swf.gz")
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	s, err := Analyze(r)
	if err != nil {
		t.Fatal(err)
	}
	w := SubmitWindows(s.Submits, DefaultWindow)
	total := 0
	for _, c := range w.Counts {
		total += c
	}
	if len(w.Counts) != 929 || total != 188041 || w.Start != 0 {
		t.Fatalf("%d windows, %d jobs, start %v", len(w.Counts), total, w.Start)
	}
	acf := Autocorrelation(w.Series(), len(w.Counts)/2)
	p, _ := Peak(Spectrum(acf, DefaultWindow), 0.5)
	t.Logf("LCG: users %d, span %v s, clock %s; ACF(1)=%.3f ACF(84)=%.3f; spectrum peak %.3f cycles/day (%.1f h)",
		s.Users, s.Span, s.Clock, acf[1], acf[84], p.Freq, p.Period)
	if s.Users != 216 {
		t.Errorf("%d users, want 216", s.Users)
	}
	// A grid fed by people has a daily rhythm: the strongest component
	// above half a cycle per day is the bin nearest one cycle per day.
	if res := 86400 / (float64(len(acf)) * DefaultWindow); math.Abs(p.Freq-1) > res {
		t.Errorf("spectrum peak at %v cycles/day, want 1 within %v", p.Freq, res)
	}
}
