package timeshared

import (
	"slices"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/internal/timeshare"
)

// Metric names in runs.csv: the six figures of the roundrobin paper
// (Figures 4–9), the makespan, then two counts.
const (
	MWaiting    = "avg_waiting"
	MTurnaround = "avg_turnaround"
	MResponse   = "avg_response"
	MSlowdown   = "avg_bounded_slowdown"
	MCompletion = "total_completion"
	MStretch    = "max_stretch"
	MMakespan   = "makespan"
	MSlices     = "slices" // dispatches over all slaves
	MJobs       = "jobs"   // jobs dealt (records of the window with a run time)
)

// Measured is what one simulation measured.
type Measured struct {
	timeshare.Metrics
	Result timeshare.Result
}

// Table is the metrics of one simulation, in the order runs.csv records
// them.
var Table = analysis.MetricTable[Measured]{
	{Metric: analysis.Metric{Name: MWaiting, Unit: "s", Better: analysis.LowerIsBetter, Label: "waiting time",
		Definition: "mean over jobs of end − submit − run: time in the system off the CPU"},
		Value: func(o Measured) float64 { return o.AvgWaiting }},
	{Metric: analysis.Metric{Name: MTurnaround, Unit: "s", Better: analysis.LowerIsBetter, Label: "turnaround time",
		Definition: "mean over jobs of end − submit"},
		Value: func(o Measured) float64 { return o.AvgTurnaround }},
	{Metric: analysis.Metric{Name: MResponse, Unit: "s", Better: analysis.LowerIsBetter, Label: "response time",
		Definition: "mean over jobs of first start − submit"},
		Value: func(o Measured) float64 { return o.AvgResponse }},
	{Metric: analysis.Metric{Name: MSlowdown, Better: analysis.LowerIsBetter, Label: "slowdown",
		Definition: "mean over jobs of max(1, (end − submit) / max(run, 10 s))"},
		Value: func(o Measured) float64 { return o.AvgBoundedSlowdown }},
	{Metric: analysis.Metric{Name: MCompletion, Unit: "s", Better: analysis.LowerIsBetter, Label: "total completion time",
		Definition: "largest over slaves of the sum of the slave's job ends − the first submit"},
		Value: func(o Measured) float64 { return o.TotalCompletion }},
	{Metric: analysis.Metric{Name: MStretch, Better: analysis.LowerIsBetter, Label: "stretch",
		Definition: "largest over jobs with run > 0 of (end − submit) / run"},
		Value: func(o Measured) float64 { return o.MaxStretch }},
	{Metric: analysis.Metric{Name: MMakespan, Unit: "s", Better: analysis.LowerIsBetter, Label: "makespan",
		Definition: "last end − first submit"},
		Value: func(o Measured) float64 { return o.Makespan }},
	{Metric: analysis.Metric{Name: MSlices, Better: analysis.LowerIsBetter, Label: "time slices",
		Definition: "CPU time slices dispatched over all slaves"},
		Value: func(o Measured) float64 { return float64(o.Result.Slices) }},
	{Metric: analysis.Metric{Name: MJobs, Better: analysis.HigherIsBetter, Label: "jobs dealt",
		Definition: "jobs of the window the simulator dealt (those with a recorded run time)"},
		Value: func(o Measured) float64 { return float64(o.Result.Dealt) }},
}

// Simulate runs s on slaves slaves over jobs and measures it. prio, when
// not nil, replaces the jobs' priorities on a copy; jobs is not modified.
func Simulate(jobs []timeshare.Job, slaves int, s timeshare.Scheduler, prio func([]timeshare.Job)) (Measured, error) {
	if prio != nil {
		jobs = slices.Clone(jobs)
		prio(jobs)
	}
	res, err := timeshare.Run(jobs, slaves, s)
	if err != nil {
		return Measured{}, err
	}
	return Measured{Metrics: timeshare.Summarize(jobs, res.Outcomes), Result: res}, nil
}
