package timeshare

// P (non-preemptive priority): when the CPU frees, the waiting job with the
// smallest Priority value runs to completion; ties by arrival order, so with
// one level P is FCFS, as the paper notes.
func init() {
	Register("p", Info{Family: "non-preemptive", New: func(Params) Scheduler {
		return nonPreemptive{key: func(j *Job) float64 { return float64(j.Priority) }}
	}})
}
