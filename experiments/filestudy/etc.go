package filestudy

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/mapping"
)

// Defaults of a generated etc workload: the Braun instances' size.
const (
	defaultETCJobs     = 512
	defaultETCMachines = 16
)

// etcInstance is an etc workload's repetition: a matrix read from a file,
// or (mat nil) the class a fresh one is drawn from with the run's seed.
type etcInstance struct {
	mat  *etc.Matrix
	spec etc.Spec
}

// etcSpec is the generator's class with the file's parameters.
func (w *Workload) etcSpec() (etc.Spec, error) {
	sp := etc.Spec{Jobs: w.Jobs, Machines: w.Machines, RTask: w.RTask, RMach: w.RMach, VTask: w.VTask, VMach: w.VMach, MeanTask: w.MeanTask}
	if sp.Jobs == 0 {
		sp.Jobs = defaultETCJobs
	}
	if sp.Machines == 0 {
		sp.Machines = defaultETCMachines
	}
	var err error
	if w.Method != "" {
		if sp.Method, err = etc.ParseMethod(w.Method); err != nil {
			return sp, keyErr("method", "%w", err)
		}
	}
	if w.Consistency == "" {
		return sp, keyErr("consistency", "missing: c (consistent), s (semi-consistent) or i (inconsistent)")
	}
	if sp.Consistency, err = etc.ParseConsistency(w.Consistency); err != nil {
		return sp, keyErr("consistency", "%w", err)
	}
	for _, h := range []struct {
		key, v string
		dst    *etc.Heterogeneity
	}{{"task_heterogeneity", w.TaskHeterogeneity, &sp.TaskHet}, {"machine_heterogeneity", w.MachineHeterogeneity, &sp.MachHet}} {
		if h.v == "" {
			return sp, keyErr(h.key, "missing: hi or lo")
		}
		if *h.dst, err = etc.ParseHeterogeneity(h.v); err != nil {
			return sp, keyErr(h.key, "%w", err)
		}
	}
	return sp, nil
}

// etcKind is kind = "etc": ETC instances for the immediate-mode
// heuristics. Without files, repetition r is a fresh instance of jobs ×
// machines (default 512 × 16) drawn by generators/etc from the run's seed;
// with files, repetition r reads files[r] (Braun's format).
type etcKind struct{}

func (etcKind) family() *family { return mappingFamily }

func (etcKind) keys() []string {
	return []string{"jobs", "machines", "files", "method", "consistency", "task_heterogeneity", "machine_heterogeneity",
		"r_task", "r_mach", "v_task", "v_mach", "mean_task"}
}

// checkRanges bounds the matrix: jobs × machines cells.
func (etcKind) checkRanges(w *Workload) error {
	if w.Jobs > 0 && w.Machines > 0 {
		if err := etc.CheckSize(w.Jobs, w.Machines); err != nil {
			return keyErr("jobs/machines", "%w", err)
		}
	}
	return nil
}

func (etcKind) check(w *Workload) error {
	if w.Jobs < 0 || w.Machines < 0 {
		return keyErr("jobs/machines", "%d × %d: need at least 1 × 1", w.Jobs, w.Machines)
	}
	if len(w.Files) > 0 {
		for _, k := range []struct {
			key string
			set bool
		}{{"method", w.Method != ""}, {"consistency", w.Consistency != ""}, {"task_heterogeneity", w.TaskHeterogeneity != ""},
			{"machine_heterogeneity", w.MachineHeterogeneity != ""}, {"r_task", w.RTask != 0}, {"r_mach", w.RMach != 0},
			{"v_task", w.VTask != 0}, {"v_mach", w.VMach != 0}, {"mean_task", w.MeanTask != 0}} {
			if k.set {
				return keyErr(k.key, "a generator parameter, but the workload reads files: drop one or the other")
			}
		}
		if (w.Jobs == 0) != (w.Machines == 0) {
			return keyErr("jobs/machines", "give both (the size of header-less files) or neither")
		}
		if w.Name == "" {
			w.Name = filepath.Base(filepath.Dir(w.Files[0])) + "/" + strings.TrimSuffix(filepath.Base(w.Files[0]), filepath.Ext(w.Files[0]))
			if len(w.Files) > 1 {
				w.Name = fmt.Sprintf("%s/%dfiles", filepath.Base(filepath.Dir(w.Files[0])), len(w.Files))
			}
		}
		return nil
	}
	sp, err := w.etcSpec()
	if err != nil {
		return err
	}
	for _, k := range []struct {
		key    string
		set    bool
		method etc.Method
	}{{"r_task", w.RTask != 0, etc.RangeBased}, {"r_mach", w.RMach != 0, etc.RangeBased},
		{"v_task", w.VTask != 0, etc.CVB}, {"v_mach", w.VMach != 0, etc.CVB}, {"mean_task", w.MeanTask != 0, etc.CVB}} {
		if k.set && sp.Method != k.method {
			return keyErr(k.key, "a parameter of method = %q; this workload draws with %q, which would ignore it", k.method, sp.Method)
		}
	}
	if err := sp.Validate(); err != nil {
		return keyErr("r_task/r_mach/v_task/v_mach/mean_task", "%w", err)
	}
	if w.Name == "" {
		w.Name = fmt.Sprintf("%s/%dx%d", sp.Name(), sp.Jobs, sp.Machines)
	}
	return nil
}

