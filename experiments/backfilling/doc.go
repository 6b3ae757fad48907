// Package backfilling is the fifth reproduced study: Gaussier, Glesser,
// Reis & Trystram, SC'15, "Improving backfilling by using machine learning
// to predict running times", Table 2's mean bounded slowdown of EASY
// (requested times), EASY clairvoyant, EASY-SJBF, EASY++ clairvoyant and
// EASY++ (Tsafrir et al., reqtime correction) on cleaned PWA logs, with
// FCFS and conservative backfilling (CONS) beside them.
//
// Plan: one run per (log, algorithm) on the whole log; a run records the
// mean bounded slowdown max(1, (wait+run)/max(10, run)), the mean wait,
// and, as series "bsld_window", the mean bounded slowdown of each of
// Windows consecutive slices of the log's jobs (by submit order), the
// pairs of the ordering tests. Report: published beside reproduced per
// cell with the tolerance stated before the first run (Tolerance), the
// orderings tested, every interpretation listed, and the claims ledger.
//
// KTH-SP2 is bundled; CTC-SP2, SDSC-SP2 and SDSC-BLUE join when their
// cleaned logs are present under the data root.
package backfilling
