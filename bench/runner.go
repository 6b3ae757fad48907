package bench

import (
	"bufio"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/gridbench/gridbench/analysis"
)

// Run is one (workload, algorithm, repetition) of an experiment.
type Run struct {
	Experiment string
	Workload   string
	Algorithm  string
	Rep        int
	Seed       uint64 // the workload instance's seed, shared by all algorithms of the repetition
	RunSeed    uint64 // this run's own seed, for algorithms that draw random numbers
	// Ref is the run's place in its study's typed plan, where the study
	// keeps what its executor needs beyond the run's identity (a file
	// path, parameters; see experiments.Runs). It is not hashed; the
	// plan's Config is.
	Ref int
	// Inputs are the files this run reads besides the plan's Inputs (an
	// ETC instance, an exec: scheduler's program). The run is reused only
	// while the content of each is the one it was made from.
	Inputs []string
	// ConfigHash, when set, is the hash of everything of the plan's
	// configuration that makes this run (analysis.HashConfig of the
	// run's own part of it): the run is then reused while it is
	// unchanged, whatever else of the configuration changed (a study
	// file given another algorithm or workload keeps the runs of the
	// others). Unset, the run is keyed on the whole configuration (the
	// built-in experiments, whose runs all read all of it).
	ConfigHash string
}

// NewRun returns a run with its seeds derived from its identity.
func NewRun(experiment, workload, algorithm string, rep int) Run {
	return Run{
		Experiment: experiment, Workload: workload, Algorithm: algorithm, Rep: rep,
		Seed:    WorkloadSeed(experiment, workload, rep),
		RunSeed: RunSeed(experiment, workload, algorithm, rep),
	}
}

// Key returns the run's identity.
func (r Run) Key() analysis.RunKey {
	return analysis.RunKey{Experiment: r.Experiment, Workload: r.Workload, Algorithm: r.Algorithm, Rep: r.Rep}
}

// MaxReps bounds the repetitions of a plan (--reps, a study file's reps,
// a manifest read by verify): ten thousand resolve any effect a study
// can show; more only fills memory with the plan.
const MaxReps = 10_000

// Plan is everything an experiment wants measured.
type Plan struct {
	Experiment string
	// Config is the experiment's configuration, minus the number of
	// repetitions (so raising --reps reuses the runs already made). Cached
	// runs are reused only while its hash is unchanged.
	Config any
	// Reps is the number of independent repetitions of the configuration
	// the plan was made with (the experiment's --reps, filled): the unit
	// of its paired tests. A workload may run fewer (a deterministic one
	// runs once), so it is not the largest Run.Rep + 1. Kept outside
	// Config, so it is not in any run's key, and recorded in the
	// manifest, where verify reads it to plan the same runs again.
	Reps int
	Runs []Run
	// RunConfigs holds, by hash, the configuration each Run.ConfigHash
	// hashes (analysis.HashConfig's JSON): the manifest records them, so
	// that runs recomputed because their part changed are told apart by
	// what changed in it.
	RunConfigs map[string]json.RawMessage
	// Workloads describe the runs' workloads with their parameters
	// (Describe); when any is described, every run's must be. Derived
	// from Config, so not hashed apart from it.
	Workloads []Workload
	// Inputs are the files every run reads (a trace). Their content is
	// part of every run's key: see Run.Inputs.
	Inputs []string
	// Study is the study file the plan was made from ("" for a built-in
	// experiment): hashed and named in the manifest, where verify checks
	// it, but no run's input. Config holds every key of it that makes a
	// run, so a comment, a title or a claim edited reuses the runs.
	Study string
	// Unkeyed says what the runs depend on that their key cannot cover
	// (a program an exec: scheduler's shim picks when it runs), one line
	// each: the progress says it whenever runs may be reused.
	Unkeyed []string
	// RunFiles, when set, names the files a run writes besides its
	// records (a study's jobs files), relative to the experiment's results
	// folder (Options.Dir): a run on disk whose file is gone is computed
	// again, as its records alone would not bring it back; and verify
	// compares the files of the runs it re-computes with those on disk.
	RunFiles func(Run) []string
	// RunFilesDir, when not empty, is where the Executor writes the run
	// files instead of the results folder: verify's plans write them into
	// a folder of their own, to compare.
	RunFilesDir string
}

// Metric is one named value a run measured: the type a family's metric
// table (analysis.MetricTable) reads off its measurements.
type Metric = analysis.NamedValue

