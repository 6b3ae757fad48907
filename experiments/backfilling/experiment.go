package backfilling

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"

	_ "github.com/gridbench/gridbench/internal/sched/backfill" // cons, easy-sjbf, easypp-reqtime
	_ "github.com/gridbench/gridbench/internal/sched/easy"
	_ "github.com/gridbench/gridbench/internal/sched/fcfs"
)

// Name is the experiment id.
const Name = "backfilling"

// Tolerance is the relative distance from a published cell within which
// a reproduced mean bounded slowdown counts as a match. It was fixed at
// ±10% before any of our numbers was computed, and is kept whatever they
// turned out to be.
const Tolerance = 0.10

// Windows is the number of consecutive slices of a log whose mean bounded
// slowdowns pair the ordering tests.
const Windows = 20

// Metrics of a run.
const (
	MetricBSLD   = "bsld" // mean bounded slowdown over the log's jobs
	MetricWait   = "wait" // mean wait, seconds
	MetricJobs   = "jobs" // jobs simulated
	SeriesWindow = "bsld_window"
)

// Log is one cleaned PWA log of the paper's Table 2.
type Log struct {
	ID        string // workload id
	Label     string
	Rel       string             // path below a data root
	CPUs      int                // used when the log's header gives no MaxProcs
	PaperJobs int                // the job count the paper gives
	Published map[string]float64 // algorithm id -> mean bounded slowdown
}

// Logs are Table 2's rows.
var Logs = []Log{
	{"kth-sp2", "KTH-SP2", "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz", 100, 28481,
		map[string]float64{"easy": 92.58, "easy-clairvoyant": 71.72, "easy-sjbf": 69.41, "easypp-clairvoyant": 49.85, "easypp-reqtime": 62.86}},
	{"ctc-sp2", "CTC-SP2", "pwa-swf/CTC-SP2-1996-3.1-cln.swf.gz", 338, 77199,
		map[string]float64{"easy": 49.57, "easy-clairvoyant": 37.17, "easy-sjbf": 30.04, "easypp-clairvoyant": 17.57, "easypp-reqtime": 26.53}},
	{"sdsc-sp2", "SDSC-SP2", "pwa-swf/SDSC-SP2-1998-4.2-cln.swf.gz", 128, 54006,
		map[string]float64{"easy": 87.87, "easy-clairvoyant": 70.48, "easy-sjbf": 84.89, "easypp-clairvoyant": 56.84, "easypp-reqtime": 65.06}},
	{"sdsc-blue", "SDSC-BLUE", "pwa-swf/SDSC-BLUE-2000-4.2-cln.swf.gz", 1152, 232542,
		map[string]float64{"easy": 36.52, "easy-clairvoyant": 30.62, "easy-sjbf": 19.83, "easypp-clairvoyant": 13.18, "easypp-reqtime": 16.83}},
}

// Algo is one column: a registered scheduler and the estimates it sees.
type Algo struct {
	ID, Sched, Label string
	Estimate         adapt.Estimate
}

// Algos are the paper's five columns with FCFS and CONS beside them.
// "Clairvoyant" is the exact run time as the estimate; EASY++ clairvoyant
// is SJBF on exact run times (perfect predictions).
var Algos = []Algo{
	{"fcfs", "fcfs", "FCFS", adapt.Requested},
	{"easy", "easy", "EASY", adapt.Requested},
	{"easy-clairvoyant", "easy", "EASY clairvoyant", adapt.Exact},
	{"easy-sjbf", "easy-sjbf", "EASY-SJBF", adapt.Requested},
	{"easypp-clairvoyant", "easy-sjbf", "EASY++ clairvoyant", adapt.Exact},
	{"easypp-reqtime", "easypp-reqtime", "EASY++ (reqtime)", adapt.Requested},
	{"cons", "cons", "CONS", adapt.Requested},
}

// Config is everything that determines the runs.
type Config struct {
	Logs      []string // ids of the logs present
	CPUs      []int    // their machine sizes (the header's MaxProcs)
	Algos     []Algo
	Windows   int
	Tolerance float64
}

// Spec is what the executor needs beyond a run's identity.
type Spec struct {
	Path string
	CPUs int
	Algo Algo
}

func init() { experiments.Register(&Experiment{}) }

// Experiment implements experiments.Experiment.
type Experiment struct{}

func (*Experiment) Name() string { return Name }
func (*Experiment) Title() string {
	return "Gaussier, Glesser, Reis, Trystram SC'15: EASY, EASY-SJBF and EASY++ on PWA logs (mean bounded slowdown)"
}

// DefaultReps is 1: the runs are deterministic.
func (*Experiment) DefaultReps() int { return 1 }

// Plan implements experiments.Experiment.
func (e *Experiment) Plan(cfg experiments.Config) (experiments.Plan, error) {
	return experiments.AsPlan(plan(cfg))
}

// Plan is the study's typed plan: what the runs and the report are made of.
type Plan struct {
	Config  Config
	skipped []error // the logs left out for lack of data
	runs    experiments.Runs[Spec]
	load    func(path string, cpus int, est adapt.Estimate) ([]sim.Job, error)
	grid    gridOptions // the learned predictor's grid section (grid.go)
}

