package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"

	"github.com/urfave/cli/v2"
	"golang.org/x/sync/errgroup"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
)

func init() { register(verifyCommand) }

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "re-run a sample of the runs recorded in a results folder and report every record that differs",
		ArgsUsage: "DIR",
		Description: "For artefact evaluation. For each DIR/results/<experiment>/runs.csv, checks that its manifest.json was " +
			"made by this gridbench version with a configuration this build plans (same configuration hash), re-computes " +
			"a sample of the recorded runs (--fraction of them, at least one per experiment and algorithm; --all for " +
			"every run) and compares every metric and seed with the record, and every series sample with series.csv. Exits 1 naming each difference, or prints " +
			"\"N runs re-computed, all identical\".",
		Flags: append(someRunFlags(func(n string) bool { return n == "data" || n == "j" }),
			&cli.BoolFlag{Name: "all", Usage: "re-compute every recorded run"},
			&cli.Float64Flag{Name: "fraction", Value: 0.05, Usage: "share of each experiment × algorithm's runs to re-compute (at least one)"},
		),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return fmt.Errorf("verify needs one results folder (the --out of a reproduce), got %d arguments", c.NArg())
			}
			if f := c.Float64("fraction"); !(f > 0 && f <= 1) {
				return fmt.Errorf("--fraction %v: must be in (0, 1]; --all re-computes every run", f)
			}
			if err := checkRunFlags(c); err != nil {
				return err
			}
			v := &verifier{w: c.App.Writer, data: c.String("data"), fraction: c.Float64("fraction"), all: c.Bool("all"), workers: c.Int("j")}
			if v.workers == 0 {
				v.workers = runtime.NumCPU()
			}
			return v.verify(c, c.Args().First())
		},
	}
}

type verifier struct {
	w        io.Writer
	data     string
	fraction float64
	all      bool
	workers  int

	runs     int // re-computed
	problems int // differing records and failed checks, each printed
}

func (v *verifier) problem(format string, args ...any) {
	v.problems++
	fmt.Fprintf(v.w, format+"\n", args...)
}

func (v *verifier) verify(c *cli.Context, dir string) error {
	found, _ := filepath.Glob(filepath.Join(dir, "results", "*", "runs.csv"))
	if len(found) == 0 {
		return fmt.Errorf("%s: no results/<experiment>/runs.csv below it; give the --out folder of a reproduce", dir)
	}
	sort.Strings(found)
	for _, path := range found {
		if err := v.experiment(c, path); err != nil {
			return err
		}
	}
	if v.problems > 0 {
		return fmt.Errorf("%s: %d differences (listed above) in %d re-computed runs and the manifests' checks", dir, v.problems, v.runs)
	}
	fmt.Fprintf(v.w, "%d runs re-computed, all identical\n", v.runs)
	return nil
}