// Output is what one run returns. Metrics must be deterministic functions
// of the run's identity; wall-clock measurements go in Timings, which are
// kept in a separate file so runs.csv stays byte-identical across machines
// and worker counts.
type Output struct {
	Metrics []Metric
	Timings []Metric
	// Series are samples of named series (a state over time, the rows of
	// a worked example), written to series.csv beside runs.csv in plan
	// order, then the run's. A run that records series also reports at
	// least one metric: runs.csv is what says a run was made.
	Series []Sample

	// files are the SHA-256 of the run's files (Plan.RunFiles) as it
	// wrote them, by path relative to the results folder: the runner
	// records them (hashFiles), and reuses the run only while each file
	// still has its own.
	files map[string]string
}

// Sample is one point of a named series: its value at T.
type Sample struct {
	Series   string
	T, Value float64
}

// Executor performs one run. It may be called concurrently from several
// goroutines and must not depend on the order of calls.
type Executor func(ctx context.Context, run Run) (Output, error)

// Options control where results go and how runs execute.
type Options struct {
	Dir      string    // output folder for this experiment: runs.csv, timings.csv, manifest.json
	Workers  int       // 0 means runtime.NumCPU()
	Progress io.Writer // where progress goes (stderr); nil means silent
	Fresh    bool      // ignore results already on disk
	// Shard, when set, runs only that part of the plan and keeps its
	// results in a folder of its own below Dir (see Shard.Dir); Merge
	// gathers the parts.
	Shard   Shard
	Version string
	Commit  string
	// Build identifies the code that computes the runs. Runs on disk are
	// reused only when they were made by the same build: a changed
	// scheduler or model must not be answered from results of the old
	// code. Empty means ExecutableBuild(), the hash of the running program.
	Build string
	// Slots, when set, are run slots shared with other Execute calls, of
	// which this one has Priority (lower goes first); Workers then only
	// names the number in the manifest. Nil: Workers slots of its own.
	Slots    *Slots
	Priority int
	// Turn, when set, holds back the first run until it is closed (the
	// earlier experiments have started theirs); Started, when set, is
	// called once this call has started its runs, has none to run, or
	// has failed, whichever comes first.
	Turn    <-chan struct{}
	Started func()
	// DataRoots are recorded in the manifest (analysis.Manifest.DataRoots).
	DataRoots []string
}

// Result is the outcome of Execute: every planned run's records, in plan order.
type Result struct {
	Records  []analysis.Record
	Timings  []analysis.Record
	Series   []analysis.Point // series.csv; empty when no run records a series
	Manifest *analysis.Manifest
	// Kept names runs.csv and series.csv (where there is one) when they
	// were kept as they were, not written again (see keepsFiles): the
	// results all the same.
	Kept []string

	memo *resultMemo // the groups, computed once; nil in a Result built by hand
}

type resultMemo struct {
	once            sync.Once
	groups, timings []*analysis.Group
}

// Groups returns analysis.Groups of the records and of the timings,
// computed once per Result (when Execute made it) and shared by the report,
// the workbook and the CLI.
func (r *Result) Groups() (records, timings []*analysis.Group) {
	if r.memo == nil {
		return analysis.Groups(r.Records), analysis.Groups(r.Timings)
	}
	r.memo.once.Do(func() {
		r.memo.groups, r.memo.timings = analysis.Groups(r.Records), analysis.Groups(r.Timings)
	})
	return r.memo.groups, r.memo.timings
}

// Index returns the record groups by key (analysis.Index of Groups).
func (r *Result) Index() map[analysis.GroupKey]*analysis.Group {
	g, _ := r.Groups()
	return analysis.Index(g)
}

const (
	runsFile     = "runs.csv"
	seriesFile   = "series.csv"
	timingsFile  = "timings.csv"
	manifestFile = "manifest.json"
	journalFile  = "runs.journal"
)

// journalEntry is one finished run, one JSON object per line. A run is
// complete exactly when its line is: an interrupted write leaves a final
// line that does not parse, and that run is executed again.
//
// Each invocation starts its part with a header line, which carries the
// configuration, the build and the content hash of every input; the runs
// below a header were made from those.
type journalEntry struct {
	Config string            `json:"config,omitempty"` // only in a header
	Build  string            `json:"build,omitempty"`  // only in a header
	Inputs map[string]string `json:"inputs,omitempty"` // only in a header
	Fresh  bool              `json:"fresh,omitempty"`  // only in a header: see journalFresh
	Key    []string          `json:"key,omitempty"`    // experiment, workload, algorithm
	Rep    int               `json:"rep"`
	// RunConfig is the run's Run.ConfigHash, when it has one: it is
	// then reused on it rather than on its header's Config.
	RunConfig string    `json:"run_config,omitempty"`
	Metrics   []jmetric `json:"metrics,omitempty"`
	Timings   []jmetric `json:"timings,omitempty"`
	Series    []jsample `json:"series,omitempty"`
	// Files are Output.files: the SHA-256 of the run's files.
	Files map[string]string `json:"files,omitempty"`
}

