package filestudy

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/generators/batsim"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/spaceshared"
)

// traceKind is kind = "trace": repetition r simulates the r-th window of
// jobs valid jobs (or percent % of the trace's valid jobs) after start on
// one machine of cpus CPUs, submit times shifted so the window starts at 0.
type traceKind struct{}

func (traceKind) family() *family { return spaceShared }

func (traceKind) keys() []string {
	return []string{"trace", "cpus", "jobs", "percent", "start", "estimate", "batsim_speed"}
}

func (traceKind) check(w *Workload) error {
	if err := w.checkWindow(); err != nil {
		return err
	}
	if w.CPUs < 0 {
		return keyErr("cpus", "%d: need at least 1, or leave it out for the size the trace gives (its MaxProcs, a Batsim workload's nb_res)", w.CPUs)
	}
	if err := w.checkBatsimSpeed(); err != nil {
		return err
	}
	switch w.Estimate {
	case "":
		w.Estimate = string(adapt.DefaultEstimate)
	case string(adapt.Requested), string(adapt.Exact):
	default:
		return keyErr("estimate", "%q: want %q or %q", w.Estimate, adapt.Requested, adapt.Exact)
	}
	if w.Name == "" {
		w.Name = w.windowID(traceCPUs(w.CPUs))
	}
	return nil
}

// traceCPUs names a trace workload's machine: its cpus, or (0) the size
// the trace gives.
func traceCPUs(cpus int) string {
	if cpus == 0 {
		return "cpus=trace"
	}
	return fmt.Sprintf("cpus=%d", cpus)
}

func (traceKind) describe(w *Workload) string {
	on := fmt.Sprintf("%d CPUs", w.CPUs)
	if w.CPUs == 0 {
		on = "the CPUs its header gives (MaxProcs; a Batsim workload's nb_res)"
	}
	return fmt.Sprintf("%s; repetition r: the r-th window of %s after job %d, on %s; %s estimates%s", w.Trace, w.windowSize("the valid jobs"), w.Start, on, w.Estimate, w.skippedNote())
}

// skippedNote says, when the loader left jobs of the trace out up to the
// end of the last window, how many and why ("" when none): cpus = 2 on
// KTH once left out 219 of its first jobs, wider than 2 CPUs, and the
// page said nothing of them.
func (w *Workload) skippedNote() string {
	if w.skipped.Total() == 0 {
		return ""
	}
	return fmt.Sprintf("; skipped %v of the trace's jobs up to the last window's end", w.skipped)
}

// windowSize says how large a trace window is: N jobs, or P% of the
// jobs the trace's kind counts (of).
func (w *Workload) windowSize(of string) string {
	if w.Percent > 0 {
		return fmt.Sprintf("%g%% of %s", w.Percent, of)
	}
	return fmt.Sprintf("%d jobs", w.Jobs)
}

func (traceKind) instances(s *Study, i, reps int, dataDir string, c *config) ([]instance, error) {
	w := &s.Workloads[i]
	path, err := s.findTrace(w.Trace, dataDir)
	if err != nil {
		return nil, inEntry("workload", i, w.Name, keyErr("trace", "%w", err))
	}
	c.found(s, c.Traces, w.Trace, path)
	all, cpus, err := loadTrace(path, w.CPUs, adapt.Estimate(w.Estimate), w.BatsimSpeed)
	if errors.Is(err, adapt.ErrNoSize) {
		return nil, inEntry("workload", i, w.Name, keyErr("cpus", "missing, and %s gives no machine size (no MaxProcs in its header, or no nb_res): give cpus = N", w.Trace))
	}
	if err != nil {
		return nil, inEntry("workload", i, w.Name, keyErr("trace", "%w", err))
	}
	n, err := w.windowLen(i, reps, len(all), path, fmt.Sprintf("for %d CPUs", cpus))
	if err != nil {
		return nil, err
	}
	if w.skipped, err = skippedUpTo(path, w.CPUs, adapt.Estimate(w.Estimate), w.BatsimSpeed, w.Start+reps*n); err != nil {
		return nil, inEntry("workload", i, w.Name, keyErr("trace", "%w", err))
	}
	s.noteSkipped(w, cpus)
	var specs []instance
	for r := range reps {
		specs = append(specs, window{cpus: cpus, jobs: rebase(all[w.Start+r*n : w.Start+(r+1)*n])})
	}
	return specs, nil
}

