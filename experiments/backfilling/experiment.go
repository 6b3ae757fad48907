package backfilling

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/spaceshared"

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
	MetricBSLD   = spaceshared.MBSLD // mean bounded slowdown over the log's jobs
	MetricWait   = spaceshared.MWait // mean wait, seconds
	MetricJobs   = "jobs"            // jobs simulated
	SeriesWindow = "bsld_window"
	// Agreement with the authors' schedule, on runs that have one: the
	// share of jobs started at the same second, the authors' mean bounded
	// slowdown, and the first FirstDiffs jobs whose starts differ (by the
	// instant the schedules part): job id, our start, theirs, and the
	// Cause computed for it, as diff<k>_id, _ours, _ref, _cause.
	MetricAgree   = "agree"
	MetricRefBSLD = "ref_bsld"
	FirstDiffs    = 3
)

// Log is one cleaned PWA log of the paper's Table 2.
type Log struct {
	ID, Label string
	// Artefact is the log's folder in the SC'15 artefact (datadir.SC15Dir):
	// the authors' input, read from their EASY schedule, is the study's
	// workload ID.
	Artefact  string
	Rel       string             // our cleaned PWA log below a data root: the second reading, workload ID + PWASuffix
	CPUs      int                // used when the PWA log's header gives no MaxProcs
	PaperJobs int                // the job count the paper gives
	Published map[string]float64 // algorithm id -> mean bounded slowdown
}

// PWASuffix marks the workloads read from our own cleaned PWA logs.
const PWASuffix = "-pwa"

// Logs are Table 2's rows.
var Logs = []Log{
	{"kth-sp2", "KTH-SP2", "KTH-SP2", "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz", 100, 28481,
		map[string]float64{"easy": 92.58, "easy-clairvoyant": 71.72, "easy-sjbf": 69.41, "easypp-clairvoyant": 49.85, "easypp-reqtime": 62.86}},
	{"ctc-sp2", "CTC-SP2", "CTC-SP2", "pwa-swf/CTC-SP2-1996-3.1-cln.swf.gz", 338, 77199,
		map[string]float64{"easy": 49.57, "easy-clairvoyant": 37.17, "easy-sjbf": 30.04, "easypp-clairvoyant": 17.57, "easypp-reqtime": 26.53}},
	{"sdsc-sp2", "SDSC-SP2", "SDSC-SP2", "pwa-swf/SDSC-SP2-1998-4.2-cln.swf.gz", 128, 54006,
		map[string]float64{"easy": 87.87, "easy-clairvoyant": 70.48, "easy-sjbf": 84.89, "easypp-clairvoyant": 56.84, "easypp-reqtime": 65.06}},
	{"sdsc-blue", "SDSC-BLUE", "SDSC-BLUE", "pwa-swf/SDSC-BLUE-2000-4.2-cln.swf.gz", 1152, 232542,
		map[string]float64{"easy": 36.52, "easy-clairvoyant": 30.62, "easy-sjbf": 19.83, "easypp-clairvoyant": 13.18, "easypp-reqtime": 16.83}},
}

// Reference is one configuration the authors published a per-job
// schedule of, and the study algorithm that runs it.
type Reference struct {
	ID       string // the study's algorithm id
	File     string // the schedule's file name in the artefact, without .swf.gz
	Sched    string // the registered scheduler that runs it
	Estimate adapt.Estimate
	Label    string
}

// References are the artefact's five configurations. The first file is
// also where each log's input is read from (any of the five gives the
// same input). A configuration whose scheduler is not registered is shown
// as not yet run.
var References = []Reference{
	{"easy", "res_easy_backfill_scheduler_None_None", "easy", adapt.Requested, "EASY, requested times"},
	{"easy-clairvoyant", "res_easy_prediction_backfill_scheduler_predictorclairvoyant_throw_an_error", "easy", adapt.Exact, "EASY clairvoyant"},
	{"easypp-clairvoyant", "res_easy_plus_plus_scheduler_predictorclairvoyant_throw_an_error", "easy-sjbf", adapt.Exact, "EASY++ clairvoyant"},
	{"easypp-tsafrir", "res_easy_plus_plus_scheduler_predictortsafrir_tsafrir", "easypp-avg2-tsafrir", adapt.Requested, "EASY++ (Tsafrir prediction and correction)"},
	{"easypp-sgd", "res_easy_plus_plus_scheduler_predictorsgdlinearIsquareI100IsquareI1I0I5logmr_reqtime", "easypp-sgd-reqtime", adapt.Requested, "EASY++ (learned predictor, reqtime correction)"},
}

// Rel is the schedule's path of log below a data root.
func (r Reference) Rel(log string) string { return datadir.SC15Dir(log) + "/" + r.File + ".swf.gz" }

