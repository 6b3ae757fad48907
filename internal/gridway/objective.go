package gridway

import "math"

// Objective is how many of an experiment's unscheduled jobs should go to
// each infrastructure.
type Objective struct {
	Int, Ext int
}

// DefaultObjective is the paper's default: half and half. The odd job
// goes internal: the objective exists to raise the internal throughput, and
// rounding it external would leave a last lone job waiting for a saturated
// external grid.
func DefaultObjective(unscheduled int) Objective {
	return Objective{Int: unscheduled - unscheduled/2, Ext: unscheduled / 2}
}

// Line is Hockney and Jesshope's characterisation n(t) = RInf·t − n½ of
// completed tasks against time; Intercept is −n½, the value the paper's
// getN_1_2() returns.
type Line struct {
	RInf      float64
	Intercept float64
}

// FitLine fits n(t) to completion times ts (ascending), the k-th
// completion being the point (ts[k], k+1), as Hockney and Jesshope obtain
// r∞ and n½: by least squares of time on count, t(n) = (n + n½)/r∞. It
// fails when fewer than two points or all times are equal.
func FitLine(ts []float64) (Line, bool) {
	a, b, ok := leastSquares(len(ts), func(i int) (float64, float64) { return float64(i + 1), ts[i] })
	if !ok || !(a > 0) {
		return Line{}, false
	}
	// t = a·n + b, so n = t/a − b/a.
	return Line{RInf: 1 / a, Intercept: -b / a}, true
}

// FitCountOnTime fits n(t) by least squares of the count on time (the
// other reading, Alternatives.CountOnTime). It fails like FitLine.
func FitCountOnTime(ts []float64) (Line, bool) {
	a, b, ok := leastSquares(len(ts), func(i int) (float64, float64) { return ts[i], float64(i + 1) })
	if !ok {
		return Line{}, false
	}
	return Line{RInf: a, Intercept: b}, true
}

// leastSquares fits y = a·x + b to the n points xy(0) … xy(n−1). It fails
// with fewer than two points or when every x is the same.
func leastSquares(n int, xy func(int) (x, y float64)) (a, b float64, ok bool) {
	if n < 2 {
		return 0, 0, false
	}
	var mx, my float64
	for i := 0; i < n; i++ {
		x, y := xy(i)
		mx += x
		my += y
	}
	mx /= float64(n)
	my /= float64(n)
	var sxy, sxx float64
	for i := 0; i < n; i++ {
		x, y := xy(i)
		sxy += (x - mx) * (y - my)
		sxx += (x - mx) * (x - mx)
	}
	if !(sxx > 0) {
		return 0, 0, false
	}
	a = sxy / sxx
	return a, my - a*mx, true
}

// lineFit returns the experiment's line fit: its configuration's, or
// FitLine for an experiment built outside a simulation.
func (e *Exp) lineFit() func([]float64) (Line, bool) {
	if e.fit == nil {
		return FitLine
	}
	return e.fit
}

// fitter returns the line fit of a configuration's reading.
func fitter(alt Alternatives) func([]float64) (Line, bool) {
	if alt.CountOnTime {
		return FitCountOnTime
	}
	return FitLine
}

// ComputeObjective is lines 4–22 of Algorithm 1: from the lines of the
// internal and external infrastructures, the time X the federation needs
// for the unscheduled jobs, and the share internal resources complete in
// X. It fails (and the caller uses the default) where the algorithm falls
// back to defaultPrediction().
func ComputeObjective(unscheduled int, in, ex Line) (Objective, bool) {
	if in.RInf < 0 || in.Intercept > 0 {
		return Objective{}, false
	}
	if ex.RInf <= 0 || ex.Intercept >= 0 {
		return Objective{}, false
	}
	u := float64(unscheduled)
	rFG := in.RInf + ex.RInf
	nFG := math.Abs(in.Intercept) + math.Abs(ex.Intercept)
	x := (u + nFG) / rFG
	ni := in.RInf*x + in.Intercept
	// The pseudo-code does not say how a fractional number of jobs is
	// rounded or what a negative one means: we round to nearest and clamp
	// at zero.
	ni = math.Round(ni)
	if ni > u {
		ni = u
	}
	if ni < 0 {
		ni = 0
	}
	return Objective{Int: int(ni), Ext: unscheduled - int(ni)}, true
}

// updateObjective is Algorithm 1 for one experiment.
func updateObjective(e *Exp) {
	u := len(e.unsched)
	if u < 1 {
		return
	}
	e.Obj = DefaultObjective(u)
	if len(e.Completed[Internal]) < e.minIn || len(e.Completed[External]) < e.minEx {
		return
	}
	in, ok1 := e.runFit(Internal)
	ex, ok2 := e.runFit(External)
	if !ok1 || !ok2 {
		return
	}
	if o, ok := ComputeObjective(u, in, ex); ok {
		e.Obj = o
		e.Fitted++
	}
}

// runFit is the line fit of the completions on i so far, fitted again only
// when there are new ones.
func (e *Exp) runFit(i Infra) (Line, bool) {
	f := &e.fits[i]
	if n := len(e.Completed[i]); f.n != n {
		f.n = n
		f.line, f.ok = e.lineFit()(e.Completed[i])
	}
	return f.line, f.ok
}

// TrainObjectives derives SO's static objectives from a finished training
// run (Normal): per experiment, one line per infrastructure over all of its
// completions, fitted as the run's configuration says, and Algorithm 1's
// split of the whole experiment. An experiment whose lines cannot be used
// gets the default.
func TrainObjectives(r *Result) []Objective {
	out := make([]Objective, len(r.Exps))
	for i, e := range r.Exps {
		out[i] = DefaultObjective(e.Jobs)
		in, ok1 := e.lineFit()(e.Completed[Internal])
		ex, ok2 := e.lineFit()(e.Completed[External])
		if !ok1 || !ok2 {
			continue
		}
		if o, ok := ComputeObjective(e.Jobs, in, ex); ok {
			out[i] = o
		}
	}
	return out
}

// TrainStretched is TrainObjectives on the run with experiment i's
// external completion times multiplied by k[i]: what Algorithm 1 would
// have trained had the run's external jobs completed at another pace.
func TrainStretched(r *Result, k []float64) []Objective {
	c := *r
	c.Exps = make([]*Exp, len(r.Exps))
	for i, e := range r.Exps {
		x := *e
		x.Completed[External] = make([]float64, len(e.Completed[External]))
		for j, t := range e.Completed[External] {
			x.Completed[External][j] = t * k[i]
		}
		c.Exps[i] = &x
	}
	return TrainObjectives(&c)
}
