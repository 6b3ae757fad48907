package pipeline

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
)

// GCPercent is the garbage collector's target (GOGC) that `reproduce` and
// `run` set unless GOGC is set: the runs allocate many short-lived
// schedules and records. At paper scale 400% took about 5% less CPU than
// the default 100% when it was chosen (30.2 against 31.8 s), and takes
// 0–6% less now, near the noise (2026-11-30: 53.2 against 53.5 s, then
// 58.8 against 62.9 s, on a busier machine), for a peak resident size of
// 1.2 GB against 0.56 GB (the README says so, and how to set GOGC=100).
const GCPercent = 400

// Options control a reproduction.
type Options struct {
	Only     []string           // experiment names; empty means all
	Config   experiments.Config // passed to every experiment
	Out      string             // base folder: results/ and paper/ are created below it
	Workers  int                // parallel runs; 0 means all cores
	Fresh    bool               // ignore results already on disk
	Report   bool               // write the report pages, figures and workbook (false: results only)
	Progress io.Writer          // progress bars and stage timings (stderr); nil means silent
	Version  string
	Commit   string
	Build    string // the executable's hash: results are reused only within one build (bench.Options.Build)
	// Formats are figure formats written besides the png and svg the
	// pages link, e.g. pdf (see plots.AlsoWrite); nil adds none.
	Formats []string

	// Scale-out (see bench.Shard): with Shard set, only that part of each
	// plan runs, into its shard folder, and Report must be false; with
	// Merge, nothing runs and the Shard.N shards' results are gathered.
	Shard bench.Shard
	Merge bool
}

// Outcome is what one experiment produced.
type Outcome struct {
	Name    string
	Result  *bench.Result
	Report  *experiments.ReportOutput
	Timings []Stage
	Skipped []error // parts left out for lack of optional data (see experiments.Skipper)
	// RunFiles are the files its runs write besides their records
	// (bench.Plan.RunFiles), executed now or not, and its records when
	// they were kept rather than written again (bench.Result.Kept): the
	// outputs manifest lists them, written now or not.
	RunFiles []string
}

// Stage is how long one step took.
type Stage struct {
	Name string
	Dur  time.Duration
}

// Paths of the outputs below Options.Out.
func ResultsDir(out, name string) string { return filepath.Join(out, "results", name) }
func PaperDir(out string) string         { return filepath.Join(out, "paper") }
func WorkbookPath(out string) string     { return filepath.Join(out, "results", "gridbench.xlsx") }