// Registered reports whether the configuration's scheduler exists.
func (r Reference) Registered() bool { _, err := sched.Lookup(r.Sched); return err == nil }

// Algo is one column: a registered scheduler, the estimates it sees and
// the order in which the simulator hands it the events of an instant.
type Algo struct {
	ID, Sched, Label string
	Estimate         adapt.Estimate
	Order            sim.EventOrder
	// Reading marks a second reading of a configuration (another event
	// order), shown with the interpretations, never in Table 2.
	Reading bool
}

// Algos are the paper's five columns with FCFS and CONS beside them, all
// in the event order of the authors' simulator (sim.PerEvent).
// "Clairvoyant" is the exact run time as the estimate; EASY++ clairvoyant
// is SJBF on exact run times (perfect predictions).
var Algos = []Algo{
	{"fcfs", "fcfs", "FCFS", adapt.Requested, sim.PerEvent, false},
	{"easy", "easy", "EASY", adapt.Requested, sim.PerEvent, false},
	{"easy-clairvoyant", "easy", "EASY clairvoyant", adapt.Exact, sim.PerEvent, false},
	{"easy-sjbf", "easy-sjbf", "EASY-SJBF", adapt.Requested, sim.PerEvent, false},
	{"easypp-clairvoyant", "easy-sjbf", "EASY++ clairvoyant", adapt.Exact, sim.PerEvent, false},
	{"easypp-reqtime", "easypp-reqtime", "EASY++ (reqtime)", adapt.Requested, sim.PerEvent, false},
	{"cons", "cons", "CONS", adapt.Requested, sim.PerEvent, false},
	{"easypred-sgd", "easypred-sgd-reqtime", "EASY with the learned predictor (reqtime)", adapt.Requested, sim.PerEvent, false},
}

// BatchedSuffix marks the second reading of a configuration: gridbench's
// own event order (sim.Batched: one pass per instant, ends first).
const BatchedSuffix = "-batched"

// studyAlgos are Algos, then every reference configuration not among them
// whose scheduler is registered, then the batched reading of each
// reference configuration that runs.
func studyAlgos() []Algo {
	out := append([]Algo(nil), Algos...)
	has := func(id string) bool { return slices.ContainsFunc(out, func(a Algo) bool { return a.ID == id }) }
	for _, r := range References {
		if !has(r.ID) && r.Registered() {
			out = append(out, Algo{r.ID, r.Sched, r.Label, r.Estimate, sim.PerEvent, false})
		}
	}
	for _, r := range References {
		if has(r.ID) {
			a := algoByID(out, r.ID)
			a.ID += BatchedSuffix
			a.Label += " (batched events)"
			a.Order, a.Reading = sim.Batched, true
			out = append(out, a)
		}
	}
	return out
}

func algoByID(as []Algo, id string) Algo {
	for _, a := range as {
		if a.ID == id {
			return a
		}
	}
	return Algo{}
}

// Config is everything that determines the runs.
type Config struct {
	Logs      []string // ids of the workloads present: a log's artefact input (its id), then its PWA log (id + PWASuffix)
	CPUs      []int    // their machine sizes (the header's MaxProcs)
	Algos     []Algo
	Windows   int
	Tolerance float64
	// Refs lists, per workload of Logs, the reference configurations whose
	// schedule is present (Reference.ID); nil for a PWA workload.
	Refs [][]string
	// Quick: only KTH-SP2 (reproduce --quick).
	Quick bool
}

// Spec is what the executor needs beyond a run's identity.
type Spec struct {
	Path     string // the input: an artefact schedule or a PWA log
	Artefact bool   // Path is an artefact schedule
	RefPath  string // the authors' schedule of this configuration, when present
	CPUs     int
	Algo     Algo
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
	grid    gridOptions // the learned predictor's grid section (grid.go)
	refs    refStarts   // the reference schedules' starts, by path
}

// Skipped implements experiments.Skipper: the logs left out for lack of data.
func (pl *Plan) Skipped() []error { return pl.skipped }

// Bench implements experiments.Plan.
func (pl *Plan) Bench() bench.Plan { return pl.runs.Bench() }

