// Package backfilling is the fifth reproduced study: Gaussier, Glesser,
// Reis & Trystram, SC'15, "Improving backfilling by using machine learning
// to predict running times", Table 2's mean bounded slowdown of EASY
// (requested times), EASY clairvoyant, EASY-SJBF, EASY++ clairvoyant and
// EASY++ (Tsafrir et al., reqtime correction) on cleaned PWA logs, with
// FCFS and conservative backfilling (CONS) beside them.
//
// Inputs. Each log is the input the authors simulated, read back from
// their own schedule in the SC'15 artefact (adapt.LoadArtefact; KTH-SP2's
// EASY schedule is bundled, the others are fetched: datadir's sc15-* sets).
// Our own cleaned PWA log, where present, is a second reading (workload
// id + PWASuffix).
//
// Plan: one run per (workload, algorithm) on the whole log, in the order
// of events of the authors' simulator (sim.PerEvent); a run records the
// mean bounded slowdown max(1, (wait+run)/max(10, run)), the mean wait,
// and, as series "bsld_window", the mean bounded slowdown of each of
// Windows consecutive slices of the log's jobs (by submit order), the
// pairs of the ordering tests. A run of a configuration the authors
// published a schedule of (References) also records its agreement with
// that schedule job by job (Compare); each such configuration is also run
// in gridbench's own batched order (algorithm id + BatchedSuffix), the
// second reading of the order of events.
//
// Report: published beside reproduced per cell with the tolerance stated
// before the first run (Tolerance), the agreement with the authors'
// schedules in both readings, the orderings tested, every interpretation
// listed, the claims ledger, and the same tables as workbook sheets.
package backfilling
