package roundrobin

import (
	"context"
	"fmt"
	"slices"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/timeshare"
)

// Name is the experiment id.
const Name = "roundrobin"

// Algorithms are the timeshare registry names the paper compares, in the
// order its figures list them.
var Algorithms = []string{"fcfs", "spn", "ljf", "p", "rr", "plrr", "apdrr"}

// Label is how figures and tables name an algorithm: its registered label
// (timeshare.Label).
func Label(algo string) string { return timeshare.Label(algo) }

// Config is everything that decides a run's result except the number of
// repetitions; its hash decides whether cached runs are reused.
type Config struct {
	Trace      string   `json:"trace"`      // path below the data root
	TraceJobs  int      `json:"trace_jobs"` // records in the trace, so a different file invalidates the cache
	Percents   []int    `json:"percents"`   // window sizes, % of the trace's records
	Counts     []int    `json:"counts"`     // window sizes in records (the paper's process counts)
	Slaves     []int    `json:"slaves"`     // P
	Algorithms []string `json:"algorithms"` // timeshare registry names
	Ablation   []string `json:"ablation"`   // APDRR variants (Variants), run beside the algorithms
	// AblationRules describe the variants, so changing one invalidates
	// cached runs.
	AblationRules []string `json:"ablation_rules"`
	Quantum       float64  `json:"quantum"`     // RR and PLRR, seconds
	Priority      string   `json:"priority"`    // timeshare.PriorityRuleText
	Thresholds    [2]int   `json:"thresholds"`  // APDRR's global-queue thresholds
	WindowRule    string   `json:"window_rule"` // WindowRule
	Quick         bool     `json:"quick"`
	// Sweep is the load sweep (DefaultSweep): one size's windows with
	// their arrivals scaled to fixed offered loads per CPU.
	Sweep Sweep `json:"sweep"`
}

// PaperCounts are the paper's sample sizes: 12,125 and 20,208 processes,
// 3% and 5% of AuverGrid's 404,176 jobs.
var PaperCounts = []int{12125, 20208}

// DefaultConfig is the SPEC's configuration on a trace of traceJobs
// records (quick: 1% and 2,000-record windows on P = 16 and 64).
func DefaultConfig(rel string, traceJobs int, quick bool) Config {
	c := Config{
		Trace: rel, TraceJobs: traceJobs,
		Percents: []int{3, 5}, Counts: PaperCounts, Slaves: []int{16, 32, 64, 128},
		Algorithms: Algorithms, Ablation: VariantNames(), AblationRules: variantRules(), Quantum: timeshare.DefaultQuantum,
		Priority: timeshare.PriorityRuleText, Thresholds: timeshare.Thresholds,
		WindowRule: WindowRule, Quick: quick,
	}
	if quick {
		c.Percents, c.Counts, c.Slaves = []int{1}, []int{2000}, []int{16, 64}
	}
	c.Sweep = DefaultSweep(c)
	return c
}

// Sizes lists the window sizes of c: the percentages, then the counts.
func (c Config) Sizes() []Size {
	var out []Size
	for _, p := range c.Percents {
		out = append(out, Pct(p))
	}
	for _, n := range c.Counts {
		out = append(out, Jobs(n))
	}
	return out
}

// WorkloadID names one (size, P) workload, e.g. "3%/P=16" or
// "n=12125/P=16".
func WorkloadID(size Size, slaves int) string { return fmt.Sprintf("%s/P=%d", size.ID(), slaves) }

// PrefixWorkload names the paper's setting of the windowed workload w: its
// window of the trace's first records (the prefix), e.g. "3%/P=16/prefix".
// w's repetitions 1..N are windows of the same size elsewhere in the trace
// (WindowRule); the report numbers the windows of w 0 (the prefix) to N
// and pairs them all.
func PrefixWorkload(w string) string { return w + "/prefix" }

// windowRun is the run of algorithm a on window win of the windowed
// workload w: the prefix (win 0) is a workload of its own, the other
// windows are w's repetitions.
func windowRun(w, a string, win int) bench.Run {
	if win == 0 {
		return bench.NewRun(Name, PrefixWorkload(w), a, 0)
	}
	return bench.NewRun(Name, w, a, win)
}

// describeWindows describes the windowed workload w and its prefix.
func (pl *Plan) describeWindows(w string, params ...bench.Param) {
	pl.runs.Plan.Describe(w, params...)
	pl.runs.Plan.Describe(PrefixWorkload(w), append(slices.Clip(params), bench.Str("window", "prefix"))...)
	if pl.prefixes == nil {
		pl.prefixes = map[string]string{}
	}
	pl.prefixes[PrefixWorkload(w)] = w
}

// Spec is what the executor needs beyond a run's identity.
type Spec struct {
	Path    string // the trace file
	Source  TraceSource
	Size    Size
	Slaves  int
	Start   int // first record of the window
	Len     int // records in the window
	Quantum float64
}

// Experiment is the roundrobin study; it registers itself.
type Experiment struct{}

func init() { experiments.Register(Experiment{}) }

// Name implements experiments.Experiment.
func (Experiment) Name() string { return Name }

// Title implements experiments.Experiment.
func (Experiment) Title() string {
	return "Shah, Zakaria, Haron et al. 2012: agent based prioritized dynamic round robin (APDRR) vs FCFS, SPN, LJF, P, RR, PLRR on a grid trace"
}

// DefaultReps implements experiments.Experiment: 20 windows besides the
// paper's prefix (a workload of its own, PrefixWorkload).
func (Experiment) DefaultReps() int { return 20 }

// Plan implements experiments.Experiment. It reads the trace (once per
// process) to know its length and place the windows.
func (e Experiment) Plan(cfg experiments.Config) (experiments.Plan, error) {
	return experiments.AsPlan(e.plan(cfg))
}

