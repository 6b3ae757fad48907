package analysis

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Alpha is the family-wise significance level of every claim check.
const Alpha = 0.05

// Better says which way a metric improves.
type Better int

const (
	LowerIsBetter Better = iota
	HigherIsBetter
)

func (b Better) String() string { return [...]string{"lower", "higher"}[b] }

// Metric describes one metric of runs.csv: its name there, its unit, which
// way it improves, how a page labels it and how it is computed. A
// simulator family's table (analysis.MetricTable) pairs each with its value.
type Metric struct {
	Name       string
	Unit       string // "" for a ratio or a count
	Better     Better
	Label      string
	Definition string // one sentence, as a page's metric table states it
}

// FindMetric returns the descriptor of metric name in ms.
func FindMetric(ms []Metric, name string) (Metric, bool) {
	for _, m := range ms {
		if m.Name == name {
			return m, true
		}
	}
	return Metric{Name: name, Label: name}, false
}

// Direction is what a claim says about A against B.
type Direction int

const (
	Lower     Direction = iota // A significantly lower than B
	Higher                     // A significantly higher than B
	NotHigher                  // A not significantly higher than B ("≤")
)

// Op is the comparison's operator as a page shows it.
func (d Direction) Op() string { return [...]string{"<", ">", "≤"}[d] }

// Comparison is one directional paired comparison of a claim: A's values
// against B's, paired by position (repetition, window, instance).
//
// The one rule for direction: A is lower than B when the matched-pairs
// rank-biserial correlation r of the differences A − B is negative (the
// Wilcoxon rank sum of the negative differences is the larger), higher
// when r is positive. The significance and the direction thus come from the
// same statistic; the means are shown but never decide.
//
// An Unpaired comparison has independent samples X and Y (values of
// different instances, such as two streams' repetitions, each drawn from
// its own seed): it is the two-sided Mann–Whitney U test, r the
// rank-biserial correlation 2U/(n1·n2) − 1 of the two samples (positive
// when A tends to exceed B), N the size of the smaller sample.
type Comparison struct {
	Name     string // what is compared, e.g. "EG-EDF vs FCFS"; shown in the statistic
	Scope    string // the claims-table row the comparison belongs to, if the caller groups by it
	Want     Direction
	X, Y     []float64 // A's and B's paired values (or, Unpaired, its two samples)
	Unpaired bool

	// Filled by Test.
	N            int // pairs
	MeanA, MeanB float64
	Res          WilcoxonResult
	PAdj         float64 // Holm-adjusted over the comparison's family
	Err          error
}

// Against returns a comparison of x against a constant ref (a one-sample
// test of x − ref).
func Against(name string, want Direction, x []float64, ref float64) *Comparison {
	y := make([]float64, len(x))
	for i := range y {
		y[i] = ref
	}
	return &Comparison{Name: name, Want: want, X: x, Y: y}
}

// test runs the Wilcoxon signed-rank test of one comparison (Unpaired:
// the Mann–Whitney U test).
func (c *Comparison) test() {
	c.N, c.PAdj, c.Err = len(c.X), math.NaN(), nil
	c.MeanA, c.MeanB = math.NaN(), math.NaN()
	if c.Unpaired {
		c.N = min(len(c.X), len(c.Y))
		if c.N == 0 {
			c.Err = fmt.Errorf("no values in one sample")
			return
		}
		c.MeanA, c.MeanB = mean(c.X), mean(c.Y)
		var mw MannWhitneyResult
		if mw, c.Err = MannWhitney(c.X, c.Y); c.Err == nil {
			c.Res = WilcoxonResult{N: mw.N1 + mw.N2, P: mw.P, Exact: mw.Exact, Effect: 2*mw.U/(float64(mw.N1)*float64(mw.N2)) - 1}
		}
		return
	}
	if c.N == 0 || len(c.Y) != c.N {
		c.Err = fmt.Errorf("no paired values")
		return
	}
	c.MeanA, c.MeanB = mean(c.X), mean(c.Y)
	c.Res, c.Err = Wilcoxon(c.X, c.Y)
}

// TestName names the test a comparison is decided by, as a statistic
// says it.
func (c *Comparison) TestName() string {
	if c.Unpaired {
		return "Mann–Whitney U"
	}
	return "Wilcoxon signed-rank"
}

// Significant reports whether the Holm-adjusted p is below Alpha.
func (c *Comparison) Significant() bool { return c.Err == nil && c.PAdj < Alpha }

// Held reports whether the comparison supports its direction at Alpha
// after Holm (see Comparison for the rule).
func (c *Comparison) Held() bool {
	if c.Err != nil || c.N == 0 {
		return false
	}
	switch c.Want {
	case Lower:
		return c.Significant() && c.Res.Effect < 0
	case Higher:
		return c.Significant() && c.Res.Effect > 0
	}
	return !(c.Significant() && c.Res.Effect > 0)
}