// jsample is a Sample as text, like jmetric.
type jsample [3]string

func fromJS(js []jsample) ([]Sample, error) {
	out := make([]Sample, len(js))
	for i, j := range js {
		t, err := strconv.ParseFloat(j[1], 64)
		if err != nil {
			return nil, err
		}
		v, err := strconv.ParseFloat(j[2], 64)
		if err != nil {
			return nil, err
		}
		out[i] = Sample{j[0], t, v}
	}
	return out, nil
}

// jmetric keeps values as text: JSON has no NaN or infinities, and a metric
// may legitimately be undefined for a run.
type jmetric [2]string

func fromJ(js []jmetric) ([]Metric, error) {
	out := make([]Metric, len(js))
	for i, j := range js {
		v, err := strconv.ParseFloat(j[1], 64)
		if err != nil {
			return nil, err
		}
		out[i] = Metric{Name: j[0], Value: v}
	}
	return out, nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// measure makes one run, timed, and checks its output: every metric and
// every series point a number, and series only beside a metric.
func measure(ctx context.Context, exec Executor, run Run) (Output, error) {
	t0 := time.Now()
	out, err := exec(ctx, run)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return out, err
		}
		return out, fmt.Errorf("run %s: %w", run.Key(), err)
	}
	for _, m := range out.Metrics {
		if !finite(m.Value) {
			return out, fmt.Errorf("run %s: metric %s is %v: not a measurement (an overflow or an undefined value); "+
				"leave a metric that is undefined for a run out of its output", run.Key(), m.Name, m.Value)
		}
	}
	for _, p := range out.Series {
		if !finite(p.T) || !finite(p.Value) {
			return out, fmt.Errorf("run %s: series %s has the point (%v, %v): not a measurement; leave it out of the series", run.Key(), p.Series, p.T, p.Value)
		}
	}
	if len(out.Metrics) == 0 && len(out.Series) > 0 {
		return out, fmt.Errorf("run %s records series but no metric; report at least one metric, since runs.csv is what says a run was made", run.Key())
	}
	out.Timings = append(out.Timings, Metric{Name: "run_seconds", Value: time.Since(t0).Seconds()})
	return out, nil
}

