package filestudy

import (
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

func (w *Workload) checkTimeshare() error {
	if err := w.checkWindow(); err != nil {
		return err
	}
	if w.Slaves < 1 {
		return fmt.Errorf("key slaves: %d: need at least 1 (the P single-CPU slaves the jobs are dealt to)", w.Slaves)
	}
	if w.Quantum < 0 {
		return fmt.Errorf("key quantum: %g: a positive number of seconds (default %d)", w.Quantum, timeshare.DefaultQuantum)
	}
	if w.Name == "" {
		w.Name = w.windowID(fmt.Sprintf("P=%d", w.Slaves))
	}
	return nil
}

// planTimeshare cuts the repetitions' windows out of the trace's valid
// jobs (a run time and a submit time) and sets their priorities over the
// window, as the roundrobin study does for each of its windows.
func (s *Study) planTimeshare(i int, w Workload, reps int, dataDir string, c *config) ([]instance, error) {
	path, err := s.findTrace(w.Trace, dataDir)
	if err != nil {
		return nil, fmt.Errorf("workload %d (%s): key trace: %w", i+1, w.Name, err)
	}
	c.Traces[w.Trace] = path
	all, err := validJobs(path)
	if err != nil {
		return nil, fmt.Errorf("workload %d (%s): key trace: %w", i+1, w.Name, err)
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
