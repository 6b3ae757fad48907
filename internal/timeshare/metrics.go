package timeshare

import (
	"math"
	"slices"
)

// BoundedSlowdownTau is the run-time floor τ of the bounded slowdown, in
// seconds: jobs shorter than τ count as τ long, so a 1 s job that waited a
// minute does not dominate the average.
const BoundedSlowdownTau = 10

// Metrics are the six figures of Shah et al. 2012 (Figures 4-9) and the
// makespan over the dealt jobs (Run >= 0). For a job j on slave k_j with
// submit s_j, run r_j, first start f_j and end e_j, and s_0 = min_j s_j the
// workload's first submission:
//
//   - AvgWaiting: mean of e_j - s_j - r_j, the time in the system not spent
//     on the CPU (with time sharing it includes waits between slices).
//   - AvgTurnaround: mean of e_j - s_j.
//   - AvgResponse: mean of f_j - s_j, the wait for the first slice.
//   - AvgBoundedSlowdown: mean of max(1, (e_j - s_j) / max(r_j, τ)) with
//     τ = BoundedSlowdownTau = 10 s.
//   - TotalCompletion: max over slaves k of the sum over k's jobs of
//     e_j - s_0. Section 3.1 step 9 takes "the maximum values, out of all
//     the maximal values for the total completion times" of the slaves; a
//     slave's total completion time is the sum of its jobs' completion
//     times, counted from the start of the workload. It depends on the
//     order of service: one slave, jobs of 10 s and 1 s submitted at 0,
//     gives 10 + 11 = 21 under FCFS and 1 + 11 = 12 under SPN.
//   - Makespan: max_j e_j - s_0, the last completion over all slaves. With
//     fixed dealing and work-conserving local schedulers (every algorithm
//     here) it does not depend on the algorithm, which is why it cannot be
//     the paper's Figure 8, where the algorithms differ.
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
	Makespan           float64
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
	m.Makespan = last - first
	// A second pass because completion times count from s_0, known only
	// now; subtracting n_k * s_0 from a sum of absolute ends would lose
	// digits on traces whose clock starts at a Unix epoch.
	var perSlave []float64
	for i := range jobs {
		k := out[i].Slave
		if k < 0 {
			continue
		}
		if k >= len(perSlave) {
			perSlave = append(perSlave, make([]float64, k+1-len(perSlave))...)
		}
		perSlave[k] += out[i].End - first
	}
	m.TotalCompletion = slices.Max(perSlave)
	return m
}
