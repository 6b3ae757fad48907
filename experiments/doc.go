// Package experiments defines what gridbench reproduces: each experiment
// (one sub-package per study) turns a configuration into its own typed
// plan, a Plan, which gives the runner its runs (Bench), performs each run
// (Execute) and turns finished results into its report page, figures and
// workbook sheets (Report), reading its configuration, workloads and
// repetitions from its own fields. Package pipeline drives them all:
// Plan → bench.Execute → Report → the pages, paper/README.md and
// results/gridbench.xlsx.
//
// Adding an experiment means adding one package that calls Register in an
// init function, and one import line in experiments/all.
package experiments
