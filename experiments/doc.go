// Package experiments defines what gridbench reproduces: each experiment
// (one sub-package per study) turns a configuration into a plan of runs and
// an executor, and turns finished results into its report page, figures and
// workbook sheets. Reproduce drives them all: plan → bench.Execute → report
// → paper/README.md and results/gridbench.xlsx.
//
// Adding an experiment means adding one package that calls Register in an
// init function, and one import line in cmd/gridbench.
package experiments
