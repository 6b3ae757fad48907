package mapping

import (
	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/etcmatrix"
	imapping "github.com/gridbench/gridbench/internal/sched/mapping"
)

// Metric names in runs.csv.
const (
	MMakespan    = "makespan"
	MFlowtime    = "flowtime"
	MUtilization = "utilization"
	MProximity   = "proximity"
)

// Table is the schedule-quality metrics of Tables 3–6, in the order
// runs.csv records them.
var Table = analysis.MetricTable[imapping.Metrics]{
	{Metric: analysis.Metric{Name: MMakespan, Unit: "ETC time units", Better: analysis.LowerIsBetter, Label: "makespan",
		Definition: "largest completion time among the machines that received a job (Xhafa et al. 2007, Eq. 2)"},
		Value: func(m imapping.Metrics) float64 { return m.Makespan }},
	{Metric: analysis.Metric{Name: MFlowtime, Unit: "ETC time units", Better: analysis.LowerIsBetter, Label: "flowtime",
		Definition: "sum of the jobs' finishing times, each machine running its jobs shortest first"},
		Value: func(m imapping.Metrics) float64 { return m.Flowtime }},
	{Metric: analysis.Metric{Name: MUtilization, Better: analysis.HigherIsBetter, Label: "utilization",
		Definition: "sum of the completion times of the machines that received a job / (makespan × their number), 0–1 (Eq. 3 over the machines used)"},
		Value: func(m imapping.Metrics) float64 { return m.Utilization }},
	{Metric: analysis.Metric{Name: MProximity, Better: analysis.HigherIsBetter, Label: "proximity",
		Definition: "total execution time under MET / the heuristic's, ≤ 1 (1 for MET: every job on its fastest machine)"},
		Value: func(m imapping.Metrics) float64 { return m.Proximity }},
}

// Measure maps the jobs of m with h (no machine busy at the start) and
// evaluates the schedule.
func Measure(m *etcmatrix.Matrix, h imapping.Heuristic) imapping.Metrics {
	return imapping.Evaluate(m, h.Assign(m, nil))
}
