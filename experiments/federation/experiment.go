package federation

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/federated"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/gridway"
)

// Name is the experiment id.
const Name = "federation"

// TracePath is the LCG trace below a data root.
const TracePath = "LCG-2005-1/LCG.swf.gz"

const traceHint = "the LCG grid log (LCG-2005-1, Parallel Workloads Archive) ships with gridbench as data/LCG-2005-1/LCG.swf.gz; " +
	"see its PROVENANCE.md"

// Workloads. Repetitions are only the jitter workload's; a swept value
// is a parameter of its own workload, named family/param=value
// (CalibrationWorkload, SensHourWorkload, SensScaleWorkload), one run per
// policy.
const (
	WorkloadPaper       = "paper"       // users at 12:00 of days 2, 4, 6; one repetition
	WorkloadJitter      = "jitter"      // each user within ±Jitter of 12:00, seeded per repetition
	WorkloadCalibration = "calibration" // family: Normal at the paper setting under one swept background scale
	WorkloadSensHour    = "sens-hour"   // family: SensUser's submission moved by one of HourOffsets, every policy
	WorkloadSensScale   = "sens-scale"  // family: the paper setting under one of ScaleSweep MI per trace second, every policy
)

// CalibrationWorkload names the calibration run under mi MI per trace second.
func CalibrationWorkload(mi float64) string { return sweptWorkload(WorkloadCalibration, "mi", mi) }

// SensHourWorkload names the sensitivity runs with SensUser's submission
// moved by offset seconds.
func SensHourWorkload(offset float64) string {
	return sweptWorkload(WorkloadSensHour, "offset_s", offset)
}

// SensScaleWorkload names the sensitivity runs under mi MI per trace second.
func SensScaleWorkload(mi float64) string { return sweptWorkload(WorkloadSensScale, "mi", mi) }

func sweptWorkload(family, param string, v float64) string {
	return family + "/" + param + "=" + analysis.FormatValue(v)
}

// Family returns the family of a workload: the part of its name before
// "/" (all of it for the paper, jitter and reading workloads).
func Family(workload string) string {
	f, _, _ := strings.Cut(workload, "/")
	return f
}

// Users is the number of users (experiments) of the scenario.
const Users = 3

func init() { experiments.Register(Experiment{}) }

// Experiment implements experiments.Experiment.
type Experiment struct{}

func (Experiment) Name() string { return Name }
func (Experiment) Title() string {
	return "Leal, Huedo, Llorente 2009: DO-AS and four other meta-scheduling policies on a DSA+LCG federated grid"
}
func (Experiment) DefaultReps() int { return 20 }

// Config is everything that determines the runs except the repetitions.
type Config struct {
	Trace         string // below the data root
	MaxBackground int    // background jobs read (0: all)
	Policies      []string
	JobsPerUser   int
	Model         gridway.Config // users excluded: the plan sets them per run
	SeriesUser    int            // whose job states the paper runs record
	SeriesStep    float64        // seconds between recorded job-state samples
	// Jitter: the jitter workload draws each submission uniformly within
	// ±Jitter seconds of the paper's 12:00, the one thing the paper's
	// setting leaves open that a repetition can vary.
	Jitter float64
	// Sweep lists the MI-per-trace-second values of the calibration runs
	// (Normal, paper setting); the model's value must be the one whose
	// split best fits Table 3's Normal column.
	Sweep []float64
	// SatWindows are the windows after each submission (seconds) over which
	// the background-only saturation counts cycles with a free LCG PE.
	SatWindows []float64
	// Readings are the other readings of what the paper leaves open, each
	// run at the paper setting under every policy so the page can set its
	// Tables 3–4 beside the model's.
	Readings []Reading
	// The sensitivity of one user's result: SensUser's submission moved
	// by each of HourOffsets (seconds; the other users stay at 12:00), and
	// the paper setting under each background scale of ScaleSweep (MI per
	// trace second), every policy, one repetition per value.
	SensUser    int
	HourOffsets []float64
	ScaleSweep  []float64
	Quick       bool
	// Outputs is the version of what a run returns, in the hash so that
	// cached runs of another version are made again: 2 since the job
	// states went to series.csv (they were ts_* metrics in runs.csv); 3
	// since the paper and jitter runs record SeriesUser's job-hours in
	// the states of Figures 6–10 (StateHours), which L-13 and L-14 test.
	Outputs int
}

