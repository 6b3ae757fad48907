// Package roundrobin is the `roundrobin` experiment: Shah et al. (2012),
// "Agent based Prioritized Dynamic Round Robin" (APDRR) against FCFS, SPN,
// LJF, P, RR and PLRR on a master/slave time-sharing platform fed with a
// real grid trace.
//
// Pipeline position: it reads a trace once per process with
// generators/trace (AuverGrid GWF when the user has it, else the LCG SWF
// log; trace.go), cuts it into windows of 3% and 5% of its jobs, and
// simulates each window with internal/timeshare on P = 16..128 slaves
// (run.go). Rep 0 of every workload is the paper's setting, the first 3% or
// 5% of the trace; reps 1..N are windows of the same size elsewhere in the
// trace (windows.go), which gives the confidence intervals the paper lacks.
// The window of a repetition depends only on (size, rep), so the curves
// against P are paired as well as the algorithms of one workload.
//
// The report (report.go, claims.go, figure2.go) rebuilds Figures 4–9 (each
// metric against P, one line per algorithm, both sizes), the trace's
// count-process analysis of Figure 2, and checks the rankings the paper's
// text states with paired Wilcoxon tests over the windows, Holm-corrected
// within each claim.
package roundrobin
