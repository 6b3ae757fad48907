package roundrobin

import (
	"fmt"
	"math"
	"slices"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/timeshare"
	"github.com/gridbench/gridbench/timeshared"
)

// SweepLoads are the offered loads per CPU of the load sweep: the windows
// of one size with their inter-arrival times scaled so that the load per
// CPU is exactly each value (the trace's own load is the main workloads').
var SweepLoads = []float64{0.5, 1, 2, 4}

// SweepVariants are the APDRR variants run in the sweep beside the
// paper's algorithms.
var SweepVariants = []string{"apdrr-admit"}

// Sweep is the load sweep's part of the configuration.
type Sweep struct {
	Loads  []float64 `json:"loads"`
	Size   Size      `json:"size"`   // the window size swept (the first of the plan's sizes)
	Slaves []int     `json:"slaves"` // the smallest and largest P
	Extra  []string  `json:"extra"`  // variants run beside the algorithms
}

// DefaultSweep sweeps the first size of c on its smallest and largest P.
func DefaultSweep(c Config) Sweep {
	sizes := c.Sizes()
	if len(sizes) == 0 || len(c.Slaves) == 0 {
		return Sweep{}
	}
	ps := []int{slices.Min(c.Slaves), slices.Max(c.Slaves)}
	return Sweep{Loads: SweepLoads, Size: sizes[0], Slaves: slices.Compact(ps), Extra: SweepVariants}
}

// SweepWorkloadID names one workload of the sweep.
func SweepWorkloadID(size Size, slaves int, load float64) string {
	return fmt.Sprintf("sweep/%s/P=%d/load=%g", size.ID(), slaves, load)
}

// SweepSpec is a run of the sweep: a window whose submit times are scaled
// about its first dealt job's so that its offered load per CPU is Load.
type SweepSpec struct {
	Spec
	Load float64
}

// planSweep appends the sweep's runs to plan.
func planSweep(pl *Plan, c Config, path string, src TraceSource, reps int) error {
	sw := c.Sweep
	if len(sw.Loads) == 0 {
		return nil
	}
	n := sw.Size.Len(c.TraceJobs)
	algos := append(slices.Clone(c.Algorithms), sw.Extra...)
	for _, p := range sw.Slaves {
		for _, load := range sw.Loads {
			if !(load > 0) || math.IsInf(load, 0) {
				return fmt.Errorf("%s: sweep load %g: need a positive number", Name, load)
			}
			w := SweepWorkloadID(sw.Size, p, load)
			pl.describeWindows(w, bench.Str("part", "sweep"), bench.Str("size", sw.Size.ID()), bench.Int("slaves", p), bench.Num("load", load))
			for win := 0; win <= reps; win++ {
				spec := SweepSpec{Spec: Spec{Path: path, Source: src, Size: sw.Size, Slaves: p, Len: n, Quantum: c.Quantum,
					Start: WindowStart(c.TraceJobs, n, win, WindowSeed(sw.Size, win))}, Load: load}
				for _, a := range algos {
					pl.runs.Add(windowRun(w, a, win), spec)
				}
			}
		}
	}
	return nil
}

// ScaleLoad returns a copy of jobs with the submit times scaled about the
// first dealt job's so that OfferedLoad(jobs, slaves) is load. A window
// whose load is undefined (one submit time) is returned unscaled.
func ScaleLoad(jobs []timeshare.Job, slaves int, load float64) []timeshare.Job {
	own := OfferedLoad(jobs, slaves)
	out := slices.Clone(jobs)
	if math.IsNaN(own) {
		return out
	}
	first := math.Inf(1)
	for _, j := range jobs {
		if j.Run >= 0 {
			first = min(first, j.Submit)
		}
	}
	f := own / load
	for i := range out {
		out[i].Submit = first + (out[i].Submit-first)*f
	}
	return out
}

// recentScaled keeps the last few windows sweepRun scaled: the plan runs
// every algorithm of a (window, P, load) one after the other, and each
// scaled the window again. The scaled windows are shared read-only.
var recentScaled = recentCache[scaledWindow, []timeshare.Job]{max: recentWindows}

type scaledWindow struct {
	traceWindow
	slaves int
	load   float64
}

// sharedScaled returns ScaleLoad(jobs, spec.Slaves, spec.Load) for jobs,
// spec's window of tr, reusing a recent one. The result must not be
// modified.
func sharedScaled(tr *Trace, spec SweepSpec, jobs []timeshare.Job) []timeshare.Job {
	key := scaledWindow{traceWindow{tr.Trace, spec.Start, len(jobs)}, spec.Slaves, spec.Load}
	scaled, _ := recentScaled.get(key, func() ([]timeshare.Job, error) { return ScaleLoad(jobs, spec.Slaves, spec.Load), nil })
	return scaled
}

// sweepRun is one simulation of the sweep.
func sweepRun(run bench.Run, spec SweepSpec) (bench.Output, error) {
	jobs, tr, err := spec.windowOf()
	if err != nil {
		return bench.Output{}, err
	}
	o, err := Simulate(sharedScaled(tr, spec, jobs), spec.Slaves, run.Algorithm, spec.Quantum)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %s on %s rep %d: %w", Name, run.Algorithm, run.Workload, run.Rep, err)
	}
	return bench.Output{Metrics: timeshared.Table.Values(o)}, nil
}
