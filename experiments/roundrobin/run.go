package roundrobin

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/timeshare"
	"github.com/gridbench/gridbench/timeshared"
)

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
var recent = recentCache[traceWindow, []timeshare.Job]{max: recentWindows}

// traceWindow names records [start, start+n) of a trace.
type traceWindow struct {
	tr       *timeshared.Trace
	start, n int
}

// recentWindows bounds recent: enough for two workers a window apart.
const recentWindows = 4

// sharedWindow returns Window(t, start, n), reusing a recent one. The
// result must not be modified.
func sharedWindow(t *Trace, start, n int) ([]timeshare.Job, error) {
	return recent.get(traceWindow{t.Trace, start, n}, func() ([]timeshare.Job, error) { return Window(t, start, n) })
}

// window is the spec's window of its trace (sharedWindow: the jobs must
// not be modified).
func (s Spec) window() ([]timeshare.Job, error) {
	jobs, _, err := s.windowOf()
	return jobs, err
}

// windowOf is window, with the trace it was cut from.
func (s Spec) windowOf() ([]timeshare.Job, *Trace, error) {
	tr, err := LoadTrace(s.Path, s.Source)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", Name, err)
	}
	jobs, err := sharedWindow(tr, s.Start, s.Len)
	return jobs, tr, err
}

// variantPriorities keeps, per window and APDRR variant with priorities
// of its own, the priorities the variant's rule gives the window's jobs
// (nil when one is beyond int32: the rule then runs each time). The plan
// runs every window once per P, and the run-time rule's sort was a
// twentieth of the simulations' time; a priority per job is small to keep,
// where the windows themselves are not. The full plan has 84 windows for
// each of the two variants with priorities of their own (4 bytes a job,
// about 8 MB in all).
var variantPriorities = recentCache[variantWindow, []int32]{max: 256}

type variantWindow struct {
	traceWindow
	variant string
}

// simulateWindow is Simulate on jobs, spec's window of tr, with the
// priorities of a variant's own rule taken from variantPriorities.
func simulateWindow(tr *Trace, spec Spec, jobs []timeshare.Job, algo string) (timeshared.Measured, error) {
	s, prio, err := scheduler(algo, spec.Quantum)
	if err != nil {
		return timeshared.Measured{}, err
	}
	if prio != nil {
		jobs = withPriorities(tr, spec.Start, jobs, strings.ToLower(algo), prio)
	}
	return timeshared.Simulate(jobs, spec.Slaves, s, nil)
}

// withPriorities returns a copy of jobs, the window [start, start+len) of
// tr, with the priorities rule, variant's, gives them.
func withPriorities(tr *Trace, start int, jobs []timeshare.Job, variant string, rule func([]timeshare.Job)) []timeshare.Job {
	key := variantWindow{traceWindow{tr.Trace, start, len(jobs)}, variant}
	prios, _ := variantPriorities.get(key, func() ([]int32, error) {
		ruled := slices.Clone(jobs)
		rule(ruled)
		prios := make([]int32, len(ruled))
		for i := range ruled {
			if int(int32(ruled[i].Priority)) != ruled[i].Priority {
				return nil, nil // a priority beyond int32
			}
			prios[i] = int32(ruled[i].Priority)
		}
		return prios, nil
	})
	out := slices.Clone(jobs)
	if prios == nil {
		rule(out)
		return out
	}
	for i := range out {
		out[i].Priority = int(prios[i])
	}
	return out
}

// Simulate runs algo (an algorithm or an APDRR variant) on P slaves over
// jobs and measures it. jobs is not modified: a variant with its own
// priorities works on a copy.
func Simulate(jobs []timeshare.Job, slaves int, algo string, quantum float64) (timeshared.Measured, error) {
	s, prio, err := scheduler(algo, quantum)
	if err != nil {
		return timeshared.Measured{}, err
	}
	return timeshared.Simulate(jobs, slaves, s, prio)
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
	jobs, tr, err := spec.windowOf()
	if err != nil {
		return bench.Output{}, err
	}
	t1 := time.Now()
	o, err := simulateWindow(tr, spec, jobs, run.Algorithm)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %s on %s rep %d: %w", Name, run.Algorithm, run.Workload, run.Rep, err)
	}
	sim := time.Since(t1).Seconds()
	wall := time.Since(t0).Seconds()
	out := bench.Output{Metrics: timeshared.Table.Values(o), Timings: []bench.Metric{
		{Name: TWall, Value: wall},
		{Name: TSim, Value: sim},
	}}
	if sim > 0 {
		out.Timings = append(out.Timings, bench.Metric{Name: TSlicesPerSec, Value: float64(o.Result.Slices) / sim})
	}
	return out, nil
}