// Reading is one alternative reading of the model.
type Reading struct {
	Workload string
	Title    string
	Scale    float64 // MI per trace second (0: the model's)
	Duplex   bool    // GridGateWay as a full-duplex link instead of one shared port
	Rate     float64 // its rate, bytes per second (0: derived from the outputs as GatewayRate does)
	Alt      gridway.Alternatives
}

// QuickJobsPerUser is each user's experiment in the quick configuration.
const QuickJobsPerUser = 110

// ModelConfig returns the model configuration the experiment runs.
func ModelConfig(quick bool) Config {
	m := gridway.DefaultConfig()
	m.Users = nil
	c := Config{Trace: TracePath, Policies: append([]string(nil), gridway.Names...), JobsPerUser: 550,
		Model: m, SeriesUser: 2, SeriesStep: 300, Jitter: 15 * 60,
		Sweep: append(sweep(5500, 8000, 100), 9787), SatWindows: []float64{2 * 3600, 6 * 3600}, Quick: quick, Outputs: 3,
		Readings: []Reading{
			{Workload: "alt-duplex", Duplex: true, Title: "GridGateWay as a full-duplex link, its rate derived like the port's from the 2 MB outputs (179 kB/s)"},
			// 200 kB/s: found by running the three User-0 cells at 180, 190
			// and 200 kB/s; at 200 all three are within 1% (the page shows them).
			{Workload: "alt-duplex-fit", Duplex: true, Rate: 200e3, Title: "GridGateWay as a full-duplex link at 200 kB/s, where its three User-0 fitting cells come out within 1%"},
			{Workload: "alt-9787", Scale: 9787, Title: "background length = run time × 9,787 MI (the spec's first reading)"},
			{Workload: "alt-count-on-time", Alt: gridway.Alternatives{CountOnTime: true},
				Title: "Algorithm 1's lines by least squares of the count on time (instead of Hockney and Jesshope's time on count)"},
			{Workload: "alt-gateway-per-job", Alt: gridway.Alternatives{GatewayPerJob: true},
				Title: "the LCG GridWay checks for a free node before every job it forwards (instead of once per cycle, Algorithm 2 lines 6 and 20–23)"},
			{Workload: "alt-previous", Alt: gridway.Alternatives{CountOnTime: true, GatewayPerJob: true},
				Title: "both of the two readings above (this page's model before they were revised)"},
			{Workload: "alt-stage-at-dispatch", Alt: gridway.Alternatives{StageAtDispatch: true},
				Title: "an external job's input staged to the GridGateWay when the DSA GridWay dispatches it (instead of when the LCG GridWay forwards it)"},
			{Workload: "alt-cap-queued", Alt: gridway.Alternatives{CapQueuedOnly: true},
				Title: "the AS cap (PEs × 3) counts only the GridWay's jobs not yet started (instead of queued and running)"},
			{Workload: "alt-static-as", Alt: gridway.Alternatives{StaticAS: true},
				Title: "SO-AS splits each cycle with its trained objective as at the start (Algorithm 2 line 4 read with a fixed objective)"},
			{Workload: "alt-published-free", Alt: gridway.Alternatives{PublishedFree: true},
				Title: "the DSA GridWay sees the LCG's free PEs as the GridGateWay publishes them, less only this cycle's jobs (instead of less all its jobs not yet started)"},
		}}
	c.SensUser = 1
	c.HourOffsets = sweep(-2*3600, 2*3600, 1800)
	c.ScaleSweep = []float64{5000, 5500, 6000, 6250, 6500, 6600, 6700, 6750, 6800, 6850, 6900, 6950, 7000, 7250, 7500, 8000, 9000}
	if quick {
		// One fifth of the jobs: the saturation levels and the policies'
		// behaviour stay, the runs shrink.
		c.JobsPerUser = QuickJobsPerUser
		c.Sweep = sweep(6000, 7500, 500)
		c.HourOffsets = []float64{-2 * 3600, 0, 2 * 3600}
		c.ScaleSweep = []float64{6000, 6700, 7500}
	}
	return c
}

func sweep(lo, hi, step float64) []float64 {
	var out []float64
	for v := lo; v <= hi+step/2; v += step {
		out = append(out, v)
	}
	return out
}

