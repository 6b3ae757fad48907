// Package trace reads grid and parallel workload traces and analyses them.
//
// It sits at the bottom of the generator layer: simulators (the discrete-event
// deadline simulator, the round-robin time-sharing simulator, the federation
// model) consume its Job records; the report layer consumes the numbers that
// Analyze, WindowCounts, Autocorrelation and Spectrum produce.
//
// Two formats are read, both into the same Job record:
//
//   - SWF, the Standard Workload Format of the Parallel Workloads Archive
//     (18 whitespace-separated numeric columns, ';' comment header with
//     "; Key: value" fields such as UnixStartTime and TimeZoneString);
//   - GWF, the Grid Workload Format of the Grid Workloads Archive in the
//     AuverGrid (GWA-T-4) layout (29 columns, '#' comment header, text ids for
//     users, groups, sites and so on).
//
// Readers stream, Scanner style, and never hold the whole trace:
//
//	r, err := trace.Open("LCG.swf.gz") // .swf, .gwf, optionally .gz
//	if err != nil { ... }
//	defer r.Close()
//	for r.Next() {
//		j := r.Job()
//		...
//	}
//	if err := r.Err(); err != nil { ... } // "LCG.swf.gz:17: field 5 (Procs) ..."
//
// Missing values stay -1 as in both formats, so a consumer can tell "zero"
// from "not recorded"; Job.CPUs and Job.Estimate apply the usual SWF fallbacks.
//
// The analysis half (stats.go, windows.go) reproduces the count-process
// analysis of Shah et al. 2012, Figure 2: job counts per 1024 s window, their
// sample autocorrelation, and the FFT magnitude of that autocorrelation.
package trace
