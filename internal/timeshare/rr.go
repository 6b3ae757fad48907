package timeshare

// RR (round robin): one FIFO queue, slices of min(quantum, remaining),
// quantum Params.Quantum (default 50 s, the paper's); a job preempted at time
// t goes to the tail after every job that arrived at or before t.
func init() {
	Register("rr", Info{Family: "round-robin", New: func(p Params) Scheduler {
		return levelRR{quantum: p.quantum(), levels: 1, level: func(*Job) int { return 0 }}
	}})
}
