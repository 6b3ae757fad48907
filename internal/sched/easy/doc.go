// Package easy is EASY backfilling (Lifka 1995; Mu'alem and Feitelson 2001):
// FCFS in which only the queue head holds a reservation and later jobs may
// jump ahead when they cannot delay it.
//
// Rule, for each scheduling pass:
//
//  1. Queue heads start, in arrival order, on the fastest machine with
//     enough free CPUs, while they fit.
//  2. The first job that fits nowhere (the head) gets a reservation. On each
//     machine large enough for it, its shadow time is the earliest time at
//     which the running jobs' estimated ends free enough CPUs; a job past
//     its estimate counts as ending now. The reservation is on the machine
//     with the earliest shadow time (ties: fastest, then lowest index). The
//     spare CPUs are the CPUs free there at the shadow time minus the head's.
//  3. Every later job, in queue order, starts now on the first machine,
//     fastest first, on which it fits and — if that is the reserved machine
//     — it either ends by estimate no later than the shadow time or uses no
//     more than the spare CPUs, which it then consumes.
//
// On a single machine this is exactly the classic EASY rule.
//
// Cost. A long queue behind a blocked head is the normal case on busy
// traces, so a pass never walks it: waiting jobs sit in a segment tree by
// arrival rank holding their CPUs and estimates, and the pass jumps straight
// to the next job that can start (fits another machine, fits the spare CPUs,
// or fits and ends by the shadow time). The shadow time and the spare CPUs
// come from the running jobs of each machine kept in estimated-end order in
// blocks of at most 128 with their CPU sums (Ends): a scan of the block sums
// and of one block instead of a walk over the running jobs. A pass
// therefore costs O((started + 1) log n) tree steps and block scans;
// the work counter counts queued jobs examined and the running jobs that
// free CPUs by the shadow time (those a walk in end order would read, so
// the count is the same as when EASY walked them).
//
// It registers itself as "easy" in internal/sched.
package easy
