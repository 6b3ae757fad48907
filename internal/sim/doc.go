// Package sim is the discrete-event simulator core of gridbench: jobs
// arrive on a platform of space-shared machines, a Scheduler decides which
// waiting job starts when and where, and every job's start, end and machine
// are recorded.
//
// It sits below the algorithm families (internal/sched/...) and above
// nothing of ours: generators turn traces and synthetic workloads into
// []Job, the runner (bench/) drives Sim and times Decide, and the results
// layer turns Records into metrics. The core is a pure state machine on
// logical time, like go.etcd.io/raft's RawNode: no I/O, no goroutines, no
// wall clock, no random numbers.
//
// Model. A machine has CPUs of one speed. A job holds Job.CPUs CPUs of one
// machine from start to end, without preemption; its duration on machine m
// is Run × RefSpeed / Speed(m). Estimates scale the same way.
//
// Time. Job ends are events ordered by (time, start sequence); arrivals are
// ordered by (submit time, input order). At one instant the simulator first
// retires every job ending then, then queues every job arriving then, then
// gives the scheduler one decision (callbacks and a Schedule pass). Nothing
// happens between instants, so a job can only start at an instant at which
// some job arrives or ends. Options{Order: PerEvent} gives instead the
// order of the pyss simulator (one pass per arrival, then one per end;
// see EventOrder), which the backfilling study uses to run as its
// published schedules were made; no other caller sets it.
//
// Schedulers. See Scheduler for the contract shared by queue-based
// (FCFS, EASY, Flexible backfilling) and schedule-based (EG-EDF, Tabu)
// algorithms, and Counter for the deterministic work count each reports.
package sim
