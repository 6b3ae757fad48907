// Package deadline is the `deadline` experiment: Klusáček, Rudová, Baraglia
// et al. (2008), schedule-based scheduling of a stream of jobs with
// deadlines (EG-EDF and Tabu search) against queue-based FCFS, EASY and
// Flexible backfilling.
//
// The plan crosses five synthetic streams (generators/deadline, mean
// inter-arrival 1..5 s, workload ids "ia=1".."ia=5") with the algorithms and
// the repetitions; one repetition's instance is drawn from the run's
// workload seed, so every algorithm of a repetition sees the same platform
// and jobs (a paired design). The executor drives internal/sim itself,
// timing each decision with the wall clock (the simulator never does) and
// recording the queue length and the deterministic work count beside it,
// checks the records with sim.Check, and turns them into the paper's
// metrics (Measure). Deterministic metrics go to runs.csv; wall-clock
// figures go to timings.csv.
//
// The report rebuilds Figures 1–6 of the longer paper (metric against the
// mean inter-arrival time, one line per algorithm, 95% CIs), tabulates the
// offered load of each stream, and checks the papers' five claims with
// paired Wilcoxon tests (Holm-corrected within a claim) or equivalence
// intervals, each shown as held or not held with its statistic.
package deadline