// Execute runs every run of plan that is not already on disk, then writes
// runs.csv, timings.csv, series.csv (when a run records series) and
// manifest.json into opts.Dir. On cancellation or error, runs finished so
// far stay in the journal and the next call resumes.
func Execute(ctx context.Context, plan Plan, exec Executor, opts Options) (*Result, error) {
	started := time.Now()
	turnTaken := sync.OnceFunc(func() {
		if opts.Started != nil {
			opts.Started()
		}
	})
	defer turnTaken()
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	hash, cfgJSON, err := analysis.HashConfig(plan.Config)
	if err != nil {
		return nil, fmt.Errorf("%s: configuration: %w", plan.Experiment, err)
	}
	if err := checkPlan(plan); err != nil {
		return nil, err
	}
	key, err := newReuseKey(plan, hash, &opts)
	if err != nil {
		return nil, err
	}
	results := opts.Dir   // (a shard's records go to a folder of their own below it; its run files, where every run's go)
	var siblings []string // where a shard's runs may have been made before (see loadMoved)
	if opts.Shard.N > 0 {
		plan = opts.Shard.Select(plan)
		opts.Dir = opts.Shard.Dir(opts.Dir)
		siblings = append(siblings, results)
		for k := range opts.Shard.N {
			if k != opts.Shard.K {
				siblings = append(siblings, Shard{k, opts.Shard.N}.Dir(results))
			}
		}
		// And the shards of other splits (a study first run as 2 shards,
		// then as 3), after its own split's.
		others, _ := filepath.Glob(filepath.Join(results, shardsDir, "*-of-*"))
		for _, d := range others {
			if d != opts.Dir && !slices.Contains(siblings, d) {
				siblings = append(siblings, d)
			}
		}
	}
	if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create output directory %s: %w", opts.Dir, err)
	}

	done := map[analysis.RunKey]Output{}
	var sealed *analysis.Manifest // the finished files', when every run is reused from them
	if !opts.Fresh {
		end := Slow(opts.Progress, fmt.Sprintf("%s: reading the runs already made in %s\n", plan.Experiment, opts.Dir))
		report := loadCached(ctx, opts.Dir, plan, key, done)
		sealed = report.sealed
		moved := loadMoved(ctx, siblings, plan, key, done)
		end()
		if err := ctx.Err(); err != nil {
			return nil, err // interrupted before its first run, as while it waits for its turn
		}
		if opts.Progress != nil {
			lines := report.lines(plan.Experiment, opts.Dir, opts.Build, key, false)
			if moved > 0 {
				lines = append(lines, fmt.Sprintf("%s: reusing %d runs made by the other shards or merged in %s", plan.Experiment, moved, results))
			}
			for _, l := range lines {
				fmt.Fprintln(opts.Progress, l)
			}
		}
	}
	files := cmp.Or(plan.RunFilesDir, results) // where the runs write their files
	if lines := dropStaleFiles(plan, files, done); opts.Progress != nil {
		for _, l := range lines {
			fmt.Fprintf(opts.Progress, "%s: recomputing %s\n", plan.Experiment, l)
		}
	}
	reused := 0
	var todo []int
	for i, r := range plan.Runs {
		if _, ok := done[r.Key()]; ok {
			reused++
		} else {
			todo = append(todo, i)
		}
	}

	if opts.Turn != nil && len(todo) > 0 {
		select {
		case <-opts.Turn:
		case <-ctx.Done():
			return nil, ctx.Err() // interrupted before its turn: nothing to say
		}
	}

	jpath := filepath.Join(opts.Dir, journalFile)
	fresh := opts.Fresh || journalFresh(jpath) // (a fresh invocation's journal stays fresh until it is done)
	if opts.Fresh {
		os.Remove(jpath)
	}
	journal, err := openJournal(jpath, key, fresh)
	if err != nil {
		return nil, err
	}
	slots := opts.Slots
	if slots == nil {
		slots = NewSlots(workers)
	}
	// The progress and the start are those of the first run: with shared
	// slots, the wait for an earlier experiment's runs is not this one's.
	var prog *progress
	var beginOnce sync.Once
	var mu sync.Mutex // guards done, the journal and prog's lines
	// From the first run on, prog ticks (see tick): a run of minutes
	// leaves the progress standing otherwise.
	stopTicks := make(chan struct{})
	var ticks sync.WaitGroup
	begin := func() {
		beginOnce.Do(func() {
			started = time.Now()
			prog = newProgress(opts.Progress, plan.Experiment, len(plan.Runs), reused)
			turnTaken()
			if opts.Progress != nil {
				ticks.Go(func() { prog.tickUntil(stopTicks, &mu) })
			}
		})
	}
	// Up to workers goroutines each hold a slot and take the runs in plan
	// order until none is left; only then is the slot free for another
	// Execute call (the next experiment's).
	one := func(gctx context.Context, run Run) error {
		out, err := measure(gctx, exec, run)
		if err != nil {
			return err
		}
		if out.files, err = hashFiles(plan, files, run); err != nil {
			return fmt.Errorf("run %s: %w", run.Key(), err)
		}
		mu.Lock()
		defer mu.Unlock()
		done[run.Key()] = out
		if err := journal.add(run, out); err != nil {
			return fmt.Errorf("journal %s: %w", jpath, err)
		}
		prog.step()
		return nil
	}
	var next atomic.Int64 // the next index into todo
	g, gctx := errgroup.WithContext(ctx)
	for range min(workers, len(todo)) {
		g.Go(func() error {
			if err := slots.acquire(gctx, opts.Priority); err != nil {
				return err
			}
			held := true
			defer func() {
				if held {
					slots.release()
				}
			}()
			begin()
			for {
				k := int(next.Add(1) - 1)
				if k >= len(todo) {
					return nil
				}
				if err := slots.yield(gctx, opts.Priority); err != nil {
					held = false // given away, and none came back
					return err
				}
				if err := gctx.Err(); err != nil {
					return err
				}
				if err := one(gctx, plan.Runs[todo[k]]); err != nil {
					return err
				}
			}
		})
	}
	werr := g.Wait()
	close(stopTicks)
	ticks.Wait()
	jerr := journal.close()
	if prog == nil && len(todo) > 0 && ctx.Err() != nil {
		return nil, ctx.Err() // interrupted while waiting for a slot: no run started
	}
	begin()
	prog.finish()
	if werr == nil {
		werr = ctx.Err()
	}
	if werr != nil {
		saved := len(done) - reused
		// Interrupted: the caller's context is done (a run that failed
		// because of it, such as an exec: scheduler stopped mid-answer,
		// says so in its own words, which are not context.Canceled).
		if errors.Is(werr, context.Canceled) || ctx.Err() != nil {
			again := "run the same command again to resume"
			if opts.Fresh {
				// Again with --fresh would set these runs aside too.
				again = "run the same command again without --fresh to resume"
			}
			return nil, fmt.Errorf("%s: interrupted after %d of %d runs; finished runs are saved in %s, %s",
				plan.Experiment, reused+saved, len(plan.Runs), jpath, again)
		}
		return nil, werr
	}
	if jerr != nil {
		return nil, fmt.Errorf("journal %s: %w", jpath, jerr)
	}
	// An input edited while the runs read it leaves runs made from either
	// content: none of them is kept.
	if now, err := hashRunInputs(plan); err != nil || changedInput(key.inputs, now) != "" {
		os.Remove(jpath)
		if err != nil {
			return nil, err
		}
		p := changedInput(key.inputs, now)
		return nil, fmt.Errorf("%s: input %s changed while the runs were made (sha256 %s → %s); run again",
			plan.Experiment, p, analysis.Short(key.inputs[p]), analysis.Short(now[p]))
	} else if s := filepath.Clean(plan.Study); plan.Study != "" && now[s] == "" && opts.Progress != nil {
		// The study file is no run's input: the plan was made from it
		// as it was, and the manifest records that (key.inputs). Its
		// runs are kept; the next invocation plans from the file as
		// it is now.
		if sum, err := InputSHA256(s); err != nil || sum != key.inputs[s] {
			fmt.Fprintf(opts.Progress, "%s: study file %s changed while the runs were made: these results are of the file as it was when they were planned; run again for the file as it is now\n",
				plan.Experiment, s)
		}
	}

	man := &analysis.Manifest{
		Tool: "gridbench", Version: opts.Version, Commit: opts.Commit,
		Experiment: plan.Experiment, ConfigHash: hash, Config: cfgJSON, SeedRule: SeedRule, Build: opts.Build,
		Workers: workers, Reused: reused, Executed: len(todo), Started: started, DataRoots: opts.DataRoots,
	}
	setInputs(man, plan, key.inputs)
	if len(todo) > 0 || !keepsFiles(sealed, plan, done) {
		sealed = nil
	}
	end := Slow(opts.Progress, fmt.Sprintf("%s: writing its results to %s (runs.csv, series.csv, manifest.json)\n", plan.Experiment, opts.Dir))
	res, err := writeResult(plan, done, opts.Dir, man, sealed)
	end()
	if err != nil {
		return nil, err
	}
	// Everything is in runs.csv now; the journal has served its purpose.
	os.Remove(jpath)
	return res, nil
}