// Spec is what the executor needs beyond a run's identity.
type Spec struct {
	Jitter bool    // draw submission times from the run's workload seed
	Scale  float64 // calibration: MI per trace second (0: the model's)
	Duplex bool    // GridGateWay as a full-duplex link (an alternative reading)
	Rate   float64 // the duplex link's rate (0: derived from the outputs)
	Alt    gridway.Alternatives
	// Offset moves user OffsetUser's submission by Offset seconds
	// (sensitivity runs).
	Offset     float64
	OffsetUser int
}

// Plan implements experiments.Experiment.
func (Experiment) Plan(cfg experiments.Config) (experiments.Plan, error) {
	return experiments.AsPlan(plan(ModelConfig(cfg.Quick), cfg))
}

// Plan is the study's typed plan: what the runs and the report are made of.
type Plan struct {
	Config Config
	Reps   int // repetitions of the jittered workload
	runs   experiments.Runs[Spec]
	x      *executor
}

// Bench implements experiments.Plan.
func (pl *Plan) Bench() bench.Plan { return pl.runs.Bench() }

// Execute implements experiments.Plan.
func (pl *Plan) Execute(ctx context.Context, run bench.Run) (bench.Output, error) {
	spec, err := pl.runs.Spec(run)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %w", Name, err)
	}
	return pl.x.run(ctx, run, spec)
}

func plan(c Config, cfg experiments.Config) (*Plan, error) {
	for _, p := range c.Policies {
		if _, err := gridway.NewPolicy(p, nil); err != nil {
			return nil, err
		}
	}
	if err := c.Model.Validate(); err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	path, err := datadir.Find(cfg.DataDir, c.Trace, traceHint)
	if err != nil {
		return nil, err
	}
	pl := &Plan{Config: c, Reps: cfg.Reps, runs: experiments.Runs[Spec]{Plan: bench.Plan{Experiment: Name, Config: c, Reps: cfg.Reps, Inputs: []string{path}}}} // every run reads the trace
	p := &pl.runs.Plan
	p.Describe(WorkloadPaper, bench.Str("submit", "paper"), bench.Num("mi_per_trace_second", c.Model.MIPerTraceSecond))
	for _, pol := range c.Policies {
		pl.runs.Add(bench.NewRun(Name, WorkloadPaper, pol, 0), Spec{})
	}
	seen := map[string]bool{}
	// swept checks that a swept value's workload is planned once.
	swept := func(w string) error {
		if seen[w] {
			return fmt.Errorf("workload %s planned twice: a sweep lists its value twice", w)
		}
		seen[w] = true
		return nil
	}
	for _, v := range c.Sweep {
		if !(v > 0) {
			return nil, fmt.Errorf("calibration sweep value %v MI per trace second must be positive", v)
		}
		w := CalibrationWorkload(v)
		if err := swept(w); err != nil {
			return nil, err
		}
		p.Describe(w, bench.Str("submit", "paper"), bench.Num("mi_per_trace_second", v))
		pl.runs.Add(bench.NewRun(Name, w, "Normal", 0), Spec{Scale: v})
	}
	for _, r := range c.Readings {
		scale := r.Scale
		if scale == 0 {
			scale = c.Model.MIPerTraceSecond
		}
		p.Describe(r.Workload, readingParams(r, scale)...)
		for _, pol := range c.Policies {
			pl.runs.Add(bench.NewRun(Name, r.Workload, pol, 0), Spec{Scale: r.Scale, Duplex: r.Duplex, Rate: r.Rate, Alt: r.Alt})
		}
	}
	if cfg.Reps > 0 {
		p.Describe(WorkloadJitter, bench.Str("submit", "paper ± jitter"), bench.Num("jitter_s", c.Jitter), bench.Num("mi_per_trace_second", c.Model.MIPerTraceSecond))
	}
	for rep := 0; rep < cfg.Reps; rep++ {
		for _, pol := range c.Policies {
			pl.runs.Add(bench.NewRun(Name, WorkloadJitter, pol, rep), Spec{Jitter: true})
		}
	}
	// The sensitivity runs come last, so the runs above keep their place.
	if len(c.HourOffsets) > 0 && (c.SensUser < 0 || c.SensUser >= Users) {
		return nil, fmt.Errorf("sensitivity user %d out of range 0..%d", c.SensUser, Users-1)
	}
	for _, off := range c.HourOffsets {
		if math.Abs(off) >= gridway.Day/2 {
			return nil, fmt.Errorf("submission offset %v s must stay within half a day", off)
		}
		w := SensHourWorkload(off)
		if err := swept(w); err != nil {
			return nil, err
		}
		p.Describe(w, bench.Str("submit", fmt.Sprintf("paper, User-%d moved", c.SensUser)),
			bench.Num("offset_s", off), bench.Num("mi_per_trace_second", c.Model.MIPerTraceSecond))
		for _, pol := range c.Policies {
			pl.runs.Add(bench.NewRun(Name, w, pol, 0), Spec{Offset: off, OffsetUser: c.SensUser})
		}
	}
	for _, v := range c.ScaleSweep {
		if !(v > 0) {
			return nil, fmt.Errorf("sensitivity scale %v MI per trace second must be positive", v)
		}
		w := SensScaleWorkload(v)
		if err := swept(w); err != nil {
			return nil, err
		}
		p.Describe(w, bench.Str("submit", "paper"), bench.Num("mi_per_trace_second", v))
		for _, pol := range c.Policies {
			pl.runs.Add(bench.NewRun(Name, w, pol, 0), Spec{Scale: v})
		}
	}
	sims, err := sharedSims(c, pl.runs)
	if err != nil {
		return nil, err
	}
	pl.x = &executor{c: c, path: path, sims: sims}
	return pl, nil
}

