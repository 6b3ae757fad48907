package timeshare

// FCFS (first come, first served): when the CPU frees, the earliest-arrived
// waiting job runs to completion.
func init() {
	Register("fcfs", Info{Family: "non-preemptive", New: func(Params) Scheduler {
		// Every index has key 0, so the heap's index tie-break is arrival order.
		return nonPreemptive{key: func(*Job) float64 { return 0 }}
	}})
}