// experiment verifies one results/<experiment>/runs.csv. Errors are for
// what stops verification (unreadable files, a failing run); differences
// are counted and printed.
func (v *verifier) experiment(c *cli.Context, path string) error {
	edir := filepath.Dir(path)
	name := filepath.Base(edir)
	e, err := experiments.Lookup(name)
	if err != nil {
		v.problem("%s: %v", edir, err)
		return nil
	}
	mpath := filepath.Join(edir, "manifest.json")
	man, err := analysis.ReadManifest(mpath)
	if err != nil {
		v.problem("%s: unreadable manifest (%v): these results cannot be verified", mpath, err)
		return nil
	}
	if man.Version != version {
		v.problem("%s: made by gridbench %s, this is %s: verify with the version that made them", mpath, man.Version, version)
	}
	recs, err := analysis.ReadFile(path)
	if err != nil {
		return err
	}
	recorded := map[analysis.RunKey][]analysis.Record{}
	reps := 0
	for _, r := range recs {
		recorded[r.Key()] = append(recorded[r.Key()], r)
		reps = max(reps, r.Rep+1)
	}
	points := map[analysis.RunKey][]analysis.Point{}
	spath := filepath.Join(edir, "series.csv")
	if pts, err := analysis.ReadSeriesFile(spath); err == nil {
		for _, p := range pts {
			points[p.Key()] = append(points[p.Key()], p)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	plan, exec, err := v.plan(e, man, reps)
	if err != nil {
		v.problem("%s: %v", mpath, err)
		return nil
	}

	inPlan := map[analysis.RunKey]bool{}
	for _, r := range plan.Runs {
		inPlan[r.Key()] = true
	}
	var stray []string
	for k := range recorded {
		if !inPlan[k] {
			stray = append(stray, k.String())
		}
	}
	sort.Strings(stray)
	for _, k := range stray {
		v.problem("%s: run %s is recorded but not in the plan of its configuration", path, k)
	}

	sample := v.sample(plan, recorded)
	outs := make([]bench.Output, len(sample))
	g, gctx := errgroup.WithContext(c.Context)
	g.SetLimit(v.workers)
	for i, r := range sample {
		g.Go(func() error {
			out, err := exec(gctx, r)
			if err != nil {
				return fmt.Errorf("re-computing %s: %w", r.Key(), err)
			}
			outs[i] = out
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for i, r := range sample {
		v.compare(path, r, recorded[r.Key()], outs[i])
		v.compareSeries(spath, r, points[r.Key()], outs[i].Series)
	}
	v.runs += len(sample)
	fmt.Fprintf(c.App.ErrWriter, "%s: %d of %d recorded runs re-computed\n", name, len(sample), len(recorded))
	return nil
}

// plan rebuilds the plan whose configuration hash the manifest records.
// The manifest does not say whether --quick made it: both are tried.
func (v *verifier) plan(e experiments.Experiment, man *analysis.Manifest, reps int) (bench.Plan, bench.Executor, error) {
	var hashes []string
	for _, quick := range []bool{false, true} {
		plan, exec, err := experiments.BenchPlan(e, experiments.Config{Reps: reps, DataDir: v.data, Quick: quick})
		if err != nil {
			return bench.Plan{}, nil, err
		}
		h, _, err := analysis.HashConfig(plan.Config)
		if err != nil {
			return bench.Plan{}, nil, err
		}
		if h == man.ConfigHash {
			return plan, exec, nil
		}
		hashes = append(hashes, h)
	}
	return bench.Plan{}, nil, fmt.Errorf("configuration hash %s is not one this build plans (%s; %s with --quick): "+
		"the code or the data differ from those that made the results (pass the same --data)", man.ConfigHash, hashes[0], hashes[1])
}

// sample picks, per algorithm, the share of recorded runs to re-compute,
// at least one, in plan order. Which runs is fixed by their identity, so
// two verifications of one folder re-compute the same runs.
func (v *verifier) sample(plan bench.Plan, recorded map[analysis.RunKey][]analysis.Record) []bench.Run {
	byAlgo := map[string][]int{}
	for i, r := range plan.Runs {
		if _, ok := recorded[r.Key()]; ok {
			byAlgo[r.Algorithm] = append(byAlgo[r.Algorithm], i)
		}
	}
	var picked []int
	for _, idx := range byAlgo {
		n := len(idx)
		if !v.all {
			n = max(1, int(math.Ceil(v.fraction*float64(len(idx)))))
			rank := func(i int) uint64 {
				r := plan.Runs[i]
				return bench.DeriveSeed("verify", r.Workload, r.Algorithm, strconv.Itoa(r.Rep))
			}
			sort.Slice(idx, func(a, b int) bool { return rank(idx[a]) < rank(idx[b]) })
		}
		picked = append(picked, idx[:n]...)
	}
	sort.Ints(picked)
	runs := make([]bench.Run, len(picked))
	for i, p := range picked {
		runs[i] = plan.Runs[p]
	}
	return runs
}

// compare prints every recorded value of run that the re-computation does
// not reproduce exactly, and every metric on one side only.
func (v *verifier) compare(path string, run bench.Run, recs []analysis.Record, out bench.Output) {
	got := map[string]string{}
	for _, m := range out.Metrics {
		got[m.Name] = analysis.FormatValue(m.Value)
	}
	seen := map[string]bool{}
	for _, r := range recs {
		seen[r.Metric] = true
		if r.Seed != run.Seed {
			v.problem("%s: %s %s: recorded seed %d, the run's seed is %d", path, run.Key(), r.Metric, r.Seed, run.Seed)
		}
		want := analysis.FormatValue(r.Value)
		switch g, ok := got[r.Metric]; {
		case !ok:
			v.problem("%s: %s %s: recorded %s, not re-computed (no such metric)", path, run.Key(), r.Metric, want)
		case g != want:
			v.problem("%s: %s %s: recorded %s, re-computed %s", path, run.Key(), r.Metric, want, g)
		}
	}
	for _, m := range out.Metrics {
		if !seen[m.Name] {
			v.problem("%s: %s %s: re-computed %s, not recorded", path, run.Key(), m.Name, analysis.FormatValue(m.Value))
		}
	}
}

// compareSeries prints the first sample of run's series that the
// re-computation does not reproduce exactly (series, t and value, in
// order), or the difference in their numbers.
func (v *verifier) compareSeries(path string, run bench.Run, rec []analysis.Point, got []bench.Sample) {
	for i := range min(len(rec), len(got)) {
		r, g := rec[i], got[i]
		if r.Series != g.Series || analysis.FormatValue(r.T) != analysis.FormatValue(g.T) || analysis.FormatValue(r.Value) != analysis.FormatValue(g.Value) {
			v.problem("%s: %s sample %d: recorded %s at %s = %s, re-computed %s at %s = %s", path, run.Key(), i+1,
				r.Series, analysis.FormatValue(r.T), analysis.FormatValue(r.Value), g.Series, analysis.FormatValue(g.T), analysis.FormatValue(g.Value))
			return
		}
	}
	if len(rec) != len(got) {
		v.problem("%s: %s: %d series samples recorded, %d re-computed", path, run.Key(), len(rec), len(got))
	}
}
