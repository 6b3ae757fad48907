package timeshare

import "math"

// BoundedSlowdownTau is the run-time floor τ of the bounded slowdown, in
// seconds: jobs shorter than τ count as τ long, so a 1 s job that waited a
// minute does not dominate the average.
const BoundedSlowdownTau = 10

// Metrics are the six figures of Shah et al. 2012 (Figures 4-9) over the
// dealt jobs (Run >= 0). For a job j with submit s_j, run r_j, first start
// f_j and end e_j:
//
//   - AvgWaiting: mean of e_j - s_j - r_j, the time in the system not spent
//     on the CPU (with time sharing it includes waits between slices).
//   - AvgTurnaround: mean of e_j - s_j.
//   - AvgResponse: mean of f_j - s_j, the wait for the first slice.
//   - AvgBoundedSlowdown: mean of max(1, (e_j - s_j) / max(r_j, τ)) with
//     τ = BoundedSlowdownTau = 10 s.
//   - TotalCompletion: max_j e_j - min_j s_j, from the first submission to
//     the last completion over all slaves (the makespan of the workload).
//   - MaxStretch: max of (e_j - s_j) / r_j over jobs with r_j > 0 (a zero-run
//     job has no defined stretch); 0 when there is none.
//
// All are 0 for an empty workload.
type Metrics struct {
	Jobs               int
	AvgWaiting         float64
	AvgTurnaround      float64
	AvgResponse        float64
	AvgBoundedSlowdown float64
	TotalCompletion    float64
	MaxStretch         float64
}

// Summarize computes Metrics from jobs and their outcomes (parallel slices),
// skipping jobs with Slave < 0. Sums are accumulated in input order.
func Summarize(jobs []Job, out []Outcome) Metrics {
	var m Metrics
	var wait, turn, resp, bsd float64
	first, last := math.Inf(1), math.Inf(-1)
	for i := range jobs {
		if out[i].Slave < 0 {
			continue
		}
		j, o := &jobs[i], &out[i]
		m.Jobs++
		ta := o.End - j.Submit
		turn += ta
		wait += ta - j.Run
		resp += o.FirstStart - j.Submit
		bsd += max(1, ta/max(j.Run, BoundedSlowdownTau))
		first = min(first, j.Submit)
		last = max(last, o.End)
		if j.Run > 0 {
			m.MaxStretch = max(m.MaxStretch, ta/j.Run)
		}
	}
	if m.Jobs == 0 {
		return m
	}
	n := float64(m.Jobs)
	m.AvgWaiting = wait / n
	m.AvgTurnaround = turn / n
	m.AvgResponse = resp / n
	m.AvgBoundedSlowdown = bsd / n
	m.TotalCompletion = last - first
	return m
}
