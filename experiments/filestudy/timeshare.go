package filestudy

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/timeshare"
	"github.com/gridbench/gridbench/timeshared"
)

// tsWindow is a timeshare workload's repetition: the window's jobs with
// their priorities, dealt to slaves when it runs.
type tsWindow struct {
	slaves  int
	quantum float64
	jobs    []timeshare.Job
}

// timeshareKind is kind = "timeshare": repetition r deals the r-th window
// of jobs valid jobs (or percent %) of trace after start round-robin to
// slaves single-CPU slaves, as the roundrobin study does.
type timeshareKind struct{}

func (timeshareKind) family() *family { return timeSharing }

func (timeshareKind) keys() []string {
	return []string{"trace", "jobs", "percent", "start", "slaves", "quantum"}
}

func (timeshareKind) check(w *Workload) error {
	if err := w.checkWindow(); err != nil {
		return err
	}
	if w.Slaves < 1 {
		return keyErr("slaves", "%d: need at least 1 (the P single-CPU slaves the jobs are dealt to)", w.Slaves)
	}
	if w.Quantum < 0 {
		return keyErr("quantum", "%g: a positive number of seconds (default %d)", w.Quantum, timeshare.DefaultQuantum)
	}
	if w.Name == "" {
		w.Name = w.windowID(fmt.Sprintf("P=%d", w.Slaves))
	}
	return nil
}

func (timeshareKind) describe(w *Workload) string {
	size := w.windowSize("the jobs with a run time")
	q := w.Quantum
	if q == 0 {
		q = timeshare.DefaultQuantum
	}
	return fmt.Sprintf("%s; repetition r: the r-th window of %s after job %d, dealt round-robin to %d single-CPU slaves; RR/PLRR quantum %g s; priorities: %s",
		w.Trace, size, w.Start, w.Slaves, q, timeshare.PriorityRuleText)
}

// instances cuts the repetitions' windows out of the trace's valid jobs
// (a run time and a submit time) and sets their priorities over the
// window, as the roundrobin study does for each of its windows.
func (timeshareKind) instances(s *Study, i, reps int, dataDir string, c *config) ([]instance, error) {
	w := &s.Workloads[i]
	path, err := s.findTrace(w.Trace, dataDir)
	if err != nil {
		return nil, inEntry("workload", i, w.Name, keyErr("trace", "%w", err))
	}
	c.found(s, c.Traces, w.Trace, path)
	all, err := validJobs(path)
	if err != nil {
		return nil, inEntry("workload", i, w.Name, keyErr("trace", "%w", err))
	}
	n, err := w.windowLen(i, reps, len(all), path, "with a run time")
	if err != nil {
		return nil, err
	}
	specs := make([]instance, reps)
	for r := range specs {
		jobs := slices.Clone(all[w.Start+r*n : w.Start+(r+1)*n])
		timeshare.PriorityRule(jobs)
		specs[r] = tsWindow{slaves: w.Slaves, quantum: w.Quantum, jobs: jobs}
	}
	return specs, nil
}

func (timeshareKind) files(w *Workload, _ int, c config) []string {
	return []string{c.path(c.Traces, w.Trace)}
}

var tsTraces sync.Map // path|content hash -> []timeshare.Job, the valid ones

// validJobs returns the jobs of the trace at path that the time-sharing
// simulator deals (timeshared.LoadTrace marks the others with Run < 0),
// read once per process and content.
func validJobs(path string) ([]timeshare.Job, error) {
	sum, err := bench.InputSHA256(path)
	if err != nil {
		return nil, err
	}
	key := path + "|" + sum
	if v, ok := tsTraces.Load(key); ok {
		return v.([]timeshare.Job), nil
	}
	t, err := timeshared.LoadTrace(path)
	if err != nil {
		return nil, err
	}
	var jobs []timeshare.Job
	for _, j := range t.Jobs {
		if j.Run >= 0 {
			jobs = append(jobs, j)
		}
	}
	tsTraces.Store(key, jobs)
	return jobs, nil
}

func (t tsWindow) execute(_ context.Context, s *Study, run bench.Run) (bench.Output, error) {
	return s.executeTimeshare(run, t)
}

// executeTimeshare simulates the window on the run's algorithm and
// reports the time-sharing family's metrics.
func (s *Study) executeTimeshare(run bench.Run, in tsWindow) (bench.Output, error) {
	sc, err := timeshare.New(s.resolve(run.Algorithm), timeshare.Params{Quantum: in.quantum})
	if err == nil {
		var o timeshared.Measured
		if o, err = timeshared.Simulate(in.jobs, in.slaves, sc, nil); err == nil {
			return s.output(timeshared.Table.ValueMap(o)), nil
		}
	}
	return bench.Output{}, fmt.Errorf("%s: %s on %s rep %d: %w", s.Name(), run.Algorithm, run.Workload, run.Rep, err)
}
