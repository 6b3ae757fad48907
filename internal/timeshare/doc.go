// Package timeshare simulates the master/slave time-sharing platform of
// Shah et al. 2012 ("Agent based Prioritized Dynamic Round Robin", the
// roundrobin experiment of SPEC.md): a master deals trace jobs round-robin to
// P single-CPU slaves and every slave runs the same local scheduler.
//
// It sits beside internal/sim in the pipeline: generators/trace supplies the
// jobs (the CLI converts trace.Job to this package's small Job), this package
// produces one Outcome per job, metrics.go reduces outcomes to the six
// figures the paper plots (and the makespan), and output.go renders the per-job CSV and the
// summary (the only file that touches io). It imports nothing else of ours.
//
// Conventions, shared by every algorithm:
//
//   - Dealing: the i-th valid job (Run >= 0, in input order, i from 0) goes to
//     slave i mod P. Jobs with Run < 0 are not dealt and have Slave -1.
//   - Arrival order on a slave is (Submit, input order). A job can be chosen
//     only once Submit <= now. An idle CPU waits for the next arrival.
//   - No context-switch cost; a slice is one dispatch of one job to the CPU
//     (a non-preemptive job is one slice; a zero-run job is one slice of
//     length 0 that starts and ends at the same instant).
//   - Non-preemptive schedulers (FCFS, SPN, LJF, P) choose, when the CPU
//     frees, among the arrived jobs: earliest arrival, shortest run, longest
//     run, smallest Priority value; ties by arrival order.
//   - RR runs slices of min(quantum, remaining) from a FIFO queue; a job
//     preempted at time t goes to the tail after every job with Submit <= t.
//   - PLRR and APDRR are described in plrr.go and apdrr.go; priorities come
//     from PriorityRule.
//
// Slaves are independent once dealt, so each one is simulated on its own
// (RunSlave); the core is deterministic and goroutine-free, and a caller may
// run slaves in parallel because their outputs are disjoint.
//
// Quantum slicing does not push an event per slice: queues are ring buffers
// (a few ns per slice) and whole rounds are jumped when no job can finish
// and no job can arrive inside them (rrengine.go, apdrr.go).
package timeshare
