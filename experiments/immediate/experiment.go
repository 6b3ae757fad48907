package immediate

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/internal/datadir"
	imapping "github.com/gridbench/gridbench/internal/sched/mapping"
	"github.com/gridbench/gridbench/mapping"
)

// Name is the experiment id.
const Name = "immediate"

// BraunDir is the folder of the Braun 512×16 instances below a data root.
const BraunDir = "braun-hcsp-512x16"

const braunHint = "the Braun et al. 512x16 instances (u_c_hihi.0 … u_s_lolo.0 and their .sol files) " +
	"come from the HCSP benchmark collection; see data/braun-hcsp-512x16/PROVENANCE.md"

func init() { experiments.Register(&Experiment{}) }

// Experiment implements experiments.Experiment.
type Experiment struct{}

// Config is everything that determines the runs except the repetitions.
type Config struct {
	Heuristics    []string
	SALow, SAHigh float64
	KPBPercent    float64
	Published     []string // Braun instance files run (empty when the data is missing)
	GenJobs       int
	GenMachines   int
	GenTypes      []string
	GenMethod     string
	Example       WorkedExample // Section 4's example, run as workload WorkloadExample
	Quick         bool
}

// WorkedExample is Section 4's worked example with its own parameters.
type WorkedExample struct {
	Ready         []float64   // machine ready times (Table 1)
	ETC           [][]float64 // jobs × machines (Table 2)
	SALow, SAHigh float64     // SA's r_l and r_h in the example
	KPBPercent    float64     // kPB's k: the two fastest of three machines
}

// Spec is what the executor needs beyond a run's identity.
type Spec struct {
	Path    string   // a Braun instance file, or empty for a generated instance
	Sols    []string // the .sol files beside Path (etc.SolutionFiles), best first: inputs of the run
	Gen     etc.Spec // the generated instance's type
	Example *WorkedExample
}

// WorkloadExample is the workload of Section 4's worked example: one run
// per heuristic of ExampleHeuristics, each recording its makespan (Eq. 2)
// and, in series.csv, its schedule (SeriesMachine, SeriesStart, SeriesEnd
// at t = job index).
const WorkloadExample = "example"

// Series of a worked-example run, one sample per job.
const (
	SeriesMachine = "machine"
	SeriesStart   = "start"
	SeriesEnd     = "end"
)

const (
	partPublished = "braun/"
	partGenerated = "gen/"
)

func (*Experiment) Name() string { return Name }
func (*Experiment) Title() string {
	return "Xhafa, Barolli, Duresi 2007: immediate-mode heuristics on Braun ETC instances"
}
func (*Experiment) DefaultReps() int { return 20 }

func config(cfg experiments.Config) Config {
	c := Config{
		Heuristics: imapping.Names(),
		SALow:      imapping.DefaultSALow, SAHigh: imapping.DefaultSAHigh, KPBPercent: imapping.DefaultKPBPercent,
		GenJobs: 512, GenMachines: 16, GenMethod: etc.RangeBased.String(), Quick: cfg.Quick,
		Example: WorkedExample{Ready: []float64{70, 110, 200}, ETC: [][]float64{{50, 20, 15}, {20, 60, 15}, {20, 50, 15}},
			SALow: 0.4, SAHigh: 0.7, KPBPercent: 200.0 / 3},
	}
	for _, t := range etc.Types() {
		c.GenTypes = append(c.GenTypes, t.Name())
	}
	if cfg.Quick {
		c.GenJobs, c.GenMachines = 128, 8
		c.GenTypes = []string{"u_c_hihi", "u_i_lolo", "u_s_hilo"}
	}
	return c
}

// Plan implements experiments.Experiment.
func (e *Experiment) Plan(cfg experiments.Config) (experiments.Plan, error) {
	return experiments.AsPlan(plan(cfg))
}

// Plan is the study's typed plan: what the runs and the report are made of.
type Plan struct {
	Config Config
	Reps   int // fresh instances per generated type
	// missing says why the published part was left out.
	missing error
	// types are the generated types of Config.GenTypes, with their size.
	types []etc.Spec
	runs  experiments.Runs[Spec]
	heur  map[string]imapping.Heuristic
	cache *instanceCache
}

