package timeshare

// LJF (longest job first): when the CPU frees, the waiting job with the
// longest run time runs to completion; ties by arrival order.
func init() {
	Register("ljf", Info{Family: "non-preemptive", New: func(Params) Scheduler {
		return nonPreemptive{key: func(j *Job) float64 { return -j.Run }}
	}})
}