func plan(cfg experiments.Config) (*Plan, error) {
	algos := studyAlgos()
	c := Config{Algos: algos, Windows: Windows, Tolerance: Tolerance, Quick: cfg.Quick}
	// The runs are deterministic: one repetition, whatever --reps asks.
	pl := &Plan{runs: experiments.Runs[Spec]{Plan: bench.Plan{Experiment: Name, Reps: 1}}, grid: gridOptions{cfg.DataDir, cfg.Quick}}
	plan := &pl.runs.Plan
	// find returns the path of rel, or "" when it is missing (recorded as
	// skipped with what to fetch); a damaged file is a failure.
	find := func(what, rel string) (string, error) {
		p, err := datadir.Find(cfg.DataDir, rel, "")
		if err != nil {
			if errors.Is(err, datadir.ErrMissing) {
				pl.skipped = append(pl.skipped, fmt.Errorf("%s: %w", what, err))
				return "", nil
			}
			return "", err
		}
		return p, nil
	}
	add := func(id string, cpus int, refs []string) {
		c.Logs = append(c.Logs, id)
		c.CPUs = append(c.CPUs, cpus)
		c.Refs = append(c.Refs, refs)
	}
	for _, l := range Logs {
		if cfg.Quick && l.ID != Logs[0].ID {
			continue
		}
		// The authors' input, and each reference schedule present.
		in, err := find(l.Label+" (the SC'15 artefact's input)", References[0].Rel(l.Artefact))
		if err != nil {
			return nil, err
		}
		if in != "" {
			cpus, err := machineSize(in, 0) // the header only: the runs read the jobs
			if err != nil {
				return nil, err
			}
			if cpus < 1 {
				return nil, fmt.Errorf("%s: the header gives no MaxProcs; an SC'15 artefact file names the machine size it simulated", in)
			}
			refPath := map[string]string{}
			var refs []string
			for _, r := range References {
				p, err := find(fmt.Sprintf("%s, %s (agreement)", l.Label, r.Label), r.Rel(l.Artefact))
				if err != nil {
					return nil, err
				}
				if p != "" {
					refPath[r.ID] = p
					refs = append(refs, r.ID)
				}
			}
			add(l.ID, cpus, refs)
			plan.Describe(l.ID, bench.Str("log", l.Label), bench.Str("input", "SC'15 artefact"), bench.Int("cpus", cpus), bench.Int("paper_jobs", l.PaperJobs))
			for _, al := range algos {
				r := bench.NewRun(Name, l.ID, al.ID, 0)
				spec := Spec{Path: in, Artefact: true, CPUs: cpus, Algo: al, RefPath: refPath[strings.TrimSuffix(al.ID, BatchedSuffix)]}
				r.Inputs = []string{in} // reused only while the files are unchanged
				if spec.RefPath != "" && spec.RefPath != in {
					r.Inputs = append(r.Inputs, spec.RefPath)
				}
				pl.runs.Add(r, spec)
			}
		}
		// Our own cleaned PWA log: the second reading.
		p, err := find(l.Label+" (cleaned PWA log, second reading)", l.Rel)
		if err != nil {
			return nil, err
		}
		if p == "" {
			continue
		}
		cpus, err := machineSize(p, l.CPUs)
		if err != nil {
			return nil, err
		}
		id := l.ID + PWASuffix
		add(id, cpus, nil)
		plan.Describe(id, bench.Str("log", l.Label), bench.Str("input", "cleaned PWA log"), bench.Int("cpus", cpus), bench.Int("paper_jobs", l.PaperJobs))
		for _, al := range algos {
			if al.Reading {
				continue
			}
			r := bench.NewRun(Name, id, al.ID, 0)
			r.Inputs = []string{p}
			pl.runs.Add(r, Spec{Path: p, CPUs: cpus, Algo: al})
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

// load reads a run's input (and its reference schedule) through the
// space-shared family's loader, which reads each file once per process
// whichever run asks first, and checks that the reference schedule is of
// the same log.
func (pl *Plan) load(spec Spec) ([]sim.Job, []float64, error) {
	cpus := spec.CPUs
	if spec.Artefact {
		cpus = 0 // its own machine size (spec.CPUs is read from it): one read serves the input, the reference and the grid
	}
	in, err := spaceshared.Load(spaceshared.Input{Path: spec.Path, CPUs: cpus, Estimate: spec.Algo.Estimate, Artefact: spec.Artefact})
	if err != nil || spec.RefPath == "" {
		return in.Jobs, nil, err
	}
	ref := pl.refs.of(spec.RefPath)
	ref.once.Do(func() { ref.starts, ref.err = readRef(spec, in.Jobs) })
	return in.Jobs, ref.starts, ref.err
}

// refStarts are the authors' starts of each reference schedule a plan
// compares with, read once and checked against the input: the schedule's
// own copy of the input is dropped once checked (the twenty schedules of
// the four logs held 1.8 million jobs, 130 MB, for the whole process).
type refStarts struct {
	mu sync.Mutex
	m  map[string]*refEntry
}

type refEntry struct {
	once   sync.Once
	starts []float64
	err    error
}

func (r *refStarts) of(path string) *refEntry {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m == nil {
		r.m = map[string]*refEntry{}
	}
	e, ok := r.m[path]
	if !ok {
		e = &refEntry{}
		r.m[path] = e
	}
	return e
}

// readRef reads spec's reference schedule and checks that it is a
// schedule of jobs, the input.
func readRef(spec Spec, jobs []sim.Job) ([]float64, error) {
	ref, err := adapt.LoadArtefact(spec.RefPath, adapt.Requested)
	if err != nil {
		return nil, err
	}
	if len(ref.Jobs) != len(jobs) {
		return nil, fmt.Errorf("%s has %d jobs, the input %s %d: not the same log", spec.RefPath, len(ref.Jobs), spec.Path, len(jobs))
	}
	for i := range ref.Jobs {
		if r, j := ref.Jobs[i], jobs[i]; r.ID != j.ID || r.Submit != j.Submit || r.Run != j.Run || r.CPUs != j.CPUs {
			return nil, fmt.Errorf("%s: job %d is not the input's (%s): not the same log", spec.RefPath, r.ID, spec.Path)
		}
	}
	return ref.Starts, nil
}

// Execute implements experiments.Plan.
func (pl *Plan) Execute(ctx context.Context, run bench.Run) (bench.Output, error) {
	spec, err := pl.runs.Spec(run)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %w", Name, err)
	}
	jobs, ref, err := pl.load(spec)
	if err != nil {
		return bench.Output{}, err
	}
	s, err := sched.NewSeeded(spec.Algo.Sched, rand.NewPCG(run.RunSeed, 0))
	if err != nil {
		return bench.Output{}, err
	}
	p := sim.SingleMachine(spec.CPUs)
	recs, err := sim.SimulateWith(p, jobs, s, sim.Options{Order: spec.Algo.Order})
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s on %s: %w", spec.Algo.ID, run.Workload, err)
	}
	if err := sim.Check(p, jobs, recs); err != nil {
		return bench.Output{}, err
	}
	out := measure(p, jobs, recs)
	if spec.Algo.ID == UtilAlgo {
		out.Series = append(out.Series, spaceshared.UtilisationSeries(p, jobs, recs, UtilBins)...)
	}
	if ref != nil {
		starts := make([]float64, len(recs))
		for i, r := range recs {
			starts[i] = r.Start
		}
		out.Metrics = append(out.Metrics, agreementMetrics(Compare(jobs, starts, ref, FirstDiffs))...)
	}
	return out, nil
}

// agreementMetrics records an agreement as metrics of the run.
func agreementMetrics(a Agreement) []bench.Metric {
	ms := []bench.Metric{{Name: MetricAgree, Value: a.Share()}, {Name: MetricRefBSLD, Value: a.RefBSLD}}
	for k, d := range a.First {
		p := fmt.Sprintf("diff%d_", k+1)
		ms = append(ms, bench.Metric{Name: p + "id", Value: float64(d.ID)}, bench.Metric{Name: p + "ours", Value: d.Ours},
			bench.Metric{Name: p + "ref", Value: d.Theirs}, bench.Metric{Name: p + "cause", Value: float64(d.Cause)})
	}
	return ms
}

// BoundedSlowdown is max(1, (wait+run)/max(10, run)) with run the job's
// actual run time, the paper's definition: the space-shared family's
// (spaceshared.BoundedSlowdown), for a job known by its wait and run
// time only (an artefact's starts).
func BoundedSlowdown(wait, run float64) float64 {
	return spaceshared.BoundedSlowdown(wait+run, run)
}

// measure reads the run's metrics off the space-shared family's table
// (bounded slowdown, wait) and adds the number of jobs and the mean
// bounded slowdown of each window of the log.
func measure(p sim.Platform, jobs []sim.Job, recs []sim.Record) bench.Output {
	n := len(jobs)
	v := spaceshared.Table.ValueMap(spaceshared.Measure(p, jobs, recs))
	out := bench.Output{}
	win := make([]float64, Windows)
	cnt := make([]int, Windows)
	for i := range jobs {
		k := i * Windows / n
		win[k] += spaceshared.JobBoundedSlowdown(&jobs[i], recs[i])
		cnt[k]++
	}
	out.Metrics = []bench.Metric{{Name: MetricBSLD, Value: v[MetricBSLD]}, {Name: MetricWait, Value: v[MetricWait]}, {Name: MetricJobs, Value: float64(n)}}
	for k := range win {
		if cnt[k] > 0 {
			out.Series = append(out.Series, bench.Sample{Series: SeriesWindow, T: float64(k), Value: win[k] / float64(cnt[k])})
		}
	}
	return out
}