func plan(cfg experiments.Config) (*Plan, error) {
	c := config(cfg)
	var missing error
	var paths []string
	for _, inst := range PublishedInstances {
		p, err := datadir.Find(cfg.DataDir, BraunDir+"/"+inst, braunHint)
		if err != nil && !errors.Is(err, datadir.ErrMissing) {
			return nil, err // a damaged file is a failure, not a skip
		}
		if err != nil {
			missing = err
			paths = nil
			break
		}
		paths = append(paths, p)
		c.Published = append(c.Published, inst)
	}
	if missing != nil {
		c.Published = nil
	}
	sols := make([][]string, len(paths)) // each instance's .sol files: inputs of its runs (best_known, gap)
	for i, p := range paths {
		var err error
		if sols[i], err = etc.SolutionFiles(p); err != nil {
			return nil, err
		}
	}
	pl := &Plan{Reps: cfg.Reps, missing: missing, runs: experiments.Runs[Spec]{Plan: bench.Plan{Experiment: Name, Reps: cfg.Reps}}, heur: map[string]imapping.Heuristic{},
		cache: &instanceCache{m: map[string]*cacheEntry{}}}
	plan := &pl.runs.Plan
	for i, p := range paths {
		w := partPublished + PublishedInstances[i]
		plan.Describe(w, bench.Str("part", "published"), bench.Str("instance", PublishedInstances[i]))
		for _, h := range c.Heuristics {
			r := bench.NewRun(Name, w, h, 0)
			r.Inputs = append([]string{p}, sols[i]...) // reused only while the instance and its best-known schedules are unchanged
			pl.runs.Add(r, Spec{Path: p, Sols: sols[i]})
		}
	}
	for _, tn := range c.GenTypes {
		spec, err := etc.ParseName(tn)
		if err != nil {
			return nil, err
		}
		spec.Jobs, spec.Machines = c.GenJobs, c.GenMachines
		pl.types = append(pl.types, spec)
		plan.Describe(partGenerated+tn, bench.Str("part", "generated"), bench.Str("type", tn),
			bench.Int("jobs", c.GenJobs), bench.Int("machines", c.GenMachines), bench.Str("method", c.GenMethod))
		for rep := 0; rep < cfg.Reps; rep++ {
			for _, h := range c.Heuristics {
				pl.runs.Add(bench.NewRun(Name, partGenerated+tn, h, rep), Spec{Gen: spec})
			}
		}
	}
	pl.Config = c
	plan.Config = c
	ex := &pl.Config.Example
	plan.Describe(WorkloadExample, bench.Str("part", "example"), bench.Int("jobs", len(ex.ETC)), bench.Int("machines", len(ex.Ready)))
	for _, h := range ExampleHeuristics(*ex) {
		pl.runs.Add(bench.NewRun(Name, WorkloadExample, h.Name(), 0), Spec{Example: ex})
	}
	for _, name := range c.Heuristics {
		h, err := imapping.New(name, imapping.DefaultParams)
		if err != nil {
			return nil, err
		}
		pl.heur[name] = h
	}
	return pl, nil
}

// Bench implements experiments.Plan.
func (pl *Plan) Bench() bench.Plan { return pl.runs.Bench() }

// instanceCache shares each matrix among the heuristics that run on it; an
// entry is built once (sync.Once) whichever worker asks first.
type instanceCache struct {
	mu sync.Mutex
	m  map[string]*cacheEntry
}

type cacheEntry struct {
	once sync.Once
	mat  *etc.Matrix
	best *etc.Solution
	err  error
}

