package filestudy

import (
	"context"
	"fmt"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/generators/lublin"
	"github.com/gridbench/gridbench/internal/sim"
)

// lublinSpec is a lublin workload's repetition: the model's parameters.
// The jobs are drawn when the run executes, from the run's workload seed
// (bench.WorkloadSeed of study, workload and repetition), so every
// algorithm of a repetition sees the same jobs and each repetition a
// fresh draw, as for deadline workloads.
type lublinSpec struct {
	jobs, cpus int
	typeless   bool
}

// lublinKind is kind = "lublin": repetition r draws jobs jobs from the
// Lublin & Feitelson (2003) model scaled to one machine of cpus CPUs.
type lublinKind struct{}

func (lublinKind) family() *family { return spaceShared }

func (lublinKind) keys() []string { return []string{"jobs", "cpus", "typeless"} }

func (lublinKind) check(w *Workload) error {
	if w.Jobs < 1 {
		return keyErr("jobs", "%d: need at least 1 (the jobs drawn for each repetition)", w.Jobs)
	}
	if w.CPUs < 1 {
		return keyErr("cpus", "%d: need at least 1 (the machine the model is scaled to; it was fitted for 128)", w.CPUs)
	}
	if w.Name == "" {
		w.Name = fmt.Sprintf("lublin/%djobs/cpus=%d", w.Jobs, w.CPUs)
		if w.Typeless {
			w.Name += "/typeless"
		}
	}
	return nil
}

// describe is empty: the page's row of a lublin workload has never shown
// its parameters (its derived name carries jobs and cpus); filling it in
// would change every lublin study's page.
func (lublinKind) describe(*Workload) string { return "" }

func (lublinKind) instances(s *Study, i, reps int, _ string, _ *config) ([]instance, error) {
	w := &s.Workloads[i]
	var specs []instance
	for range reps {
		specs = append(specs, lublinSpec{jobs: w.Jobs, cpus: w.CPUs, typeless: w.Typeless})
	}
	return specs, nil
}

func (lublinKind) files(*Workload, int, config) []string { return nil }

// instance draws the repetition's jobs with generators/lublin and puts
// them on one machine of spec.cpus CPUs, submit times shifted so the
// first arrival is at 0 (like a trace window). The model gives no
// requested times and no users: schedulers see exact run times, and
// every job has the one unknown user (-1).
func (spec lublinSpec) instance(seed uint64) (sim.Platform, []sim.Job, error) {
	gen, err := lublin.Generate(lublin.Config{Jobs: spec.jobs, CPUs: spec.cpus, Seed: seed, Typeless: spec.typeless})
	if err != nil {
		return sim.Platform{}, nil, err
	}
	jobs := make([]sim.Job, len(gen))
	for i, j := range gen {
		jobs[i] = sim.Job{ID: int64(j.ID), Submit: j.Submit, Run: j.Run, CPUs: j.CPUs, User: -1}
	}
	return sim.SingleMachine(spec.cpus), rebase(jobs), nil
}

func (l lublinSpec) execute(ctx context.Context, s *Study, run bench.Run) (bench.Output, error) {
	p, jobs, err := l.instance(run.Seed)
	if err != nil {
		return bench.Output{}, err
	}
	return s.simulate(ctx, run, p, jobs)
}
