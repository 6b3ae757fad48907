package gridway

import "sort"

// BGJob is one background job on the LCG testbed. internal/adapt reads
// them from a trace (adapt.Background).
type BGJob struct {
	Submit float64 // seconds from the trace start
	Run    float64 // run time in the trace, seconds; its length is Run × MIPerTraceSecond MI
}

// SortBackground orders jobs by submit time, keeping trace order on ties.
func SortBackground(bg []BGJob) {
	sort.SliceStable(bg, func(i, j int) bool { return bg[i].Submit < bg[j].Submit })
}
