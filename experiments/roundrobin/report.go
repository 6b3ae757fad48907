package roundrobin

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/gridbench/gridbench/timeshared"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/timeshare"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
)

// figure is one of the paper's Figures 4–9: one metric against P.
type figure struct {
	id, file, metric string
	title, ylabel    string
	scale            float64 // display unit per stored unit (1/3600: seconds → hours)
	def              string  // the metric's definition
	paper            string  // what the paper's text says the figure shows
}

var figures = []figure{
	{"Figure 4", "fig4-waiting", timeshared.MWaiting, "Average waiting time", "hours", 1.0 / 3600,
		"mean over jobs of end - submit - run: time in the system not spent on the CPU (with time sharing it includes the waits between slices; the paper: \"waits from its submission to completion in the local and global queues\")",
		"APDRR and SPN shortest; RR average; LJF longest; all improve from 16 to 128 CPUs"},
	{"Figure 5", "fig5-turnaround", timeshared.MTurnaround, "Average turnaround time", "hours", 1.0 / 3600,
		"mean over jobs of end - submit (\"completion time minus release time\")",
		"APDRR shortest, SPN next; RR, P, PLRR, FCFS, LJF longer"},
	{"Figure 6", "fig6-response", timeshared.MResponse, "Average response time", "hours", 1.0 / 3600,
		"mean over jobs of first start - submit (\"until the first response is produced\")",
		"APDRR and RR shortest, SPN better than P, PLRR, FCFS, LJF; LJF longest; all improve with CPUs"},
	{"Figure 7", "fig7-slowdown", timeshared.MSlowdown, "Average bounded slowdown", "slowdown", 1,
		fmt.Sprintf("mean over jobs of max(1, (end - submit) / max(run, %d s))", timeshare.BoundedSlowdownTau),
		"APDRR and RR shortest; SPN average; PLRR, P, FCFS, LJF worse; LJF longest"},
	{"Figure 8", "fig8-completion", timeshared.MCompletion, "Total completion time", "hours (summed over a slave's jobs)", 1.0 / 3600,
		"the largest, over slaves, of the sum of that slave's job completion times, each counted from the window's first submission: max_k Σ_{j on k} (e_j - s_0) (section 3.1 step 9: \"maximum values, out of all the maximal values for the total completion times … taken from each slave\")",
		"APDRR shortest; SPN and RR slightly higher; P, FCFS, LJF longest"},
	{"Figure 9", "fig9-stretch", timeshared.MStretch, "Maximum job stretch", "stretch", 1,
		"max over jobs with run > 0 of (end - submit) / run",
		"APDRR shortest; RR and SPN average; P, PLRR, FCFS, LJF longest"},
}

// Report implements experiments.Plan.
func (pl *Plan) Report(ctx context.Context, in experiments.ReportInput) (*experiments.ReportOutput, error) {
	if in.Result == nil || len(in.Result.Records) == 0 {
		return nil, fmt.Errorf("%s: no results to report", Name)
	}
	cfg, src, ws := pl.Config, pl.Source, pl.workloads
	in.Result = pl.windows(in.Result)
	recs := in.Result.Records
	// The figures and claims show the paper's algorithms; the APDRR
	// variants appear only in the ablation.
	var algos []string
	for _, a := range analysis.OrderAlgorithms(recs, Algorithms) {
		if _, v := variant(a); !v && a != AlgoFacts {
			algos = append(algos, a)
		}
	}
	figDir := filepath.Join(in.PaperDir, "figures")
	if err := os.MkdirAll(figDir, 0o755); err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	r := &reporter{in: in, cfg: cfg, src: src, nWindows: pl.Reps + 1, recs: recs, ws: ws, algos: algos, figDir: figDir,
		idx: in.Result.Index(), st: newStore(recs), pg: &report.Page{ID: Name, Title: Experiment{}.Title()}}
	if err := r.build(); err != nil {
		return nil, err
	}
	if err := r.writeTimings(filepath.Join(filepath.Dir(in.PaperDir), "results", Name)); err != nil {
		return nil, err
	}
	return &experiments.ReportOutput{Model: r.pg, Headline: r.headline(), Compared: r.cmp, Sheets: r.sheets, Ledger: r.led}, nil
}

// windows returns res with each prefix workload's records and timings as
// window 0 of its windowed workload (rep 0; the repetitions are windows
// 1..Reps): the report's statistics are over all windows of a workload,
// the prefix among them, and its tests pair them all.
func (pl *Plan) windows(res *bench.Result) *bench.Result {
	fold := func(recs []analysis.Record) []analysis.Record {
		out := slices.Clone(recs)
		for i, r := range out {
			if w, ok := pl.prefixes[r.Workload]; ok {
				out[i].Workload = w
			}
		}
		return out
	}
	return &bench.Result{Records: fold(res.Records), Timings: fold(res.Timings), Series: res.Series, Manifest: res.Manifest}
}

// reporter builds the page; its methods each add one section.
type reporter struct {
	in  experiments.ReportInput
	cfg Config      // the plan's
	src TraceSource // the trace the plan ran on
	// nWindows is the number of windows per size: the prefix and the
	// plan's repetitions.
	nWindows int
	recs     []analysis.Record
	ws       []Workload
	algos    []string
	figDir   string
	idx      map[analysis.GroupKey]*analysis.Group
	st       store

	fams    []*familyResult
	windows map[Size][]windowStat
	fig2    *Fig2
	dep     *dependence // §4's tests on fig2's count process
	num     numbers     // the statistics the sections lay out (compute)
	pg      *report.Page
	sheets  []*report.Table // tables of the page (the same values) and the workbook-only ones
	led     []analysis.LedgerEntry
	cmp     []experiments.Comparison // §8's published numbers beside ours (compared)
}

// familyResult is the claims' verdicts on one family of workloads.
type familyResult struct {
	family   Family
	ws       []Workload
	verdicts []*Verdict // of Claims, in their order
	alt      []*Verdict // of AltClaims, in their order
}

// windowStat describes one window of the trace (the same for every P and
// algorithm).
type windowStat struct {
	start, records, dealt, users int
	first, last                  float64 // first and last submit of the dealt jobs
	work                         float64 // summed run time of the dealt jobs
	load1                        float64 // OfferedLoad on one slave
}

// load is the window's offered load per CPU on P slaves.
func (w windowStat) load(slaves int) float64 { return w.load1 / float64(slaves) }

func (r *reporter) group(w, a, m string) *analysis.Group {
	return r.idx[analysis.GroupKey{Experiment: Name, Workload: w, Algorithm: a, Metric: m}]
}

// prefix returns window 0's value: the prefix workload's (the paper's
// first-n% window), folded in by Plan.windows.
func (r *reporter) prefix(w, a, m string) (float64, bool) {
	v, ok := r.st[analysis.GroupKey{Workload: w, Algorithm: a, Metric: m}][0]
	return v, ok
}

