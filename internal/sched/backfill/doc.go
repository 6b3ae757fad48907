// Package backfill holds the standard space-shared baselines that the
// other batch simulators ship (Alea, batsched, pyss, AccaSim,
// RLScheduler) and gridbench's own EASY (package easy) does not:
//
//   - EASY with a queue order and a backfill order (Order): SJBF
//     (backfill shortest estimate first), the priority orders SJF, LJF,
//     SAF (smallest area r·n first), F1–F4 (Carastan-Santos & de Camargo
//     2017), WFP3 and UNICEP (each of these backfills in its own priority
//     order; EASY-SJBF keeps arrival order for the queue);
//   - EASY with predictions (easypred-P[-C]) and EASY++ (easypp-P[-C],
//     SJBF on the predictions), every prediction × correction pair of
//     Tsafrir, Etsion & Feitelson 2007 as the SC'15 artefact's simulator
//     (pyss) runs them (predict.go): predictions P of the request, twice
//     the request, the exact run time, the user's last two run times
//     (avg2) and the learned predictor of Gaussier et al. SC'15 (sgd.go,
//     online linear regression by normalised adaptive gradient on an
//     asymmetric loss); corrections C when a job outlives its prediction:
//     reqtime, Tsafrir's increments, doubling;
//   - CONS, conservative backfilling: every waiting job holds a
//     reservation, and reservations are compressed when a job ends early.
//
// They sit in the pipeline beside internal/sched/easy: the simulator
// (internal/sim) drives them, the registry (internal/sched) names them.
//
// The EASY rule on several machines is package easy's (see its doc):
// queue heads start on the fastest machine they fit; the first that fits
// nowhere is the head, reserved on the machine with the earliest shadow
// time; later jobs, in backfill order, start on the first machine on which
// they fit and, on the reserved machine, end by the shadow time or use no
// more than the spare CPUs. Only the orders and the run-time estimate
// change. With arrival order for both and the job's own estimate, Order is
// exactly package easy (a test checks it).
//
// These implementations walk the queue and the running jobs at every pass
// (EASY variants: a sort of the queue and of the running jobs) instead of
// package easy's trees: the baselines are for comparing schedules, and a
// walk is short enough on the PWA logs. The exceptions were built to
// scale to long logs (issue 32). EASY-SJBF: its waiting jobs sit in a
// segment tree over their SJBF positions (sjbf.go), with the sorted
// copies as its twin in the tests, and every Order reads the running jobs
// in order of estimated end only until the head fits. CONS: its free-CPU
// profile (profile.go) is kept from pass to pass instead of rebuilt, and
// a compression after early ends moves only the jobs that can move
// (cons.go), with the rebuilding implementation as its twin.
// BenchmarkBaselines (bench/) on KTH-SP2 with requested times, 28,475
// jobs: easy 40 ms, easy-sjbf and easypp-reqtime 85 ms, cons 300 ms
// (before issue 32); BenchmarkScale runs RICC prefixes of 25k–400k jobs.
// Each has a deliberately naive twin in its tests.
package backfill
