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
//
// The five study packages share one skeleton, which a new study copies:
//   - doc.go: what the paper studied and what the package reproduces;
//   - experiment.go: Config (its parameters, the hashed configuration),
//     init's Register, Plan (configuration × workloads × repetitions →
//     runs) and the typed plan's Execute (one run);
//   - claims.go: the paper's claims, each checked against the runs;
//   - report.go: the typed plan's Report, the page model, figures and
//     workbook sheets;
//   - published.go, when the paper prints numbers to compare with
//     (federation, immediate): those numbers as the paper gives them.
//
// The rest of a package is what is particular to its study. A study
// described by a file rather than code needs no package: see filestudy.
package experiments