// writeResult writes runs.csv, timings.csv, series.csv and manifest.json into dir from
// the outputs of every run of plan, in plan order, and completes man.
// Where kept is not nil, runs.csv and series.csv are those it seals,
// which are the ones these outputs give (see keepsFiles): they stay.
func writeResult(plan Plan, done map[analysis.RunKey]Output, dir string, man *analysis.Manifest, kept *analysis.Manifest) (*Result, error) {
	res := &Result{memo: &resultMemo{}}
	man.GoVersion = runtime.Version()
	man.Reps = plan.Reps
	man.Workloads = nil
	for _, w := range plan.Workloads {
		man.Workloads = append(man.Workloads, analysis.ManifestWorkload{ID: w.ID, Params: w.String()})
	}
	// Sized first: a study of many repetitions holds millions of points,
	// which growing the slices copied again and again (a study of 120,000
	// runs and 12 M points spent 10 s of its 25 s here doing that).
	nr, nt, ns := 0, 0, 0
	for _, r := range plan.Runs {
		out := done[r.Key()]
		nr, nt, ns = nr+len(out.Metrics), nt+len(out.Timings), ns+len(out.Series)
	}
	res.Records, res.Timings = sized[analysis.Record](nr), sized[analysis.Record](nt)
	res.Series, man.Runs = sized[analysis.Point](ns), sized[analysis.ManifestRun](len(plan.Runs))
	for _, r := range plan.Runs {
		out := done[r.Key()]
		for _, m := range out.Metrics {
			res.Records = append(res.Records, analysis.Record{Experiment: r.Experiment, Workload: r.Workload,
				Algorithm: r.Algorithm, Rep: r.Rep, Seed: r.Seed, Metric: m.Name, Value: m.Value})
		}
		for _, m := range out.Timings {
			res.Timings = append(res.Timings, analysis.Record{Experiment: r.Experiment, Workload: r.Workload,
				Algorithm: r.Algorithm, Rep: r.Rep, Seed: r.Seed, Metric: m.Name, Value: m.Value})
		}
		for _, p := range out.Series {
			res.Series = append(res.Series, analysis.Point{Experiment: r.Experiment, Workload: r.Workload,
				Algorithm: r.Algorithm, Rep: r.Rep, Seed: r.Seed, Series: p.Series, T: p.T, Value: p.Value})
		}
		man.Runs = append(man.Runs, analysis.ManifestRun{Workload: r.Workload, Algorithm: r.Algorithm,
			Rep: r.Rep, Seed: r.Seed, RunSeed: r.RunSeed, ConfigHash: r.ConfigHash, Files: out.files})
		if h := r.ConfigHash; plan.RunConfigs[h] != nil && man.RunConfigs[h] == nil {
			if man.RunConfigs == nil {
				man.RunConfigs = map[string]json.RawMessage{}
			}
			man.RunConfigs[h] = plan.RunConfigs[h]
		}
	}
	man.Digests = map[string]string{}
	if kept != nil {
		man.Digests = maps.Clone(kept.Digests) // (runs.csv's and series.csv's)
		for _, name := range slices.Sorted(maps.Keys(man.Digests)) {
			res.Kept = append(res.Kept, filepath.Join(dir, name))
		}
	} else if err := writeDigested(filepath.Join(dir, runsFile), man.Digests, func(w io.Writer) error {
		return analysis.WriteCSV(w, res.Records)
	}); err != nil {
		return nil, err
	}
	if err := analysis.WriteFileAtomic(filepath.Join(dir, timingsFile), func(w io.Writer) error {
		return analysis.WriteCSV(w, res.Timings)
	}); err != nil {
		return nil, err
	}
	spath := filepath.Join(dir, seriesFile)
	switch {
	case kept != nil:
	case len(res.Series) == 0:
		// No run records a series: no series.csv, and none left from an
		// earlier configuration.
		if err := os.Remove(spath); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	default:
		if err := writeDigested(spath, man.Digests, func(w io.Writer) error {
			return analysis.WriteSeriesCSV(w, res.Series)
		}); err != nil {
			return nil, err
		}
	}
	man.Finished = time.Now()
	man.WallSecs = man.Finished.Sub(man.Started).Seconds()
	// Summed over every run, reused or not, from each run's own
	// measurement, so a report built from cached runs still states their cost.
	man.CPUSecs = 0
	for _, t := range res.Timings {
		if t.Metric == "run_seconds" {
			man.CPUSecs += t.Value
		}
	}
	if err := analysis.WriteManifest(filepath.Join(dir, manifestFile), man); err != nil {
		return nil, err
	}
	res.Manifest = man
	return res, nil
}

