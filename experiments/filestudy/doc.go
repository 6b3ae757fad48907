// Package filestudy runs a study described by a TOML file instead of Go
// code: its workloads, its algorithms, repetitions, metrics and claims. A
// loaded Study is an experiments.Experiment, so it goes through the same
// runner (seeds, journal, resume, shards), writes the same runs.csv and
// manifest, and gets a report page and workbook sheets like the four
// reproduced studies.
//
// Workloads come in three families (family.go), one per study since the
// study's algorithms run on every workload:
//   - space-shared: kind "trace" (windows of an SWF trace on one machine),
//     "deadline" (synthetic deadline streams) and "lublin" (Lublin–Feitelson
//     workloads, lublin.go); algorithms are anything registered with
//     spaceshared, or "exec:COMMAND".
//   - mapping: kind "etc" (ETC instances generated per repetition or read
//     from Braun-format files, etc.go); algorithms are the immediate-mode
//     heuristics of internal/sched/mapping.
//   - time-sharing: kind "timeshare" (trace windows dealt round-robin to P
//     slaves, timeshare.go); algorithms are internal/timeshare's.
package filestudy