func (etcKind) describe(w *Workload) string {
	if len(w.Files) > 0 {
		return "repetition r: ETC file r of " + strings.Join(w.Files, ", ")
	}
	if sp, err := w.etcSpec(); err == nil {
		return fmt.Sprintf("class %s (%s method), %d jobs × %d machines; a fresh instance per repetition", sp.Name(), sp.Method, sp.Jobs, sp.Machines)
	}
	return ""
}

// instances returns an etc workload's repetitions: files read now, or the
// class to draw from.
func (etcKind) instances(s *Study, i, reps int, dataDir string, c *config) ([]instance, error) {
	w := &s.Workloads[i]
	if len(w.Files) == 0 {
		sp, err := w.etcSpec()
		if err != nil {
			return nil, err
		}
		specs := make([]instance, reps)
		for r := range specs {
			specs[r] = etcInstance{spec: sp}
		}
		return specs, nil
	}
	if reps > len(w.Files) {
		return nil, inEntry("workload", i, w.Name, keyErr("files", "%d repetitions need %d files, one per repetition; %d given",
			reps, reps, len(w.Files)))
	}
	if reps < len(w.Files) {
		s.say("%s: workload %s: %d repetitions read the first %d of its %d files; the other %d (from %s on) are not run (--reps %d runs them all)\n",
			s.Name(), w.Name, reps, reps, len(w.Files), len(w.Files)-reps, w.Files[reps], len(w.Files))
	}
	if c.Files == nil {
		c.Files = map[string]string{}
	}
	specs := make([]instance, reps)
	for r, name := range w.Files[:reps] {
		path, err := s.findTrace(name, dataDir)
		if err != nil {
			return nil, inEntry("workload", i, w.Name, keyErr("files", "%w", err))
		}
		m, err := etc.ReadFile(path, etc.ReadOptions{Jobs: w.Jobs, Machines: w.Machines})
		if err != nil {
			return nil, inEntry("workload", i, w.Name, keyErr("files", "%w", err))
		}
		c.found(s, c.Files, name, path)
		specs[r] = etcInstance{mat: m}
	}
	return specs, nil
}

func (etcKind) files(w *Workload, r int, c config) []string {
	if r < len(w.Files) {
		return []string{c.path(c.Files, w.Files[r])}
	}
	return nil
}

func (e etcInstance) execute(_ context.Context, s *Study, run bench.Run) (bench.Output, error) {
	return s.executeETC(run, e)
}

// executeETC maps the instance with the run's heuristic (the paper's
// parameters) and evaluates it as `gridbench etc eval` does.
func (s *Study) executeETC(run bench.Run, in etcInstance) (bench.Output, error) {
	h, err := mapping.New(s.resolve(run.Algorithm), mapping.DefaultParams)
	if err != nil {
		return bench.Output{}, err
	}
	m := in.mat
	if m == nil {
		if m, err = etc.Generate(in.spec, etc.NewSource(in.spec, run.Seed)); err != nil {
			return bench.Output{}, err
		}
	}
	return s.output(mapping.Table.ValueMap(mapping.Measure(m, h))), nil
}

// output keeps the study's reported metrics of all, in report order; a
// metric absent from all is undefined for the run and left out of it (the
// metric names themselves were checked by Load).
func (s *Study) output(all map[string]float64) bench.Output {
	var out bench.Output
	for _, m := range s.metrics() {
		if v, ok := all[m]; ok {
			out.Metrics = append(out.Metrics, bench.Metric{Name: m, Value: v})
		}
	}
	return out
}
