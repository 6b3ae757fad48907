package roundrobin

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/timeshare"
)

// Metric names in runs.csv: the six figures of the paper (Figures 4–9),
// the makespan (not the paper's; it does not depend on the algorithm here),
// then two counts.
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

// Descriptors describes the per-window quality metrics (all lower is
// better), for study files' time-sharing workloads.
var Descriptors = []analysis.Metric{
	{Name: MWaiting, Unit: "s", Better: analysis.LowerIsBetter, Label: "waiting time"},
	{Name: MTurnaround, Unit: "s", Better: analysis.LowerIsBetter, Label: "turnaround time"},
	{Name: MResponse, Unit: "s", Better: analysis.LowerIsBetter, Label: "response time"},
	{Name: MSlowdown, Better: analysis.LowerIsBetter, Label: "slowdown"},
	{Name: MCompletion, Unit: "s", Better: analysis.LowerIsBetter, Label: "total completion time"},
	{Name: MStretch, Better: analysis.LowerIsBetter, Label: "stretch"},
	{Name: MSlices, Better: analysis.LowerIsBetter, Label: "time slices"},
}

// Timing names in timings.csv (wall clock, not deterministic).
const (
	TWall         = "wall_seconds"
	TSlicesPerSec = "slices_per_second"
	TSim          = "sim_seconds" // simulation alone, without building the window
)

// Window returns the jobs of one window as the simulator takes them: a
// copy of records [start, start+n) of t with priorities assigned by
// timeshare.PriorityRule over the window (the workload the master
// receives), so the shared trace is never modified.
func Window(t *Trace, start, n int) ([]timeshare.Job, error) {
	if start < 0 || n < 1 || start+n > len(t.Jobs) {
		return nil, fmt.Errorf("%s: window [%d, %d) outside the trace's %d records", Name, start, start+n, len(t.Jobs))
	}
	jobs := append([]timeshare.Job(nil), t.Jobs[start:start+n]...)
	timeshare.PriorityRule(jobs)
	return jobs, nil
}

// recent keeps the last few windows Execute prepared. The plan runs every
// algorithm of a window one after the other, and preparing a window (a copy
// of up to 20,208 records and the priority rule) cost about as much as
// simulating it under FCFS; the windows are shared read-only.
var recent struct {
	sync.Mutex
	windows []preparedWindow // most recently used last
}

type preparedWindow struct {
	tr       *Trace
	start, n int
	jobs     []timeshare.Job
}

// recentWindows bounds recent: enough for two workers a window apart.
const recentWindows = 4

// sharedWindow returns Window(t, start, n), reusing a recent one. The
// result must not be modified.
func sharedWindow(t *Trace, start, n int) ([]timeshare.Job, error) {
	recent.Lock()
	for i, w := range recent.windows {
		if w.tr == t && w.start == start && w.n == n {
			recent.windows = append(append(recent.windows[:i:i], recent.windows[i+1:]...), w)
			recent.Unlock()
			return w.jobs, nil
		}
	}
	recent.Unlock()
	jobs, err := Window(t, start, n)
	if err != nil {
		return nil, err
	}
	recent.Lock()
	if len(recent.windows) == recentWindows {
		recent.windows = append(recent.windows[:0:0], recent.windows[1:]...)
	}
	recent.windows = append(recent.windows, preparedWindow{t, start, n, jobs})
	recent.Unlock()
	return jobs, nil
}

// Simulate runs algo (an algorithm or an APDRR variant) on P slaves over
// jobs and returns the paper's metrics and the slice count. jobs is not
// modified: a variant with its own priorities works on a copy.
func Simulate(jobs []timeshare.Job, slaves int, algo string, quantum float64) (timeshare.Metrics, timeshare.Result, error) {
	s, prio, err := scheduler(algo, quantum)
	if err != nil {
		return timeshare.Metrics{}, timeshare.Result{}, err
	}
	if prio != nil {
		jobs = slices.Clone(jobs)
		prio(jobs)
	}
	res, err := timeshare.Run(jobs, slaves, s)
	if err != nil {
		return timeshare.Metrics{}, timeshare.Result{}, err
	}
	return timeshare.Summarize(jobs, res.Outcomes), res, nil
}

// MetricList turns one simulation into runs.csv metrics.
func MetricList(m timeshare.Metrics, res timeshare.Result) []bench.Metric {
	return []bench.Metric{
		{Name: MWaiting, Value: m.AvgWaiting},
		{Name: MTurnaround, Value: m.AvgTurnaround},
		{Name: MResponse, Value: m.AvgResponse},
		{Name: MSlowdown, Value: m.AvgBoundedSlowdown},
		{Name: MCompletion, Value: m.TotalCompletion},
		{Name: MStretch, Value: m.MaxStretch},
		{Name: MMakespan, Value: m.Makespan},
		{Name: MSlices, Value: float64(res.Slices)},
		{Name: MJobs, Value: float64(res.Dealt)},
	}
}

func (s Spec) execute(run bench.Run) (bench.Output, error)      { return simulateRun(run, s) }
func (s SweepSpec) execute(run bench.Run) (bench.Output, error) { return sweepRun(run, s) }

func (s TraceSpec) execute(bench.Run) (bench.Output, error) {
	tr, err := LoadTrace(s.Path, s.Source)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %w", Name, err)
	}
	return traceFacts(tr), nil
}

func (s WindowSpec) execute(bench.Run) (bench.Output, error) {
	tr, err := LoadTrace(s.Path, s.Source)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %w", Name, err)
	}
	return windowFacts(tr, s.Start, s.Len)
}

// simulateRun is one simulation run.
func simulateRun(run bench.Run, spec Spec) (bench.Output, error) {
	t0 := time.Now()
	tr, err := LoadTrace(spec.Path, spec.Source)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %w", Name, err)
	}
	jobs, err := sharedWindow(tr, spec.Start, spec.Len)
	if err != nil {
		return bench.Output{}, err
	}
	t1 := time.Now()
	m, res, err := Simulate(jobs, spec.Slaves, run.Algorithm, spec.Quantum)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %s on %s rep %d: %w", Name, run.Algorithm, run.Workload, run.Rep, err)
	}
	sim := time.Since(t1).Seconds()
	wall := time.Since(t0).Seconds()
	out := bench.Output{Metrics: MetricList(m, res), Timings: []bench.Metric{
		{Name: TWall, Value: wall},
		{Name: TSim, Value: sim},
	}}
	if sim > 0 {
		out.Timings = append(out.Timings, bench.Metric{Name: TSlicesPerSec, Value: float64(res.Slices) / sim})
	}
	return out, nil
}