// Skipped implements experiments.Skipper: the logs left out for lack of data.
func (pl *Plan) Skipped() []error { return pl.skipped }

// Bench implements experiments.Plan.
func (pl *Plan) Bench() bench.Plan { return pl.runs.Bench() }

func plan(cfg experiments.Config) (*Plan, error) {
	c := Config{Algos: Algos, Windows: Windows, Tolerance: Tolerance}
	pl := &Plan{runs: experiments.Runs[Spec]{Plan: bench.Plan{Experiment: Name}}, load: newLoader(), grid: gridOptions{cfg.DataDir, cfg.Quick}}
	plan := &pl.runs.Plan
	for _, l := range Logs {
		p, err := datadir.Find(cfg.DataDir, l.Rel, "the cleaned "+l.Label+" log of the Parallel Workloads Archive (https://www.cs.huji.ac.il/labs/parallel/workload/)")
		if err != nil {
			if errors.Is(err, datadir.ErrMissing) {
				pl.skipped = append(pl.skipped, fmt.Errorf("%s: %w", l.Label, err))
				continue
			}
			return nil, err // a damaged file is a failure, not a skip
		}
		cpus, err := machineSize(p, l.CPUs)
		if err != nil {
			return nil, err
		}
		c.Logs = append(c.Logs, l.ID)
		c.CPUs = append(c.CPUs, cpus)
		plan.Describe(l.ID, bench.Str("log", l.Label), bench.Int("cpus", cpus), bench.Int("paper_jobs", l.PaperJobs))
		for _, a := range Algos {
			r := bench.NewRun(Name, l.ID, a.ID, 0)
			r.Inputs = []string{p} // reused only while the log is unchanged
			pl.runs.Add(r, Spec{Path: p, CPUs: cpus, Algo: a})
		}
	}
	plan.Config, pl.Config = c, c
	if len(pl.runs.Plan.Runs) == 0 {
		return nil, fmt.Errorf("%s: no log present: %w", Name, errors.Join(pl.skipped...))
	}
	return pl, nil
}

// machineSize is the log header's MaxProcs, else def.
func machineSize(path string, def int) (int, error) {
	r, err := trace.Open(path)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	r.Next() // the header is read with the first record
	if err := r.Err(); err != nil {
		return 0, err
	}
	if h := r.Header(); h.MaxProcs > 0 {
		return h.MaxProcs, nil
	}
	return def, nil
}

type loaded struct {
	once sync.Once
	jobs []sim.Job
	err  error
}

// newLoader returns a function that reads each log once, whichever run
// asks first.
func newLoader() func(path string, cpus int, est adapt.Estimate) ([]sim.Job, error) {
	var mu sync.Mutex
	cache := map[string]*loaded{}
	return func(path string, cpus int, est adapt.Estimate) ([]sim.Job, error) {
		key := fmt.Sprintf("%s|%d|%s", path, cpus, est)
		mu.Lock()
		l, ok := cache[key]
		if !ok {
			l = &loaded{}
			cache[key] = l
		}
		mu.Unlock()
		l.once.Do(func() { l.jobs, _, l.err = adapt.LoadSWF(path, 0, cpus, est) })
		return l.jobs, l.err
	}
}

// Execute implements experiments.Plan.
func (pl *Plan) Execute(ctx context.Context, run bench.Run) (bench.Output, error) {
	spec, err := pl.runs.Spec(run)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %w", Name, err)
	}
	jobs, err := pl.load(spec.Path, spec.CPUs, spec.Algo.Estimate)
	if err != nil {
		return bench.Output{}, err
	}
	s, err := sched.NewSeeded(spec.Algo.Sched, rand.NewPCG(run.RunSeed, 0))
	if err != nil {
		return bench.Output{}, err
	}
	p := sim.SingleMachine(spec.CPUs)
	recs, err := sim.Simulate(p, jobs, s)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s on %s: %w", spec.Algo.ID, run.Workload, err)
	}
	if err := sim.Check(p, jobs, recs); err != nil {
		return bench.Output{}, err
	}
	return measure(jobs, recs), nil
}

// BoundedSlowdown is max(1, (wait+run)/max(10, run)) with run the job's
// actual run time, the paper's definition.
func BoundedSlowdown(wait, run float64) float64 {
	return math.Max(1, (wait+run)/math.Max(10, run))
}

func measure(jobs []sim.Job, recs []sim.Record) bench.Output {
	n := len(jobs)
	var bsld, wait float64
	out := bench.Output{}
	win := make([]float64, Windows)
	cnt := make([]int, Windows)
	for i, j := range jobs {
		w := recs[i].Start - j.Submit
		b := BoundedSlowdown(w, j.Run)
		bsld += b
		wait += w
		k := i * Windows / n
		win[k] += b
		cnt[k]++
	}
	out.Metrics = []bench.Metric{{Name: MetricBSLD, Value: bsld / float64(n)}, {Name: MetricWait, Value: wait / float64(n)}, {Name: MetricJobs, Value: float64(n)}}
	for k := range win {
		if cnt[k] > 0 {
			out.Series = append(out.Series, bench.Sample{Series: SeriesWindow, T: float64(k), Value: win[k] / float64(cnt[k])})
		}
	}
	return out
}
