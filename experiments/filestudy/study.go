package filestudy

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/registry"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/timeshare"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/spaceshared" // also links in the built-in schedulers
)

// Metric names a study may report, in report order.
// All are rows of the space-sharing family's table (spaceshared.Table).
var Metrics = []string{MWait, MBSLD, spaceshared.MSlowdown, spaceshared.MUsage, spaceshared.MMakespan, spaceshared.MDelayed}

// The two metrics study files added to the family's table.
const (
	MWait = spaceshared.MWait // mean wait start − submit, s
	MBSLD = spaceshared.MBSLD // mean bounded slowdown max(1, (wait+run)/max(run, 10 s))
)

// Study is a loaded study file; it implements experiments.Experiment.
type Study struct {
	File
	path string
	dir  string // the file's folder, absolute: relative trace paths start here
	out  string // the output folder Open was given, absolute; "" for Load
	text []byte // the file, to find the line of a key in errors
	// repsSet says the file sets reps (to 0 too, which is refused: only
	// a key left out means the default).
	repsSet bool

	execTimeout  time.Duration // ExecTimeout parsed; 0 when unset
	jobsDir      string        // where JobsOut files go; set by Open (setJobsDir) or RecomputeInto
	recomputeDir string        // the folder below which verify's re-computed runs write them (RecomputeInto)

	mu       sync.Mutex
	failures []failure // the runs that failed in this process
	progress io.Writer // where Plan says what it finds (SetProgress); nil: nowhere
}

// SetProgress makes Plan write there what the runs' keys do not show and
// a reader should know, once per workload: the jobs of a trace it left
// out (wider than cpus, say). nil writes nothing.
func (s *Study) SetProgress(w io.Writer) {
	s.mu.Lock()
	s.progress = w
	s.mu.Unlock()
}

// noteSkipped says on the progress how many jobs of the trace workload w
// (on cpus CPUs) the loader left out up to the windows' end, if any.
func (s *Study) noteSkipped(w *Workload, cpus int) {
	if w.skipped.Total() == 0 {
		return
	}
	s.say("%s: workload %s: skipped %v of the trace's jobs up to the last window's end, on %d %s\n",
		s.Name(), w.Name, w.skipped, cpus, report.Plural(cpus, "CPU"))
}

// say writes on the progress (SetProgress), if any.
func (s *Study) say(format string, args ...any) {
	s.mu.Lock()
	p := s.progress
	s.mu.Unlock()
	if p != nil {
		fmt.Fprintf(p, format, args...)
	}
}

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// maxName bounds the study's name, a folder name (most file systems take
// 255 bytes).
const maxName = 64

// checkLabel refuses a workload or algorithm name that the report pages,
// runs.csv rows, run keys and figures cannot show as given: empty, with
// white space at either end, with a control character (a newline split the
// page's tables), or beyond ASCII (the figures' PDF backend cannot draw it,
// so the report failed once every run was done).
func checkLabel(v string) error {
	switch {
	case strings.TrimSpace(v) == "":
		return fmt.Errorf("%q: empty", v)
	case strings.TrimSpace(v) != v:
		return fmt.Errorf("%q: white space at an end", v)
	case strings.ContainsFunc(v, unicode.IsControl):
		return fmt.Errorf("%q: a control character (a newline or a tab, say)", v)
	case strings.ContainsFunc(v, func(r rune) bool { return r > unicode.MaxASCII }):
		return fmt.Errorf("%q: a character beyond ASCII, which the figures cannot draw", v)
	}
	return nil
}

