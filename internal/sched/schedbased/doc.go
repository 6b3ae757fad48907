// Package schedbased holds the schedule-based schedulers of Klusáček,
// Rudová, Baraglia et al. (2008): EG-EDF (Earliest Gap—Earliest Deadline
// First, Algorithms 1–2) and Tabu search (Algorithms 3–4), behind the
// simulator's sim.Scheduler interface and registered in internal/sched as
// "egedf" and "tabu". The `deadline` experiment runs them beside FCFS,
// EASY and Flexible backfilling.
//
// The core is Plan, a pure data structure on logical time: per machine, the
// running jobs, the paper's linear list of planned jobs with start times,
// and the gaps (the free-CPU profile from now to the machine's makespan,
// as canonical segments). Its operations are incremental: inserting into a
// gap touches only the profile segments it covers; inserting by EDF or
// removing a job re-plans only the list suffix behind the position and the
// profile from that instant; a completion at its planned time changes
// nothing. Scheduler adapts a Plan to the simulator's callbacks.
//
// Every step of the plan (a profile segment examined, a queue position
// examined, a job re-placed, a machine tried, an entry or segment copied by
// a Tabu snapshot) adds one to Plan.Work, which the adapter adds to the
// simulator's work counter: the deterministic twin of wall-clock time per
// decision.
//
// Tabu search does only the work its outcome depends on. A candidate move
// puts the job into a gap, which never moves a makespan, so its objective
// is the plan's after the removal plus one when the job ends on time: the
// removal's effect is computed first without changing the plan
// (whatIfRemove), and when neither possible objective would be accepted
// no machine is tried; when only an on-time move would be, each machine's
// gap search stops at the job's deadline. Each move draws its machine
// order from its own seed (the run's seed, the arrival, the iteration), so
// a move that tries no machine draws nothing and no later move depends on
// it; the order is drawn lazily and stops at the first accepting machine,
// and a move that no machine accepts draws none. The source machine comes
// from a tournament tree over the machines' late queued jobs (sources.go),
// not a scan of every machine. A move that reaches the gap search tests
// only the machines whose first gap wide enough for the job starts early
// enough (gapindex.go): about 7 of 150 per move at a mean inter-arrival
// of 1 s, where the 87 wide enough and fast enough would be tested
// otherwise; the decisions are the same, only the work is smaller.
//
// Most of Tabu search repeats itself (a rejected move leaves the plan as
// it was), and few machines change between two arrivals. Machines and the
// plan carry state stamps, and the repeated parts are memoised with the
// work they counted, which every repeat counts again (memo.go): the
// evaluation of a removal, the machine after it, the gap index's search
// and what each candidate machine gave. Once its tabu list is full, a
// search goes round in circles until its iteration bound: when an
// iteration starts from the exact state of an earlier one of the same run,
// Run skips the whole periods that follow and adds their work (cycle.go).
// EG-EDF's what-if insertion and EDF
// position read per-machine prefixes of the queue (prefix.go) instead of
// scanning it, and still count the scan. The work counter is thus the
// paper's algorithm's, whatever the implementation skips; Plan.direct
// turns the memos and prefixes off, and a lockstep test compares plans
// with and without them, work counter included, after every operation.
//
// A re-plan from the head of a queue (a job ending or starting off plan,
// as nearly every job does with requested estimates) reads only the jobs
// whose times may change: job k keeps its start unread when job k-1 kept
// its own and the plans before and after the change use the same CPUs
// from there to job k's start; the others are placed from the old
// profile, corrected by the difference so far (settle.go); the jobs of a
// run of one shape and old start that fit at a new start move together,
// with one change of their CPUs summed at each instant, and the jobs
// held by the old profile wait for their common end as one. The work
// counted is the full re-placement's, known from the new times. The
// differences and the ends wait in radix heaps (radix.go), as none is
// pushed before the last popped.
//
// Memory is linear in what waits and runs, not in the history: a
// machine's prefixes hold at most 8 × (its jobs) + 64 active-set items
// (tableLimit, prefix.go), its memos at most 2 × (queue + 1) + 16 removal
// answers and 12 removals, none of a state more than twice its size
// (memo.go), and a machine that runs dry drops both.
//
// The tests hold a naive twin: the same schedule kept as plain lists,
// recomputed from scratch after every change, with gap feasibility checked
// by brute force at every breakpoint, and EG-EDF and Tabu run on whole copied
// schedules. A property test (hundreds of seeds) checks that the incremental
// plan equals the naive one after every operation.
//
// # Interpretations
//
// Where the papers are silent or ambiguous, this package reads them so:
//
//   - Machine list rule. A machine's list is ordered by start time; job k
//     starts at the earliest instant no earlier than now and job k-1's start
//     at which enough CPUs are free given the running jobs and jobs 0..k-1.
//     The plan is thus a function of the list order, so "shifting" later
//     jobs (EDF insertion, removal) is a re-computation of the suffix.
//   - Gap. A gap is idle CPU capacity between now and the machine's
//     makespan (the latest planned end). A job fits a gap when it has
//     enough free CPUs over its whole duration and ends no later than the
//     makespan (so, as the paper's footnote says, filling a gap never
//     changes the makespan); idle CPUs after the makespan are the end of the
//     schedule, not a gap. An empty machine has no gaps. A "suitable" gap
//     only needs room; it need not meet the deadline (Algorithm 1 says
//     "suitable", not "on time"). The job is inserted in the list after all
//     jobs starting no later than it, and no other job moves.
//   - EG-EDF follows Algorithm 1 literally: machines in index order; EDF
//     (before the first queued job with a later deadline; jobs without a
//     deadline have deadline +Inf and go after all that have one) is only
//     tried on machines reached before the first gap was found; each
//     candidate is compared with the best so far by Algorithm 2.
//   - EG-EDF tie-break. Algorithm 2 replaces the best only on a strictly
//     positive weight, so when two placements score the same (neither
//     moves the plan's makespan nor the on-time count) the literal reading
//     keeps the first machine in index order, whatever its start time: a
//     job waits behind a busy machine while an idle one would run it at
//     once (three 1-CPU machines busy until 10, busy until 100 and idle: a
//     5 s job is planned at 10 on the first). The papers say that at low
//     load "a newly arrived job is often immediately executed on an
//     available machine", which the literal reading contradicts. So: when
//     neither candidate is accepted over the other, the one that starts
//     the job earlier wins (equal starts: the lower index, i.e. the first
//     found). The deadline report gives both readings' results.
//   - Algorithm 2's criteria are over all jobs of the plan (running and
//     planned): makespan = latest planned end; non-delayed = jobs ending by
//     their deadline, counting jobs without a deadline (n − U of the
//     paper). The "corrections" for a zero makespan or zero non-delayed
//     count: a zero denominator contributes the sign of the change (+1, 0,
//     −1).
//   - Tabu search (Algorithms 3–4). Defaults: 100 iterations after each
//     arrival, tabu list of 10 jobs. Only planned (not running) jobs move;
//     "delayed jobs" of a source machine counts its planned late jobs. By
//     default only machines with a delayed planned job are sources and the
//     search stops when no planned job is delayed (Baraglia et al.'s
//     "until there are no delayed non-tabu jobs"); TabuOptions.AllSources
//     gives Algorithm 3's literal reading. The tabu list and the
//     used-machines list start empty at each run. Each move's random
//     machine order (Algorithm 4, line 1) is drawn from a source seeded
//     by (seed, arrival, iteration); the registered "tabu" takes its seed
//     from the run's random source. A rejected move is
//     undone by copying back a snapshot of the source machine taken before
//     the removal, which restores the plan exactly.
//   - Run times are exact here (the deadline experiment); the plan uses
//     sim.Job.Est(). With inexact estimates the adapter stays safe: a job
//     ending before its planned end re-plans its machine (once for every
//     job that ends on it at that instant, with the clock's move: see
//     Scheduler), and a planned job that does not fit yet (a job overran)
//     waits and its machine is re-planned at the next instant. A job
//     ending after its planned end re-plans nothing: the profile freed its
//     CPUs when the clock passed that end.
//   - Zero-length jobs hold no CPU time in the profile, so a gap may cover
//     the instant of a planned zero-length job, which then starts later than
//     planned. The property tests against the naive twin use positive
//     run times; the simulator tests include zero-length jobs and check
//     only the simulator's invariants for them, and TestSettleZeroLength
//     checks, with zero-length jobs, that re-planning only the jobs whose
//     times may change gives the whole re-placement's plan and work.
package schedbased