// sized returns an empty slice with room for n elements (nil for none,
// as appending nothing leaves it).
func sized[T any](n int) []T {
	if n == 0 {
		return nil
	}
	return make([]T, 0, n)
}

// setInputs records the plan's inputs and study file in man.
func setInputs(man *analysis.Manifest, plan Plan, inputs map[string]string) {
	man.Inputs = manifestInputs(inputs)
	man.Study = nil
	if plan.Study != "" {
		p := filepath.Clean(plan.Study)
		man.Study = &analysis.ManifestInput{Path: p, SHA256: inputs[p]}
	}
}

// writeDigested writes path atomically through write and records the
// SHA-256 of what it wrote in digests under the file's base name, so the
// manifest can say whether the file is still the one written.
func writeDigested(path string, digests map[string]string, write func(io.Writer) error) error {
	h := sha256.New()
	if err := analysis.WriteFileAtomic(path, func(w io.Writer) error {
		return write(io.MultiWriter(w, h))
	}); err != nil {
		return err
	}
	digests[filepath.Base(path)] = hex.EncodeToString(h.Sum(nil))
	return nil
}

// hashFiles returns the SHA-256 of each file of run (Plan.RunFiles) that
// the run wrote below dir, by its path relative to dir. A file the run
// did not write has none, and the run is not reused (see dropStaleFiles).
func hashFiles(plan Plan, dir string, run Run) (map[string]string, error) {
	if plan.RunFiles == nil {
		return nil, nil
	}
	var sums map[string]string
	for _, rel := range plan.RunFiles(run) {
		sum, err := analysis.FileSHA256(filepath.Join(dir, rel))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("its file %s: %w", rel, err)
		}
		if sums == nil {
			sums = map[string]string{}
		}
		sums[rel] = sum
	}
	return sums, nil
}