func (s *Study) check() error {
	if s.File.Name == "" {
		return keyErr("name", "missing at the top of the file: give the study a name before any [table], e.g. name = \"mine\" (it names the results folder)")
	}
	if !nameRE.MatchString(s.File.Name) || len(s.File.Name) > maxName {
		return keyErr("name", "%q: want 1 to %d lower-case letters, digits, '-' or '_' (it names the results folder)", s.File.Name, maxName)
	}
	if len(s.Workloads) == 0 {
		return fmt.Errorf("no [[workload]]: a study needs at least one")
	}
	if err := s.checkEnv(); err != nil {
		return err
	}
	fam, err := s.family()
	if err != nil {
		return err
	}
	if len(s.Algorithms) == 0 {
		return keyErr("algorithms", "empty; name at least one (%s)", strings.Join(fam.names(), ", "))
	}
	for i, a := range s.Algorithms {
		if slices.Contains(s.Algorithms[:i], a) {
			return keyErr("algorithms", "%q listed twice", a)
		}
		if err := checkLabel(a); err != nil {
			return keyErr("algorithms", "%w (an exec: command can go through an alias: [aliases] mine = \"exec:...\")", err)
		}
		if err := fam.checkAlgorithm(s.resolve(a)); err != nil {
			return keyErr("algorithms", "%w", err)
		}
	}
	for alias := range s.Aliases {
		if !slices.Contains(s.Algorithms, alias) {
			return &KeyError{Keys: []string{"aliases." + alias}, Err: errors.New("not in algorithms")}
		}
		if fam.checkAlgorithm(alias) == nil {
			// The page would show alias's numbers under an algorithm's name.
			return &KeyError{Keys: []string{"aliases." + alias}, Err: fmt.Errorf("%s is the name of an algorithm; give the alias a name of its own", alias)}
		}
	}
	// The heuristic and time-sharing registries ignore case, and an alias
	// may name a built-in: "MCT" and "mct", or mine = "MCT" beside "MCT",
	// are one algorithm run twice, its numbers shown under two names.
	for i, a := range s.Algorithms {
		if a := s.resolve(a); Builtin(a) {
			if k := slices.IndexFunc(s.Algorithms[:i], func(b string) bool { return fam.same(s.resolve(b), a) }); k >= 0 {
				return keyErr("algorithms", "%q and %q are one algorithm, listed twice; keep one", s.Algorithms[k], s.Algorithms[i])
			}
		}
	}
	for i, m := range s.Metrics {
		if slices.Contains(s.Metrics[:i], m) {
			return keyErr("metrics", "%q listed twice", m)
		}
		if !slices.ContainsFunc(s.Workloads, func(w Workload) bool { return w.measures(m) }) {
			return keyErr("metrics", "%s is measured only on deadline workloads whose jobs have deadlines (deadline_share > 0), and this study has none", m)
		}
		if valid := fam.valid(); !slices.Contains(valid, m) {
			return keyErr("metrics", "unknown metric %q for %s workloads%s (valid: %s)", m, fam.name, registry.DidYouMean(registry.Nearest(m, valid)), strings.Join(valid, ", "))
		}
	}
	if s.Reps < 0 || s.Reps > MaxReps || s.repsSet && s.Reps == 0 {
		return keyErr("reps", "%d: need 1 to %d (leave the key out for the default, %d)", s.Reps, MaxReps, defaultReps)
	}
	if s.ExecTimeout != "" {
		d, err := time.ParseDuration(s.ExecTimeout)
		if err != nil || d < time.Millisecond || d > external.MaxTimeout {
			return keyErr("exec_timeout", "%q: want a duration from 1ms to 24h, e.g. \"2m\"", s.ExecTimeout)
		}
		s.execTimeout = d
	}
	if err := s.checkJobsOut(fam); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i := range s.Workloads {
		w := &s.Workloads[i]
		if err := w.check(); err != nil {
			return inEntry("workload", i, "", err)
		}
		if err := checkLabel(w.Name); err != nil {
			// A name made from the keys, a trace's file name say.
			return fmt.Errorf("workload %d: its name %w; give it one in ASCII with the key name", i+1, err)
		}
		if seen[w.Name] {
			return inEntry("workload", i, "", keyErr("name", "%q used twice (a workload without the key name is named from some of its keys, not all: "+
				"give each workload its own, e.g. name = \"%s-2\")", w.Name, strings.ReplaceAll(w.Name, "/", "-")))
		}
		seen[w.Name] = true
		// Ignored, it would look applied (timeshare --quantum refuses it too).
		if fam == timeSharing && w.Quantum > 0 && !slices.ContainsFunc(s.Algorithms, func(a string) bool { return timeshare.TakesQuantum(s.resolve(a)) }) {
			return inEntry("workload", i, w.Name, keyErr("quantum", "%g s, but none of algorithms takes a quantum (rr and plrr do; apdrr computes its own): drop the key or add rr or plrr", w.Quantum))
		}
	}
	for i, c := range s.Claims {
		switch {
		case !slices.Contains(s.Algorithms, c.Algorithm):
			return inEntry("claim", i, "", keyErr("algorithm", "%q is not in algorithms", c.Algorithm))
		case !slices.Contains(s.Algorithms, c.Baseline):
			return inEntry("claim", i, "", keyErr("baseline", "%q is not in algorithms", c.Baseline))
		case c.Baseline == c.Algorithm:
			return inEntry("claim", i, "", keyErr("baseline", "%q is the claim's algorithm too; compare it with another", c.Baseline))
		case !slices.Contains(s.metrics(), c.Metric):
			return inEntry("claim", i, "", keyErr("metric", "%q is not a reported metric (%s)", c.Metric, strings.Join(s.metrics(), ", ")))
		case c.Direction != "lower" && c.Direction != "higher":
			return inEntry("claim", i, "", keyErr("direction", "%q: want \"lower\" or \"higher\"", c.Direction))
		case c.Workload != "" && !seen[c.Workload]:
			return inEntry("claim", i, "", keyErr("workload", "no workload named %q", c.Workload))
		case len(s.claimWorkloads(c)) == 0:
			return inEntry("claim", i, "", keyErr("metric", "%s is measured only on deadline workloads whose jobs have deadlines (deadline_share > 0), and the claim has none", c.Metric))
		}
	}
	return nil
}

