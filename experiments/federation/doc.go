// Package federation is the `federation` experiment: Leal, Huedo and
// Llorente (2009), "A decentralized model for scheduling independent tasks
// in federated grids". Five DSA GridWay policies (Normal, SO, DO, SO-AS,
// DO-AS) map three users' experiments of 550 jobs onto the DSA and LCG
// testbeds while the whole LCG trace loads the LCG testbed.
//
// The plan has two workloads: "paper", the paper's setting (users at 12:00
// of days 2, 4 and 6, one deterministic repetition), and "shifted", where
// every repetition moves each user's submission to a seeded uniform time
// within the same day, so the claims are tested over saturation levels
// rather than on one instant. The model lives in internal/federation; this
// package plans runs, turns each simulation into metrics (per user:
// completion time, jobs per infrastructure, migrations; for the paper
// setting also User-2's job states every few minutes, which Figures 6–10
// plot), and builds the report page paper/federation.md.
package federation
