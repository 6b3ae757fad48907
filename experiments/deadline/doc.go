// Package deadline is the `deadline` experiment: Klusáček, Rudová, Baraglia
// et al. (2008), schedule-based scheduling of a stream of jobs with
// deadlines (EG-EDF and Tabu search) against queue-based FCFS, EASY and
// Flexible backfilling.
//
// The plan crosses five synthetic streams (generators/jobstream, mean
// inter-arrival 1..5 s, workload ids "ia=1".."ia=5") with the algorithms and
// the repetitions; one repetition's instance is drawn from the run's
// workload seed, so every algorithm of a repetition sees the same platform
// and jobs (a paired design). The executor drives internal/sim itself,
// timing each decision (the simulator never does: spaceshared.SimulateTimed)
// on the wall clock and the scheduler thread's CPU time in it (estimated
// from the thread's CPU clock over the whole run, see
// spaceshared.DecisionLog), the paper's "system CPU time spent at each
// scheduling event", and recording the queue length and the deterministic work count
// beside them; it checks the records with sim.Check and turns them into
// the paper's metrics (spaceshared.Measure). Deterministic metrics go to
// runs.csv; measured times go to timings.csv.
//
// The report rebuilds Figures 1–6 of the longer paper (metric against the
// mean inter-arrival time, one line per algorithm, 95% CIs), tabulates the
// offered load of each stream, and checks the papers' five claims with
// paired Wilcoxon tests (Holm-corrected within a claim), an equivalence
// interval (d) or a non-inferiority bound (e's "nearly the same as
// Flex-BF", beside its "best" ordering), each shown as held or not held
// with its statistic.
//
// Every result statement of both papers' discussion and conclusion sections
// is in the claims ledger (ledger.go, written as paper/deadline.claims.json).
// Figure 5 and the statements only measured time can decide, on the
// scheduler's CPU time per decision (the wall clock shown beside it), go
// to results/deadline/timings.md (timings.go), never to the committed page,
// so the page is the same on every machine. Readings and sensitivity
// (readings.go): machine usage as an event average beside the time
// average, Tabu as Algorithm 3 of the longer paper reads it ("tabu-alg3"),
// and the deadline rule (Slacks), at the side repetitions (Config.SideReps).
//
// Besides the paper's algorithms it runs two variants that appear only
// where they are named: "easywalk", EASY backfilling walking the queue as
// the papers' simulator did (the same schedules as "easy", recorded for its
// cost only: Figure 5, the runtime table and claim (c)), and
// "egedf-literal", EG-EDF without the tie-break, whose results the page's
// interpretations show beside the default's.
package deadline
