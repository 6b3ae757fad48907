// Package analysis holds gridbench's tidy records and the statistics computed
// from them.
//
// A run of an experiment produces records, one per metric, in the long form
// experiment,workload,algorithm,rep,seed,metric,value (runs.csv), beside a
// manifest.json that says which tool, commit, configuration and seeds made
// them. The runner (package bench) writes them; the report side (packages
// plots and report) reads them and renders. Statistics live here too, as plain
// functions on float64 slices: descriptive summaries with 95% confidence
// intervals, and the paired tests a same-seed design calls for (Wilcoxon
// signed-rank, Friedman with Holm-corrected post-hoc pairs).
//
// Nothing here imports a simulator: results are numbers with names.
package analysis