func (c *instanceCache) get(key string, build func(*cacheEntry)) *cacheEntry {
	c.mu.Lock()
	e, ok := c.m[key]
	if !ok {
		e = &cacheEntry{}
		c.m[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { build(e) })
	return e
}

// Execute implements experiments.Plan.
func (pl *Plan) Execute(ctx context.Context, run bench.Run) (bench.Output, error) {
	spec, err := pl.runs.Spec(run)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %w", Name, err)
	}
	if spec.Example != nil {
		return runExample(*spec.Example, run.Algorithm)
	}
	var ent *cacheEntry
	if spec.Path != "" {
		ent = pl.cache.get(spec.Path, func(e *cacheEntry) {
			e.mat, e.err = etc.ReadFile(spec.Path, etc.ReadOptions{})
			if e.err == nil {
				// No .sol file: no best_known; a .sol file that does not
				// read or verify: the run fails, naming it. The files are
				// the plan's, which the runner hashed.
				if len(spec.Sols) > 0 {
					e.best, e.err = etc.BestOf(spec.Sols, e.mat)
				}
			}
		})
	} else {
		key := fmt.Sprintf("%s/%d", run.Workload, run.Seed)
		ent = pl.cache.get(key, func(e *cacheEntry) {
			e.mat, e.err = etc.Generate(spec.Gen, etc.NewSource(spec.Gen, run.Seed))
		})
	}
	if ent.err != nil {
		return bench.Output{}, ent.err
	}
	h := pl.heur[run.Algorithm]
	m := mapping.Measure(ent.mat, h)
	out := bench.Output{Metrics: mapping.Table.Values(m)}
	if ent.best != nil {
		out.Metrics = append(out.Metrics,
			bench.Metric{Name: "best_known", Value: ent.best.Makespan},
			bench.Metric{Name: "gap", Value: imapping.Gap(m.Makespan, ent.best.Makespan)})
	}
	return out, nil
}

// Skipped implements experiments.Skipper: the published instances when
// they are missing.
func (pl *Plan) Skipped() []error {
	if _, missing := pl.missingData(); missing {
		return []error{fmt.Errorf("published Braun instances (Tables 3-6): %w", pl.missing)}
	}
	return nil
}

// missingData reports whether the published part was skipped for lack of data.
func (pl *Plan) missingData() (string, bool) {
	if pl.missing == nil || !errors.Is(pl.missing, datadir.ErrMissing) {
		return "", false
	}
	return pl.missing.Error(), true
}

// ExampleHeuristics are the five heuristics as Section 4 parameterises them:
// SA with the example's r_l and r_h, and kPB with the two best of three machines.
func ExampleHeuristics(ex WorkedExample) []imapping.Heuristic {
	return []imapping.Heuristic{
		imapping.OLB{}, imapping.MCT{}, imapping.MET{},
		imapping.SA{Low: ex.SALow, High: ex.SAHigh},
		imapping.KPB{K: ex.KPBPercent, Variant: imapping.KPBBestFloor},
	}
}

// ExampleMatrix returns the example's ETC matrix and a copy of its ready times.
func ExampleMatrix(ex WorkedExample) (*etc.Matrix, []float64) {
	m := etc.New(len(ex.ETC), len(ex.Ready))
	for i, row := range ex.ETC {
		for j, v := range row {
			m.Set(i, j, v)
		}
	}
	return m, append([]float64(nil), ex.Ready...)
}

// runExample schedules the worked example with the named heuristic.
func runExample(ex WorkedExample, name string) (bench.Output, error) {
	for _, h := range ExampleHeuristics(ex) {
		if h.Name() != name {
			continue
		}
		m, ready := ExampleMatrix(ex)
		s := h.Assign(m, ready)
		out := bench.Output{Metrics: []bench.Metric{{Name: "makespan", Value: imapping.Makespan(s)}}}
		for j := range s.Machine {
			t := float64(j)
			out.Series = append(out.Series,
				bench.Sample{Series: SeriesMachine, T: t, Value: float64(s.Machine[j])},
				bench.Sample{Series: SeriesStart, T: t, Value: s.Start[j]},
				bench.Sample{Series: SeriesEnd, T: t, Value: s.End[j]})
		}
		return out, nil
	}
	return bench.Output{}, fmt.Errorf("%s: the worked example has no heuristic %q", Name, name)
}