// build computes the verdicts, the windows and Figure 2, then lays out
// the page.
func (r *reporter) build() error {
	tr, ok := r.traceFacts()
	if !ok {
		return fmt.Errorf("%s: the trace run's records (workload %q) are missing from runs.csv", Name, WorkloadTrace)
	}
	var err error
	if r.windows, err = r.windowStats(); err != nil {
		return err
	}
	for _, f := range Families {
		if fw := inFamily(r.ws, f); len(fw) > 0 {
			r.fams = append(r.fams, &familyResult{family: f, ws: fw, verdicts: Evaluate(r.recs, fw), alt: evaluate(r.recs, fw, AltClaims)})
		}
	}
	_, counts := analysis.SeriesOf(r.in.Result.Series, WorkloadTrace, AlgoFacts, SCount)
	_, acf := analysis.SeriesOf(r.in.Result.Series, WorkloadTrace, AlgoFacts, SACF)
	freqs, mags := analysis.SeriesOf(r.in.Result.Series, WorkloadTrace, AlgoFacts, SFFT)
	if r.fig2, err = fig2Of(counts, acf, freqs, mags, tr[FCountWidth]); err != nil {
		return err
	}
	r.dep = dependenceOf(r.fig2)

	r.cmp = r.compared()
	r.led = append(r.ledger(), r.publishedEntries()...)
	r.compute()

	r.pg.Para("Generated by `gridbench reproduce --only %s`. Source: Shah, Zakaria, Haron, Mahmood & Naono, \"Design and Evaluation of Agent Based Prioritized Dynamic Round Robin Scheduling Algorithm on Computational Grids\", AASRI Procedia 1, 2012 (`references.bib`; sections 3–8, Figures 2 and 4–9). "+
		"Every number comes from `results/%s/runs.csv` (the trace's facts and its windows are the runs of workloads `%s` and `windows/…`) and its `manifest.json`, "+
		"Figure 2's count process from `series.csv`. The cost of the runs (wall clock, machine-dependent) is not on this page: "+
		"`reproduce` writes it to `results/%s/timings.md`.", Name, Name, WorkloadTrace, Name)
	if r.cfg.Quick {
		var ids []string
		for _, sz := range sizesOf(r.ws) {
			ids = append(ids, sz.ID())
		}
		r.pg.Add(&report.Paragraph{Quote: true, Text: fmt.Sprintf("**Quick configuration** (smoke test): %s windows, P = %s, %d windows per workload. "+
			"With so few windows no paired test can reach significance: the claims below are not the paper-scale result.",
			strings.Join(ids, " and "), joinInts(slavesOf(r.ws), ", "), r.nWindows)})
	}
	trace := fmt.Sprintf("**Trace: %s** (`%s`, %d records, %d users", r.src.Label, r.src.Rel, int(tr[FRecords]), int(tr[FUsers]))
	if tr[FSkipped] > 0 {
		trace += fmt.Sprintf(", %d records without run or submit time not simulated", int(tr[FSkipped]))
	}
	trace += ")."
	if !r.src.Published {
		trace += (" The paper used AuverGrid (GWA-T-4, 404,176 jobs), which is not in the data folder; the LCG log stands in for it, " +
			"as this study's design prescribes, and every figure says so. Put `auvergrid/anon_jobs.gwf` below the data root (`--data` or `GRIDBENCH_DATA`) to run on it.")
	}
	r.pg.Add(&report.Paragraph{Text: trace})
	sizes := sizesOf(r.ws)
	ids := make([]string, len(sizes))
	for i, sz := range sizes {
		ids[i] = sz.ID()
	}
	setup := fmt.Sprintf("Setup: %d window sizes (%s) × %d values of P × %d algorithms × %d windows (the prefix, the first n records of the trace and the paper's setting, is its own workload, `<size>/P=<p>/prefix`; "+
		"repetitions 1..%d are windows of the same size elsewhere in the trace). Two families of window sizes: **%% windows** (3%% and 5%% of the trace's records, "+
		"the paper's definition) and **paper-sized windows** (n = 12,125 and 20,208 records, the paper's process counts, which are 3%% and 5%% of AuverGrid); "+
		"on a trace other than AuverGrid the two differ, so each family is its own set of workloads and the claims are checked on both. "+
		"One master deals the i-th job of a window to slave i mod P; every slave is one CPU running the algorithm. Algorithms: %s (RR and PLRR quantum %g s)",
		len(sizes), strings.Join(ids, ", "), len(slavesOf(r.ws)), len(r.algos), r.nWindows, r.nWindows-1, algoList(r.algos), float64(timeshare.DefaultQuantum))
	if vs := r.variantsRun(); len(vs) > 0 {
		var ls []string
		for _, v := range vs {
			ls = append(ls, v.Label)
		}
		setup += fmt.Sprintf("; for the ablation also %d variants of APDRR (%s)", len(vs), strings.Join(ls, ", "))
	}
	r.pg.Add(&report.Paragraph{Text: setup + "."})

	r.claimsSection()
	r.pg.Add(&report.Claims{Lead: r.ledgerLead(), Entries: r.led})
	r.publishedSection()
	r.workloadsSection()
	if err := r.figuresSection(); err != nil {
		return err
	}
	r.makespanSection()
	r.ablationSection()
	r.sweepSection()
	if err := r.figure2Section(); err != nil {
		return err
	}
	r.windowsSection()
	r.definitionsSection()
	r.interpretationsSection()
	return nil
}