// resolve maps an alias to its algorithm.
func (s *Study) resolve(a string) string {
	if r, ok := s.Aliases[a]; ok {
		return r
	}
	return a
}

// metrics returns the reported metrics: the file's, or all of the
// family's but delayed_pct when no workload has deadlines.
func (s *Study) metrics() []string {
	if len(s.Metrics) > 0 {
		return s.Metrics
	}
	if f, err := s.family(); err == nil && f.name != "space-shared" {
		return f.metrics
	}
	var out []string
	for _, m := range Metrics {
		if !slices.ContainsFunc(s.Workloads, func(w Workload) bool { return w.measures(m) }) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// MaxReps bounds the key reps (and --reps): bench.MaxReps.
const MaxReps = bench.MaxReps

// Bounds of a workload's numeric keys: generous for research, small enough
// that no table sized by them exhausts memory, no product of them
// overflows, and every time and metric stays finite. jobs = 2^62 once
// panicked, v_task = 1e308 panicked, run_max = 1e308 wrote +Inf and NaN
// into runs.csv.
const (
	maxJobs   = jobstream.MaxJobs // jobs of a stream or a window; start too
	maxCount  = 1_000_000         // CPUs, machines, slaves
	maxTime   = jobstream.MaxTime // seconds: run times, inter-arrival, quantum
	maxFactor = 1e9               // speeds, ETC ranges and mean task time
)

// checkRanges refuses a numeric key outside its bounds, NaN and infinities
// included, naming the key and the bounds. Zero means "unset" for every
// key here; what a kind requires is checked by the kind.
func (w *Workload) checkRanges() error {
	ints := []struct {
		key string
		v   int
		max int
	}{
		{"cpus", w.CPUs, maxCount}, {"jobs", w.Jobs, maxJobs}, {"start", w.Start, maxJobs},
		{"machines", w.Machines, maxCount}, {"machine_cpus_max", w.MachineCPUsMax, maxCount},
		{"job_cpus_max", w.JobCPUsMax, maxCount}, {"slaves", w.Slaves, maxCount},
	}
	for _, k := range ints {
		if k.v < 0 || k.v > k.max {
			return keyErr(k.key, "%d: must be between 0 and %d", k.v, k.max)
		}
	}
	floats := []struct {
		key    string
		v, max float64
	}{
		{"percent", w.Percent, 100}, {"mean_inter_arrival", w.MeanInterArrival, maxTime},
		{"speed_min", w.SpeedMin, maxFactor}, {"speed_max", w.SpeedMax, maxFactor}, {"ref_speed", w.RefSpeed, maxFactor},
		{"run_min", w.RunMin, maxTime}, {"run_max", w.RunMax, maxTime},
		{"slack_min", w.SlackMin, jobstream.MaxSlack}, {"slack_max", w.SlackMax, jobstream.MaxSlack},
		{"r_task", w.RTask, etc.MaxRange}, {"r_mach", w.RMach, etc.MaxRange}, {"mean_task", w.MeanTask, etc.MaxRange},
		{"v_task", w.VTask, etc.MaxCV}, {"v_mach", w.VMach, etc.MaxCV}, {"quantum", w.Quantum, maxTime},
	}
	for _, k := range floats {
		if !(k.v >= 0 && k.v <= k.max) {
			return keyErr(k.key, "%g: must be between 0 and %g", k.v, k.max)
		}
	}
	if d := w.DeadlineShare; d != nil && !(*d >= 0 && *d <= 1) {
		return keyErr("deadline_share", "%g: must be between 0 and 1", *d)
	}
	for _, k := range []struct {
		key         string
		v, min, max float64
	}{{"v_task", w.VTask, etc.MinCV, etc.MaxCV}, {"v_mach", w.VMach, etc.MinCV, etc.MaxCV}, {"quantum", w.Quantum, timeshare.MinQuantum, maxTime}} {
		if k.v != 0 && k.v < k.min {
			return keyErr(k.key, "%g: must be 0 (the default) or between %g and %g", k.v, k.min, k.max)
		}
	}
	return nil
}

// Name implements experiments.Experiment.
func (s *Study) Name() string { return s.File.Name }

// Title implements experiments.Experiment.
func (s *Study) Title() string {
	if s.File.Title != "" {
		return s.File.Title
	}
	return "Study " + s.File.Name + " (" + filepath.Base(s.path) + ")"
}

// defaultReps is the repetitions of a study file without the key reps.
const defaultReps = 10

// DefaultReps implements experiments.Experiment.
func (s *Study) DefaultReps() int {
	if s.Reps > 0 {
		return s.Reps
	}
	return defaultReps
}

// config is what the manifest hashes: the file as loaded, but for the
// keys that make no run (see runKeys), and the traces it resolved. The
// content of the traces and ETC files and of an exec: scheduler's files
// are the runs' inputs (Run.Inputs), which the runner hashes apart; the
// study file's own text is hashed and named in the manifest (Plan.Study),
// which verify checks, but is no run's input: every key of it that makes
// a run is here (a key the loader does not know is an error).
type config struct {
	File   File              `json:"file"`
	Traces map[string]string `json:"traces,omitempty"`
	Files  map[string]string `json:"etc_files,omitempty"` // ETC instance files as found
	Env    map[string]string `json:"env,omitempty"`       // File.Env's values now, as envKey gives them
	// Exec holds, by algorithm, the files an exec: scheduler's runs read
	// (commandInputs, as execFiles shows them): their content is in the
	// runs' inputs, but a file gone is no input any more, and its runs
	// would be reused without it.
	Exec map[string]map[string]bool `json:"exec_files,omitempty"`
	// opened is where each file of Traces and Files is read: the path
	// they show, unless it is relative to the study file's folder (see
	// found).
	opened map[string]string
}

// found records that the file the study file names name (a trace, an ETC
// file) was found at path, in m (Traces or Files): relative to the study
// file's folder when it lies below it, as it was when the study ran from
// there, whatever the working folder (a study run from another folder
// once had another configuration, and its runs were computed again); as
// found otherwise (below the data root).
func (c *config) found(s *Study, m map[string]string, name, path string) {
	m[name] = path
	if rel, err := filepath.Rel(s.dir, path); err == nil && filepath.IsLocal(rel) {
		m[name] = rel
	}
	if c.opened == nil {
		c.opened = map[string]string{}
	}
	c.opened[name] = path
}

// path returns where the file name of m (Traces or Files) is read.
func (c config) path(m map[string]string, name string) string {
	if p, ok := c.opened[name]; ok {
		return p
	}
	return m[name]
}

// Plan implements experiments.Experiment: every workload × repetition ×
// algorithm, algorithms of one repetition together.
func (s *Study) Plan(cfg experiments.Config) (experiments.Plan, error) {
	reps := cfg.Filled(s).Reps
	c := config{File: runKeys(s.File), Traces: map[string]string{}, Env: s.envKey()}
	pl := &plan{s: s, reps: reps}
	pl.runs.Plan.RunConfigs = map[string]json.RawMessage{}
	progs, unkeyed := s.algorithmInputs()
	c.Exec = s.execFiles(progs)
	for i, w := range s.Workloads {
		specs, err := kindOf(w.Kind).instances(s, i, reps, cfg.DataDir, &c)
		if err != nil {
			return nil, s.locate(err)
		}
		hashes := make([]string, len(s.Algorithms))
		for k, a := range s.Algorithms {
			var part json.RawMessage
			if hashes[k], part, err = analysis.HashConfig(s.runConfig(c, i, a)); err != nil {
				return nil, err
			}
			pl.runs.Plan.RunConfigs[hashes[k]] = part
		}
		for r, spec := range specs {
			for k, a := range s.Algorithms {
				run := bench.NewRun(s.Name(), w.Name, a, r)
				run.Inputs = append(w.files(r, c), progs[a]...)
				run.ConfigHash = hashes[k]
				pl.runs.Add(run, spec)
			}
		}
	}
	pl.runs.Plan.Experiment, pl.runs.Plan.Config, pl.runs.Plan.Reps, pl.runs.Plan.Study = s.Name(), c, reps, s.path
	pl.runs.Plan.Unkeyed = unkeyed
	pl.runs.Plan.RunFiles = s.runFiles
	s.mu.Lock()
	pl.runs.Plan.RunFilesDir = s.recomputeDir
	s.mu.Unlock()
	return pl, nil
}

// runKeys returns f without the keys that make no run: the title, the
// claims (tested on the runs, after them) and the repetition count (kept
// outside the configuration, see bench.Plan.Config). Editing them, or a
// comment, re-renders the page and reuses every run; raising reps in the
// file reuses the repetitions made, as --reps does.
func runKeys(f File) File {
	f.Title, f.Reps, f.Claims = "", 0, nil
	return f
}

// runPart is the part of a configuration that makes the runs of one
// workload with one algorithm, which are keyed on it
// (bench.Run.ConfigHash): the file without its workloads and algorithms
// but for the run's workload (by its name, as the progress names what
// changed: "workload.W.Jobs: 2 → 3") and algorithm (and its alias
// alone), with the metrics it reports (which, unset, follow every
// workload), and the workload's traces and ETC files. Every other key is
// as it is, so that a key the file gains is in every run's, but for env:
// the names it lists and their values, which exec: schedulers read and a
// built-in one does not. A study file given another algorithm or
// workload, or one of them edited, keeps the runs of the others; a
// variable changed, or a name added to env, the runs of the built-in
// schedulers.
type runPart struct {
	config
	Workload  map[string]Workload `json:"workload"`
	Algorithm string              `json:"algorithm"`
}

// runConfig returns the part of c that makes the runs of workload i with
// algorithm a.
func (s *Study) runConfig(c config, i int, a string) runPart {
	w := s.Workloads[i]
	c.File.Workloads, c.File.Algorithms = nil, nil
	c.File.Aliases = nil
	if r, ok := s.Aliases[a]; ok {
		c.File.Aliases = map[string]string{a: r}
	}
	c.File.Metrics = s.metrics()
	c.Traces, c.Files = pick(c.Traces, w.Trace), pick(c.Files, w.Files...)
	if files, ok := c.Exec[a]; ok {
		c.Exec = map[string]map[string]bool{a: files}
	} else {
		c.Exec = nil
	}
	if !strings.HasPrefix(s.command(a), external.Prefix) {
		c.Env, c.File.Env = nil, nil
	}
	return runPart{c, map[string]Workload{w.Name: w}, a}
}

// pick returns the entries of m under keys, nil if none.
func pick(m map[string]string, keys ...string) map[string]string {
	var out map[string]string
	for _, k := range keys {
		if v, ok := m[k]; ok {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = v
		}
	}
	return out
}

// plan is a study file's typed plan: the study, its repetitions and each
// run's instance.
type plan struct {
	s    *Study
	reps int // repetitions of every workload
	runs experiments.Runs[instance]
}

// instance is what a run executes beyond its identity: a trace window, a
// deadline stream, a Lublin draw, an ETC instance or a time-sharing window.
type instance interface {
	execute(ctx context.Context, s *Study, run bench.Run) (bench.Output, error)
}

// Bench implements experiments.Plan.
func (pl *plan) Bench() bench.Plan { return pl.runs.Bench() }

// Execute implements experiments.Plan.
func (pl *plan) Execute(ctx context.Context, run bench.Run) (bench.Output, error) {
	in, err := pl.runs.Spec(run)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %w", pl.s.Name(), err)
	}
	return in.execute(ctx, pl.s, run)
}

// findTrace looks for name beside the study file, then below the data root.
func (s *Study) findTrace(name, dataDir string) (string, error) {
	if p := filepath.Join(s.dir, name); fileExists(p) {
		return p, nil
	}
	if filepath.IsAbs(name) && fileExists(name) {
		return name, nil
	}
	return datadir.Find(dataDir, filepath.ToSlash(name), "")
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// simulate runs the run's space-sharing scheduler on jobs and measures
// the result.
func (s *Study) simulate(ctx context.Context, run bench.Run, p sim.Platform, jobs []sim.Job) (bench.Output, error) {
	sc, err := sched.NewSeeded(s.command(run.Algorithm), rand.NewPCG(run.RunSeed, 0))
	if err != nil {
		return bench.Output{}, err
	}
	defer sched.CloseScheduler(sc)
	if x, ok := sc.(*external.Scheduler); ok {
		x.SetFileTimeout(s.execTimeout) // checked by Load
	}
	recs, err := simulateRecovering(ctx, run.Algorithm, p, jobs, sc)
	if err == nil {
		// An exec: scheduler that wrote more lines than it was asked for
		// had its answers read one message late: the run does not count.
		err = sched.CloseScheduler(sc)
	}
	if err != nil {
		if ctx.Err() != nil {
			return bench.Output{}, err
		}
		// The run fails, the study goes on: a run without metrics is not
		// in runs.csv, so the next `study run` executes it again.
		s.mu.Lock()
		s.failures = append(s.failures, failure{run.Algorithm, run.Workload, run.Rep, err.Error()})
		s.mu.Unlock()
		return bench.Output{}, nil
	}
	all := spaceshared.Table.ValueMap(spaceshared.Measure(p, jobs, recs))
	if math.IsNaN(all[spaceshared.MDelayed]) {
		// No job of the run has a deadline (a trace or Lublin window, or
		// deadline_share = 0): the share of late ones is undefined, and
		// the run has no delayed_pct rather than a made-up value.
		delete(all, spaceshared.MDelayed)
	}
	if err := s.writeJobs(run, p, jobs, recs); err != nil {
		return bench.Output{}, err
	}
	out := s.output(all)
	out.Series = spaceshared.UtilisationSeries(p, jobs, recs, utilBins)
	return out, nil
}

// Open loads the study file at path and registers it as an experiment
// whose results go below out (pipeline.RunStudy then runs it, as `gridbench
// study run` does). The same file opened again in one process (a program
// retrying its failed runs, or after changing its working folder) takes
// the file as it is now, and the path it is given now; another file of
// the same name, or a built-in's name, is an error.
func Open(path, out string) (*Study, error) {
	s, err := Load(path)
	if err != nil {
		return nil, err
	}
	if prev, err := experiments.Lookup(s.Name()); err == nil {
		ps, ours := prev.(*Study)
		switch {
		case !ours:
			return nil, s.locate(keyErr("name", "%q is a built-in experiment; choose another name", s.Name()))
		case ps.file() != s.file():
			return nil, s.locate(keyErr("name", "%s already ran a study named %q in this process", ps.path, s.Name()))
		}
		ps.mu.Lock()
		ps.File, ps.path, ps.dir, ps.text, ps.execTimeout, ps.failures = s.File, s.path, s.dir, s.text, s.execTimeout, nil
		ps.mu.Unlock()
		s = ps
	} else {
		experiments.Register(s)
	}
	s.setJobsDir(out)
	s.mu.Lock()
	s.out = absolute(out)
	s.mu.Unlock()
	return s, nil
}

// file is the study file's absolute path, whatever the working folder
// was when it was loaded.
func (s *Study) file() string { return filepath.Join(s.dir, filepath.Base(s.path)) }

// failure is a run that failed, and its error.
type failure struct {
	algo, workload string
	rep            int
	err            string
}

// sortedFailures returns the runs that failed in this process, by
// algorithm, workload and repetition.
func (s *Study) sortedFailures() []failure {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.SortedFunc(slices.Values(s.failures), func(a, b failure) int {
		return cmp.Or(cmp.Compare(a.algo, b.algo), cmp.Compare(a.workload, b.workload), cmp.Compare(a.rep, b.rep))
	})
}

// Failures returns one line per run that failed in this process
// ("ALGO on WORKLOAD rep N: ERROR"), by algorithm, workload and
// repetition.
func (s *Study) Failures() []string {
	var out []string
	for _, f := range s.sortedFailures() {
		out = append(out, fmt.Sprintf("%s on %s rep %d: %s", f.algo, f.workload, f.rep, f.err))
	}
	return out
}

// FailureGroups is Failures with the runs of one algorithm that failed
// with one error on one line: "ALGO on WORKLOAD reps 0-7 and WORKLOAD2
// rep 3: ERROR". An exec: scheduler that cannot start fails every run
// alike, and its error, said once per run, filled the progress (16 times
// for the example study run from another folder).
func (s *Study) FailureGroups() []string {
	fs := s.sortedFailures()
	type key struct{ algo, err string }
	var order []key
	runs := map[key][]failure{}
	for _, f := range fs {
		k := key{f.algo, f.err}
		if _, ok := runs[k]; !ok {
			order = append(order, k)
		}
		runs[k] = append(runs[k], f)
	}
	var out []string
	for _, k := range order {
		var parts []string
		rs := runs[k]
		for i := 0; i < len(rs); {
			e := i
			for e < len(rs) && rs[e].workload == rs[i].workload {
				e++
			}
			parts = append(parts, rs[i].workload+" "+repRanges(rs[i:e]))
			i = e
		}
		out = append(out, fmt.Sprintf("%s on %s: %s", k.algo, strings.Join(parts, " and "), k.err))
	}
	return out
}

// repRanges names the repetitions of fs (of one workload, in order):
// "rep 3", "reps 0-7", "reps 0-2, 5".
func repRanges(fs []failure) string {
	var parts []string
	for i := 0; i < len(fs); {
		e := i + 1
		for e < len(fs) && fs[e].rep == fs[e-1].rep+1 {
			e++
		}
		if e-i == 1 {
			parts = append(parts, strconv.Itoa(fs[i].rep))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", fs[i].rep, fs[e-1].rep))
		}
		i = e
	}
	if len(fs) == 1 {
		return "rep " + parts[0]
	}
	return "reps " + strings.Join(parts, ", ")
}
