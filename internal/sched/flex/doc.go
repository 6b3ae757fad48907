// Package flex is Flexible backfilling (Techiouba, Capannini, Baraglia et
// al. 2008) as Klusáček, Rudová, Baraglia et al. (2008) ran it in the
// `deadline` experiment: EASY backfilling over a queue ordered by a
// priority instead of by arrival. It sits beside internal/sched/fcfs and
// internal/sched/easy behind sim.Scheduler and registers itself as "flex"
// in internal/sched with DefaultParams.
//
// Priority. At the start of every scheduling pass each waiting job J gets
//
//	P(J) = Aging + Deadline + Wait Minimization
//	Aging            = agefactor · (Now − Submit_J)
//	Deadline         = Min                        if Extime_J ≤ t_J
//	                   a·(Extime_J − t_J) + Min   if t_J < Extime_J ≤ Deadline_J
//	                   Min                        if Extime_J > Deadline_J
//	Wait Minimization = boostvalue · minext / Estimated_J
//
// with Nxtime_J the estimated run time on the fastest suitable machine,
// Extime_J = Now + Nxtime_J, t_J = Deadline_J − k·Nxtime_J, a the slope of
// the line through (t_J, Min) and (Deadline_J, Max), and minext the
// smallest Estimated over the queue (Baraglia et al. 2008, section 3.1;
// parameters agefactor 0.01, k 2.0, Max 20, Min 0.1, boostvalue 2.0).
//
// Pass. The queue is sorted by decreasing priority (ties: arrival order),
// with the job holding the reservation first (see Interpretations). Then
// EASY's rule runs over that order, exactly as internal/sched/easy states
// it for the arrival order: jobs start on the fastest machine with enough
// free CPUs while they fit; the first that fits nowhere (the head) gets a
// reservation from easy.Ends.Reserve (machine with the earliest shadow time,
// machines tried fastest first); every later job starts on the first
// machine, fastest first, where it fits and, on the reserved machine, ends
// by estimate no later than the shadow time or uses only spare CPUs.
//
// Cost. The rule is stated over the whole queue sorted by priority, and the
// work counter counts as that walk does: one step per priority, one per
// queued job the walk examines, and the running jobs easy.Ends.Reserve
// counts — the papers' growth with queue length. The pass itself avoids the
// sort (a twin test checks the same starts and the same count): starts
// only take CPUs away, so only jobs fitting the largest free CPU count can
// start, and they leave a heap in order; of the wider jobs only the first
// in order matters, found by a scan. When the holder is blocked again —
// the usual pass on a busy system — no priority is computed but for the
// jobs that could backfill: fitting another machine, or the reserved one
// within the spare CPUs or by the shadow time. Those leave a heap in order
// and, after each start, the ones that can no longer start are dropped.
// With no free CPU and a holder, a pass costs O(1). A job's priority
// with its Deadline score at Min (no deadline, or not on its ramp) does
// not rise with its submit time nor with its estimate, step by
// floating-point step (AgeFactor and BoostValue not negative), so those
// jobs are kept in a segment tree over arrival ranks whose nodes hold
// their smallest CPU count and their smallest and largest submit time and
// estimate: the priority of the smallest pair bounds a node's priorities
// from above, exactly, and that of the largest from below. The jobs on or
// near their deadline ramp — each job is before it, on it, then past it,
// for good — are kept apart on a side list, ranked at every pass. The
// first job in order that can start, in the starting phase or behind a
// blocked head, is the best of the side list and of a branch-and-bound
// descent of the tree that skips the nodes unable to hold a job that fits
// or that comes before the best found so far; the jobs the walk counts
// before the last start are counted by whole nodes and over the side list
// (Flex.bounded, rankTree, Flex.ramps). minext is the smaller of the tree
// root's smallest estimate and the side list's.
//
// # Interpretations
//
// Where the papers are silent or ambiguous, this package reads them so:
//
//   - Suitable machines. "To select the set of machines we considered only
//     the number of available processors": a machine is suitable for J when
//     it has at least Req_J CPUs in total (free or not), so a priority does
//     not depend on which jobs happen to be running. Nxtime_J is J's
//     estimate scaled to the fastest suitable machine (the paper's
//     "optimistic prediction"), i.e. sim.State.EstDuration there; ties
//     between equally fast machines do not matter.
//   - Jobs without a deadline get Min from the Deadline heuristic, the
//     limit of a deadline infinitely far away.
//   - At Extime_J = Deadline_J the Deadline score is Max. When k·Nxtime_J
//     is zero (a zero estimate) the middle case is empty and the score is
//     Min, so the slope is never divided by zero.
//   - Estimated_J is the estimate at the reference speed (sim.Job.Est) and
//     minext its minimum over the jobs waiting at the start of the pass,
//     the job itself included. A zero estimate scores boostvalue (it is
//     the minimum; 0/0 is read as 1).
//   - "Recomputed at every submission and completion". The simulator gives
//     the scheduler one pass per instant, after all completions and
//     submissions of that instant, and only at such instants; priorities
//     are computed once at the start of every pass with wallclock = Now
//     and are not updated while the pass starts jobs (the paper sorts the
//     queue, then "the backfilling procedure starts").
//   - "The reservation for the first queued job is maintained through
//     events". The job that received the reservation keeps it — it stays
//     first in the queue whatever the new priorities — until it starts.
//     Its machine, shadow time and spare CPUs are recomputed at every pass
//     as EASY does (with exact estimates they never move later, since
//     backfilled jobs cannot delay it). Params.FloatingReservation gives the
//     other reading: each pass reserves for the highest-priority job that
//     cannot start.
//   - Equal priorities keep arrival order (submit time, then input order),
//     so a run is deterministic. The priority does not choose the machine:
//     "each job is scheduled on the first most powerful available machine".
package flex