// Reproduce runs the selected experiments and, with opts.Report, writes
// their report pages, the report index and the workbook. The experiments'
// runs share opts.Workers slots (bench.Slots), one experiment after another
// in order: the next one's runs take only the slots the earlier ones leave
// idle, so its plan, its inputs' hashing and the earlier one's last runs
// and result files overlap instead of leaving cores idle. Each experiment's
// report is written as soon as its runs are done, in its own goroutine,
// while the next experiments run; the reports' log lines keep the
// experiments' order. An experiment that fails does not stop the others;
// its error is returned at the end, with everything else written.
func Reproduce(ctx context.Context, opts Options) ([]*Outcome, error) {
	names := opts.Only
	if len(names) == 0 {
		names = experiments.Names()
	}
	var exps []experiments.Experiment
	for _, n := range names {
		e, err := experiments.Lookup(n)
		if err != nil {
			return nil, err
		}
		exps = append(exps, e)
	}
	if err := os.MkdirAll(filepath.Join(opts.Out, "results"), 0o755); err != nil {
		return nil, fmt.Errorf("cannot create output directory: %w", err)
	}
	before := takeSnapshot(opts.Out) // what this run writes is recorded in the outputs manifest
	if opts.Report && len(opts.Formats) > 0 {
		restore, err := plots.AlsoWrite(opts.Formats...)
		if err != nil {
			return nil, err
		}
		defer restore()
	}
	if opts.Progress != nil {
		// The runs and the report goroutine both log.
		opts.Progress = &syncWriter{w: opts.Progress}
	}
	// Slot i of done and errs belongs to experiment i's goroutine.
	done := make([]*finished, len(exps))
	errs := make([]error, len(exps))
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	slots := bench.NewSlots(workers)
	// turn[i] is closed once experiment i-1 has started its runs (or has
	// none, or failed): experiment i starts its own after, so the
	// experiments' first runs go in order while their plans overlap.
	// logged[i] is closed once experiment i-1's lines are written, so
	// experiment i writes its own after.
	turn, logged := relay(len(exps)), relay(len(exps))
	var all sync.WaitGroup
	for i, e := range exps {
		all.Go(func() {
			var lines bytes.Buffer
			started := sync.OnceFunc(func() { close(turn[i+1]) })
			f, err := runOne(ctx, e, opts, bench.Options{Slots: slots, Priority: i, Turn: turn[i], Started: started})
			started()
			if err == nil {
				done[i] = f
				err = f.report(ctx, opts, &lines)
			}
			errs[i] = err
			<-logged[i]
			if opts.Progress != nil {
				opts.Progress.Write(lines.Bytes())
			}
			close(logged[i+1])
		})
	}
	all.Wait()

	var outcomes []*Outcome
	var failed []error
	notStarted := "" // the first experiment an interruption kept from starting
	for i, e := range exps {
		switch err := errs[i]; {
		case err != nil && err == ctx.Err():
			// Interrupted before its first run; the one under way
			// says so, or the line after the loop does.
			notStarted = cmp.Or(notStarted, e.Name())
		case err != nil && strings.HasPrefix(err.Error(), e.Name()+": "):
			failed = append(failed, err)
		case err != nil:
			failed = append(failed, fmt.Errorf("%s: %w", e.Name(), err))
		case done[i] != nil:
			outcomes = append(outcomes, done[i].o)
		}
	}
	if notStarted != "" && len(failed) == 0 {
		failed = append(failed, fmt.Errorf("%s: interrupted before its runs started (%w); %s to resume", notStarted, context.Cause(ctx), opts.Again()))
	}
	book := outcomes // the studies the workbook holds
	if opts.Report && len(outcomes) > 0 {
		t0 := time.Now()
		end := bench.Slow(opts.Progress, fmt.Sprintf("writing the report index and workbook, %s\n", WorkbookPath(opts.Out)))
		// The studies the workbook held that this run did not make keep
		// their sheets: their reports are made again from their results.
		var lost, kept []string
		if rest := leftOutOfWorkbook(opts.Out, outcomes); len(rest) > 0 && opts.Shard.N == 0 {
			var made []*Outcome
			made, lost = reportsOf(ctx, opts, rest)
			for _, o := range made {
				kept = append(kept, o.Name)
			}
			book = inReportOrder(append(slices.Clone(outcomes), made...))
		}
		failed = append(failed, writeShared(opts.Out, outcomes, cumulative), writeShared(opts.Out, book, single))
		end()
		also := ""
		switch {
		case len(kept) == 1:
			also = "; the workbook keeps " + kept[0] + ", its report made again from its results"
		case len(kept) > 1:
			also = "; the workbook keeps " + strings.Join(kept, ", ") + ", their reports made again from their results"
		}
		logf(opts.Progress, "report index and workbook: %s (%s%s)\n", WorkbookPath(opts.Out), roundDur(time.Since(t0)), also)
		if len(lost) > 0 {
			logf(opts.Progress, "the workbook holds the studies of this run and of runs before it, but for %s, whose reports could not be made again: "+
				"their sheets are no longer in it (their pages and results are kept)\n", strings.Join(lost, "; "))
		}
	}
	if opts.Shard.N == 0 || opts.Merge { // a shard writes only its own folders
		failed = append(failed, writeOutputs(opts, before, outcomes, book))
	}
	err := errors.Join(failed...)
	if err == nil && ctx.Err() != nil {
		// The interruption came once every run was done: the report was
		// written to its end rather than left half made.
		logf(opts.Progress, "interrupted (%v) once every run was done: the report was written to its end, and every output is complete\n", context.Cause(ctx))
	}
	return outcomes, err
}

