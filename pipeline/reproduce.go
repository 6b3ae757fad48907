package pipeline

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
)

// GCPercent is the garbage collector's target (GOGC) that `reproduce` and
// `run` set unless GOGC is set: the runs allocate many short-lived
// schedules and records, and at paper scale 400% takes about 5% less CPU
// than the default 100% (30.2 against 31.8 s for all five studies) for a
// peak resident size of about 520 MB instead of 250 MB.
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
		failed = append(failed, fmt.Errorf("%s: interrupted before its runs started: %w; run the same command again to resume", notStarted, ctx.Err()))
	}
	if opts.Report && len(outcomes) > 0 {
		t0 := time.Now()
		failed = append(failed, writeShared(opts.Out, outcomes))
		logf(opts.Progress, "report index and workbook: %s (%s)\n", WorkbookPath(opts.Out), roundDur(time.Since(t0)))
	}
	if opts.Shard.N == 0 || opts.Merge { // a shard writes only its own folders
		failed = append(failed, writeOutputs(opts, before, outcomes))
	}
	return outcomes, errors.Join(failed...)
}

// writeReport writes one study's report files below out from its
// report: its page in every form, its claims file and its tables.
// Reproduce and verify's re-rendering (Rerender) both write them here.
//
// home is the output folder the files belong to, which the LaTeX
// fragment names by absolute path: out itself, except when verify
// re-renders them into a temporary folder to compare with home's.
func writeReport(out, home, exp string, rep *experiments.ReportOutput) error {
	if err := writePage(out, home, exp, rep); err != nil {
		return err
	}
	return writeTables(out, exp, rep)
}