func (e Experiment) plan(cfg experiments.Config) (*Plan, error) {
	path, src, err := FindTrace(cfg.DataDir)
	if err != nil {
		return nil, err
	}
	tr, err := LoadTrace(path, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	return PlanConfig(DefaultConfig(src.Rel, len(tr.Jobs), cfg.Quick), path, src, cfg.Filled(e).Reps)
}

// PlanConfig plans every size × P × window × algorithm (and APDRR
// variant) of c on the trace at path: reps+1 windows per size, the prefix
// (PrefixWorkload) and reps repetitions. Runs are ordered size, P, window,
// algorithm, so the algorithms of one window run together.
func PlanConfig(c Config, path string, src TraceSource, reps int) (*Plan, error) {
	if reps < 0 {
		return nil, fmt.Errorf("%s: %d repetitions: need at least 0", Name, reps)
	}
	sizes := c.Sizes()
	if len(c.Algorithms) == 0 || len(sizes) == 0 || len(c.Slaves) == 0 {
		return nil, fmt.Errorf("%s: empty plan (algorithms %v, sizes %v, slaves %v)", Name, c.Algorithms, sizes, c.Slaves)
	}
	algos := append(slices.Clone(c.Algorithms), c.Ablation...)
	for _, a := range algos {
		if _, _, err := scheduler(a, c.Quantum); err != nil {
			return nil, fmt.Errorf("%s: %w", Name, err)
		}
	}
	// Every run reads the trace: its content is part of every run's key.
	pl := &Plan{Config: c, Reps: reps, Source: src, runs: experiments.Runs[spec]{Plan: bench.Plan{Experiment: Name, Config: c, Reps: reps, Inputs: []string{path}}}}
	plan := &pl.runs.Plan
	var facts []planned // after the simulations, so adding them left runs.csv's order as it was
	plan.Describe(WorkloadTrace, bench.Str("part", "facts"), bench.Str("trace", src.ID), bench.Int("records", c.TraceJobs))
	facts = append(facts, planned{bench.NewRun(Name, WorkloadTrace, AlgoFacts, 0), TraceSpec{Path: path, Source: src}})
	for _, size := range sizes {
		n := size.Len(c.TraceJobs)
		if size.Percent < 0 || size.Percent > 100 || n < 1 {
			return nil, fmt.Errorf("%s: a window of %s of %d records is empty or longer than the trace; use a smaller size", Name, size.ID(), c.TraceJobs)
		}
		ww := WindowsWorkload(size)
		pl.describeWindows(ww, bench.Str("part", "facts"), bench.Str("size", size.ID()), bench.Int("records", n), bench.Str("trace", src.ID))
		for win := 0; win <= reps; win++ {
			start := WindowStart(c.TraceJobs, n, win, WindowSeed(size, win))
			facts = append(facts, planned{windowRun(ww, AlgoFacts, win), WindowSpec{Path: path, Source: src, Start: start, Len: n}})
		}
		for _, p := range c.Slaves {
			if p < 1 {
				return nil, fmt.Errorf("%s: %d slaves: need at least 1", Name, p)
			}
			w := WorkloadID(size, p)
			pl.describeWindows(w, bench.Str("size", size.ID()), size.param(), bench.Int("records", n), bench.Int("slaves", p), bench.Str("trace", src.ID))
			pl.workloads = append(pl.workloads, Workload{ID: w, Size: size, Slaves: p})
			for win := 0; win <= reps; win++ {
				spec := Spec{Path: path, Source: src, Size: size, Slaves: p, Len: n, Quantum: c.Quantum,
					Start: WindowStart(c.TraceJobs, n, win, WindowSeed(size, win))}
				for _, a := range algos {
					pl.runs.Add(windowRun(w, a, win), spec)
				}
			}
		}
	}
	for _, f := range facts {
		pl.runs.Add(f.run, f.spec)
	}
	// The load sweep last, so adding it left the other runs' order as it was.
	for _, a := range c.Sweep.Extra {
		if _, _, err := scheduler(a, c.Quantum); err != nil {
			return nil, fmt.Errorf("%s: %w", Name, err)
		}
	}
	if err := planSweep(pl, c, path, src, reps); err != nil {
		return nil, err
	}
	sortWorkloads(pl.workloads)
	return pl, nil
}

// Plan is the study's typed plan: what the runs and the report are made of.
type Plan struct {
	Config Config
	Reps   int         // repetitions: windows besides the paper's prefix, reps 1..Reps
	Source TraceSource // the trace the plan runs on
	// workloads are the simulation workloads by family, size, then P.
	workloads []Workload
	// prefixes maps each prefix workload to its windowed workload
	// (PrefixWorkload), for the report's windows.
	prefixes map[string]string
	runs     experiments.Runs[spec]
}

// spec is what a run needs beyond its identity: Spec, SweepSpec,
// TraceSpec or WindowSpec.
type spec interface {
	execute(run bench.Run) (bench.Output, error)
}

// planned is a run with its spec, before its place in the plan is known.
type planned struct {
	run  bench.Run
	spec spec
}

// Bench implements experiments.Plan.
func (pl *Plan) Bench() bench.Plan { return pl.runs.Bench() }

// Execute implements experiments.Plan: it cuts the run's window out of
// the (cached) trace, simulates the run's algorithm on it and reports the
// paper's six metrics; the facts runs (TraceSpec, WindowSpec) record what
// the page states about the trace and its windows.
func (pl *Plan) Execute(ctx context.Context, run bench.Run) (bench.Output, error) {
	if err := ctx.Err(); err != nil {
		return bench.Output{}, err
	}
	s, err := pl.runs.Spec(run)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %w", Name, err)
	}
	return s.execute(run)
}