// leftOutOfWorkbook lists the studies the workbook of the output folder
// out holds (as its outputs manifest says) that outcomes do not: the
// workbook holds the studies of one run alone (Format.Cumulative), so
// writing it from outcomes leaves them out.
func leftOutOfWorkbook(out string, outcomes []*Outcome) []string {
	prev, err := ReadOutputs(OutputsPath(out))
	if err != nil {
		return nil
	}
	var lost []string
	for _, n := range prev.Workbook {
		if !slices.ContainsFunc(outcomes, func(o *Outcome) bool { return o.Name == n }) {
			lost = append(lost, n)
		}
	}
	return lost
}

// Again says how to go on from an interruption: the same command again,
// but without --fresh under Fresh, which would set aside what was saved.
func (opts Options) Again() string {
	if opts.Fresh {
		return "run the same command again without --fresh"
	}
	return "run the same command again"
}

// relay returns n+1 channels of which the first is closed: step i waits
// for channel i and closes channel i+1, so the steps pass in order.
func relay(n int) []chan struct{} {
	c := make([]chan struct{}, n+1)
	for i := range c {
		c[i] = make(chan struct{})
	}
	close(c[0])
	return c
}

// syncWriter serialises writes to w.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// Unwrap is the writer s serialises, so that progress can tell a terminal.
func (s *syncWriter) Unwrap() io.Writer { return s.w }

// finished is an experiment whose runs are done and whose report is not yet
// written.
type finished struct {
	e    experiments.Experiment
	o    *Outcome
	plan experiments.Plan
}

// runOne plans e and runs the plan, sharing the run slots as share says
// (its Slots, Priority, Turn and Started).
func runOne(ctx context.Context, e experiments.Experiment, opts Options, share bench.Options) (*finished, error) {
	o := &Outcome{Name: e.Name()}
	cfg := opts.Config.Filled(e)
	t0 := time.Now()
	plan, err := e.Plan(cfg)
	if err != nil {
		return nil, err
	}
	o.Timings = append(o.Timings, Stage{"plan", time.Since(t0)})
	if s, ok := plan.(experiments.Skipper); ok {
		o.Skipped = s.Skipped()
	}

	t0 = time.Now()
	execute := bench.Execute
	if opts.Merge {
		execute = mergeShards
	}
	bp := plan.Bench()
	if bp.RunFiles != nil {
		for _, r := range bp.Runs {
			for _, rel := range bp.RunFiles(r) {
				o.RunFiles = append(o.RunFiles, filepath.Join(ResultsDir(opts.Out, e.Name()), rel))
			}
		}
	}
	res, err := execute(ctx, bp, plan.Execute, bench.Options{
		Dir: ResultsDir(opts.Out, e.Name()), Workers: opts.Workers, Progress: opts.Progress,
		Fresh: opts.Fresh, Shard: opts.Shard, Version: opts.Version, Commit: opts.Commit, Build: opts.Build,
		Slots: share.Slots, Priority: share.Priority, Turn: share.Turn, Started: share.Started,
		DataRoots: datadir.Roots(opts.Config.DataDir),
	})
	if err != nil {
		return nil, err
	}
	o.Result = res
	o.RunFiles = append(o.RunFiles, res.Kept...)
	// From the first run on (Execute's start): the wait for the earlier
	// experiments' runs is theirs. Merged shards started long before.
	if s := res.Manifest.Started; s.After(t0) {
		t0 = s
	}
	o.Timings = append(o.Timings, Stage{"runs", time.Since(t0)})
	return &finished{e: e, o: o, plan: plan}, nil
}