// writeShared writes the files of every study below out: the report
// index and the workbook. Reproduce and Rerender both write them here.
func writeShared(out string, outcomes []*Outcome) error {
	var ierr, werr error
	var both sync.WaitGroup
	both.Go(func() { ierr = writeIndex(out, outcomes) })
	werr = writeWorkbook(out, outcomes)
	both.Wait()
	return errors.Join(ierr, werr)
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
	res, err := execute(ctx, plan.Bench(), plan.Execute, bench.Options{
		Dir: ResultsDir(opts.Out, e.Name()), Workers: opts.Workers, Progress: opts.Progress,
		Fresh: opts.Fresh, Shard: opts.Shard, Version: opts.Version, Commit: opts.Commit, Build: opts.Build,
		Slots: share.Slots, Priority: share.Priority, Turn: share.Turn, Started: share.Started,
		DataRoots: datadir.Roots(opts.Config.DataDir),
	})
	if err != nil {
		return nil, err
	}
	o.Result = res
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
		rep, err := f.plan.Report(ctx, experiments.ReportInput{Result: o.Result, PaperDir: pdir})
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
	logf(log, "%s: %d runs (%d reused), %s\n", e.Name(), len(o.Result.Manifest.Runs), o.Result.Manifest.Reused, strings.Join(parts, ", "))
	if o.Report != nil && o.Report.Headline != "" {
		logf(log, "%s: %s\n", e.Name(), o.Report.Headline)
	}
	if o.Report != nil {
		if s := fittedSplit(o.Report.Compared); s != "" {
			logf(log, "%s: published values %s\n", e.Name(), s)
		}
		if len(o.Report.Ledger) > 0 {
			logf(log, "%s: %s\n", e.Name(), report.LedgerCounts(o.Report.Ledger))
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

// indexEntry is what paper/index.json remembers of each experiment, so that
// reproducing one experiment keeps the others' lines in paper/README.md.
type indexEntry struct {
	Page     string `json:"page"`
	Headline string `json:"headline"`
	Title    string `json:"title"`
}

func writeIndex(out string, outcomes []*Outcome) error {
	pdir := PaperDir(out)
	ipath := filepath.Join(pdir, "index.json")
	idx := map[string]indexEntry{}
	if b, err := os.ReadFile(ipath); err == nil {
		_ = json.Unmarshal(b, &idx) // a damaged index is rebuilt from this run
	}
	for _, o := range outcomes {
		e, _ := experiments.Lookup(o.Name)
		idx[o.Name] = indexEntry{Page: o.Report.Page, Headline: o.Report.Headline, Title: e.Title()}
	}
	if err := analysis.WriteFileAtomic(ipath, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(idx)
	}); err != nil {
		return err
	}
	if err := writeHTMLIndex(out, idx); err != nil {
		return err
	}
	return analysis.WriteFileAtomic(filepath.Join(pdir, "README.md"), func(w io.Writer) error {
		fmt.Fprintf(w, "# gridbench reproduction report\n\n")
		fmt.Fprintf(w, "Generated by `gridbench reproduce`; every number here traces back to `results/<experiment>/runs.csv` "+
			"and its `manifest.json`. The workbook `results/gridbench.xlsx` holds the same tables.\n\n")
		fmt.Fprintf(w, "| experiment | study | result |\n|---|---|---|\n")
		for _, n := range experiments.Names() {
			e, _ := experiments.Lookup(n)
			ent, ok := idx[n]
			if !ok {
				fmt.Fprintf(w, "| %s | %s | not reproduced yet: run `gridbench reproduce --only %s` |\n", n, e.Title(), n)
				continue
			}
			fmt.Fprintf(w, "| [%s](%s) | %s | %s |\n", n, ent.Page, ent.Title, ent.Headline)
		}
		var extra []string
		for n := range idx {
			if _, err := experiments.Lookup(n); err != nil {
				extra = append(extra, n)
			}
		}
		sort.Strings(extra)
		for _, n := range extra {
			fmt.Fprintf(w, "| [%s](%s) | %s | %s (experiment no longer registered) |\n", n, idx[n].Page, idx[n].Title, idx[n].Headline)
		}
		return nil
	})
}

func writeWorkbook(out string, outcomes []*Outcome) error {
	summary := &report.Table{ID: "Summary", Title: "Published vs reproduced",
		Columns: summaryColumns}
	stats := &report.Table{ID: "Stats", Title: "Per workload, algorithm and metric across repetitions",
		Columns: []string{"experiment", "workload", "algorithm", "metric", "n", "mean", "sd", "median", "ci95_low", "ci95_high", "min", "max"}}
	raw := &report.Table{ID: "Raw", Columns: analysis.Header}
	series := &report.Table{ID: "Series", Columns: analysis.SeriesHeader} // every series.csv, tidy
	claims := report.ClaimsSheet()                                        // every study's ledger, one shape
	var extra []*report.Table
	for _, o := range outcomes {
		addComparisons(summary, o.Name, o.Report.Compared)
		groups, _ := o.Result.Groups()
		for _, g := range groups {
			s := g.Summary
			stats.AddRow(report.Str(g.Experiment), report.Str(g.Workload), report.Str(g.Algorithm), report.Str(g.Metric),
				report.Int(s.N), report.Num(s.Mean, -1), report.Num(s.SD, -1), report.Num(s.Median, -1),
				report.Num(s.CILow, -1), report.Num(s.CIHigh, -1), report.Num(s.Min, -1), report.Num(s.Max, -1))
		}
		for _, r := range o.Result.Records {
			raw.AddRow(report.Str(r.Experiment), report.Str(r.Workload), report.Str(r.Algorithm), report.Int(r.Rep),
				report.Str(fmt.Sprint(r.Seed)), report.Str(r.Metric), report.Num(r.Value, -1))
		}
		for _, p := range o.Result.Series {
			series.AddRow(report.Str(p.Experiment), report.Str(p.Workload), report.Str(p.Algorithm), report.Int(p.Rep),
				report.Str(fmt.Sprint(p.Seed)), report.Str(p.Series), report.Num(p.T, -1), report.Num(p.Value, -1))
		}
		for _, t := range o.Report.Sheets {
			extra = append(extra, studySheet(o.Name, t))
		}
		report.AddClaims(claims, o.Name, o.Report.Ledger)
	}
	sheets := []*report.Table{summary, stats}
	if len(claims.Rows) > 0 {
		sheets = append(sheets, claims)
	}
	sheets = append(sheets, extra...)
	sheets = append(sheets, raw)
	if len(series.Rows) > 0 {
		sheets = append(sheets, series)
	}
	return report.WriteWorkbook(WorkbookPath(out), sheets)
}

// studySheet is t named for the workbook with its study's prefix, e.g.
// federation-Table4, unless its id already starts with it.
func studySheet(study string, t *report.Table) *report.Table {
	if strings.HasPrefix(t.ID, study+"-") {
		return t
	}
	c := *t
	c.ID = study + "-" + t.ID
	return &c
}

// WritePage renders rep.Model as the Markdown page under paper/, its
// LaTeX and JSON forms under results/<exp>/page/, and the claims ledger as
// paper/<exp>.claims.json; each file is written atomically.
func WritePage(out, exp string, rep *experiments.ReportOutput) error {
	return writePage(out, out, exp, rep)
}

func writePage(out, home, exp string, rep *experiments.ReportOutput) error {
	m := rep.Model
	if m == nil || m.ID == "" {
		return fmt.Errorf("report: %s built no page model (ReportOutput.Model with an ID)", exp)
	}
	rep.Page = m.ID + ".md"
	pdir, rdir := PaperDir(out), filepath.Join(ResultsDir(out, exp), "page")
	if err := os.MkdirAll(rdir, 0o755); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	for _, f := range []struct {
		path  string
		write func(io.Writer, *report.Page) error
	}{
		{filepath.Join(pdir, rep.Page), report.WritePageMarkdown},
		{filepath.Join(rdir, m.ID+".tex"), func(w io.Writer, p *report.Page) error {
			return report.WritePageLaTeXWith(w, p, latexBeside(rdir, pdir, PaperDir(home)))
		}},
		{filepath.Join(rdir, m.ID+".json"), report.WritePageJSON},
	} {
		if err := analysis.WriteFileAtomic(f.path, func(w io.Writer) error { return f.write(w, m) }); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	if err := analysis.WriteFileAtomic(filepath.Join(rdir, m.ID+".html"), func(w io.Writer) error {
		return report.WritePageHTML(w, m, htmlBeside(rdir, pdir))
	}); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if len(rep.Ledger) > 0 {
		if _, err := report.WriteLedgerFile(pdir, exp, analysis.StandardMethod(cmp.Or(rep.Tolerance, "no published values are compared"), cmp.Or(rep.Version, "unknown")), rep.Ledger); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	return nil
}

// writeTables writes the experiment's tables (its workbook sheets, the
// page's other tables, its published-vs-reproduced comparisons, its claims
// ledger as "ledger") as results/<exp>/tables/<table-id>.tex and .json,
// beside the runs they are made from: like the workbook they hold every
// row of every sheet (some run to thousands), so they are outputs, not
// part of the committed report.
func writeTables(out, exp string, rep *experiments.ReportOutput) error {
	tables := slices.Clone(rep.Sheets)
	for _, t := range rep.Model.Tables() {
		if !slices.Contains(tables, t) {
			tables = append(tables, t)
		}
	}
	if len(rep.Compared) > 0 {
		t := &report.Table{ID: "compared", Title: "Published vs reproduced", Columns: summaryColumns}
		addComparisons(t, exp, rep.Compared)
		tables = append(tables, t)
	}
	if len(rep.Ledger) > 0 {
		tables = append(tables, report.LedgerTable("ledger", "Claims ledger", rep.Ledger))
	}
	if _, err := report.WriteTableFiles(filepath.Join(ResultsDir(out, exp), "tables"), tables); err != nil {
		return fmt.Errorf("report tables: %w", err)
	}
	return nil
}

// summaryColumns are the columns of the Summary sheet and of each
// experiment's compared table.
var summaryColumns = []string{"experiment", "table", "workload", "algorithm", "metric", "published", "reproduced", "ratio", "match", "sample", "note"}

// addComparisons appends one row per comparison and marks, within each
// (table, workload, metric) group, the best reproduced value.
func addComparisons(t *report.Table, exp string, cs []experiments.Comparison) {
	type gk struct{ table, workload, metric string }
	best := map[gk]float64{}
	for _, c := range cs {
		k := gk{c.Table, c.Workload, c.Metric}
		b, ok := best[k]
		switch {
		case c.Better == "lower" && (!ok || c.Reproduced < b),
			c.Better == "higher" && (!ok || c.Reproduced > b):
			best[k] = c.Reproduced
		}
	}
	for _, c := range cs {
		rep := report.Num(c.Reproduced, -1)
		if b, ok := best[gk{c.Table, c.Workload, c.Metric}]; ok && b == c.Reproduced {
			rep.Best = true
		}
		match := report.Str("yes")
		if !c.Match {
			match = report.Str("no")
			match.Bad = true
		}
		ratio := c.Reproduced / c.Published
		sample := report.Str("validated")
		if c.InSample {
			sample = report.Str("fitted")
		}
		t.AddRow(report.Str(exp), report.Str(c.Table), report.Str(c.Workload), report.Str(c.Algorithm), report.Str(c.Metric),
			report.Num(c.Published, -1), rep, report.Num(ratio, -1), match, sample, report.Str(c.Note))
	}
}

// htmlBeside is how an HTML page in dir reads the figures of the Markdown
// page in paperDir and reaches what that page links to.
func htmlBeside(dir, paperDir string) report.HTMLOptions {
	rel, err := filepath.Rel(dir, paperDir)
	if err != nil {
		rel = paperDir
	}
	return report.HTMLOptions{
		Figure: func(name string) ([]byte, error) {
			return os.ReadFile(filepath.Join(paperDir, filepath.FromSlash(name)))
		},
		Link: func(target string) string { return path.Join(filepath.ToSlash(rel), target) },
	}
}

// latexBeside is where the LaTeX fragment in dir finds the figures of the
// Markdown page in paperDir: by absolute path (of homePaper, the paper
// folder the fragment belongs to), for a document anywhere that \input's
// it, and relative to dir, for one compiled beside it.
func latexBeside(dir, paperDir, homePaper string) report.LaTeXOptions {
	var o report.LaTeXOptions
	if abs, err := filepath.Abs(homePaper); err == nil {
		o.GraphicsPath = append(o.GraphicsPath, filepath.ToSlash(abs)+"/")
	}
	if rel, err := filepath.Rel(dir, paperDir); err == nil {
		o.GraphicsPath = append(o.GraphicsPath, filepath.ToSlash(rel)+"/")
	}
	return o
}

// writeHTMLIndex writes results/index.html: one row per study reproduced
// in out, linking its HTML page, from the same index as paper/README.md.
func writeHTMLIndex(out string, idx map[string]indexEntry) error {
	p := &report.Page{ID: "index", Title: "gridbench reproduction report"}
	p.Para("Generated by `gridbench reproduce`; every number traces back to `<experiment>/runs.csv` and its `manifest.json`. " +
		"The workbook [gridbench.xlsx](gridbench.xlsx) holds the same tables; the Markdown report is in [paper/](../paper/README.md).")
	t := &report.Table{ID: "studies", Columns: []string{"experiment", "study", "result"}}
	var names, extra []string // the registered studies in their order, then any others
	for _, n := range experiments.Names() {
		if _, ok := idx[n]; ok {
			names = append(names, n)
		}
	}
	for n := range idx {
		if !slices.Contains(names, n) {
			extra = append(extra, n)
		}
	}
	sort.Strings(extra)
	for _, n := range append(names, extra...) {
		ent := idx[n]
		page := fmt.Sprintf("%s/page/%s.html", n, strings.TrimSuffix(ent.Page, ".md"))
		t.AddRow(report.Str(fmt.Sprintf("[%s](%s)", n, page)), report.Str(ent.Title), report.Str(ent.Headline))
	}
	p.Add(t)
	return analysis.WriteFileAtomic(filepath.Join(out, "results", "index.html"), func(w io.Writer) error {
		return report.WritePageHTML(w, p, report.HTMLOptions{})
	})
}