func (r *reporter) claimsSection() {
	r.pg.Section("The paper's rankings: held or not")
	r.pg.Para("Each claim of sections 8.1–8.6 and 9 is read as a set of directional comparisons \"A lower than B\" and checked "+
		"in every workload (size × P) with a paired Wilcoxon signed-rank test over the %d windows (the same windows for every algorithm and every P), "+
		"Holm-corrected over all comparisons of the claim within one family of window sizes; a comparison holds when p_Holm < %.2f and A's values are the lower ones (rank-biserial r < 0). "+
		"A claim holds in a workload when all of its comparisons there hold. Scaling claims compare the smallest and the largest P of a size, per algorithm. "+
		"Each family has its own verdict column (held workloads / workloads, or sizes for scaling claims); as in the ledger, a claim that did not hold "+
		"with fewer windows than Holm over its comparisons needs is inconclusive, not \"not held\".",
		r.nWindows, analysis.Alpha)
	t := &report.Table{ID: Name + "-claims", Title: "Claims of Shah et al. 2012",
		Columns: []string{"id", "figure", "claim (paper)", "comparisons"}}
	for _, fr := range r.fams {
		t.Columns = append(t.Columns, fr.family.String())
	}
	t.Columns = append(t.Columns, "note", "first failures")
	for i, c := range Claims {
		cmp := algoList(c.Better) + " < " + algoList(c.Worse)
		if c.Scaling {
			cmp = algoList(c.Better) + ": P max < P min"
		}
		if len(c.Metrics) > 1 {
			cmp += " on all six metrics"
		}
		cells := []report.Cell{report.Str(c.ID), report.Str(c.Figure), report.Str(c.Text), report.Str(cmp)}
		var fails []string
		notHeld := false
		for _, fr := range r.fams {
			v := fr.verdicts[i]
			cells = append(cells, v.Cell())
			notHeld = notHeld || v.Decision() == analysis.VerdictNotHeld
			f := strings.Join(v.Failures(1), "; ")
			if v.Identical > 0 {
				f = fmt.Sprintf("%d comparisons equal in every window. ", v.Identical) + f
			}
			if f != "" {
				fails = append(fails, fr.family.String()+": "+f)
			}
		}
		note := ""
		if c.APDRRBest && notHeld {
			note = "non-reproduction of APDRR as published (see the ablation)"
		}
		cells = append(cells, report.Str(note), report.Str(strings.Join(fails, " / ")))
		t.AddRow(cells...)
	}
	for _, fr := range r.fams {
		held, partly := countHeld(fr.verdicts)
		t.Notes = append(t.Notes, fmt.Sprintf("%s: %d of %d claims held in every workload, %d in some, %d in none.",
			fr.family, held, len(fr.verdicts), partly, len(fr.verdicts)-held-partly))
	}
	t.Notes = append(t.Notes, fmt.Sprintf("Every comparison is in the workbook sheet %s-tests.", Name))
	r.pg.Add(t)
	r.sheets = append(r.sheets, t)

	tests := &report.Table{ID: Name + "-tests", Title: "Every paired comparison behind the claims",
		Columns: []string{"family", "claim", "scope", "metric", "A", "B", "workload A", "workload B", "windows", "mean A", "mean B", "W", "zeros", "effect r", "p", "p_Holm", "holds"}}
	for _, fr := range r.fams {
		for _, v := range slices.Concat(fr.verdicts, fr.alt) {
			for _, x := range v.Tests {
				holds := report.Str("yes")
				if !x.Held() {
					holds = report.Str("no")
					holds.Bad = true
				}
				tests.AddRow(report.Str(fr.family.String()), report.Str(x.Claim), report.Str(x.Scope), report.Str(x.Metric), report.Str(x.A), report.Str(x.B),
					report.Str(x.WA), report.Str(x.WB), report.Int(x.N), report.Num(x.MeanA, -1), report.Num(x.MeanB, -1),
					report.Num(x.Res.W, -1), report.Int(x.Res.Zeros), report.Num(x.Res.Effect, 3), report.Num(x.Res.P, -1), report.Num(x.PAdj, -1), holds)
			}
		}
	}
	r.sheets = append(r.sheets, tests)
}

// countHeld counts the verdicts held in every workload and in some.
func countHeld(vs []*Verdict) (held, partly int) {
	for _, v := range vs {
		switch {
		case v.Held():
			held++
		case v.HeldScopes > 0:
			partly++
		}
	}
	return held, partly
}

func (r *reporter) figuresSection() error {
	r.pg.Section("Figures 4–9: each metric against P")
	r.pg.Para("Lines: mean over the %d windows, bars: 95%% CI of the mean (t interval). One panel per window size: the %% windows in the upper row, "+
		"the paper-sized windows in the lower row, the smaller size on the left. "+
		"Tables: mean over windows, with the paper's own setting (the trace prefix, workload …/prefix) in parentheses; the lowest mean of a row in bold. "+
		"Times in hours. The y axis is logarithmic where every value is positive, because the algorithms differ by orders of magnitude.", r.nWindows)
	means := &report.Table{ID: Name + "-means", Title: "Per workload, algorithm and metric: windows summary and the prefix",
		Columns: []string{"size", "P", "algorithm", "metric", "n", "mean", "sd", "ci95_low", "ci95_high", "prefix"}}
	cols := 0
	for _, fr := range r.fams {
		cols = max(cols, len(sizesOf(fr.ws)))
	}
	for _, f := range figures {
		r.pg.Subsection(f.id + ": " + strings.ToLower(f.title))
		r.pg.Para("The paper: %s.", f.paper)
		var grid [][]*plot.Plot
		for _, fr := range r.fams {
			row := make([]*plot.Plot, cols)
			for i, size := range sizesOf(fr.ws) {
				pl, err := r.linePlot(f, size)
				if err != nil {
					return fmt.Errorf("%s: %s: %w", Name, f.id, err)
				}
				row[i] = pl
			}
			grid = append(grid, row)
		}
		base := filepath.Join(r.figDir, Name+"-"+f.file)
		if _, err := plots.SaveGrid(grid, vg.Length(cols)*13*vg.Centimeter, vg.Length(len(grid))*10*vg.Centimeter, base, "png", "svg"); err != nil {
			return fmt.Errorf("%s: %s: %w", Name, f.id, err)
		}
		file := "figures/" + Name + "-" + f.file
		r.pg.Add(&report.Figure{Path: file + ".png", Alt: f.id, Links: []string{file + ".svg"}})

		t := &report.Table{ID: f.file, Columns: []string{"size", "P"}}
		for _, a := range r.algos {
			t.Columns = append(t.Columns, Label(a))
		}
		for _, w := range r.ws {
			cells := []report.Cell{report.Str(w.Size.ID()), report.Int(w.Slaves)}
			best := math.Inf(1)
			for _, a := range r.algos {
				if g := r.group(w.ID, a, f.metric); g != nil && g.Mean < best {
					best = g.Mean
				}
			}
			for _, a := range r.algos {
				g := r.group(w.ID, a, f.metric)
				if g == nil {
					cells = append(cells, report.Str("n/a"))
					continue
				}
				text := report.FormatG(g.Mean * f.scale)
				pv, ok := r.prefix(w.ID, a, f.metric)
				if ok {
					text += " (" + report.FormatG(pv*f.scale) + ")"
				}
				c := report.Cell{Text: text, Value: g.Mean * f.scale, Num: true, Best: g.Mean == best}
				cells = append(cells, c)
				pc := report.Str("")
				if ok {
					pc = report.Num(pv, -1)
				}
				means.AddRow(report.Str(w.Size.ID()), report.Int(w.Slaves), report.Str(Label(a)), report.Str(f.metric), report.Int(g.N),
					report.Num(g.Mean, -1), report.Num(g.SD, -1), report.Num(g.CILow, -1), report.Num(g.CIHigh, -1), pc)
			}
			t.AddRow(cells...)
		}
		r.pg.Add(t)
	}
	means.Notes = []string{"Values in the stored units: seconds for times, ratios for slowdown and stretch."}
	r.sheets = append(r.sheets, means)
	return nil
}

// note is every figure's note line: the trace, when it is not the
// paper's, marked in the quick configuration.
func (r *reporter) note() string { return experiments.QuickNote(r.src.Note(), r.cfg.Quick) }