// dropStaleFiles takes out of done the runs one of whose files
// (Plan.RunFiles, below dir) is not the one the run wrote: gone, of
// another content (edited, cut short) than the SHA-256 recorded with the
// run, or with none recorded. It returns what it took out, one line per
// reason, for the progress.
func dropStaleFiles(plan Plan, dir string, done map[analysis.RunKey]Output) []string {
	if plan.RunFiles == nil {
		return nil
	}
	var gone, changed, unrecorded []string
	for _, r := range plan.Runs {
		out, ok := done[r.Key()]
		if !ok {
			continue
		}
		for _, rel := range plan.RunFiles(r) {
			f := filepath.Join(dir, rel)
			sum, err := analysis.FileSHA256(f)
			want := out.files[rel]
			switch {
			case err != nil:
				gone = append(gone, f)
			case want == "":
				unrecorded = append(unrecorded, f)
			case sum != want:
				changed = append(changed, fmt.Sprintf("%s, sha256 %s → %s", f, analysis.Short(want), analysis.Short(sum)))
			default:
				continue
			}
			delete(done, r.Key())
			break
		}
	}
	var lines []string
	say := func(fs []string, one, many string) {
		switch len(fs) {
		case 0:
		case 1:
			lines = append(lines, fmt.Sprintf("1 run whose file %s (%s)", one, fs[0]))
		default:
			lines = append(lines, fmt.Sprintf("%d runs whose files %s (first: %s)", len(fs), many, fs[0]))
		}
	}
	say(gone, "is gone", "are gone")
	say(changed, "changed since it was made", "changed since they were made")
	say(unrecorded, "has no SHA-256 recorded with it", "have no SHA-256 recorded with them")
	return lines
}

func checkPlan(p Plan) error {
	seen := make(map[analysis.RunKey]bool, len(p.Runs))
	described := map[string]bool{}
	for _, w := range p.Workloads {
		if described[w.ID] {
			return fmt.Errorf("plan %s: workload %s described twice", p.Experiment, w.ID)
		}
		described[w.ID] = true
	}
	for _, r := range p.Runs {
		if len(described) > 0 && !described[r.Workload] {
			return fmt.Errorf("plan %s: run %s has no workload descriptor (Plan.Describe)", p.Experiment, r.Key())
		}
		if r.Experiment != p.Experiment {
			return fmt.Errorf("plan %s: run %s belongs to another experiment", p.Experiment, r.Key())
		}
		if seen[r.Key()] {
			return fmt.Errorf("plan %s: run %s appears twice", p.Experiment, r.Key())
		}
		seen[r.Key()] = true
	}
	return nil
}

type journal struct {
	f    *os.File
	w    *bufio.Writer
	last time.Time
	line []byte // add's, kept from line to line
}

// openJournal opens the journal for appending, starting it afresh when it
// belongs to another configuration or build, and writes this invocation's
// header, marked fresh when fresh (see journalEntry.Fresh).
func openJournal(path string, key reuseKey, fresh bool) (*journal, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("cannot write to %s: %w", filepath.Dir(path), err)
	}
	j := &journal{f: f, w: bufio.NewWriter(f), last: time.Now()}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.Size() > 0 && !journalMatches(path, key) {
		// A journal of another configuration or build: start over.
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, err
		}
		st, _ = f.Stat()
	}
	if st.Size() > 0 {
		// The previous invocation may have been cut mid-line: end that
		// line, so this header starts a line of its own (the broken line
		// is skipped on read).
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, st.Size()-1); err != nil {
			f.Close()
			return nil, err
		}
		if last[0] != '\n' {
			if err := j.w.WriteByte('\n'); err != nil {
				f.Close()
				return nil, err
			}
		}
	}
	if err := j.writeLine(journalEntry{Config: key.config, Build: key.build, Inputs: key.inputs, Fresh: fresh}); err != nil {
		f.Close()
		return nil, err
	}
	return j, j.w.Flush()
}

// journalMatches reports whether the journal at path was started with
// key's configuration and build (its first header).
func journalMatches(path string, key reuseKey) bool {
	e := journalHead(path)
	// Runs keyed on their own configuration may be reused from a journal
	// of another (see reuseKey.sameConfig).
	return e != nil && (e.Config == key.config || key.runs != nil) && e.Build == key.build
}

