package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
)

// The workbook holds the studies of one reproduction (Format.Cumulative
// is false: verify re-renders it from the studies the outputs manifest
// says it holds). A reproduction of some studies (--only, a study file's
// run) into a folder whose workbook held others keeps them: their
// reports are made again from their results on disk, as verify makes
// them, so that the workbook written holds every study it held before.

// ExperimentOf returns the experiment that made the results whose
// manifest is m: the built-in experiment it names, or the study file it
// was made from, loaded (and registered, as `study run` registers it,
// for the report index's title).
func ExperimentOf(m *analysis.Manifest) (experiments.Experiment, error) {
	if m.Study == nil {
		e, err := experiments.Lookup(m.Experiment)
		if err != nil {
			return nil, fmt.Errorf("%w; a study folder's manifest names its study file, this one names none", err)
		}
		return e, nil
	}
	s, err := filestudy.Load(m.Study.Path)
	if err != nil {
		return nil, err
	}
	if _, err := experiments.Lookup(s.Name()); err != nil {
		experiments.Register(s)
	}
	return s, nil
}

// ConfigOf returns the configuration the results whose manifest is m were
// planned with for reps repetitions: quick or full as the manifest
// records it, the data read below data (when "", the data roots the
// manifest names).
func ConfigOf(m *analysis.Manifest, data string, reps int) (experiments.Config, error) {
	var q struct{ Quick bool }
	if err := json.Unmarshal(m.Config, &q); err != nil {
		return experiments.Config{}, fmt.Errorf("configuration: %w", err)
	}
	if data == "" {
		data = strings.Join(m.DataRoots, string(os.PathListSeparator))
	}
	return experiments.Config{Reps: reps, DataDir: data, Quick: q.Quick}, nil
}

// reportsOf makes again, from their results on disk, the reports of the
// studies names held by the workbook of opts.Out, for the workbook
// alone (their pages on disk are not rewritten: the reports are written
// into a temporary folder, then removed). It returns the outcomes made
// and, for each study it could not make, why.
func reportsOf(ctx context.Context, opts Options, names []string) ([]*Outcome, []string) {
	tmp, err := os.MkdirTemp("", "gridbench-workbook-")
	if err != nil {
		return nil, []string{fmt.Sprintf("no temporary folder: %v", err)}
	}
	defer os.RemoveAll(tmp)
	plans := make([]experiments.Plan, len(names))
	errs := make([]error, len(names))
	for i, n := range names { // (one by one: a study file is registered)
		plans[i], errs[i] = planOf(opts, n)
	}
	got := make([]*Outcome, len(names))
	var g errgroup.Group
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	g.SetLimit(workers)
	for i, n := range names {
		if errs[i] == nil {
			g.Go(func() error {
				got[i], errs[i] = reportOf(ctx, plans[i], ResultsDir(opts.Out, n), filepath.Join(tmp, fmt.Sprint(i)), n, bench.ReadResults{})
				return nil
			})
		}
	}
	g.Wait()
	var made []*Outcome
	var why []string
	for i, n := range names {
		if errs[i] != nil {
			why = append(why, fmt.Sprintf("%s (%v)", n, errs[i]))
			continue
		}
		made = append(made, got[i])
	}
	return made, why
}

// planOf is the plan that made study name's results below opts.Out, as
// their manifest gives it.
func planOf(opts Options, name string) (experiments.Plan, error) {
	m, err := analysis.ReadManifest(filepath.Join(ResultsDir(opts.Out, name), "manifest.json"))
	if err != nil {
		return nil, err
	}
	reps := m.Reps
	if reps <= 0 { // (a plan that gives none: as many as its runs have)
		for _, r := range m.Runs {
			reps = max(reps, r.Rep+1)
		}
	}
	if reps <= 0 {
		return nil, errors.New("its manifest lists no runs")
	}
	e, err := ExperimentOf(m)
	if err != nil {
		return nil, err
	}
	cfg, err := ConfigOf(m, opts.Config.DataDir, reps)
	if err != nil {
		return nil, err
	}
	return e.Plan(cfg.Filled(e))
}

// reportOf makes study name's report with plan p from its results in
// dir (runs.csv and series.csv taken from read when it holds them), its
// figures written below the output folder tmp. Rerender writes the
// report made; the workbook of a reproduction takes it alone.
func reportOf(ctx context.Context, p experiments.Plan, dir, tmp, name string, read bench.ReadResults) (*Outcome, error) {
	res, err := readResult(dir, read)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(PaperDir(tmp), "figures"), 0o755); err != nil {
		return nil, err
	}
	rep, err := p.Report(ctx, experiments.ReportInput{Result: res, PaperDir: PaperDir(tmp)})
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	rep.Version = res.Manifest.Version // the version the claims files name, as Reproduce set it
	return &Outcome{Name: name, Result: res, Report: rep}, nil
}

// inReportOrder sorts outcomes as the report lists studies
// (experiments.Sort).
func inReportOrder(outcomes []*Outcome) []*Outcome {
	names := make([]string, len(outcomes))
	for i, o := range outcomes {
		names[i] = o.Name
	}
	experiments.Sort(names)
	sorted := slices.Clone(outcomes)
	slices.SortStableFunc(sorted, func(a, b *Outcome) int {
		return slices.Index(names, a.Name) - slices.Index(names, b.Name)
	})
	return sorted
}