// Submits returns the users' submission times of a run: the paper's 12:00
// of days 2, 4 and 6, or, jittered, a uniform time within ±jitter seconds
// of each drawn from the workload seed (so every policy of a repetition
// sees the same times).
func Submits(jittered bool, jitter float64, seed uint64) []float64 {
	out := make([]float64, Users)
	rng := rand.New(rand.NewPCG(seed, 0xfed))
	for u := range out {
		out[u] = gridway.PaperSubmit(u)
		if jittered {
			out[u] += (2*rng.Float64() - 1) * jitter
		}
	}
	return out
}

// executor shares the background trace, the background-only prefix up to
// the earliest submission and the background's saturation at the paper's
// submissions among all runs.
type executor struct {
	c    Config
	path string
	once sync.Once
	bg   []gridway.BGJob
	pre  *gridway.Sim
	sat  []gridway.Saturation
	work float64 // Σ trace run times, seconds
	err  error

	// Runs that simulate the same thing share it: every run is keyed by
	// its complete configuration (simConfig) and policy. A Normal run and
	// the SO training of its configuration are one simulation (gridway.
	// TrainRun is SimulateTrained with Normal); so are two runs of one
	// policy whose workloads differ only in name (the sensitivity's zero
	// offset and the model's own scale are the paper's setting; the
	// calibration sweep and the sensitivity scales share values). sims
	// holds the simulations asked for more than once, counted with the
	// plan; it is read-only after, its entries change under mu.
	mu      sync.Mutex
	sims    map[simKey]*sharedSim
	trained map[string]*training // by configuration key: SO and SO-AS share one
	// prefixes are the background-only prefixes of the scales other than
	// the model's, each built once and cloned by every run at that scale
	// (the background alone depends on the scale and the testbeds only,
	// which every run shares with the model).
	prefixes map[float64]*prefixAt
}

// simKey identifies a simulation: configKey of its configuration, and its
// policy.
type simKey struct {
	config string
	policy string
}

// configKey spells out every field of a configuration (all plain values;
// %v prints floats exactly), so equal keys are equal configurations.
func configKey(m gridway.Config) string { return fmt.Sprintf("%#v", m) }

type sharedSim struct {
	once sync.Once
	res  *gridway.Result
	err  error
	left int // consumers yet to take res; it is dropped at 0
}

type prefixAt struct {
	once sync.Once
	pre  *gridway.Sim
	err  error
}

type training struct {
	once sync.Once
	obj  []gridway.Objective
	// paced: the objectives had each user's training-run LCG jobs
	// completed at the pace of the published Normal time (see Paced).
	paced []gridway.Objective
	err   error
}

