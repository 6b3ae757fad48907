package timeshare

// SPN (shortest process next): when the CPU frees, the waiting job with the
// shortest run time runs to completion; ties by arrival order. Run times are
// the trace's actual ones, as in Shah et al. (a clairvoyant SPN).
func init() {
	Register("spn", Info{Family: "non-preemptive", New: func(Params) Scheduler {
		return nonPreemptive{key: func(j *Job) float64 { return j.Run }}
	}})
}
