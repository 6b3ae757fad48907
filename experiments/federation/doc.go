// Package federation is the `federation` experiment: Leal, Huedo and
// Llorente (2009), "A decentralized model for scheduling independent tasks
// in federated grids". Five DSA GridWay policies (Normal, SO, DO, SO-AS,
// DO-AS) map three users' experiments of 550 jobs onto the DSA and LCG
// testbeds while the whole LCG trace loads the LCG testbed.
//
// The plan has three workloads: "paper", the paper's setting (users at
// 12:00 of days 2, 4 and 6, one deterministic repetition); "jitter", where
// every repetition moves each user's submission by a seeded uniform amount
// within ±15 min, the only part of the setting the paper leaves open, and
// on which the claims are tested (the study's only repetitions); and
// "calibration/mi=V", Normal at the paper setting under each swept
// background scale V (MI per trace second), which shows on the page that
// the model's scale is the best fit of Table 3's Normal split. Like the
// sensitivity sweeps ("sens-hour/offset_s=V", "sens-scale/mi=V"), a swept
// value is a parameter of its own workload, never a repetition. The
// alternative readings ("alt-…") run at the paper setting. The model lives in internal/gridway; this
// package plans runs, turns each simulation into metrics (per user:
// completion time, jobs per infrastructure, migrations; for the paper
// setting also User-2's job states every few minutes, which Figures 6–10
// plot), and builds the report page paper/federation.md.
package federation
