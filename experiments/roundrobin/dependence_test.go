package roundrobin

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/generators/trace"
)

// fig2From is Figure 2's analysis of a made-up series of counts.
func fig2From(t *testing.T, x []float64) *Fig2 {
	t.Helper()
	w := trace.Windows{Width: trace.DefaultWindow, Counts: make([]int, len(x))}
	for i, v := range x {
		w.Counts[i] = max(0, int(math.Round(v)))
	}
	f := &Fig2{Windows: w, MaxLag: len(x) / 2}
	f.ACF = trace.Autocorrelation(w.Series(), f.MaxLag)
	f.Spectrum = trace.Spectrum(f.ACF, trace.DefaultWindow)
	f.Peak, f.HasPeak = trace.Peak(f.Spectrum, PeakMinFreq)
	return f
}

// series draws n counts around 200: white noise, AR(1), a daily cycle
// plus noise, or fractionally integrated noise (d = 0.4, H = 0.9).
func series(kind string, n int, seed uint64) []float64 {
	rnd := rand.New(rand.NewPCG(seed, 1))
	x := make([]float64, n)
	switch kind {
	case "white":
		for i := range x {
			x[i] = 200 + 20*rnd.NormFloat64()
		}
	case "ar1":
		y := 0.0
		for i := -200; i < n; i++ {
			y = 0.6*y + 20*rnd.NormFloat64()
			if i >= 0 {
				x[i] = 200 + y
			}
		}
	case "daily":
		for i := range x {
			x[i] = 200 + 60*math.Sin(2*math.Pi*float64(i)*trace.DefaultWindow/86400) + 20*rnd.NormFloat64()
		}
	case "fi":
		const K = 5000
		psi := make([]float64, K)
		psi[0] = 1
		for k := 1; k < K; k++ {
			psi[k] = psi[k-1] * (float64(k-1) + 0.4) / float64(k)
		}
		e := make([]float64, n+K)
		for i := range e {
			e[i] = rnd.NormFloat64()
		}
		for i := range x {
			s := 0.0
			for k := range K {
				s += psi[k] * e[i+K-k]
			}
			x[i] = 200 + 20*s
		}
	}
	return x
}

// Each of §4's tests tells its structure from the others on 929 windows
// (LCG's 11 days): short-range dependence alone is not long-range (a bare
// "H > 0.5" would hold for AR(1)), a daily cycle is periodic, white noise
// is none of them.
func TestDependenceTellsTheStructuresApart(t *testing.T) {
	for _, c := range []struct {
		kind          string
		n             int
		srd, periodic bool
		lrd           string
	}{
		{"white", 929, false, false, analysis.VerdictNotHeld},
		{"ar1", 929, true, false, analysis.VerdictNotHeld},
		{"daily", 929, true, true, analysis.VerdictNotHeld},
		// On 929 windows an AR(p) of high order mimics long memory: not
		// decided. On 8,000 it cannot.
		{"fi", 929, true, false, analysis.VerdictInconclusive},
		{"fi", 8000, true, false, analysis.VerdictHeld},
	} {
		d := dependenceOf(fig2From(t, series(c.kind, c.n, 5)))
		if d.srd() != c.srd || d.periodic() != c.periodic || d.lrd() != c.lrd {
			t.Errorf("%s, n=%d: srd %v periodic %v lrd %v, want %v %v %v (%+v)", c.kind, c.n, d.srd(), d.periodic(), d.lrd(), c.srd, c.periodic, c.lrd, *d)
		}
		if c.kind == "ar1" {
			if h, _ := aggVarHurst(newDayProfile(c.n, trace.DefaultWindow).remove(series("ar1", c.n, 5))); h <= 0.5 {
				t.Errorf("AR(1): H = %.3f; the surrogate null is needed only if it is above 0.5", h)
			}
		}
	}
}

// arFit recovers an AR(2) process's coefficients.
func TestARFit(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9, 9))
	x := arSeries(rnd, []float64{0.5, 0.3}, 1, 20000)
	coef, sigma := arFit(x, 10, false)
	if len(coef) < 2 || math.Abs(coef[0]-0.5) > 0.05 || math.Abs(coef[1]-0.3) > 0.05 || math.Abs(sigma-1) > 0.05 {
		t.Errorf("AR(2) 0.5, 0.3, σ 1: fitted %v, σ %.3f", coef, sigma)
	}
}

// §4's statements about Figure 2 are ledger rows decided on the trace's
// counts (they were prose on the page, with no test): the verdicts follow
// the data, the scope names the trace, and the statements no run decides
// say why.
func TestFig2RowsAreDecidedOnTheCounts(t *testing.T) {
	for _, c := range []struct {
		kind     string
		verdicts map[string]string
	}{
		{"white", map[string]string{"F2a": analysis.VerdictNotHeld, "F2b": analysis.VerdictNotHeld, "F2c": analysis.VerdictNotHeld, "F2e": analysis.VerdictNotHeld}},
		{"daily", map[string]string{"F2a": analysis.VerdictHeld, "F2b": analysis.VerdictHeld, "F2c": analysis.VerdictNotHeld, "F2e": analysis.VerdictNotHeld}},
		{"fi", map[string]string{"F2a": analysis.VerdictHeld, "F2c": analysis.VerdictInconclusive}},
	} {
		f := fig2From(t, series(c.kind, 929, 5))
		r := &reporter{src: Sources[1], fig2: f, dep: dependenceOf(f)}
		es := analysis.Ledger(fig2Rows(), r)
		var ids []string
		for _, e := range es {
			ids = append(ids, e.ID)
			if want, ok := c.verdicts[e.ID]; ok && e.Verdict != want {
				t.Errorf("%s: %s %s (%s), want %s", c.kind, e.ID, e.Verdict, e.Statistic, want)
			}
			switch e.ID {
			case "F2d", "F2f":
				if e.Verdict != analysis.VerdictNotTestable || e.Note == "" {
					t.Errorf("%s: %s %s, note %q", c.kind, e.ID, e.Verdict, e.Note)
				}
			default:
				if !strings.Contains(e.Scope, "LCG-2005-1") || !strings.Contains(e.Note, "AuverGrid") || e.Statistic == "" || e.Section != "§4 (Figure 2)" {
					t.Errorf("%s: %s scope %q, note %q, statistic %q", c.kind, e.ID, e.Scope, e.Note, e.Statistic)
				}
			}
		}
		if got := strings.Join(ids, " "); got != "F2a F2b F2c F2d F2e F2f" {
			t.Errorf("rows %s", got)
		}
	}
}
