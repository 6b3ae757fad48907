// Package filestudy runs a study described by a TOML file instead of Go
// code: its workloads (trace windows, synthetic deadline streams), its
// algorithms (anything registered with spaceshared, or "exec:COMMAND"),
// repetitions, metrics and claims. A loaded Study is an
// experiments.Experiment, so it goes through the same runner (seeds,
// journal, resume), writes the same runs.csv and manifest, and gets a
// report page and workbook sheets like the four reproduced studies.
//
// Workload kinds not yet supported in files: ETC instances (immediate) and
// time-sharing windows with P slaves (roundrobin).
package filestudy