// Reversed reports whether the data support the opposite of a directional
// claim at Alpha after Holm.
func (c *Comparison) Reversed() bool {
	switch c.Want {
	case Lower:
		return c.Significant() && c.Res.Effect > 0
	case Higher:
		return c.Significant() && c.Res.Effect < 0
	}
	return false
}

// Test runs every comparison of one Holm family and adjusts their p-values
// together. Comparisons that could not be run (no pairs) keep a NaN p and
// do not count towards the family size.
func Test(family ...*Comparison) {
	p := make([]float64, len(family))
	for i, c := range family {
		c.test()
		p[i] = math.NaN()
		if c.Err == nil {
			p[i] = c.Res.P
		}
	}
	for i, a := range Holm(p) {
		family[i].PAdj = a
	}
}

// Verdict sums up the comparisons of one claims-table row: it holds when
// every comparison holds.
type Verdict struct {
	N, HeldN int
	// Decisive is the comparison a reader should see: the first failing
	// one, else the directional one closest to significance, else the
	// first. Nil when there is none.
	Decisive *Comparison
	// All are the row's comparisons, in order (for the ledger's results).
	All []*Comparison
}

// Decide returns the verdict of the comparisons of one row.
func Decide(cs []*Comparison) Verdict {
	v := Verdict{N: len(cs), All: cs}
	// A failing comparison is shown first; among passing ones the
	// directional one with the largest adjusted p, since a large p of a
	// "≤" comparison is not a weakness.
	score := func(c *Comparison) float64 {
		switch {
		case !c.Held():
			return 3
		case c.Want != NotHigher:
			return 1 + c.PAdj
		}
		return 0
	}
	for _, c := range cs {
		if c.Held() {
			v.HeldN++
		}
		if v.Decisive == nil || score(c) > score(v.Decisive) {
			v.Decisive = c
		}
	}
	return v
}

// Held reports whether the row holds: at least one comparison, all held.
func (v Verdict) Held() bool { return v.N > 0 && v.HeldN == v.N }

// Status is "held", "partly held (k/n)", "not held" or "not checked".
func (v Verdict) Status() string {
	switch {
	case v.N == 0:
		return "not checked"
	case v.Held():
		return "held"
	case v.HeldN > 0:
		return fmt.Sprintf("partly held (%d/%d)", v.HeldN, v.N)
	}
	return "not held"
}

// Difference is the paired mean difference A − B with its 95% t-interval,
// the statistic of the equivalence and non-inferiority tests.
type Difference struct {
	N               int
	Mean, Low, High float64
	SE              float64 // standard error of Mean, NaN with fewer than two pairs
	WilcoxonP       float64 // two-sided p of the same pairs, NaN when it could not be run
}

// PairedDifference summarises x − y (paired by position).
func PairedDifference(x, y []float64) Difference {
	n := min(len(x), len(y))
	d := make([]float64, n)
	for i := range d {
		d[i] = x[i] - y[i]
	}
	s := Summarize(d)
	out := Difference{N: n, Mean: s.Mean, Low: s.CILow, High: s.CIHigh, SE: math.NaN(), WilcoxonP: math.NaN()}
	if n >= 2 {
		out.SE = s.SD / math.Sqrt(float64(n))
	}
	if wr, err := Wilcoxon(x[:n], y[:n]); err == nil {
		out.WilcoxonP = wr.P
	}
	return out
}

// Equivalent reports whether the 95% CI of A − B lies within ±margin: two
// one-sided tests (TOST) at α = 0.025 per side, stricter than the usual 90%
// interval. Fewer than two pairs never hold.
func (d Difference) Equivalent(margin float64) bool {
	return d.N >= 2 && d.Low >= -margin && d.High <= margin
}

// NonInferior reports whether A is not worse than B by more than margin on
// a lower-is-better metric: the upper limit of the 95% CI of A − B lies
// below +margin, a one-sided test at 2.5%. Fewer than two pairs never hold.
func (d Difference) NonInferior(margin float64) bool {
	return d.N >= 2 && d.High <= margin
}

// NonInferiorP is the one-sided p of the paired t-test of "A is worse
// than B by margin or more" (mean of A − B at least margin): below Alpha/2
// exactly when the 95% interval's upper limit is below margin, so the
// non-inferiority claims of one family can be Holm-adjusted together as
// the ordering claims are. NaN with fewer than two pairs.
func (d Difference) NonInferiorP(margin float64) float64 {
	switch {
	case d.N < 2 || math.IsNaN(d.SE) || math.IsNaN(d.Mean):
		return math.NaN()
	case d.SE == 0: // every difference the same
		if d.Mean < margin {
			return 0
		}
		return 1
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(d.N - 1)}.CDF((d.Mean - margin) / d.SE)
}

func mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}
