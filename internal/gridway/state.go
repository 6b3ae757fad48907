package gridway

import "math"

// Exp is one user's experiment: its objective, its job states over time and
// what happened to its jobs.
type Exp struct {
	User   int
	Submit float64 // seconds from the trace start
	Jobs   int
	Obj    Objective // current objective (SO, DO and the AS variants)

	// Completed holds, per infrastructure, the completion times of the
	// experiment's jobs in seconds since Submit, ascending: the samples of
	// Algorithm 1.
	Completed [2][]float64
	// Done is the absolute time the last job's output arrived; NaN until then.
	Done       float64
	Dispatches [2]int // dispatches per infrastructure, migrations included
	Migrations int    // jobs cancelled by the suspension timeout and rescheduled
	Fitted     int    // DO: objective updates that used the fitted lines

	// LCGQueuedAtSubmit and LCGFreeAtSubmit describe the LCG testbed when the
	// experiment arrives: the saturation level it meets.
	LCGQueuedAtSubmit int
	LCGFreeAtSubmit   int

	// States is the experiment's job-state history, one point per instant
	// at which a count changed.
	States []StatePoint

	pending               int
	queued, running, done [2]int
	unsched               []int32
	minIn, minEx          int
	fit                   func([]float64) (Line, bool) // Algorithm 1's line fit
	static                Objective                    // SO-AS's trained objective (Alternatives.StaticAS)

	// fits caches the last line fitted per infrastructure during the run:
	// Completed only grows, so a fit of as many samples is the same fit
	// (DO refits every 30 s, often with no new completion).
	fits [2]struct {
		n    int
		line Line
		ok   bool
	}
}

// StatePoint counts an experiment's jobs at one instant (T, seconds since
// submission). Pending jobs wait in the DSA GridWay; queued ones were
// dispatched to an infrastructure and have not started (staging, GridGateWay,
// local queue); running ones hold a PE or are returning their output.
type StatePoint struct {
	T       float64
	Pending int
	Queued  [2]int
	Running [2]int
	Done    [2]int
}

// Makespan returns the experiment's completion time: from submission to
// the arrival of its last output; NaN if it did not finish.
func (e *Exp) Makespan() float64 {
	if math.IsNaN(e.Done) {
		return math.NaN()
	}
	return e.Done - e.Submit
}

// JobsOn returns how many of the experiment's jobs ran to completion on i.
func (e *Exp) JobsOn(i Infra) int { return len(e.Completed[i]) }

func (e *Exp) record(now float64) {
	p := StatePoint{T: now - e.Submit, Pending: e.pending, Queued: e.queued, Running: e.running, Done: e.done}
	if n := len(e.States); n > 0 && e.States[n-1].T == p.T {
		e.States[n-1] = p
		return
	}
	e.States = append(e.States, p)
}

// At returns the state at time t since submission (the last point at or
// before t; all pending before the first point).
func (e *Exp) At(t float64) StatePoint {
	lo, hi := 0, len(e.States)
	for lo < hi {
		m := (lo + hi) / 2
		if e.States[m].T <= t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return StatePoint{T: t, Pending: e.Jobs}
	}
	p := e.States[lo-1]
	p.T = t
	return p
}

// Result is what one simulation produced.
type Result struct {
	Policy string
	Exps   []*Exp
	End    float64 // simulated time at which the last experiment finished
	Events int64   // events processed since the simulation (or its snapshot) began
}