// report writes the experiment's report (with opts.Report) and its stage
// timings and summary lines to log.
func (f *finished) report(ctx context.Context, opts Options, log io.Writer) error {
	e, o := f.e, f.o
	if opts.Report {
		t0 := time.Now()
		pdir := PaperDir(opts.Out)
		if err := os.MkdirAll(filepath.Join(pdir, "figures"), 0o755); err != nil {
			return fmt.Errorf("cannot create report directory: %w", err)
		}
		end := bench.Slow(opts.Progress, fmt.Sprintf("%s: writing its report, %s\n", e.Name(), filepath.Join(pdir, e.Name()+".md")))
		rep, err := f.plan.Report(ctx, experiments.ReportInput{Result: o.Result, PaperDir: pdir})
		defer end()
		if err != nil && ctx.Err() != nil {
			return fmt.Errorf("%s: interrupted while writing its report (%w); its runs are saved in %s: %s to reuse them and write the report",
				e.Name(), context.Cause(ctx), filepath.Join(ResultsDir(opts.Out, e.Name()), "runs.csv"), opts.Again())
		}
		if err != nil {
			return fmt.Errorf("report: %w", err)
		}
		o.Report = rep
		rep.Version = opts.Version
		if err := writeReport(opts.Out, opts.Out, e.Name(), rep); err != nil {
			return err
		}
		o.Timings = append(o.Timings, Stage{"report", time.Since(t0)})
	}
	var parts []string
	for _, s := range o.Timings {
		parts = append(parts, fmt.Sprintf("%s %s", s.Name, roundDur(s.Dur)))
	}
	n := len(o.Result.Manifest.Runs)
	logf(log, "%s: %d %s (%d reused), %s\n", e.Name(), n, report.Plural(n, "run"), o.Result.Manifest.Reused, strings.Join(parts, ", "))
	if o.Report != nil && o.Report.Headline != "" {
		logf(log, "%s: %s\n", e.Name(), o.Report.Headline)
	}
	if o.Report != nil {
		if s := fittedSplit(o.Report.Compared); s != "" {
			logf(log, "%s: published values %s\n", e.Name(), s)
		}
		if len(o.Report.Ledger) > 0 {
			if c := report.LedgerCounts(o.Report.Ledger); !strings.Contains(o.Report.Headline, c) {
				logf(log, "%s: %s\n", e.Name(), c) // (the deadline study's headline says it already)
			}
		}
	}
	return nil
}

// fittedSplit counts the matches of cs per table, split into fitted (in
// sample) and validated (out of sample) cells, e.g. "Table 4 13/15 match:
// fitted 3/3, validated 10/12"; when nothing in cs was fitted it says so
// ("Table 2 4/5 match, all validated (out of sample)"); empty when cs is.
func fittedSplit(cs []experiments.Comparison) string {
	type count struct{ n, m, fn, fm int }
	var order []string
	by := map[string]*count{}
	for _, c := range cs {
		k := by[c.Table]
		if k == nil {
			k = &count{}
			by[c.Table] = k
			order = append(order, c.Table)
		}
		k.n++
		if c.Match {
			k.m++
		}
		if c.InSample {
			k.fn++
			if c.Match {
				k.fm++
			}
		}
	}
	parts := make([]string, len(order))
	for i, t := range order {
		k := by[t]
		switch k.fn {
		case 0:
			parts[i] = fmt.Sprintf("%s %d/%d match, all validated (out of sample)", t, k.m, k.n)
		case k.n:
			parts[i] = fmt.Sprintf("%s %d/%d match, all fitted (in sample)", t, k.m, k.n)
		default:
			parts[i] = fmt.Sprintf("%s %d/%d match: fitted (in sample) %d/%d, validated (out of sample) %d/%d", t, k.m, k.n, k.fm, k.fn, k.m-k.fm, k.n-k.fn)
		}
	}
	return strings.Join(parts, "; ")
}

func roundDur(d time.Duration) time.Duration {
	if d > time.Second {
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(100 * time.Microsecond)
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format, args...)
	}
}
