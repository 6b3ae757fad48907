package immediate

import (
	"context"
	"errors"
	"fmt"
	"github.com/gridbench/gridbench/families/etcmapping"
	"sync"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched/mapping"
)

// Name is the experiment id.
const Name = "immediate"

// BraunDir is the folder of the Braun 512×16 instances below a data root.
const BraunDir = "braun-hcsp-512x16"

const braunHint = "the Braun et al. 512x16 instances (u_c_hihi.0 … u_s_lolo.0 and their .sol files) " +
	"come from the HCSP benchmark collection; see data/braun-hcsp-512x16/PROVENANCE.md"

func init() { experiments.Register(&Experiment{}) }

// Experiment implements experiments.Experiment.
type Experiment struct {
	// missing says why the published part was left out of the last plan.
	missing error
}

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
		Heuristics: mapping.Names(),
		SALow:      mapping.DefaultSALow, SAHigh: mapping.DefaultSAHigh, KPBPercent: mapping.DefaultKPBPercent,
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
func (e *Experiment) Plan(cfg experiments.Config) (bench.Plan, bench.Executor, error) {
	c := config(cfg)
	e.missing = nil
	var paths []string
	for _, inst := range PublishedInstances {
		p, err := datadir.Find(cfg.DataDir, BraunDir+"/"+inst, braunHint)
		if err != nil && !errors.Is(err, datadir.ErrMissing) {
			return bench.Plan{}, nil, err // a damaged file is a failure, not a skip
		}
		if err != nil {
			e.missing = err
			paths = nil
			break
		}
		paths = append(paths, p)
		c.Published = append(c.Published, inst)
	}
	if e.missing != nil {
		c.Published = nil
	}
	plan := bench.Plan{Experiment: Name, Config: c}
	for i, p := range paths {
		w := partPublished + PublishedInstances[i]
		plan.Describe(w, bench.Str("part", "published"), bench.Str("instance", PublishedInstances[i]))
		for _, h := range c.Heuristics {
			r := bench.NewRun(Name, w, h, 0, Spec{Path: p})
			r.Inputs = []string{p} // reused only while the instance is unchanged
			plan.Runs = append(plan.Runs, r)
		}
	}
	for _, tn := range c.GenTypes {
		spec, err := etc.ParseName(tn)
		if err != nil {
			return bench.Plan{}, nil, err
		}
		spec.Jobs, spec.Machines = c.GenJobs, c.GenMachines
		plan.Describe(partGenerated+tn, bench.Str("part", "generated"), bench.Str("type", tn),
			bench.Int("jobs", c.GenJobs), bench.Int("machines", c.GenMachines), bench.Str("method", c.GenMethod))
		for rep := 0; rep < cfg.Reps; rep++ {
			for _, h := range c.Heuristics {
				plan.Runs = append(plan.Runs, bench.NewRun(Name, partGenerated+tn, h, rep, Spec{Gen: spec}))
			}
		}
	}
	plan.Describe(WorkloadExample, bench.Str("part", "example"), bench.Int("jobs", len(c.Example.ETC)), bench.Int("machines", len(c.Example.Ready)))
	for _, h := range ExampleHeuristics(c.Example) {
		plan.Runs = append(plan.Runs, bench.NewRun(Name, WorkloadExample, h.Name(), 0, Spec{Example: &c.Example}))
	}
	heur := map[string]mapping.Heuristic{}
	for _, name := range c.Heuristics {
		h, err := mapping.New(name, mapping.DefaultParams)
		if err != nil {
			return bench.Plan{}, nil, err
		}
		heur[name] = h
	}
	return plan, newExecutor(heur), nil
}

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

func newExecutor(heur map[string]mapping.Heuristic) bench.Executor {
	cache := &instanceCache{m: map[string]*cacheEntry{}}
	return func(ctx context.Context, run bench.Run) (bench.Output, error) {
		spec, ok := run.Spec.(Spec)
		if !ok {
			return bench.Output{}, fmt.Errorf("%s: run %s has spec %T, want immediate.Spec", Name, run.Key(), run.Spec)
		}
		if spec.Example != nil {
			return runExample(*spec.Example, run.Algorithm)
		}
		var ent *cacheEntry
		if spec.Path != "" {
			ent = cache.get(spec.Path, func(e *cacheEntry) {
				e.mat, e.err = etc.ReadFile(spec.Path, etc.ReadOptions{})
				if e.err == nil {
					e.best, _ = etc.BestKnown(spec.Path, e.mat.Jobs, e.mat.Machines)
				}
			})
		} else {
			key := fmt.Sprintf("%s/%d", run.Workload, run.Seed)
			ent = cache.get(key, func(e *cacheEntry) {
				e.mat, e.err = etc.Generate(spec.Gen, etc.NewSource(spec.Gen, run.Seed))
			})
		}
		if ent.err != nil {
			return bench.Output{}, ent.err
		}
		h := heur[run.Algorithm]
		m := etcmapping.Measure(ent.mat, h)
		out := bench.Output{Metrics: etcmapping.Table.Values(m)}
		if ent.best != nil {
			out.Metrics = append(out.Metrics,
				bench.Metric{Name: "best_known", Value: ent.best.Makespan},
				bench.Metric{Name: "gap", Value: mapping.Gap(m.Makespan, ent.best.Makespan)})
		}
		return out, nil
	}
}

// Skipped implements experiments.Skipper: the published instances when
// they are missing.
func (e *Experiment) Skipped() []error {
	if _, missing := e.missingData(); missing {
		return []error{fmt.Errorf("published Braun instances (Tables 3-6): %w", e.missing)}
	}
	return nil
}

// missingData reports whether the published part was skipped for lack of data.
func (e *Experiment) missingData() (string, bool) {
	if e.missing == nil || !errors.Is(e.missing, datadir.ErrMissing) {
		return "", false
	}
	return e.missing.Error(), true
}

// ExampleHeuristics are the five heuristics as Section 4 parameterises them:
// SA with the example's r_l and r_h, and kPB with the two best of three machines.
func ExampleHeuristics(ex WorkedExample) []mapping.Heuristic {
	return []mapping.Heuristic{
		mapping.OLB{}, mapping.MCT{}, mapping.MET{},
		mapping.SA{Low: ex.SALow, High: ex.SAHigh},
		mapping.KPB{K: ex.KPBPercent, Variant: mapping.KPBBestFloor},
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
		out := bench.Output{Metrics: []bench.Metric{{Name: "makespan", Value: mapping.Makespan(s)}}}
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