// journalFresh reports whether the journal at path was started by an
// invocation given Options.Fresh (--fresh), as its first header says:
// the results finished before it are set aside until it is done, and
// the invocations that resume it reuse its runs alone (see loadCached).
func journalFresh(path string) bool {
	e := journalHead(path)
	return e != nil && e.Fresh
}

// journalHead returns the first header of the journal at path, or nil.
func journalHead(path string) *journalEntry {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	for sc.Scan() {
		var e journalEntry
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.Config != "" {
			return &e
		}
	}
	return nil
}

func (j *journal) writeLine(e journalEntry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = j.w.Write(b)
	return err
}

// add records a finished run. Lines are flushed to the OS at least every
// 200 ms, so an interruption loses at most that much work.
func (j *journal) add(r Run, out Output) error {
	j.line = appendRunLine(j.line[:0], r, out)
	if _, err := j.w.Write(j.line); err != nil {
		return err
	}
	if time.Since(j.last) > 200*time.Millisecond {
		j.last = time.Now()
		return j.w.Flush()
	}
	return nil
}

// appendRunLine appends run r's line of the journal, with its output,
// and its end: json.Marshal's bytes for the journalEntry of the run
// (TestJournalRunLineIsJSONMarshals), written out rather than through
// reflection and a string per value (a study of 120,000 runs journals
// 12 M samples).
func appendRunLine(b []byte, r Run, out Output) []byte {
	b = append(b, `{"key":[`...)
	b = appendJSONString(b, r.Experiment)
	b = append(b, ',')
	b = appendJSONString(b, r.Workload)
	b = append(b, ',')
	b = appendJSONString(b, r.Algorithm)
	b = append(b, `],"rep":`...)
	b = strconv.AppendInt(b, int64(r.Rep), 10)
	if r.ConfigHash != "" {
		b = append(b, `,"run_config":`...)
		b = appendJSONString(b, r.ConfigHash)
	}
	metrics := func(name string, ms []Metric) {
		if len(ms) == 0 {
			return
		}
		b = append(b, `,"`...)
		b = append(b, name...)
		b = append(b, `":[`...)
		for i, m := range ms {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = appendJSONString(b, m.Name)
			b = append(b, ',', '"')
			b = analysis.AppendValue(b, m.Value) // (no byte of it to escape)
			b = append(b, '"', ']')
		}
		b = append(b, ']')
	}
	metrics("metrics", out.Metrics)
	metrics("timings", out.Timings)
	if len(out.Series) > 0 {
		b = append(b, `,"series":[`...)
		for i, p := range out.Series {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = appendJSONString(b, p.Series)
			b = append(b, ',', '"')
			b = analysis.AppendValue(b, p.T)
			b = append(b, '"', ',', '"')
			b = analysis.AppendValue(b, p.Value)
			b = append(b, '"', ']')
		}
		b = append(b, ']')
	}
	if len(out.files) > 0 {
		b = append(b, `,"files":{`...)
		for i, rel := range slices.Sorted(maps.Keys(out.files)) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, rel)
			b = append(b, ':')
			b = appendJSONString(b, out.files[rel])
		}
		b = append(b, '}')
	}
	return append(b, '}', '\n')
}

// appendJSONString appends s as json.Marshal writes a string: as it is,
// quoted, when no byte of it is escaped (printable ASCII but the quote,
// the backslash, <, > and &), else through json.Marshal.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // (a string always marshals)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

func (j *journal) close() error {
	err := j.w.Flush()
	if cerr := j.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// newReuseKey is what a run on disk must have been made with to be reused:
// the configuration hash, the build (this executable's when opts names
// none, which it then records) and every input file's content.
func newReuseKey(plan Plan, configHash string, opts *Options) (reuseKey, error) {
	if opts.Build == "" {
		b, err := ExecutableBuild()
		if err != nil {
			return reuseKey{}, err
		}
		opts.Build = b
	}
	inputs, err := hashInputs(plan)
	if err != nil {
		return reuseKey{}, err
	}
	_, cfgJSON, _ := analysis.HashConfig(plan.Config) // hashed once already: cannot fail
	var runs map[analysis.RunKey]string
	for _, r := range plan.Runs {
		if r.ConfigHash != "" {
			if runs == nil {
				runs = make(map[analysis.RunKey]string, len(plan.Runs))
			}
			runs[r.Key()] = r.ConfigHash
		}
	}
	return reuseKey{config: configHash, json: cfgJSON, study: plan.Study, build: opts.Build, inputs: inputs, runs: runs, runJSON: plan.RunConfigs}, nil
}
