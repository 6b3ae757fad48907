package flex

import (
	"fmt"
	"math"

	"github.com/gridbench/gridbench/internal/sim"
)

// Params are the heuristics' parameters, named as in Baraglia et al. 2008.
type Params struct {
	AgeFactor  float64 // Aging: priority gained per second waited
	K          float64 // Deadline: t_J = Deadline_J − K·Nxtime_J
	Max        float64 // Deadline: score when the estimated end reaches the deadline
	Min        float64 // Deadline: score far from the deadline, past it, or without one
	BoostValue float64 // Wait Minimization: score of the queue's shortest job

	// FloatingReservation moves the reservation at every pass to the
	// highest-priority job that cannot start. False (the papers' reading)
	// keeps it on the job that received it until that job starts.
	FloatingReservation bool
}

// DefaultParams returns the papers' hand-tuned values: agefactor 0.01,
// k 2.0, max 20, min 0.1, boostvalue 2.0, reservation maintained.
func DefaultParams() Params {
	return Params{AgeFactor: 0.01, K: 2, Max: 20, Min: 0.1, BoostValue: 2}
}

// Validate reports the first unusable parameter: all must be finite, K
// positive and Max no smaller than Min.
func (p Params) Validate() error {
	for _, f := range []struct {
		name string
		v    float64
	}{{"AgeFactor", p.AgeFactor}, {"K", p.K}, {"Max", p.Max}, {"Min", p.Min}, {"BoostValue", p.BoostValue}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return fmt.Errorf("flex: %s %g is not a finite number", f.name, f.v)
		}
	}
	if !(p.K > 0) {
		return fmt.Errorf("flex: K %g must be positive", p.K)
	}
	if p.Max < p.Min {
		return fmt.Errorf("flex: Max %g is below Min %g", p.Max, p.Min)
	}
	return nil
}

// Aging is the Aging score of job j at time now: AgeFactor · (now − Submit).
func (p Params) Aging(j *sim.Job, now float64) float64 {
	return p.AgeFactor * (now - j.Submit)
}

// Deadline is the Deadline score of job j at time now when its estimated
// run time on the fastest suitable machine is nxtime (see the package
// comment): Min far from, past or without a deadline, rising linearly to
// Max as the estimated end approaches the deadline.
func (p Params) Deadline(j *sim.Job, now, nxtime float64) float64 {
	if !j.HasDeadline {
		return p.Min
	}
	extime := now + nxtime
	t := j.Deadline - p.K*nxtime
	if extime <= t || extime > j.Deadline {
		return p.Min
	}
	// t < extime <= Deadline, so Deadline − t > 0.
	a := (p.Max - p.Min) / (j.Deadline - t)
	return a*(extime-t) + p.Min
}

// WaitMinimization is the Wait Minimization score of job j when minext is
// the smallest estimate in the queue: BoostValue · minext / Estimated, with
// a zero estimate (necessarily the minimum) scoring BoostValue. The ratio
// is taken first so that the shortest jobs score exactly BoostValue.
func (p Params) WaitMinimization(j *sim.Job, minext float64) float64 {
	est := j.Est()
	if est == 0 {
		return p.BoostValue
	}
	return p.BoostValue * (minext / est)
}

// Priority is P(J) = Aging + Deadline + Wait Minimization.
func (p Params) Priority(j *sim.Job, now, nxtime, minext float64) float64 {
	return p.Aging(j, now) + p.Deadline(j, now, nxtime) + p.WaitMinimization(j, minext)
}
