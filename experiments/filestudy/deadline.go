package filestudy

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/spaceshared"
)

// deadlineKind is kind = "deadline": generators/jobstream's stream of jobs
// with deadlines on a heterogeneous platform, unset parameters at the
// generator's defaults; repetition r draws a fresh instance from the run's
// seed.
type deadlineKind struct{}

func (deadlineKind) family() *family { return spaceShared }

func (deadlineKind) keys() []string {
	return []string{"jobs", "mean_inter_arrival", "machines", "machine_cpus_max", "speed_min", "speed_max", "ref_speed",
		"run_min", "run_max", "job_cpus_max", "deadline_share", "slack_min", "slack_max"}
}

func (deadlineKind) check(w *Workload) error {
	spec := w.spec()
	// A key written 0 would read as left out: the generator's default
	// replaces it (run_min = 0 drew run times from 500 s).
	def := jobstream.Default(max(w.MeanInterArrival, 1))
	for _, k := range w.defaulted(&def) {
		if v, ok := w.written[k.key]; ok && (v == int64(0) || v == 0.0) {
			return keyErr(k.key, "0 here stands for the key left out, the generator's default %v: leave the key out for the default, or give a value above 0", k.def())
		}
	}
	switch {
	case w.MeanInterArrival == 0:
		return keyErr("mean_inter_arrival", "missing or 0: give the mean time between arrivals in seconds (the deadline study's streams use 1 to 5)")
	case spec.JobCPUsMax > spec.MachineCPUsMax:
		return keyErr("job_cpus_max/machine_cpus_max", "jobs of up to %d CPUs on machines of at most %d: a job could fit on no machine (the defaults are 8 and 16)",
			spec.JobCPUsMax, spec.MachineCPUsMax)
	}
	if err := spec.Validate(); err != nil {
		var se *jobstream.SpecError
		if errors.As(err, &se) { // named as the file names them, so the error gives their line
			keys := make([]string, len(se.Fields))
			for i, f := range se.Fields {
				keys[i] = specKey(f)
			}
			return keyErr(strings.Join(keys, "/"), "%s", se.Why)
		}
		return err
	}
	if w.Name == "" {
		w.Name = spaceshared.StreamID(spec.MeanInterArrival)
	}
	return nil
}

// measures: delayed_pct, the share of the jobs with a deadline that end
// late, needs jobs with deadlines: deadline_share not 0.
func (deadlineKind) measures(w *Workload, m string) bool {
	return m != spaceshared.MDelayed || w.DeadlineShare == nil || *w.DeadlineShare > 0
}

func (deadlineKind) describe(w *Workload) string {
	sp := w.spec()
	return fmt.Sprintf("%d jobs, mean inter-arrival %g s, %d machines (1–%d CPUs, speed %g–%g), run %g–%g s, %g%% with deadlines (slack %g–%g); a fresh instance per repetition",
		sp.Jobs, sp.MeanInterArrival, sp.Machines, sp.MachineCPUsMax, sp.SpeedMin, sp.SpeedMax, sp.RunMin, sp.RunMax, 100*sp.DeadlineShare, sp.SlackMin, sp.SlackMax)
}

func (deadlineKind) instances(s *Study, i, reps int, _ string, _ *config) ([]instance, error) {
	var specs []instance
	for range reps {
		specs = append(specs, stream{s.Workloads[i].spec()})
	}
	return specs, nil
}

func (deadlineKind) files(*Workload, int, config) []string { return nil }

// spec is the deadline generator's stream with the file's overrides.
func (w *Workload) spec() jobstream.Spec {
	s := jobstream.Default(w.MeanInterArrival)
	for _, k := range w.defaulted(&s) {
		k.set()
	}
	if w.DeadlineShare != nil {
		s.DeadlineShare = *w.DeadlineShare
	}
	return s
}

// defaultedKey is a key whose 0 (or absence) leaves the generator's
// default in s: set overrides it with the file's value when that is not
// 0, def gives the value in s.
type defaultedKey struct {
	key string
	set func()
	def func() any
}

// defaulted lists w's keys whose 0 stands for the generator's default,
// each bound to its field of s.
func (w *Workload) defaulted(s *jobstream.Spec) []defaultedKey {
	i := func(key string, dst *int, v int) defaultedKey {
		return defaultedKey{key, func() {
			if v != 0 {
				*dst = v
			}
		}, func() any { return *dst }}
	}
	f := func(key string, dst *float64, v float64) defaultedKey {
		return defaultedKey{key, func() {
			if v != 0 {
				*dst = v
			}
		}, func() any { return *dst }}
	}
	return []defaultedKey{
		i("jobs", &s.Jobs, w.Jobs), i("machines", &s.Machines, w.Machines), i("machine_cpus_max", &s.MachineCPUsMax, w.MachineCPUsMax),
		f("speed_min", &s.SpeedMin, w.SpeedMin), f("speed_max", &s.SpeedMax, w.SpeedMax), f("ref_speed", &s.RefSpeed, w.RefSpeed),
		f("run_min", &s.RunMin, w.RunMin), f("run_max", &s.RunMax, w.RunMax), i("job_cpus_max", &s.JobCPUsMax, w.JobCPUsMax),
		f("slack_min", &s.SlackMin, w.SlackMin), f("slack_max", &s.SlackMax, w.SlackMax),
	}
}

// stream is a deadline workload's repetition: the generator's stream,
// drawn from the run's workload seed.
type stream struct{ spec jobstream.Spec }

func (st stream) execute(ctx context.Context, s *Study, run bench.Run) (bench.Output, error) {
	inst, err := adapt.GenerateDeadline(st.spec, run.Seed)
	if err != nil {
		return bench.Output{}, err
	}
	return s.simulate(ctx, run, inst.Platform, inst.Jobs)
}

// specKey is the study file's key for a field of jobstream.Spec: the toml
// tag of the Workload field of that name, which spec copies into it.
func specKey(field string) string {
	if f, ok := reflect.TypeFor[Workload]().FieldByName(field); ok {
		if k := f.Tag.Get("toml"); k != "" {
			return k
		}
	}
	return field
}