// sharedSims counts who asks for each simulation of the plan: every run
// its own, and the SO training of each configuration with a trained
// policy its Normal one. It returns those asked for more than once.
func sharedSims(c Config, runs experiments.Runs[Spec]) (map[simKey]*sharedSim, error) {
	n := map[simKey]int{}
	training := map[string]bool{}
	for _, r := range runs.Plan.Runs {
		spec, err := runs.Spec(r)
		if err != nil {
			return nil, err
		}
		k := configKey(c.simConfig(r, spec))
		n[simKey{k, r.Algorithm}]++
		if gridway.NeedsTraining(r.Algorithm) && !training[k] {
			training[k] = true
			n[simKey{k, "Normal"}]++
		}
	}
	out := map[simKey]*sharedSim{}
	for k, c := range n {
		if c > 1 {
			out[k] = &sharedSim{left: c}
		}
	}
	return out, nil
}

// simulate runs policy p on m from pre, or, for a simulation the plan
// asks for more than once, runs it the first time and hands it out after.
func (x *executor) simulate(k simKey, m gridway.Config, pre *gridway.Sim, trained []gridway.Objective) (*gridway.Result, error) {
	sh := x.sims[k]
	if sh == nil {
		return gridway.SimulateTrained(m, x.bg, pre, k.policy, trained)
	}
	sh.once.Do(func() { sh.res, sh.err = gridway.SimulateTrained(m, x.bg, pre, k.policy, trained) })
	x.mu.Lock()
	res, err := sh.res, sh.err
	sh.left--
	if sh.left == 0 {
		sh.res = nil // every consumer has it
	}
	x.mu.Unlock()
	if res == nil && err == nil { // a consumer the plan did not count
		return gridway.SimulateTrained(m, x.bg, pre, k.policy, trained)
	}
	return res, err
}

// prefix returns the background-only prefix at m's scale.
func (x *executor) prefix(m gridway.Config) (*gridway.Sim, error) {
	if m.MIPerTraceSecond == x.c.Model.MIPerTraceSecond {
		return x.pre, nil
	}
	x.mu.Lock()
	if x.prefixes == nil {
		x.prefixes = map[float64]*prefixAt{}
	}
	p := x.prefixes[m.MIPerTraceSecond]
	if p == nil {
		p = &prefixAt{}
		x.prefixes[m.MIPerTraceSecond] = p
	}
	x.mu.Unlock()
	p.once.Do(func() { p.pre, p.err = gridway.Prefix(m, x.bg, x.prefixEnd()) })
	return p.pre, p.err
}

// train returns the SO training of configuration key k, running it once.
func (x *executor) train(k string, m gridway.Config, pre *gridway.Sim) (*training, error) {
	x.mu.Lock()
	if x.trained == nil {
		x.trained = map[string]*training{}
	}
	t := x.trained[k]
	if t == nil {
		t = &training{}
		x.trained[k] = t
	}
	x.mu.Unlock()
	t.once.Do(func() {
		// What gridway.TrainRun does, with the Normal simulation shared.
		var res *gridway.Result
		if res, t.err = x.simulate(simKey{k, "Normal"}, m, pre, nil); t.err == nil {
			t.obj = gridway.TrainObjectives(res)
			t.paced = Paced(res)
		}
	})
	return t, t.err
}

// Paced returns the objectives Algorithm 1 trains on a Normal run whose LCG
// completion times are stretched by each user's published Normal time over
// the run's own: the split SO would get from a training run as slow as the
// paper's, other things equal.
func Paced(res *gridway.Result) []gridway.Objective {
	k := make([]float64, len(res.Exps))
	for i, e := range res.Exps {
		k[i] = 1
		if e.User < Users && e.Makespan() > 0 {
			k[i] = publishedSeconds("Normal", e.User) / e.Makespan()
		}
	}
	return gridway.TrainStretched(res, k)
}

func (x *executor) load() error {
	x.once.Do(func() {
		x.bg, x.err = adapt.Background(x.path, x.c.MaxBackground)
		if x.err != nil {
			return
		}
		for _, b := range x.bg {
			x.work += b.Run
		}
		x.pre, x.err = gridway.Prefix(x.c.Model, x.bg, x.prefixEnd())
		if x.err != nil {
			return
		}
		x.sat = gridway.BackgroundSaturation(x.pre, Submits(false, 0, 0), x.c.SatWindows, x.c.Model.SchedulingInterval)
	})
	return x.err
}

// prefixEnd is where the shared background-only prefix stops: the
// earliest submission any run can have.
func (x *executor) prefixEnd() float64 { return gridway.PaperSubmit(0) - x.c.Jitter }