// skippedUpTo counts the jobs of the trace at path the loader leaves out
// before its first valid ones (those the windows take) on cpus CPUs (0:
// the trace's size, as loadTrace reads it, whose read is cached).
func skippedUpTo(path string, cpus int, est adapt.Estimate, speed float64, valid int) (adapt.Skipped, error) {
	if l, err := spaceshared.Load(spaceshared.Input{Path: path, CPUs: cpus, Estimate: est, Speed: speed}); err != nil || l.Skipped.Total() == 0 {
		return l.Skipped, err // (none in the whole trace: none before the windows' end; read once, cached)
	}
	l, err := spaceshared.Load(spaceshared.Input{Path: path, MaxJobs: valid, CPUs: cpus, Estimate: est, Speed: speed})
	return l.Skipped, err
}

func (traceKind) files(w *Workload, _ int, c config) []string {
	return []string{c.path(c.Traces, w.Trace)}
}

// window is a trace workload's repetition: jobs rebased to start at 0.
type window struct {
	cpus int
	jobs []sim.Job
}

func (w window) execute(ctx context.Context, s *Study, run bench.Run) (bench.Output, error) {
	return s.simulate(ctx, run, sim.SingleMachine(w.cpus), w.jobs)
}

// checkWindow checks the keys of trace windows (kinds trace and timeshare).
func (w *Workload) checkWindow() error {
	if w.Trace == "" {
		return keyErr("trace", "missing (a file below the data root or relative to the study file)")
	}
	if (w.Jobs > 0) == (w.Percent > 0) {
		return keyErr("jobs/percent", "give exactly one window size (jobs = N or percent = P)")
	}
	if w.Percent > 100 || w.Start < 0 {
		return keyErr("percent/start", "percent %g must be in (0, 100], start %d >= 0", w.Percent, w.Start)
	}
	return nil
}

// windowID names a trace window workload: the trace, the window size, and
// the platform.
func (w *Workload) windowID(platform string) string {
	size := strconv.Itoa(w.Jobs) + "jobs"
	if w.Percent > 0 {
		size = strconv.FormatFloat(w.Percent, 'g', -1, 64) + "%"
	}
	base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(w.Trace), ".gz"), ".swf")
	return base + "/" + size + "/" + platform
}

// windowLen returns the jobs in each of reps windows of w over a trace of
// total valid jobs at path, or an error when they do not fit; valid says
// what makes a job valid.
func (w *Workload) windowLen(i, reps, total int, path, valid string) (int, error) {
	n := w.Jobs
	if w.Percent > 0 {
		n = int(math.Round(w.Percent / 100 * float64(total)))
	}
	if n < 1 || w.Start+reps*n > total {
		return 0, inEntry("workload", i, w.Name, keyErr("jobs", "%d %s of %d %s after job %d need %d valid jobs; %s has %d (%s)",
			reps, report.Plural(reps, "window"), n, report.Plural(n, "job"), w.Start, w.Start+reps*n, path, total, valid))
	}
	return n, nil
}

// loadTrace reads a trace through the space-shared family's loader, once
// per process and content: a program that runs a study again after
// editing its trace reads the new one.
func loadTrace(path string, cpus int, est adapt.Estimate, speed float64) ([]sim.Job, int, error) {
	l, err := spaceshared.Load(spaceshared.Input{Path: path, CPUs: cpus, Estimate: est, Speed: speed})
	return l.Jobs, l.CPUs, adapt.AdviseSpeed(err, "this workload's batsim_speed")
}

// rebase copies jobs with submit times shifted so the first is 0.
func rebase(jobs []sim.Job) []sim.Job {
	out := sim.CloneJobs(jobs)
	t0 := math.Inf(1)
	for _, j := range out {
		t0 = min(t0, j.Submit)
	}
	for i := range out {
		out[i].Submit -= t0
	}
	return out
}

// checkBatsimSpeed checks a trace workload's batsim_speed: a finite
// number of flop/s > 0, for a Batsim workload (.json) only.
func (w *Workload) checkBatsimSpeed() error {
	if w.BatsimSpeed == 0 {
		return nil
	}
	if !(w.BatsimSpeed > 0 && w.BatsimSpeed < math.Inf(1)) {
		return keyErr("batsim_speed", "%v: want the flop/s of parallel_homogeneous profiles, a number > 0", w.BatsimSpeed)
	}
	if !batsim.IsWorkload(w.Trace) {
		return keyErr("batsim_speed", "%s is not a Batsim workload (.json), whose parallel_homogeneous profiles it times", w.Trace)
	}
	return nil
}