// linePlot draws one metric against P for one window size.
func (r *reporter) linePlot(f figure, size Size) (*plot.Plot, error) {
	spec := plots.LineSpec{Title: fmt.Sprintf("%s, %s windows", f.title, size.ID()), XLabel: "slaves P", YLabel: f.ylabel,
		Note: r.note(), LogY: true}
	for _, a := range r.algos {
		s := plots.Series{Name: Label(a)}
		for _, w := range r.ws {
			if w.Size != size {
				continue
			}
			g := r.group(w.ID, a, f.metric)
			if g == nil || math.IsNaN(g.Mean) {
				continue
			}
			s.X = append(s.X, float64(w.Slaves))
			s.Y = append(s.Y, g.Mean*f.scale)
			s.Lo = append(s.Lo, g.CILow*f.scale)
			s.Hi = append(s.Hi, g.CIHigh*f.scale)
			if g.CILow <= 0 {
				spec.LogY = false
			}
		}
		if len(s.X) > 0 {
			spec.Series = append(spec.Series, s)
		}
	}
	return plots.Lines(spec)
}

// makespanSection shows the makespan, which the total completion time used
// to be mistaken for: it does not depend on the algorithm here.
func (r *reporter) makespanSection() {
	t := &report.Table{ID: Name + "-makespan", Title: "Makespan: last completion minus first submission (algorithm-independent)",
		Columns: []string{"size", "P", "makespan (hours), mean over windows", "largest relative difference between two algorithms in one window"}}
	agree, worstAll := 0, 0.0
	for _, w := range r.ws {
		worst := r.num.makespanDiff[w.ID]
		if worst <= tieTolerance {
			agree++
		}
		worstAll = math.Max(worstAll, worst)
		mean := math.NaN()
		if g := r.group(w.ID, r.algos[0], timeshared.MMakespan); g != nil {
			mean = g.Mean / 3600
		}
		t.AddRow(report.Str(w.Size.ID()), report.Int(w.Slaves), report.Num(mean, 1), report.Cell{Text: fmt.Sprintf("%.1e", worst), Value: worst, Num: true, Format: "0.0E+00"})
	}
	r.pg.Section("Makespan (algorithm-independent)")
	r.pg.Para("The makespan, last completion over all slaves minus the first submission, is recorded as `%s` but is not the paper's Figure 8: "+
		"the master deals the i-th job to slave i mod P whatever the algorithm, and every local algorithm is work-conserving with free switches, "+
		"so a slave's busy periods, and when it finishes its last job, do not depend on the order of service. "+
		"In %d of %d workloads the algorithms' makespans agree to a relative %.0e in every window (largest relative difference anywhere: %.1e, "+
		"the rounding of APDRR's irrational quantum). The paper's step 9 sums each slave's completion times before taking the maximum over slaves "+
		"(Figure 8 above), which does depend on the order of service.", timeshared.MMakespan, agree, len(r.ws), tieTolerance, worstAll)
	r.pg.Add(t)
	r.sheets = append(r.sheets, t)
}

// windowStats describes every window of every size (the prefix first), from
// the window runs' records.
func (r *reporter) windowStats() (map[Size][]windowStat, error) {
	out := map[Size][]windowStat{}
	for _, size := range sizesOf(r.ws) {
		ww := WindowsWorkload(size)
		get := func(m string, rep int) (float64, bool) {
			v, ok := r.st[analysis.GroupKey{Workload: ww, Algorithm: AlgoFacts, Metric: m}][rep]
			return v, ok
		}
		for rep := 0; rep < r.nWindows; rep++ {
			var w windowStat
			var ok [8]bool
			var start, records, dealt, users float64
			start, ok[0] = get(WStart, rep)
			records, ok[1] = get(WRecords, rep)
			dealt, ok[2] = get(WDealt, rep)
			users, ok[3] = get(WUsers, rep)
			w.first, ok[4] = get(WFirstSubmit, rep)
			w.last, ok[5] = get(WLastSubmit, rep)
			w.work, ok[6] = get(WWork, rep)
			w.load1, ok[7] = get(WLoad1, rep)
			if slices.Contains(ok[:], false) {
				return nil, fmt.Errorf("%s: the window facts of %s rep %d are missing from runs.csv (workload %q)", Name, size.ID(), rep, ww)
			}
			w.start, w.records, w.dealt, w.users = int(start), int(records), int(dealt), int(users)
			out[size] = append(out[size], w)
		}
	}
	return out, nil
}

// traceFacts returns the trace run's metrics (FRecords, ...).
func (r *reporter) traceFacts() (map[string]float64, bool) {
	out := map[string]float64{}
	for _, m := range []string{FRecords, FUsers, FSkipped, FFirstSubmit, FCountWidth} {
		v, ok := r.st[analysis.GroupKey{Workload: WorkloadTrace, Algorithm: AlgoFacts, Metric: m}][0]
		if !ok {
			return nil, false
		}
		out[m] = v
	}
	return out, true
}

// firstSubmit is the submit time of the trace's first record.
func (r *reporter) firstSubmit() float64 {
	return r.st[analysis.GroupKey{Workload: WorkloadTrace, Algorithm: AlgoFacts, Metric: FFirstSubmit}][0]
}

// workloadsSection shows the offered load per CPU of every workload: how
// overloaded the slaves are decides how much the order of service matters.
func (r *reporter) workloadsSection() {
	t := &report.Table{ID: Name + "-load", Title: "Workloads: offered load per CPU",
		Columns: []string{"workload", "family", "records", "jobs dealt (prefix)", "offered load, prefix", "mean over windows", "min", "max"}}
	for _, w := range r.ws {
		ws, l := r.windows[w.Size], r.num.loads[w.ID]
		if len(ws) == 0 {
			continue
		}
		t.AddRow(report.Str(w.ID), report.Str(w.Size.Family().String()), report.Int(ws[0].records), report.Int(ws[0].dealt),
			report.Num(l.prefix, 2), report.Num(l.mean, 2), report.Num(l.lo, 2), report.Num(l.hi, 2))
	}
	r.pg.Section("Workloads")
	r.pg.Add(&report.Paragraph{Text: "Offered load per CPU = summed run time of the window's dealt jobs / (P × span of their submits). Above 1 the slaves cannot keep up " +
		"and queues grow for the whole window, so the order of service dominates every metric; the paper does not state its load."})
	r.pg.Add(t)
	r.sheets = append(r.sheets, t)
}

// variantsRun returns the APDRR variants that have records.
func (r *reporter) variantsRun() []Variant {
	var out []Variant
	for _, v := range Variants {
		if slices.ContainsFunc(r.recs, func(rec analysis.Record) bool { return rec.Algorithm == v.Name }) {
			out = append(out, v)
		}
	}
	return out
}