// offeredLoad is the share of the LCG testbed's capacity that the whole
// trace asks for at a scale of mi MI per trace second, over the trace's
// span of submissions.
func (x *executor) offeredLoad(mi float64) float64 {
	if len(x.bg) == 0 || !(x.bg[len(x.bg)-1].Submit > 0) {
		return math.NaN()
	}
	capacity := 0.0
	for _, m := range x.c.Model.LCG.Machines {
		capacity += float64(m.PEs) * m.MIPS
	}
	return x.work * mi / (capacity * x.bg[len(x.bg)-1].Submit)
}

// simConfig is the federation a run simulates: the model with the run's
// users (their submissions drawn from the workload seed when jittered),
// reading and scale.
func (c Config) simConfig(run bench.Run, spec Spec) gridway.Config {
	m := c.Model
	m.Alt = spec.Alt
	for _, t := range Submits(spec.Jitter, c.Jitter, run.Seed) {
		m.Users = append(m.Users, gridway.User{Submit: t, Jobs: c.JobsPerUser})
	}
	if spec.Offset != 0 {
		m.Users[spec.OffsetUser].Submit += spec.Offset
	}
	if spec.Duplex {
		// The same derivation as the shared port's, from the outputs alone,
		// which set the pace of a full-duplex link.
		m.WAN.Shared = false
		m.WAN.Bandwidth, _ = GatewayRate(0, m.OutputBytes)
		if spec.Rate > 0 {
			m.WAN.Bandwidth = spec.Rate
		}
	}
	if spec.Scale > 0 {
		m.MIPerTraceSecond = spec.Scale
	}
	return m
}

func (x *executor) run(ctx context.Context, run bench.Run, spec Spec) (bench.Output, error) {
	if err := x.load(); err != nil {
		return bench.Output{}, err
	}
	if err := ctx.Err(); err != nil {
		return bench.Output{}, err
	}
	m := x.c.simConfig(run, spec)
	pre, err := x.prefix(m)
	if err != nil {
		return bench.Output{}, err
	}
	k := configKey(m)
	var trained, paced []gridway.Objective
	if gridway.NeedsTraining(run.Algorithm) {
		t, err := x.train(k, m, pre)
		if err != nil {
			return bench.Output{}, err
		}
		trained, paced = t.obj, t.paced
	}
	res, err := x.simulate(simKey{k, run.Algorithm}, m, pre, trained)
	if err != nil {
		return bench.Output{}, err
	}
	out := bench.Output{Metrics: federated.Metrics(res, trained)}
	for u, o := range paced {
		out.Metrics = append(out.Metrics, bench.Metric{Name: federated.UserMetric(u, MObjPaced), Value: float64(o.Int)})
	}
	switch Family(run.Workload) {
	case WorkloadPaper:
		out.Series = Series(res, x.c.SeriesUser, x.c.SeriesStep)
		out.Metrics = append(out.Metrics, SaturationMetrics(x.sat, x.c.SatWindows)...)
		out.Metrics = append(out.Metrics, StateHours(res, x.c.SeriesUser, x.c.SeriesStep)...)
	case WorkloadJitter:
		out.Metrics = append(out.Metrics, StateHours(res, x.c.SeriesUser, x.c.SeriesStep)...)
	case WorkloadCalibration, WorkloadSensScale:
		out.Metrics = append(out.Metrics,
			bench.Metric{Name: MScale, Value: m.MIPerTraceSecond},
			bench.Metric{Name: MLoad, Value: x.offeredLoad(m.MIPerTraceSecond)})
	}
	return out, nil
}

// SaturationMetrics turns the background-only saturation at each user's
// paper submission into per-user metrics.
func SaturationMetrics(sat []gridway.Saturation, windows []float64) []bench.Metric {
	var ms []bench.Metric
	for u, s := range sat {
		ms = append(ms,
			bench.Metric{Name: federated.UserMetric(u, MBgFree), Value: float64(s.Free)},
			bench.Metric{Name: federated.UserMetric(u, MBgQueued), Value: float64(s.Queued)})
		for w, d := range windows {
			ms = append(ms, bench.Metric{Name: federated.UserMetric(u, FreeShareMetric(d)), Value: s.FreeShare[w]})
		}
	}
	return ms
}

// FreeShareMetric names the share of cycles with a free LCG PE within
// window seconds after a submission.
func FreeShareMetric(window float64) string { return fmt.Sprintf("bg_free_share_%gh", window/3600) }

