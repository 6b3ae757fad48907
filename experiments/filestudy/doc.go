// Package filestudy runs a study described by a TOML file instead of Go
// code: its workloads, its algorithms, repetitions, metrics and claims. A
// loaded Study is an experiments.Experiment, so it goes through the same
// runner (seeds, journal, resume, shards), writes the same runs.csv and
// manifest, and gets a report page and workbook sheets like the four
// reproduced studies.
//
// A workload's kind (kind.go) is one interface: the keys it reads, how it
// checks them, how the page describes it, and what each repetition runs;
// each kind is one file and one row of the table kinds. Kinds come in
// three families (family.go), one per study since the study's algorithms
// run on every workload:
//   - space-shared: kind "trace" (windows of an SWF trace on one machine,
//     trace.go), "deadline" (synthetic deadline streams, deadline.go) and
//     "lublin" (Lublin–Feitelson workloads, lublin.go); algorithms are
//     anything registered with spaceshared, or "exec:COMMAND".
//   - mapping: kind "etc" (ETC instances generated per repetition or read
//     from Braun-format files, etc.go); algorithms are the immediate-mode
//     heuristics of internal/sched/mapping.
//   - time-sharing: kind "timeshare" (trace windows dealt round-robin to P
//     slaves, timeshare.go); algorithms are internal/timeshare's.
package filestudy
