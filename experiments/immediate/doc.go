// Package immediate is the `immediate` experiment: Xhafa, Barolli and
// Duresi (2007), "Immediate mode scheduling of independent jobs in
// computational grids", on the Braun et al. ETC benchmark.
//
// The plan has two parts. The published part runs the paper's five
// heuristics (and the batch-mode baselines Min-Min, Max-Min, Sufferage) on
// the twelve Braun 512×16 instances of Tables 3–6 and compares each of the
// 240 published values with ours, truncated to three decimals as the paper
// prints them. The generated part runs every heuristic on fresh instances of
// each of the twelve types (range-based method of Braun et al. 2001, seeded by
// repetition), so that each type gets means and 95% confidence intervals and
// the heuristics can be compared with paired tests.
package immediate