// Metric names of this study beside its family's (federated.UserTable),
// per user u: u<u>_<name>.
const (
	MObjPaced = "so_objective_dsa_paced" // federated.MObjDSA trained on LCG completions paced to the published Normal time (Paced)
	MBgFree   = "bg_free_pes"            // background alone, at the paper's submission
	MBgQueued = "bg_queued"

	MScale = "mi_per_trace_second" // calibration runs
	MLoad  = "offered_load"
)

// HourStates are the job states whose job-hours StateHours records: the
// regions of Figures 6–10 that L-13 and L-14 compare, as [panel, state].
var HourStates = [][2]string{{"total", "pending"}, {"total", "queued"}, {"dsa", "queued"}, {"lcg", "queued"}}

// StateHoursMetric names the job-hours in state on panel, per user
// (federated.UserMetric).
func StateHoursMetric(panel, state string) string { return "hours_" + panel + "_" + state }

// StateHours is user u's job-hours in each of HourStates: the area of the
// job-state series (Series) sampled every step seconds, Σ samples × step,
// the same measure as the figures'.
func StateHours(res *gridway.Result, u int, step float64) []bench.Metric {
	if u >= len(res.Exps) {
		return nil
	}
	sum := map[string]float64{}
	for _, s := range Series(res, u, step) {
		sum[s.Series] += s.Value
	}
	var ms []bench.Metric
	for _, ps := range HourStates {
		ms = append(ms, bench.Metric{Name: federated.UserMetric(u, StateHoursMetric(ps[0], ps[1])), Value: sum[SeriesName(u, ps[0], ps[1])] * step / 3600})
	}
	return ms
}

// Job-state series (series.csv): series "u<u>_<panel>_<state>", t in
// seconds since the user's submission, value the number of jobs.
var (
	Panels = []string{"dsa", "lcg", "total"}
	States = []string{"pending", "queued", "running", "done"}
)

// SeriesName names user u's count of jobs in state on panel.
func SeriesName(u int, panel, state string) string { return fmt.Sprintf("u%d_%s_%s", u, panel, state) }

// Series samples user u's job states every step seconds from submission
// until the experiment ends (the last sample is the end itself).
func Series(res *gridway.Result, u int, step float64) []bench.Sample {
	if u >= len(res.Exps) {
		return nil
	}
	e := res.Exps[u]
	end := e.Makespan()
	var ms []bench.Sample
	for k := 0; ; k++ {
		t := float64(k) * step
		last := t >= end
		if last {
			t = math.Ceil(end)
		}
		p := e.At(t)
		for _, panel := range Panels {
			for _, st := range States {
				ms = append(ms, bench.Sample{Series: SeriesName(u, panel, st), T: t, Value: float64(stateCount(p, panel, st))})
			}
		}
		if last {
			return ms
		}
	}
}

func stateCount(p gridway.StatePoint, panel, state string) int {
	pick := func(a [2]int) int {
		switch panel {
		case "dsa":
			return a[gridway.Internal]
		case "lcg":
			return a[gridway.External]
		}
		return a[0] + a[1]
	}
	switch state {
	case "pending":
		if panel == "total" {
			return p.Pending
		}
		return 0
	case "queued":
		return pick(p.Queued)
	case "running":
		return pick(p.Running)
	}
	return pick(p.Done)
}

// readingParams describes an alternative reading's workload: what it
// changes from the model, one key=value per change.
func readingParams(r Reading, scale float64) []bench.Param {
	ps := []bench.Param{bench.Str("submit", "paper"), bench.Num("mi_per_trace_second", scale)}
	if r.Duplex {
		ps = append(ps, bench.Str("gateway", "full-duplex"))
	}
	if r.Rate > 0 {
		ps = append(ps, bench.Num("gateway_bytes_per_s", r.Rate))
	}
	var alts []string // gridway.Alternatives switched on, by field name
	alt := reflect.ValueOf(r.Alt)
	for i := range alt.NumField() {
		if f := alt.Field(i); f.Kind() == reflect.Bool && f.Bool() {
			alts = append(alts, alt.Type().Field(i).Name)
		}
	}
	if len(alts) > 0 {
		ps = append(ps, bench.Str("alt", strings.Join(alts, "+")))
	}
	return ps
}
