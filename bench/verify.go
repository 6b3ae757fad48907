package bench

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/gridbench/gridbench/analysis"
)

// Planner rebuilds the plan and executor of the results in dir from their
// manifest: the caller finds the experiment (a built-in one by
// m.Experiment, a study file by m.Study) and plans it with reps
// repetitions (m.Reps, or for an older manifest a number bisection
// tries), with the options the manifest's configuration records
// (such as a quick configuration). Verify then checks that the plan's
// configuration is, byte for byte, the one the manifest records.
type Planner func(dir string, m *analysis.Manifest, reps int) (Plan, Executor, error)

// VerifyOptions control Verify.
type VerifyOptions struct {
	// All re-computes every recorded run; otherwise a sample of them.
	All bool
	// Fraction is the share of each workload × algorithm's recorded runs
	// the sample re-computes, at least one of each.
	Fraction float64
	// Seed draws the sample: the same seed over the same folder draws the
	// same runs. The caller draws it afresh for each verification.
	Seed uint64
	// Version is the verifying tool's version; results made by another
	// version are a difference ("" does not check).
	Version  string
	Workers  int       // 0 means runtime.NumCPU()
	Progress io.Writer // one line per folder; nil means silent
}

// Problem is one difference between a results folder and what this build
// makes of it, or a check that failed. File is the file it is about.
type Problem struct {
	File string
	Text string
}

func (p Problem) String() string { return p.File + ": " + p.Text }

// VerifyReport is what Verify found.
type VerifyReport struct {
	Planned    int // runs in the rebuilt plans
	Recorded   int // distinct runs found in runs.csv files
	Recomputed int
	Problems   []Problem
	// Digests is true when verification stopped at the digests: some file
	// no longer matches its manifest and nothing was re-computed.
	Digests bool
	// Reps are the repetitions each folder's plan was rebuilt with, by
	// folder: the plan the Planner returned for (folder, Reps[folder])
	// is the one the folder was checked against.
	Reps map[string]int
	// Read holds, by folder (cleaned), its runs.csv and series.csv as
	// read for the checks, unchanged by them, for the re-rendering of its
	// report to take rather than read again (a study of 120,000 runs has
	// 12 M points).
	Read map[string]ReadResults
}

// ReadResults are a folder's runs.csv and series.csv as read.
type ReadResults struct {
	Records []analysis.Record
	Series  []analysis.Point
}

