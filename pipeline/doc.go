// Package pipeline is gridbench's orchestration, between the command line
// (cmd/gridbench) and the studies (experiments): Reproduce plans every
// selected study, runs the plans on one set of run slots (bench) and
// writes each study's report (its page in every registered format, its
// claims file, its tables), then the files every study shares (the report
// index, the workbook) and the outputs manifest, results/outputs.json,
// which records what was written. Rerender is verify's side: it renders
// the reports again from the results on disk through the same formats and
// compares them with the files the manifest lists.
//
// The studies know nothing of this package: it finds them in the
// experiments registry, so experiments/all links every study without a
// cycle.
package pipeline
