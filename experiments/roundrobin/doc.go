// Package roundrobin is the `roundrobin` experiment: Shah et al. (2012),
// "Agent based Prioritized Dynamic Round Robin" (APDRR) against FCFS, SPN,
// LJF, P, RR and PLRR on a master/slave time-sharing platform fed with a
// real grid trace.
//
// Pipeline position: it reads a trace once per process with
// generators/trace (AuverGrid GWF when the user has it, else the LCG SWF
// log; trace.go), cuts it into windows of two families of sizes, 3% and 5%
// of its records and the paper's 12,125 and 20,208 records (the same on
// AuverGrid, not on LCG), and simulates each window with internal/timeshare
// on P = 16..128 slaves (run.go). The paper's setting, the trace's first n
// records, is a workload of its own, PrefixWorkload ("3%/P=16/prefix"); a
// workload's repetitions 1..N are windows of the same size elsewhere in
// the trace (windows.go), which gives the confidence intervals the paper
// lacks. The report numbers a workload's windows 0 (the prefix) to N and
// its statistics and paired tests take them all (Plan.windows). Four
// variants of APDRR run beside the seven algorithms for an ablation
// (ablation.go), among them admission within a cycle
// (timeshare.NewAPDRRAdmit); APDRR itself is as published. A load sweep
// (sweep.go) re-runs the first size's windows on the smallest and largest
// P with their arrivals scaled to offered loads per CPU of 0.5, 1, 2 and 4
// (workloads "sweep/<size>/P=<p>/load=<l>" and their prefixes).
// The window of a repetition depends only on (size, rep), so the curves
// against P are paired as well as the algorithms of one workload. What
// the page states about the trace is run too (facts.go): workload "trace"
// records its size and users and, in series.csv, Figure 2's count process
// (figure2.go); workloads "windows/<size>" (and "windows/<size>/prefix")
// record each window.
//
// The report (report.go, claims.go) reads only the results and the plan,
// never the trace: it rebuilds Figures 4–9 (each
// metric against P, one line per algorithm, both sizes), the trace's
// count-process analysis of Figure 2, and checks the rankings the paper's
// text states with paired Wilcoxon tests over the windows, Holm-corrected
// within each claim and family of sizes, then re-checks the claims with
// each APDRR variant in APDRR's place and at each load of the sweep
// (sweepreport.go). Every result statement of sections 8.1–8.6 and 9 is in
// the claims ledger (ledger.go, written as paper/roundrobin.claims.json).
// The runs' cost on this machine goes to results/roundrobin/timings.md,
// never to the committed page.
package roundrobin