// Verify checks the results folders dirs (each the Options.Dir of an
// Execute: runs.csv, series.csv, manifest.json) against what this build
// computes, and returns every difference it finds. It checks, in order:
//
//  1. every folder's runs.csv and series.csv against the SHA-256 digests
//     of its manifest. A file changed after it was written is a difference
//     and Verify stops there, before planning or re-computing anything;
//  2. the manifest: its version, that its configuration hash is the hash
//     of the configuration it records, that the study file it names is
//     unchanged, and that plan rebuilds exactly the recorded configuration,
//     runs, seeds and workload descriptors, its runs reading inputs of the
//     content the manifest records;
//  3. completeness, without re-computing: every planned run is in runs.csv
//     exactly once per metric, with its seed, in plan order, and nothing
//     else is; series.csv holds series only of planned runs;
//  4. a sample of the recorded runs (VerifyOptions.Fraction of each
//     workload × algorithm, at least one; every run with All), re-computed
//     and compared with their records, metric by metric and series sample
//     by series sample. The re-computed run of a workload × algorithm also
//     says which metrics and series every other run of that pair must
//     record: a run lacking one, or recording one more, is a difference.
//
// Problems are differences; the error is for what stops verification
// itself (cancellation).
func Verify(ctx context.Context, dirs []string, plan Planner, opts VerifyOptions) (*VerifyReport, error) {
	rep := &VerifyReport{}
	for _, dir := range dirs {
		rep.Problems = append(rep.Problems, CheckDigests(dir)...)
	}
	if len(rep.Problems) > 0 {
		rep.Digests = true
		return rep, nil
	}
	for _, dir := range dirs {
		v := &verifier{dir: dir, opts: opts, rep: rep}
		if err := v.run(ctx, plan); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// CheckDigests compares dir's runs.csv and series.csv with the digests its
// manifest records (analysis.Manifest.CheckDigests, the rule by which the
// runner refuses to reuse a folder), re-computing nothing: one problem per
// file that differs, or for an unreadable manifest.
func CheckDigests(dir string) []Problem {
	mpath := filepath.Join(dir, manifestFile)
	m, err := analysis.ReadManifest(mpath)
	if err != nil {
		return []Problem{{mpath, fmt.Sprintf("unreadable (%v): these results cannot be verified", err)}}
	}
	err = m.CheckDigests(dir)
	if err == nil {
		return nil
	}
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	ps := make([]Problem, len(errs))
	for i, e := range errs {
		ps[i] = Problem{dir, e.Error()}
	}
	return ps
}

// verifier checks one results folder.
type verifier struct {
	dir  string
	opts VerifyOptions
	rep  *VerifyReport

	man          *analysis.Manifest
	mpath        string
	rpath, spath string
	records      []analysis.Record
	points       []analysis.Point
	plan         Plan
	exec         Executor
	index        map[analysis.RunKey]int // plan position
	metrics      map[analysis.RunKey][]analysis.Record
	series       map[analysis.RunKey][]analysis.Point
}

// problem records a difference, on one line: an error quoted in it may
// span several (a list of places looked in).
func (v *verifier) problem(file, format string, args ...any) {
	text := newlines.ReplaceAllString(fmt.Sprintf(format, args...), "; ")
	v.rep.Problems = append(v.rep.Problems, Problem{file, text})
}

var newlines = regexp.MustCompile(`\s*\n\s*`)

func (v *verifier) run(ctx context.Context, planner Planner) error {
	v.mpath = filepath.Join(v.dir, manifestFile)
	v.rpath, v.spath = filepath.Join(v.dir, runsFile), filepath.Join(v.dir, seriesFile)
	end := Slow(v.opts.Progress, fmt.Sprintf("%s: reading its results (runs.csv, series.csv)\n", v.dir))
	ok := v.load()
	end()
	if !ok {
		return nil
	}
	plan, exec, reps, err := v.rebuild(planner)
	if err != nil {
		v.problem(v.mpath, "cannot rebuild the plan of these results: %v", err)
		return nil
	}
	v.plan, v.exec = plan, exec
	if v.rep.Reps == nil {
		v.rep.Reps = map[string]int{}
	}
	v.rep.Reps[v.dir] = reps
	if !v.checkPlan() {
		return nil
	}
	v.rep.Planned += len(plan.Runs)
	v.completeness()
	return v.recompute(ctx)
}

// rebuild plans the folder's experiment with the number of repetitions
// that made it, which the manifest records (Manifest.Reps).
func (v *verifier) rebuild(planner Planner) (Plan, Executor, int, error) {
	if v.man.Reps < 0 || v.man.Reps > MaxReps {
		return Plan{}, nil, 0, fmt.Errorf("it records %d repetitions: gridbench plans 1 to %d (the manifest was edited)", v.man.Reps, MaxReps)
	}
	if v.man.Reps > 0 {
		p, e, err := planner(v.dir, v.man, v.man.Reps)
		return p, e, v.man.Reps, err
	}
	return v.bisectReps(planner)
}

// bisectReps recovers the number of repetitions for a manifest written
// before it was recorded, and only for one: the records do not say it (a
// workload may run more repetitions than asked, a deterministic one
// fewer), but the plan grows with it, so it is the smallest that plans as
// many runs as the manifest lists (runs.csv holds, when the manifest
// lists none), found by bisection over 1 to the largest repetition
// recorded + 1. Which runs those are is checked next.
func (v *verifier) bisectReps(planner Planner) (Plan, Executor, int, error) {
	hi, runs := 1, map[analysis.RunKey]bool{}
	for _, r := range v.man.Runs {
		hi = max(hi, r.Rep+1)
	}
	for _, r := range v.records {
		hi = max(hi, r.Rep+1)
		runs[r.Key()] = true
	}
	if hi > MaxReps+1 {
		return Plan{}, nil, 0, fmt.Errorf("it records repetition %d: gridbench plans 1 to %d repetitions (the manifest or runs.csv was edited)", hi-1, MaxReps)
	}
	want := len(v.man.Runs)
	if want == 0 {
		want = len(runs)
	}
	lo := 1
	for lo < hi {
		mid := (lo + hi) / 2
		p, _, err := planner(v.dir, v.man, mid)
		if err == nil && len(p.Runs) < want {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	p, e, err := planner(v.dir, v.man, lo)
	return p, e, lo, err
}

// load reads the manifest, checks what it says about itself and its
// inputs, and reads runs.csv and series.csv. It reports whether
// verification can go on.
func (v *verifier) load() bool {
	m, err := analysis.ReadManifest(v.mpath)
	if err != nil {
		v.problem(v.mpath, "unreadable (%v): these results cannot be verified", err)
		return false
	}
	v.man = m
	if name := filepath.Base(v.dir); m.Experiment != name {
		v.problem(v.mpath, "records experiment %q, but sits in folder %s", m.Experiment, name)
		return false
	}
	if v.opts.Version != "" && m.Version != v.opts.Version {
		v.problem(v.mpath, "made by gridbench %s, this is %s: verify with the version that made them", m.Version, v.opts.Version)
	}
	if m.SeedRule != SeedRule {
		v.problem(v.mpath, "records seed rule %q, this build derives seeds by %q", m.SeedRule, SeedRule)
	}
	var cfg bytes.Buffer
	if err := json.Compact(&cfg, m.Config); err != nil {
		v.problem(v.mpath, "its configuration is not JSON (%v)", err)
		return false
	}
	m.Config = cfg.Bytes()
	if h, _, _ := analysis.HashConfig(json.RawMessage(m.Config)); h != m.ConfigHash {
		v.problem(v.mpath, "records configuration hash %s, but the configuration it records hashes to %s: the manifest was edited", m.ConfigHash, h)
		return false
	}
	if m.Study != nil {
		got, err := analysis.FileSHA256(m.Study.Path)
		switch {
		case err != nil:
			v.problem(v.mpath, "names study file %s, which cannot be read (%v): verify where the study ran", m.Study.Path, err)
			return false
		case got != m.Study.SHA256:
			v.problem(m.Study.Path, "SHA-256 %s, the manifest records %s: the study file changed after these results were made", got, m.Study.SHA256)
			return false
		}
	}
	if v.records, err = analysis.ReadFile(v.rpath); err != nil {
		v.problem(v.rpath, "unreadable: %v", err)
		return false
	}
	if pts, err := analysis.ReadSeriesFile(v.spath); err == nil {
		v.points = pts
	} else if !errors.Is(err, os.ErrNotExist) {
		v.problem(v.spath, "unreadable: %v", err)
		return false
	}
	if v.rep.Read == nil {
		v.rep.Read = map[string]ReadResults{}
	}
	v.rep.Read[filepath.Clean(v.dir)] = ReadResults{v.records, v.points}
	return true
}

// checkPlan compares the rebuilt plan with the manifest: configuration,
// experiment, runs and seeds, workload descriptors. It reports whether
// the records can be checked against the plan.
func (v *verifier) checkPlan() bool {
	_, cfg, err := analysis.HashConfig(v.plan.Config)
	if err != nil {
		v.problem(v.mpath, "cannot hash the rebuilt configuration: %v", err)
		return false
	}
	if !bytes.Equal(cfg, v.man.Config) {
		diffs := jsonDiff(v.man.Config, cfg)
		v.problem(v.mpath, "the configuration it records is not the one this build plans for it (the code or the data differ, "+
			"pass the same --data, or the manifest was edited): %s", strings.Join(diffs, "; "))
		return false
	}
	if v.plan.Experiment != v.man.Experiment {
		v.problem(v.mpath, "records experiment %s, the plan is of %s", v.man.Experiment, v.plan.Experiment)
		return false
	}
	if v.man.Reps > 0 && v.plan.Reps != v.man.Reps {
		v.problem(v.mpath, "records %d repetitions, but the plan made with them says %d", v.man.Reps, v.plan.Reps)
	}
	v.index = make(map[analysis.RunKey]int, len(v.plan.Runs))
	for i, r := range v.plan.Runs {
		v.index[r.Key()] = i
	}
	inManifest := map[analysis.RunKey]bool{}
	for _, mr := range v.man.Runs {
		k := analysis.RunKey{Experiment: v.man.Experiment, Workload: mr.Workload, Algorithm: mr.Algorithm, Rep: mr.Rep}
		if inManifest[k] {
			v.problem(v.mpath, "lists run %s twice", k)
			continue
		}
		inManifest[k] = true
		i, ok := v.index[k]
		if !ok {
			v.problem(v.mpath, "lists run %s, which is not in the plan", k)
			continue
		}
		r := v.plan.Runs[i]
		if mr.Seed != r.Seed || mr.RunSeed != r.RunSeed {
			v.problem(v.mpath, "run %s: seeds %d/%d recorded, the plan's are %d/%d", k, mr.Seed, mr.RunSeed, r.Seed, r.RunSeed)
		}
		if mr.ConfigHash != r.ConfigHash {
			v.problem(v.mpath, "run %s: configuration %s recorded, the plan's is %s: the manifest was edited",
				k, cmp.Or(mr.ConfigHash, "unset"), cmp.Or(r.ConfigHash, "unset"))
		}
	}
	for _, h := range slices.Sorted(maps.Keys(v.man.RunConfigs)) {
		var part bytes.Buffer
		if err := json.Compact(&part, v.man.RunConfigs[h]); err != nil || !bytes.Equal(part.Bytes(), v.plan.RunConfigs[h]) {
			v.problem(v.mpath, "records run configuration %s, which is not the one this build plans under that hash: the manifest was edited", h)
		}
	}
	for _, r := range v.plan.Runs {
		if !inManifest[r.Key()] {
			v.problem(v.mpath, "does not list planned run %s", r.Key())
		}
	}
	v.checkInputs()
	var want []analysis.ManifestWorkload
	for _, w := range v.plan.Workloads {
		want = append(want, analysis.ManifestWorkload{ID: w.ID, Params: w.String()})
	}
	if !slices.Equal(want, v.man.Workloads) {
		v.problem(v.mpath, "its workload descriptors are not the plan's (%d recorded, %d planned)", len(v.man.Workloads), len(want))
	}
	return true
}

// checkInputs compares the files the plan's runs read, by content, with
// the inputs the manifest records: each must have a recorded twin of the
// same SHA-256, wherever it lies now (results verified on another machine
// find their data under another root), and each recorded input must be
// read by the plan with that content. Hashed afresh, never from a cache.
func (v *verifier) checkInputs() {
	reads := map[string]string{} // path -> SHA-256 now
	var studyFile []string       // hashed with the inputs (see Plan.Study)
	if v.plan.Study != "" {
		studyFile = []string{filepath.Clean(v.plan.Study)}
	}
	for _, r := range v.plan.Runs {
		for _, in := range append(studyFile, runInputs(v.plan, r)...) {
			if _, ok := reads[in]; ok {
				continue
			}
			sum, err := analysis.FileSHA256(in)
			if err != nil {
				v.problem(in, "an input of the plan, cannot be read (%v)", err)
			}
			reads[in] = sum
		}
	}
	recorded := map[string]string{} // path -> SHA-256 recorded
	has := map[string]bool{}        // SHA-256 recorded
	for _, in := range v.man.Inputs {
		recorded[filepath.Clean(in.Path)] = in.SHA256
		has[in.SHA256] = true
	}
	now := map[string]bool{}
	for _, sum := range reads {
		now[sum] = true
	}
	for _, in := range slices.Sorted(maps.Keys(reads)) {
		sum := reads[in]
		switch rec, ok := recorded[in]; {
		case sum == "" || has[sum]:
		case ok:
			v.problem(in, "SHA-256 %s, the manifest records %s: this input changed after the results were made", sum, rec)
		default:
			v.problem(v.mpath, "does not record input %s (SHA-256 %s), which the plan's runs read", in, sum)
		}
	}
	for _, in := range v.man.Inputs {
		if _, changed := reads[filepath.Clean(in.Path)]; !now[in.SHA256] && !changed {
			v.problem(v.mpath, "records input %s (SHA-256 %s), which the plan's runs do not read", in.Path, in.SHA256)
		}
	}
	var study string
	if v.man.Study != nil {
		study = filepath.Clean(v.man.Study.Path)
	}
	if v.plan.Study != "" && filepath.Clean(v.plan.Study) != study {
		v.problem(v.mpath, "names study file %q, the plan was made from %s", study, v.plan.Study)
	}
}

// completeness checks runs.csv and series.csv against the plan without
// re-computing: planned runs present, nothing extra or twice, seeds, order.
func (v *verifier) completeness() {
	v.metrics = map[analysis.RunKey][]analysis.Record{}
	last := -1
	stray := map[analysis.RunKey]int{}
	var strayOrder []analysis.RunKey
	for _, r := range v.records {
		k := r.Key()
		i, ok := v.index[k]
		if !ok {
			if stray[k] == 0 {
				strayOrder = append(strayOrder, k)
			}
			stray[k]++
			continue
		}
		if slices.ContainsFunc(v.metrics[k], func(o analysis.Record) bool { return o.Metric == r.Metric }) {
			v.problem(v.rpath, "run %s metric %s is recorded more than once", k, r.Metric)
			continue
		}
		if want := v.plan.Runs[i].Seed; r.Seed != want {
			v.problem(v.rpath, "run %s metric %s: recorded seed %d, the run's seed is %d", k, r.Metric, r.Seed, want)
		}
		if i < last {
			v.problem(v.rpath, "run %s metric %s comes after run %s: not in plan order", k, r.Metric, v.plan.Runs[last].Key())
		}
		last = max(last, i)
		v.metrics[k] = append(v.metrics[k], r)
	}
	for _, k := range strayOrder {
		v.problem(v.rpath, "run %s (%d rows) is not in the plan of these results", k, stray[k])
	}
	v.rep.Recorded += len(v.metrics)
	v.missing()

	v.series = map[analysis.RunKey][]analysis.Point{}
	last = -1
	stray = map[analysis.RunKey]int{}
	strayOrder = nil
	// The points of one run come one after another (a study of 120,000
	// runs has 12 M of them): each stretch of them is looked up once, and
	// kept as a part of v.points where its run has no other.
	for a := 0; a < len(v.points); {
		k := v.points[a].Key()
		b := a + 1
		for b < len(v.points) && v.points[b].Key() == k {
			b++
		}
		pts := v.points[a:b:b]
		a = b
		i, ok := v.index[k]
		if !ok || v.metrics[k] == nil {
			if stray[k] == 0 {
				strayOrder = append(strayOrder, k)
			}
			stray[k] += len(pts)
			continue
		}
		for _, p := range pts {
			if want := v.plan.Runs[i].Seed; p.Seed != want {
				v.problem(v.spath, "run %s series %s at %s: recorded seed %d, the run's seed is %d", k, p.Series, analysis.FormatValue(p.T), p.Seed, want)
			}
		}
		if i < last {
			p := pts[0]
			v.problem(v.spath, "run %s series %s at %s comes after run %s: not in plan order", k, p.Series, analysis.FormatValue(p.T), v.plan.Runs[last].Key())
		}
		last = max(last, i)
		if had := v.series[k]; had != nil {
			pts = append(had, pts...) // (a copy: pts has no room past its end)
		}
		v.series[k] = pts
	}
	for _, k := range strayOrder {
		why := "is not in the plan of these results"
		if _, ok := v.index[k]; ok {
			why = "has no row in runs.csv"
		}
		v.problem(v.spath, "run %s (%d samples) %s", k, stray[k], why)
	}
}

// missing names every planned run without a row in runs.csv: a whole
// workload × algorithm in one line, else run by run.
func (v *verifier) missing() {
	type fam struct{ w, a string }
	total, absent := map[fam]int{}, map[fam][]int{}
	var order []fam
	for _, r := range v.plan.Runs {
		f := fam{r.Workload, r.Algorithm}
		if total[f] == 0 {
			order = append(order, f)
		}
		total[f]++
		if v.metrics[r.Key()] == nil {
			absent[f] = append(absent[f], r.Rep)
		}
	}
	for _, f := range order {
		reps := absent[f]
		switch {
		case len(reps) == 0:
		case len(reps) == total[f] && len(reps) > 1:
			v.problem(v.rpath, "all %d planned runs of %s/%s/%s (reps %s) have no row", len(reps), v.plan.Experiment, f.w, f.a, repList(reps))
		default:
			for _, rep := range reps {
				k := analysis.RunKey{Experiment: v.plan.Experiment, Workload: f.w, Algorithm: f.a, Rep: rep}
				v.problem(v.rpath, "planned run %s has no row", k)
			}
		}
	}
}

// repList writes sorted repetitions as ranges: "0-4, 7".
func repList(reps []int) string {
	var parts []string
	for i := 0; i < len(reps); {
		j := i
		for j+1 < len(reps) && reps[j+1] == reps[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, fmt.Sprint(reps[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", reps[i], reps[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// sample draws the recorded runs to re-compute: per workload × algorithm
// (each run of a stratum has the same chance), the share opts.Fraction,
// at least one; every recorded run with opts.All. Plan order.
func (v *verifier) sample() []int {
	type fam struct{ w, a string }
	strata := map[fam][]int{}
	var order []fam
	for i, r := range v.plan.Runs {
		if v.metrics[r.Key()] == nil {
			continue
		}
		f := fam{r.Workload, r.Algorithm}
		if strata[f] == nil {
			order = append(order, f)
		}
		strata[f] = append(strata[f], i)
	}
	// A stream per folder, so one folder's draw does not depend on which
	// folders come before it.
	rng := rand.New(rand.NewPCG(v.opts.Seed, DeriveSeed("verify", v.plan.Experiment)))
	var picked []int
	for _, f := range order {
		idx := strata[f]
		if !v.opts.All {
			n := max(1, int(math.Ceil(v.opts.Fraction*float64(len(idx)))))
			rng.Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
			idx = idx[:min(n, len(idx))]
		}
		picked = append(picked, idx...)
	}
	sort.Ints(picked)
	return picked
}

// recompute re-computes the sample and compares it with the records, then
// checks every other recorded run's metric and series names against the
// re-computed run of its workload × algorithm.
func (v *verifier) recompute(ctx context.Context) error {
	picked := v.sample()
	end := Slow(v.opts.Progress, fmt.Sprintf("%s: re-computing %d of its %d runs and comparing them\n", v.plan.Experiment, len(picked), len(v.plan.Runs)))
	outs := make([]Output, len(picked))
	errs := make([]error, len(picked))
	workers := v.opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	for j, i := range picked {
		g.Go(func() error {
			outs[j], errs[j] = v.exec(gctx, v.plan.Runs[i])
			return gctx.Err()
		})
	}
	err := g.Wait()
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		end()
		return err
	}
	type fam struct{ w, a string }
	ref := map[fam]int{} // position in picked of the first re-computed run of each pair
	for j, i := range picked {
		r := v.plan.Runs[i]
		if errs[j] != nil {
			v.problem(v.rpath, "re-computing run %s failed: %v", r.Key(), errs[j])
			continue
		}
		if _, ok := ref[fam{r.Workload, r.Algorithm}]; !ok {
			ref[fam{r.Workload, r.Algorithm}] = j
		}
		v.compare(r, outs[j])
		v.compareSeries(r, outs[j].Series)
		v.compareRunFiles(r)
	}
	v.rep.Recomputed += len(picked)
	done := map[int]bool{}
	for _, i := range picked {
		done[i] = true
	}
	for i, r := range v.plan.Runs {
		j, ok := ref[fam{r.Workload, r.Algorithm}]
		if done[i] || !ok || v.metrics[r.Key()] == nil {
			continue
		}
		v.sameNames(r, v.plan.Runs[picked[j]], outs[j])
	}
	end()
	if v.opts.Progress != nil {
		fmt.Fprintf(v.opts.Progress, "%s: %d planned runs, %d recorded, %d re-computed\n", v.plan.Experiment, len(v.plan.Runs), len(v.metrics), len(picked))
	}
	return nil
}

// compareRunFiles names every file of run (Plan.RunFiles) that its
// re-computation, written below Plan.RunFilesDir, does not reproduce byte
// for byte in the folder, and its first line that differs.
func (v *verifier) compareRunFiles(run Run) {
	if v.plan.RunFiles == nil || v.plan.RunFilesDir == "" {
		return
	}
	for _, rel := range v.plan.RunFiles(run) {
		disk := filepath.Join(v.dir, rel)
		got, err := os.ReadFile(filepath.Join(v.plan.RunFilesDir, rel))
		if err != nil {
			v.problem(disk, "run %s: its re-computation wrote no such file (%v)", run.Key(), err)
			continue
		}
		want, err := os.ReadFile(disk)
		switch {
		case errors.Is(err, os.ErrNotExist):
			v.problem(disk, "run %s writes it, and it is missing", run.Key())
		case err != nil:
			v.problem(disk, "%v", err)
		case !bytes.Equal(got, want):
			v.problem(disk, "run %s: %s", run.Key(), FirstLineDiff(want, got, "re-computed", "re-computation"))
		}
	}
}

// FirstLineDiff names the first line where a (on disk) and b (made again)
// differ, quoting both around the first byte that differs; done and doing
// say how b was made ("re-computed", "re-computation").
func FirstLineDiff(a, b []byte, done, doing string) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; ; i++ {
		switch {
		case i >= len(la) && i >= len(lb):
			return "differs from its " + doing // not reached: a != b
		case i >= len(la):
			return fmt.Sprintf("line %d: the file ends, its %s goes on with %q", i+1, doing, excerpt(lb[i], 0))
		case i >= len(lb):
			return fmt.Sprintf("line %d: %q, where its %s ends", i+1, excerpt(la[i], 0), doing)
		case la[i] != lb[i]:
			col := 0
			for col < len(la[i]) && col < len(lb[i]) && la[i][col] == lb[i][col] {
				col++
			}
			return fmt.Sprintf("line %d: %q on disk, %q %s", i+1, excerpt(la[i], col), excerpt(lb[i], col), done)
		}
	}
}

// excerpt is s around byte col: up to 30 bytes before, 50 after.
func excerpt(s string, col int) string {
	from, to := max(0, col-30), min(len(s), col+50)
	for from > 0 && from < len(s) && s[from]&0xC0 == 0x80 {
		from--
	}
	for to < len(s) && s[to]&0xC0 == 0x80 {
		to++
	}
	e := s[from:to]
	if from > 0 {
		e = "…" + e
	}
	if to < len(s) {
		e += "…"
	}
	return e
}

// compare names every recorded value of run that the re-computation does
// not reproduce exactly, and every metric on one side only.
func (v *verifier) compare(run Run, out Output) {
	recs := v.metrics[run.Key()]
	got := map[string]string{}
	for _, m := range out.Metrics {
		got[m.Name] = analysis.FormatValue(m.Value)
	}
	seen := map[string]bool{}
	for _, r := range recs {
		seen[r.Metric] = true
		want := analysis.FormatValue(r.Value)
		switch g, ok := got[r.Metric]; {
		case !ok:
			v.problem(v.rpath, "run %s metric %s: recorded %s, not re-computed (no such metric)", run.Key(), r.Metric, want)
		case g != want:
			v.problem(v.rpath, "run %s metric %s: recorded %s, re-computed %s", run.Key(), r.Metric, want, g)
		}
	}
	for _, m := range out.Metrics {
		if !seen[m.Name] {
			v.problem(v.rpath, "run %s metric %s: re-computed %s, not recorded", run.Key(), m.Name, analysis.FormatValue(m.Value))
		}
	}
}

// compareSeries names every sample of run's series that the
// re-computation does not reproduce: samples are matched by series, t and
// occurrence of t, so one missing sample is one difference, not a shift.
func (v *verifier) compareSeries(run Run, got []Sample) {
	type at struct {
		series, t string
		n         int
	}
	key := func(series string, t float64, seen map[[2]string]int) at {
		k := [2]string{series, analysis.FormatValue(t)}
		seen[k]++
		return at{k[0], k[1], seen[k]}
	}
	want := map[at]string{}
	var wantOrder []at
	seen := map[[2]string]int{}
	for _, p := range v.series[run.Key()] {
		k := key(p.Series, p.T, seen)
		want[k] = analysis.FormatValue(p.Value)
		wantOrder = append(wantOrder, k)
	}
	have := map[at]string{}
	var haveOrder []at
	seen = map[[2]string]int{}
	for _, s := range got {
		k := key(s.Series, s.T, seen)
		have[k] = analysis.FormatValue(s.Value)
		haveOrder = append(haveOrder, k)
	}
	for _, k := range wantOrder {
		switch g, ok := have[k]; {
		case !ok:
			v.problem(v.spath, "run %s series %s at %s: recorded %s, not re-computed", run.Key(), k.series, k.t, want[k])
		case g != want[k]:
			v.problem(v.spath, "run %s series %s at %s: recorded %s, re-computed %s", run.Key(), k.series, k.t, want[k], g)
		}
	}
	for _, k := range haveOrder {
		if _, ok := want[k]; !ok {
			v.problem(v.spath, "run %s series %s at %s: re-computed %s, not recorded", run.Key(), k.series, k.t, have[k])
		}
	}
	if len(want) == len(have) && !slices.Equal(wantOrder, haveOrder) {
		same := true
		for k := range want {
			if _, ok := have[k]; !ok {
				same = false
			}
		}
		if same {
			v.problem(v.spath, "run %s: its series samples are recorded in another order than re-computed", run.Key())
		}
	}
}

// sameNames checks that run (not re-computed) records exactly the metrics
// and series that ref, re-computed, of the same workload and algorithm
// produces.
func (v *verifier) sameNames(run, ref Run, out Output) {
	have := map[string]bool{}
	for _, r := range v.metrics[run.Key()] {
		have[r.Metric] = true
	}
	want := map[string]bool{}
	for _, m := range out.Metrics {
		want[m.Name] = true
		if !have[m.Name] {
			v.problem(v.rpath, "run %s lacks metric %s, which run %s of the same workload and algorithm produces", run.Key(), m.Name, ref.Key())
		}
	}
	for _, r := range v.metrics[run.Key()] {
		if !want[r.Metric] {
			v.problem(v.rpath, "run %s records metric %s, which run %s of the same workload and algorithm does not produce", run.Key(), r.Metric, ref.Key())
		}
	}
	haveS := map[string]bool{}
	for _, p := range v.series[run.Key()] {
		haveS[p.Series] = true
	}
	wantS := map[string]bool{}
	for _, s := range out.Series {
		wantS[s.Series] = true
	}
	for _, s := range slices.Sorted(maps.Keys(wantS)) {
		if !haveS[s] {
			v.problem(v.spath, "run %s lacks series %s, which run %s of the same workload and algorithm produces", run.Key(), s, ref.Key())
		}
	}
	for _, s := range slices.Sorted(maps.Keys(haveS)) {
		if !wantS[s] {
			v.problem(v.spath, "run %s records series %s, which run %s of the same workload and algorithm does not produce", run.Key(), s, ref.Key())
		}
	}
}

// jsonDiff lists the leaves of two JSON documents that differ, by path:
// "tabu.iters: recorded 100, planned 50".
func jsonDiff(recorded, planned []byte) []string {
	var a, b any
	if json.Unmarshal(recorded, &a) != nil || json.Unmarshal(planned, &b) != nil {
		return []string{"recorded " + string(recorded) + ", planned " + string(planned)}
	}
	fa, fb := map[string]string{}, map[string]string{}
	flatten("", a, fa)
	flatten("", b, fb)
	keys := maps.Clone(fa)
	maps.Copy(keys, fb)
	var out []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		x, inA := fa[k]
		y, inB := fb[k]
		switch {
		case !inB:
			out = append(out, fmt.Sprintf("%s: recorded %s, not planned", k, x))
		case !inA:
			out = append(out, fmt.Sprintf("%s: planned %s, not recorded", k, y))
		case x != y:
			out = append(out, fmt.Sprintf("%s: recorded %s, planned %s", k, x, y))
		}
	}
	if len(out) == 0 { // same values, other bytes (key order, spelling)
		out = append(out, "same values, written differently")
	}
	return out
}

func flatten(path string, x any, out map[string]string) {
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch t := x.(type) {
	case map[string]any:
		if len(t) == 0 {
			out[path] = "{}"
		}
		for k, e := range t {
			flatten(join(k), e, out)
		}
	case []any:
		if len(t) == 0 {
			out[path] = "[]"
		}
		for i, e := range t {
			flatten(fmt.Sprintf("%s[%d]", path, i), e, out)
		}
	default:
		b, _ := json.Marshal(t)
		out[path] = string(b)
	}
}