// ablationSection re-checks the claims with each APDRR variant standing in
// for APDRR, to show which reading (if any) moves the "APDRR best" claims.
func (r *reporter) ablationSection() {
	type row struct{ name, label, change string }
	rows := []row{{"apdrr", "APDRR as written", "none: cycles, arrivals join at the next cycle, quantum sqrt(mean run time of the local queue), user priorities"}}
	for _, v := range r.variantsRun() {
		rows = append(rows, row{v.Name, "APDRR, " + v.Label, v.Change})
	}
	if len(rows) == 1 {
		return
	}
	var best, involved []int // claim indices: APDRR best; any claim naming APDRR
	for i, c := range Claims {
		if c.APDRRBest {
			best = append(best, i)
		}
		if slices.Contains(c.Better, "apdrr") || slices.Contains(c.Worse, "apdrr") {
			involved = append(involved, i)
		}
	}
	t := &report.Table{ID: Name + "-ablation", Title: "APDRR ablation: the claims with a variant standing in for APDRR",
		Columns: []string{"variant", "change from APDRR as written"}}
	for _, fr := range r.fams {
		t.Columns = append(t.Columns, "APDRR-best claims, "+fr.family.String(), fmt.Sprintf("claims naming APDRR held, %s (of %d)", fr.family, len(involved)))
	}
	t.Columns = append(t.Columns, "turnaround ÷ RR", "turnaround ÷ SPN", "max stretch ÷ SPN")
	detail := &report.Table{ID: Name + "-ablation-claims", Title: "APDRR ablation: every claim naming APDRR, per variant and family",
		Columns: []string{"variant", "family", "claim", "verdict", "worst p_Holm"}}
	var moved []string
	for _, rw := range rows {
		cells := []report.Cell{report.Str(rw.label), report.Str(rw.change)}
		for k, fr := range r.fams {
			vs := r.num.variants[rw.name][k]
			var parts []string
			for _, i := range best {
				parts = append(parts, fmt.Sprintf("%s %d/%d", vs[i].ID, vs[i].HeldScopes, vs[i].Scopes))
				if vs[i].Held() {
					moved = append(moved, fmt.Sprintf("%s holds with %s on the %s", vs[i].ID, rw.label, fr.family))
				}
			}
			held := 0
			for _, i := range involved {
				if vs[i].Held() {
					held++
				}
				detail.AddRow(report.Str(rw.label), report.Str(fr.family.String()), report.Str(vs[i].ID), vs[i].Cell(), report.P(vs[i].WorstP))
			}
			cells = append(cells, report.Str(strings.Join(parts, " · ")), report.Int(held))
		}
		for _, ref := range [][2]string{{timeshared.MTurnaround, "rr"}, {timeshared.MTurnaround, "spn"}, {timeshared.MStretch, "spn"}} {
			cells = append(cells, report.Num(r.ratio(rw.name, ref[1], ref[0]), 2))
		}
		t.AddRow(cells...)
	}
	var bestIDs []string
	for _, i := range best {
		bestIDs = append(bestIDs, Claims[i].ID)
	}
	t.Notes = []string{"APDRR-best claims: held workloads / workloads (" + strings.Join(bestIDs, ", ") + "). Ratios: geometric mean over every workload of the variant's mean over windows divided by the other algorithm's."}

	r.pg.Section("APDRR ablation")
	r.pg.Para("APDRR as the paper writes it (section 3.2) admits new jobs only at the start of a cycle and gives every queued job one slice of "+
		"sqrt(mean run time of the local queue) per cycle (%s; a loaded slave's queue keeps the long jobs, so its quantum is larger). "+
		"So it serves much like RR (its mean turnaround is %.2f times RR's, geometric mean over workloads) and orders by user priority, which says nothing about run time; "+
		"the claims that it beats every algorithm fail as it is written (the load sweep below tests load and admission as the other explanations): "+
		"they are non-reproductions of the algorithm as published. The published APDRR is unchanged everywhere else on this page; "+
		"below, each variant changes one reading and the claims are re-checked with it in APDRR's place (same windows, same tests and corrections).",
		r.quantumNote(), r.ratio("apdrr", "rr", timeshared.MTurnaround))
	r.pg.Add(t)
	if len(moved) == 0 {
		r.pg.Para("No variant makes any APDRR-best claim hold in every workload of a family.")
	} else {
		r.pg.Para("APDRR-best claims that hold in every workload of a family with a variant: %s. None of these is the algorithm as published.", strings.Join(moved, "; "))
	}
	r.pg.Para("Every claim naming APDRR, per variant and family, is in the workbook sheet %s-ablation-claims.", Name)
	r.sheets = append(r.sheets, t, detail)
}

// quantumNote states sqrt(mean run time) of each size's prefix window, the
// quantum APDRR's first full cycle would use.
func (r *reporter) quantumNote() string {
	var parts []string
	for _, size := range sizesOf(r.ws) {
		if ws := r.windows[size]; len(ws) > 0 && ws[0].dealt > 0 {
			parts = append(parts, fmt.Sprintf("%.0f s on the %s prefix", math.Sqrt(ws[0].work/float64(ws[0].dealt)), size.ID()))
		}
	}
	return "over all jobs of a window sqrt(mean run time) is " + strings.Join(parts, ", ")
}

