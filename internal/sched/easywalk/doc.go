// Package easywalk is EASY backfilling written as the papers' simulator
// (Alea) runs it: every scheduling pass walks the waiting queue, job by
// job. It makes the same decisions as internal/sched/easy — the same rule
// (see that package's comment), the same machine order, the same
// reservation — and a test proves that the two give identical schedules on
// random workloads; only the cost differs.
//
// internal/sched/easy never walks the queue (a segment tree jumps to the
// next job that can start), so its cost barely grows with the queue and the
// deadline study's claim (c), "backfilling's runtime grows with the queue",
// cannot be tested on it. The deadline experiment times this one for its
// Figure 5 and claim (c) and uses the fast one for everything else.
//
// Cost of a pass: the heads that start, then the reservation (each large
// enough machine's running jobs, sorted by estimated end), then every
// waiting job behind the head, each examined once — O(queue + running ×
// log running) per pass. The work counter counts queued jobs examined and
// running jobs read. A waiting job wider than every machine's free CPUs is
// passed over after one comparison, as a walking implementation would.
//
// It registers itself as "easywalk" in internal/sched.
package easywalk
