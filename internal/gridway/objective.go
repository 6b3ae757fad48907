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

// FitLine fits n(t) by least squares to completion times ts (ascending),
// the k-th completion being the point (ts[k], k+1). It fails when fewer than
// two points or all times are equal.
func FitLine(ts []float64) (Line, bool) {
	n := float64(len(ts))
	if len(ts) < 2 {
		return Line{}, false
	}
	var mx, my float64
	for i, t := range ts {
		mx += t
		my += float64(i + 1)
	}
	mx /= n
	my /= n
	var sxy, sxx float64
	for i, t := range ts {
		dx := t - mx
		sxy += dx * (float64(i+1) - my)
		sxx += dx * dx
	}
	if !(sxx > 0) {
		return Line{}, false
	}
	a := sxy / sxx
	return Line{RInf: a, Intercept: my - a*mx}, true
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
	in, ok1 := FitLine(e.Completed[Internal])
	ex, ok2 := FitLine(e.Completed[External])
	if !ok1 || !ok2 {
		return
	}
	if o, ok := ComputeObjective(u, in, ex); ok {
		e.Obj = o
		e.Fitted++
	}
}

// TrainObjectives derives SO's static objectives from a finished training
// run (Normal): per experiment, one line per infrastructure over all of its
// completions, and Algorithm 1's split of the whole experiment. An
// experiment whose lines cannot be used gets the default.
func TrainObjectives(r *Result) []Objective {
	out := make([]Objective, len(r.Exps))
	for i, e := range r.Exps {
		out[i] = DefaultObjective(e.Jobs)
		in, ok1 := FitLine(e.Completed[Internal])
		ex, ok2 := FitLine(e.Completed[External])
		if !ok1 || !ok2 {
			continue
		}
		if o, ok := ComputeObjective(e.Jobs, in, ex); ok {
			out[i] = o
		}
	}
	return out
}