// meanRatio is the geometric mean over workloads of mean(a) / mean(b) on
// metric m (NaN when no workload has both).
func (r *reporter) meanRatio(a, b, m string) float64 {
	sum, n := 0.0, 0
	for _, w := range r.ws {
		ga, gb := r.group(w.ID, a, m), r.group(w.ID, b, m)
		if ga != nil && gb != nil && ga.Mean > 0 && gb.Mean > 0 {
			sum += math.Log(ga.Mean / gb.Mean)
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return math.Exp(sum / float64(n))
}

func (r *reporter) figure2Section() error {
	f := r.fig2
	r.pg.Section("Figure 2: the trace's count process")
	r.pg.Para("Whole trace (%s): jobs submitted per %d s window (%d windows over %.1f days), their sample autocorrelation for lags 0..%d windows, "+
		"and the FFT magnitude of that autocorrelation (lag 0 included, as the paper describes; frequency resolution %.3f cycles/day; shown up to %g cycles/day).",
		r.src.Label, int(f.Windows.Width), len(f.Windows.Counts), float64(len(f.Windows.Counts))*f.Windows.Width/86400, f.MaxLag,
		86400/(float64(len(f.ACF))*f.Windows.Width), fig2MaxFreq)
	days := make([]float64, len(f.Windows.Counts))
	for i := range days {
		days[i] = float64(i) * f.Windows.Width / 86400
	}
	counts := f.Windows.Series()
	pc, err := plots.Curves(plots.LineSpec{Title: "Job counts per 1024 s", XLabel: "days since first submission", YLabel: "jobs",
		Note: r.note(), Series: []plots.Series{{Name: "count", X: days, Y: counts}}})
	if err != nil {
		return fmt.Errorf("%s: Figure 2: %w", Name, err)
	}
	lagX := make([]float64, len(f.ACF))
	acf := make([]float64, 0, len(f.ACF))
	for i, v := range f.ACF {
		lagX[i] = float64(i) * f.Windows.Width / 3600
		if math.IsNaN(v) {
			return fmt.Errorf("%s: Figure 2: the count process is constant; no autocorrelation", Name)
		}
		acf = append(acf, v)
	}
	pa, err := plots.Curves(plots.LineSpec{Title: "Autocorrelation of the counts", XLabel: "lag (hours)", YLabel: "ACF",
		Note: r.note(), Series: []plots.Series{{Name: "ACF", X: lagX, Y: acf}}})
	if err != nil {
		return fmt.Errorf("%s: Figure 2: %w", Name, err)
	}
	var fx, fy []float64
	for _, s := range f.Spectrum {
		if s.Freq <= fig2MaxFreq {
			fx, fy = append(fx, s.Freq), append(fy, s.Mag)
		}
	}
	pf, err := plots.Curves(plots.LineSpec{Title: "FFT magnitude of the ACF", XLabel: "cycles per day", YLabel: "|FFT|",
		Note: r.note(), Series: []plots.Series{{Name: "|FFT|", X: fx, Y: fy}}})
	if err != nil {
		return fmt.Errorf("%s: Figure 2: %w", Name, err)
	}
	base := filepath.Join(r.figDir, Name+"-fig2-count-process")
	if _, err := plots.SaveGrid([][]*plot.Plot{{pc, pa, pf}}, 36*vg.Centimeter, 10*vg.Centimeter, base, "png", "svg"); err != nil {
		return fmt.Errorf("%s: Figure 2: %w", Name, err)
	}
	file := "figures/" + Name + "-fig2-count-process"
	r.pg.Add(&report.Figure{Path: file + ".png", Alt: "Figure 2", Links: []string{file + ".svg"}})

	mean, peakCount := r.num.meanCount, r.num.peakCount
	var text string
	if f.HasPeak {
		text = fmt.Sprintf("**Dominant period: %.1f hours** (%.3f cycles/day, |FFT| = %.1f), the largest bin above %.1f cycles/day; "+
			"with this resolution the bins next to it are %.1f h and %.1f h, so the arrivals follow a daily cycle. ",
			f.Peak.Period, f.Peak.Freq, f.Peak.Mag, PeakMinFreq,
			24/(f.Peak.Freq+86400/(float64(len(f.ACF))*f.Windows.Width)), 24/(f.Peak.Freq-86400/(float64(len(f.ACF))*f.Windows.Width)))
	}
	if sub, ok := r.num.subDaily, r.num.hasSub; ok {
		text += fmt.Sprintf("The strongest sub-daily bin is at %.2f cycles/day (period %.2f h, |FFT| = %.1f). ", sub.Freq, sub.Period, sub.Mag)
	}
	d := r.dep
	text += fmt.Sprintf("Over all frequencies the largest bin is at %.3f cycles/day (period %.1f h). Mean %.1f jobs per window, at most %d. "+
		"ACF at lag 1 = %.2f, at 24 h = %.2f. §4 reads short-range dependence, pseudo periodicity and long-range dependence in Figure 2; "+
		"on this trace the ledger's rows decide them: F2a %s, F2b %s, F2c %s (Hurst exponent of the counts less their daily profile H = %.2f, "+
		"against %.2f for AR(1) short memory and %.2f for AR(%d) fitted to the same counts).",
		f.Lowest.Freq, f.Lowest.Period, mean, peakCount, at(f.ACF, 1), at(f.ACF, int(math.Round(86400/f.Windows.Width))),
		analysis.VerdictOf(d.srd()), analysis.VerdictOf(d.periodic()), d.lrd(), d.Hurst, d.AR1.Mean, d.ARp.Mean, d.Order)
	r.pg.Add(&report.Paragraph{Text: text})

	t := &report.Table{ID: Name + "-fig2", Title: "Figure 2: largest FFT bins of the count-process ACF",
		Columns: []string{"rank", "cycles per day", "period (hours)", "|FFT|"}}
	spec := append([]spectrumPoint(nil), toPoints(f)...)
	sort.SliceStable(spec, func(i, j int) bool { return spec[i].mag > spec[j].mag })
	for i, s := range spec[:min(10, len(spec))] {
		t.AddRow(report.Int(i+1), report.Num(s.freq, 3), report.Num(s.period, 2), report.Num(s.mag, 3))
	}
	t.Notes = []string{fmt.Sprintf("%s, %d windows of %d s, lags 0..%d; the constant bin (frequency 0) is left out.", r.src.Label, len(f.Windows.Counts), int(f.Windows.Width), f.MaxLag)}
	r.pg.Add(t)
	r.sheets = append(r.sheets, t)
	return nil
}

// fig2MaxFreq is the highest frequency drawn in Figure 2's spectrum panel,
// in cycles per day: enough for the daily peak and the hour-scale
// harmonics a grid's periodic submissions produce; the rest is noise.
const fig2MaxFreq = 18.0

type spectrumPoint struct{ freq, period, mag float64 }

func toPoints(f *Fig2) []spectrumPoint {
	var out []spectrumPoint
	for _, s := range f.Spectrum {
		if s.Freq > 0 {
			out = append(out, spectrumPoint{s.Freq, s.Period, s.Mag})
		}
	}
	return out
}

func at(xs []float64, i int) float64 {
	if i < 0 || i >= len(xs) {
		return math.NaN()
	}
	return xs[i]
}

func (r *reporter) windowsSection() {
	r.pg.Section("Windows")
	t := &report.Table{ID: Name + "-windows", Title: "Trace windows (same for every P and algorithm)",
		Columns: []string{"size", "rep", "records", "first record", "first submit (days)", "span (days)", "users", "jobs dealt"}}
	var lines []string
	for _, size := range sizesOf(r.ws) {
		var starts []string
		for rep, w := range r.windows[size] {
			repCell := report.Int(rep)
			if rep == 0 {
				repCell = report.Str("prefix")
			}
			t.AddRow(report.Str(size.ID()), repCell, report.Int(w.records), report.Int(w.start), report.Num((w.first-r.firstSubmit())/86400, 2),
				report.Num((w.last-w.first)/86400, 2), report.Int(w.users), report.Int(w.dealt))
			starts = append(starts, fmt.Sprint(w.start))
		}
		lines = append(lines, fmt.Sprintf("%s (%d records): first records %s", size.ID(), size.Len(r.cfg.TraceJobs), strings.Join(starts, ", ")))
	}
	r.pg.Bullets(lines...)
	r.pg.Para("Windows per size, the prefix first, then by rep; their submit span, users and jobs are in the workbook sheet %s-windows.", Name)
	r.sheets = append(r.sheets, t)
}

func (r *reporter) definitionsSection() {
	r.pg.Section("Metric definitions")
	r.pg.Para("For job j with submit s_j, run time r_j, first start f_j and end e_j, over the jobs of the window " +
		"(internal/timeshare.Summarize):")
	var defs []string
	for _, f := range figures {
		defs = append(defs, fmt.Sprintf("**%s** (%s, `%s`): %s.", f.title, f.id, f.metric, f.def))
	}
	r.pg.Bullets(append(defs, "`slices`: dispatches of a job to a CPU over all slaves (a non-preemptive job is one slice).")...)
}

func (r *reporter) interpretationsSection() {
	r.pg.Section("Interpretations")
	r.pg.Para("Parameters and readings the paper does not give, with the value used and why.")
	items := []string{
		fmt.Sprintf("**Trace**: %s (`%s`). The paper used AuverGrid (GWA-T-4); it is used when found, else the LCG-2005-1 log (the stand-in this study's design names).", r.src.Label, r.src.Rel),
		"**Run time**: the trace's run time is the job's CPU time (the paper: \"the 'runtime' is taken as CPU time\"); every job needs one CPU of one slave. " +
			"Records without a run time (-1) or submit time are not dealt. Arrivals are the trace's submit times.",
		fmt.Sprintf("**Window sizes**, two readings, both run as their own family of workloads: n = floor(p%% × records), the paper's definition "+
			"(its 12,125 and 20,208 processes are 3%% and 5%% of AuverGrid's 404,176 rounded down), and n = 12,125 and 20,208 records, the paper's counts. "+
			"On %s they differ (3%% is %d records), and with them the offered load (table Workloads). Claims per family: %s.",
			r.src.Label, WindowLen(r.cfg.TraceJobs, 3), r.familySummary()),
		"**Priority rule** (the trace has no priorities; the paper assigns them \"on the basis of user classifications\"): " + timeshare.PriorityRuleText +
			". Applied to each window on its own, since a window is the workload the master receives.",
		"**P** (non-preemptive priority): the smallest priority value first, ties by arrival.",
		"**PLRR**: the paper names it (\"Proportional Local Round Robin\") without defining it; read as priority-level round robin: one FIFO per priority level, strict priority between levels, RR with the fixed 50 s quantum inside a level (internal/timeshare/plrr.go).",
		fmt.Sprintf("**APDRR**: thresholds %d and %d put priorities 1, 2, 3 into global queues 1, 2, 3; because the master's dealing is fixed (job i to slave i mod P), "+
			"the global queues only order jobs, which the local priority sort already does. The local quantum is sqrt(mean original run time of the jobs in the local queue), "+
			"recomputed at every cycle; jobs arriving during a cycle join at the next (internal/timeshare/apdrr.go). Other readings are in the ablation, never in APDRR's own results.", timeshare.Thresholds[0], timeshare.Thresholds[1]),
		"**APDRR ablation** (not the paper's; APDRR's own results above never use it): each variant changes one reading of APDRR and runs on the same windows; " +
			"the claims are re-checked with the variant's records in APDRR's place. Run-time priorities use " + timeshare.RunTimePriorityText + ".",
		"**Load sweep** (not the paper's): the first size's windows with submit times s scaled to first + (s − first) × load_own / load, " +
			"first being the window's first dealt submission, so the offered load per CPU is exactly the target; run times, priorities and the " +
			"dealing are unchanged. **Admission within a cycle** (ablation and sweep only): an arrival joins its priority level at the next " +
			"slice boundary and is served in this cycle if it has not had its slice (timeshare.NewAPDRRAdmit).",
		"**RR**: quantum 50 s (the paper's \"50 units\" read as seconds, the trace's unit), no context-switch cost; a preempted job goes to the tail after jobs that arrived by then.",
		"**Window placement** (the paper uses the prefix only; the other windows give confidence intervals): " + WindowRule +
			". The seed is derived from (experiment, size, rep) rather than the run's workload seed, so every P of a size sees the same windows and the scaling claims are paired.",
		fmt.Sprintf("**Bounded slowdown**: τ = %d s (the paper says \"slowdown\" without a bound; unbounded slowdown of 0-second jobs is undefined).", timeshare.BoundedSlowdownTau),
		"**Total completion time**: §8.5 defines completion time as \"" + Completion8_5 + "\" (Xhafa and Abraham); two readings of step 9 of section 3.1 (\"maximum values, out of all the maximal values for the total completion times … taken from each slave\"). " +
			"(a) Used: the largest over slaves of the sum of the slave's job completion times from the window's first submission; it depends on the order of service, " +
			"as the paper's Section 8.5 needs (SPN, FCFS, LJF and P are non-preemptive, never idle and get the same jobs per slave, yet are ranked differently). " +
			"Claims C1–C3 under it: " + r.completionSummary(r.num.completion[0]) + ". " +
			"(b) The makespan (largest over slaves of the slave's last completion): algorithm-independent here (section Makespan), so it cannot give Figure 8's ranking. " +
			"Claims C1–C3 under it: " + r.completionSummary(r.num.completion[1]) + ". " +
			"The ledger lists both readings' verdicts (C1–C3 and K1, and C1/makespan–C3/makespan and K1/makespan).",
		"**\"P, FCFS and LJF have shown the worst performance\"** (§8.5, Figure 8), two readings. (a) Used (row C2): APDRR, SPN and RR, the algorithms §8.5 names, " +
			"each below each of P, FCFS and LJF; PLRR, which §8.5 does not name, is left out. The paper publishes no values of its figures, but its text on every other figure " +
			"puts PLRR with P, FCFS and LJF among the worst (§8.1, 8.3 and 8.4: \"the worst performance\"; §8.2: \"longer\"; §8.6: \"the longest\"), " +
			"so reading Figure 8's sentence as PLRR better than P, FCFS and LJF would rank it where none of the paper's own figures does. " +
			"(b) P, FCFS and LJF worse than every other algorithm, PLRR included (row C2/" + ReadingAllOthers + ", one Holm family). Results: " + r.verdictSummary("C2", "C2/"+ReadingAllOthers) + ".",
		"**\"Successively from '16' to '128'\"** (§8.1, 8.3 and 8.4 on Figures 4, 6 and 7; §8.5's \"by increasing the number of CPUs\" on Figure 8 read alike), two readings. " +
			"(a) Used (rows W3, R4, S4b, C3): the largest P below the smallest, per algorithm and size, paired by window. Section 8 uses the same words for the series of runs " +
			"(\"varying the number of CPUs successively from '16' to '128'\"), where they name the values of P run rather than an ordering of every step; the paper publishes no values of Figures 4–9 " +
			"that could decide between the readings, so the default is what the words must at least mean (the step reading implies it). " +
			"(b) Better at every step, each P below the next smaller one, all steps of a claim one Holm family (rows W3/" + ReadingSteps + ", R4/" + ReadingSteps + ", S4b/" + ReadingSteps + ", C3/" + ReadingSteps + "). " +
			"Results: " + r.verdictSummary("W3", "W3/"+ReadingSteps, "R4", "R4/"+ReadingSteps, "S4b", "S4b/"+ReadingSteps, "C3", "C3/"+ReadingSteps) + ".",
		fmt.Sprintf("**Claims**: \"shortest\" read as lower than each algorithm the text ranks below; joint statements (\"APDRR and SPN\") as each member beating each other algorithm named; "+
			"paired two-sided Wilcoxon with direction from the rank-biserial r, α = %.2f, Holm over all comparisons of one claim in one family of window sizes; values within a relative %.0e counted as equal.", analysis.Alpha, tieTolerance),
		fmt.Sprintf("**Figure 2**: %d s windows from the first submission, lags up to half the number of windows, |FFT| of the ACF including lag 0; the dominant period is the largest bin above %.1f cycles/day "+
			"(below it the slow decay of the ACF can outweigh any period). §4's statements (rows F2a–F2f) are decided on the counts: "+
			"short-range dependence by the ACF at lag 1 against 1.96/√n; pseudo periodicity by the ACF at the dominant period against that bound and the ACF at half the period; "+
			"long-range dependence by the aggregated-variance Hurst exponent of the counts less their mean at each time of day, against %d surrogates each of AR(1) and of AR(p ≤ %d, AIC) "+
			"fitted by Yule–Walker (a bare H > 0.5 would hold for AR(1) short memory on this length).", 1024, PeakMinFreq, LRDSurrogates, LRDMaxOrder),
	}
	r.pg.Bullets(items...)
}

// writeTimings writes dir/timings.md: the runs' cost on this machine
// (wall clock, reuse counts), which would make the committed page differ
// from machine to machine and from run to run.
func (r *reporter) writeTimings(dir string) error {
	var slices, sim, wall float64
	tidx := map[analysis.RunKey]map[string]float64{}
	for _, t := range r.in.Result.Timings {
		if tidx[t.Key()] == nil {
			tidx[t.Key()] = map[string]float64{}
		}
		tidx[t.Key()][t.Metric] = t.Value
	}
	for _, rec := range r.recs {
		if rec.Metric != timeshared.MSlices {
			continue
		}
		if tm, ok := tidx[rec.Key()]; ok {
			slices += rec.Value
			sim += tm[TSim]
			wall += tm[TWall]
		}
	}
	pg := &report.Page{ID: "timings", Title: Name + ": cost on this machine"}
	pg.Para("Written by `gridbench reproduce` from `timings.csv` and `manifest.json`; machine-dependent, so kept out of paper/%s.md.", Name)
	var cost []string // one paragraph, a line each
	if m := r.in.Result.Manifest; m != nil {
		cost = append(cost, fmt.Sprintf("Runs: %d (%d executed, %d reused from an earlier invocation) on %d %s; wall time of the runs stage %.1f s, summed run time %.1f s.",
			len(m.Runs), m.Executed, m.Reused, m.Workers, report.Plural(m.Workers, "worker"), m.WallSecs, m.CPUSecs))
	}
	if sim > 0 {
		cost = append(cost, fmt.Sprintf("Simulated %.3g slices in %.1f s of simulation (%.1f s in all runs including cutting the windows): **%.3g slices per second** per core.",
			slices, sim, wall, slices/sim))
	}
	if len(cost) > 0 {
		pg.Add(&report.Paragraph{Text: strings.Join(cost, "\n")})
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%s: %w", Name, err)
	}
	return analysis.WriteFileAtomic(filepath.Join(dir, "timings.md"), func(w io.Writer) error {
		return report.WritePageMarkdown(w, pg)
	})
}

// ledgerLead says what the ledger holds and how it counts.
func (r *reporter) ledgerLead() string {
	s := "Every result statement of sections 4 (Figure 2: once, on the count process of the whole trace, each by the statistic and rule its row states) " +
		"and 8.1–8.6 and 9 (once per family of windows), in the paper's words; a claim of sections 8–9 holds when every comparison " +
		"of the claim holds in every workload of the family (the table above). Nothing was fitted to the paper's results (it publishes shapes only), " +
		"so every verdict is out of sample. Scaling claims that any work-conserving algorithm satisfies on overloaded windows keep the verdict their test gave; " +
		"their note says they hold by construction and cannot tell the algorithms apart, and the headline counts them apart. Rows /makespan check the claims on total completion time (Figure 8's and K1) with it read as the makespan. " +
		"Rows /" + ReadingAllOthers + " and /" + ReadingSteps + " decide a claim again under another reading of its words (section Interpretations), beside its default row, and are counted apart."
	if len(r.cmp) > 0 {
		s += " The last rows are §8's published numbers, its data sets' sizes (section below), counted apart as published values."
	}
	if r.cfg.Quick {
		s += " Quick configuration: too few windows for the paper-scale result."
	}
	return s
}

func (r *reporter) headline() string {
	def, _ := analysis.SplitReadings(r.led)
	construct := 0
	for _, e := range def {
		if e.Verdict == analysis.VerdictHeld && strings.HasPrefix(e.Note, ByConstructionNote) {
			construct++
		}
	}
	by := "" // (said only when some are: with one window per workload none is)
	if construct > 0 {
		by = fmt.Sprintf("; of the held under the default readings, %d by construction", construct)
	}
	s := fmt.Sprintf("%s: %s%s; nothing fitted: every verdict is out of sample; ranking claims held in every workload: %s%s",
		r.src.Label, report.LedgerCounts(r.led), by, r.familySummary(), r.publishedSummary())
	return experiments.QuickHeadline(s, r.cfg.Quick)
}

// familySummary says how many claims held in every workload, per family.
func (r *reporter) familySummary() string {
	var parts []string
	for _, fr := range r.fams {
		held, partly := countHeld(fr.verdicts)
		parts = append(parts, fmt.Sprintf("%d of %d on %s (%d partly)", held, len(fr.verdicts), fr.family, partly))
	}
	return strings.Join(parts, ", ")
}

// verdictSummary gives the verdicts of the claims ids (of Claims or
// AltClaims) as the claims table shows them, per family (in r.fams' order).
func (r *reporter) verdictSummary(ids ...string) string {
	var parts []string
	for _, fr := range r.fams {
		vs := slices.Concat(fr.verdicts, fr.alt)
		var cells []string
		for _, id := range ids {
			if i := slices.IndexFunc(vs, func(v *Verdict) bool { return v.ID == id }); i >= 0 {
				cells = append(cells, id+" "+vs[i].Cell().Text)
			}
		}
		parts = append(parts, fr.family.String()+": "+strings.Join(cells, ", "))
	}
	return strings.Join(parts, "; ")
}

// completionSummary gives claims C1–C3's verdicts, per family (in r.fams'
// order).
func (r *reporter) completionSummary(fams [][]*Verdict) string {
	var parts []string
	for k, fr := range r.fams {
		var vs []string
		for _, v := range fams[k] {
			if v.Figure == "Figure 8" {
				vs = append(vs, v.ID+" "+v.Cell().Text)
			}
		}
		parts = append(parts, fr.family.String()+": "+strings.Join(vs, ", "))
	}
	return strings.Join(parts, "; ")
}

// sortWorkloads orders ws by family, then size (percent or count), then P.
func sortWorkloads(ws []Workload) {
	key := func(w Workload) [3]int { return [3]int{int(w.Size.Family()), w.Size.Percent + w.Size.Jobs, w.Slaves} }
	sort.Slice(ws, func(i, j int) bool {
		a, b := key(ws[i]), key(ws[j])
		return slices.Compare(a[:], b[:]) < 0
	})
}

func slavesOf(ws []Workload) []int {
	var out []int
	for _, w := range ws {
		if !slices.Contains(out, w.Slaves) {
			out = append(out, w.Slaves)
		}
	}
	slices.Sort(out)
	return out
}

func joinInts(xs []int, sep string) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, sep)
}
