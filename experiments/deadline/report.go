package deadline

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/spaceshared"
)

// figure is one metric shown against the mean inter-arrival time.
type figure struct {
	id, file string // "Figure 1", "fig1-delayed"
	metric   string
	timing   bool    // read from timings.csv
	scale    float64 // display unit per stored unit (1e6: seconds → µs)
	title    string
	ylabel   string
	better   int // -1 lower is better, +1 higher, 0 neither
	logY     bool
	decimals int
	paper    string // what the published figure shows
}

var figures = []figure{
	{id: "Figure 1", file: "fig1-delayed", metric: spaceshared.MDelayed, scale: 1, title: "Delayed jobs", ylabel: "% of deadline jobs delayed",
		better: -1, decimals: 1, paper: "delayed jobs fall as the inter-arrival time grows; EG-EDF and Tabu far below Flex-BF, EASY-BF and FCFS; Tabu best, ≈ EG-EDF at 5 s"},
	{id: "Figure 2", file: "fig2-usage", metric: spaceshared.MUsage, scale: 1, title: "Machine usage", ylabel: "machine usage (%)",
		better: 1, decimals: 1, paper: "schedule-based generally higher, but lower than queue-based at low contention"},
	{id: "Figure 3", file: "fig3-weighted-usage", metric: spaceshared.MWeightedUsage, scale: 1, title: "Weighted machine usage", ylabel: "weighted machine usage (%)",
		better: 1, decimals: 1, paper: "schedule-based significantly higher than queue-based"},
	{id: "Figure 4", file: "fig4-makespan", metric: spaceshared.MMakespan, scale: 1, title: "Makespan", ylabel: "makespan (s)",
		better: -1, decimals: 0, paper: "schedule-based lower, in proportion with Figure 3"},
	{id: "Figure 5", file: "fig5-runtime", metric: spaceshared.TCPUPerDec, timing: true, scale: 1e6, title: "Scheduler runtime per decision (CPU time)", ylabel: "CPU microseconds per decision",
		better: -1, logY: true, decimals: 2, paper: "FCFS very low; EASY-BF and Flex-BF grow with the queue; EG-EDF and Tabu short and stable"},
	{id: "Figure 5b", file: "fig5b-work", metric: spaceshared.MWorkPerDec, scale: 1, title: "Scheduler work per decision (deterministic counter)", ylabel: "work steps per decision",
		better: -1, logY: true, decimals: 1, paper: "(not in the paper: the deterministic twin of Figure 5; steps are counted per algorithm, see below)"},
	{id: "Figure 6", file: "fig6-slowdown", metric: spaceshared.MSlowdown, scale: 1, title: "Average job slowdown", ylabel: "slowdown (Tw+Te)/Te",
		better: -1, decimals: 2, paper: "slowdown grows with contention; Tabu best, nearly the same as Flex-BF"},
}

// Report implements experiments.Plan: it summarizes the results, draws
// the figures, builds the page (page) and writes the timings page.
func (pl *Plan) Report(ctx context.Context, in experiments.ReportInput) (*experiments.ReportOutput, error) {
	if in.Result == nil || len(in.Result.Records) == 0 {
		return nil, fmt.Errorf("%s: no results to report", Name)
	}
	sum := pl.summarize(in.Result)
	figDir := filepath.Join(in.PaperDir, "figures")
	if err := os.MkdirAll(figDir, 0o755); err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	for _, f := range figures {
		if f.timing {
			continue // machine-dependent: results/deadline/timings.md
		}
		if err := sum.plot(f, figDir, pl.Config.Quick, pl.Reps); err != nil {
			return nil, err
		}
	}
	pg, means, claims := page(pl.Config, pl.Reps, pl.SideReps, sum)
	if err := writeTimings(filepath.Join(filepath.Dir(in.PaperDir), "results", Name), sum, pl.Config.Quick, pl.Reps); err != nil {
		return nil, err
	}
	return &experiments.ReportOutput{
		Model:    pg,
		Headline: headline(sum.ledger, sum.streams, sum.algos, sum.idx, pl.Config.Quick),
		Sheets:   []*report.Table{means, claims},
		Ledger:   sum.ledger,
	}, nil
}

// summary is everything the page shows, computed from the results before
// the page is built: the group summaries, the claim checks, the ledger,
// the deadline-rule sensitivity and the explanations of the claims not
// held.
type summary struct {
	streams      []stream
	algos        []string // the paper's algorithms run, without the readings
	idx, tidx    map[analysis.GroupKey]*analysis.Group
	checks       []Check // the claims table's rows
	measuredRows []Check // the rows decided on measured time (timings page)
	ledger       []analysis.LedgerEntry
	slack        *slackResult
	notHeld      []explained
	// workGrowth is each algorithm's mean over the repetitions of its work
	// per decision on the heaviest stream over the lightest (meanGrowth):
	// the factors the ledger's claims test.
	workGrowth map[string]float64
	// growth is, by timings.csv metric (the CPU and the wall time per
	// decision), each algorithm's mean growth factor: meanGrowth, the
	// factors the claims on measured time test.
	growth  map[string]map[string]float64
	plotted map[string]bool // figure files drawn
}

// explained is a claim not held: the likely reason and, per scope, the
// numbers behind it.
type explained struct {
	claim, reason string
	numbers       []string
}

func (pl *Plan) summarize(res *bench.Result) *summary {
	recs := res.Records
	sum := &summary{streams: pl.streams, idx: res.Index(), plotted: map[string]bool{}}
	sum.algos = slices.DeleteFunc(analysis.OrderAlgorithms(recs, PaperAlgorithms), func(a string) bool {
		return slices.Contains(Sensitivity, a) || slices.Contains(Readings, a)
	})
	_, tgroups := res.Groups()
	sum.tidx = analysis.Index(tgroups)
	cin := &claimInput{recs: recs, timings: res.Timings, workloads: ids(sum.streams), algos: sum.algos}
	all := checkClaims(cin)
	for _, c := range all {
		if c.Measured {
			sum.measuredRows = append(sum.measuredRows, c)
		} else {
			sum.checks = append(sum.checks, c)
		}
	}
	sum.measuredRows = append(sum.measuredRows, levelChecks(cin)...)
	sum.measuredRows = append(sum.measuredRows, timeChecks(cin)...)
	sum.ledger = buildLedger(cin, all, recs)
	sum.slack = slackChecks(pl.Config, sum.streams, recs, pl.SideReps)
	sum.workGrowth = meanGrowth(recs, spaceshared.MWorkPerDec, cin.workloads, sum.algos)
	sum.growth = map[string]map[string]float64{}
	for _, k := range []clock{cpuClock, wallClock} {
		sum.growth[k.perDec] = meanGrowth(res.Timings, k.perDec, cin.workloads, sum.algos)
	}
	said := map[string]bool{}
	for _, c := range sum.checks {
		if !c.Checked || c.Held {
			continue
		}
		numbers, reason := explain(c, sum.streams, sum.algos, sum.idx, sum.tidx)
		if numbers == "" {
			continue
		}
		if n := len(sum.notHeld); n == 0 || sum.notHeld[n-1].claim != c.Claim {
			sum.notHeld = append(sum.notHeld, explained{claim: c.Claim, reason: reason})
		}
		if !said[numbers] { // the two rows of claim (c) share their numbers
			said[numbers] = true
			x := &sum.notHeld[len(sum.notHeld)-1]
			x.numbers = append(x.numbers, fmt.Sprintf("%s: %s.", c.Scope, numbers))
		}
	}
	return sum
}

// groupOf is the summary of metric for stream w and algorithm a in idx
// (nil: none).
func groupOf(idx map[analysis.GroupKey]*analysis.Group, w, a, metric string) *analysis.Group {
	return idx[analysis.GroupKey{Experiment: Name, Workload: w, Algorithm: a, Metric: metric}]
}

// group is the summary of figure f's metric for one stream and algorithm.
func (sum *summary) group(f figure, w, a string) *analysis.Group {
	if f.timing {
		return groupOf(sum.tidx, w, a, f.metric)
	}
	return groupOf(sum.idx, w, a, f.metric)
}

// figureAlgos are the algorithms with a value of f's metric: the
// queue-walking EASY appears only where its cost is shown.
func (sum *summary) figureAlgos(f figure) []string {
	return slices.DeleteFunc(slices.Clone(sum.algos), func(a string) bool {
		return !slices.ContainsFunc(sum.streams, func(s stream) bool { return sum.group(f, s.id, a) != nil })
	})
}

// plot draws figure f (mean and 95% CI against the inter-arrival time, a
// line per algorithm) as figures/deadline-<file>.{png,svg}, when any
// algorithm has a value to draw.
func (sum *summary) plot(f figure, figDir string, quick bool, reps int) error {
	var series []plots.Series
	for _, a := range sum.figureAlgos(f) {
		se := plots.Series{Name: Label(a)}
		for _, s := range sum.streams {
			g := sum.group(f, s.id, a)
			if g == nil || math.IsNaN(g.Mean) {
				continue
			}
			y, lo, hi := g.Mean*f.scale, g.CILow*f.scale, g.CIHigh*f.scale
			if f.logY && lo <= 0 {
				lo = y // no lower bar below zero on a log axis
			}
			se.X, se.Y, se.Lo, se.Hi = append(se.X, s.ia), append(se.Y, y), append(se.Lo, lo), append(se.Hi, hi)
		}
		if len(se.X) > 0 && (!f.logY || !slices.ContainsFunc(se.Y, func(v float64) bool { return v <= 0 })) {
			series = append(series, se)
		}
	}
	if len(series) == 0 {
		return nil
	}
	pl, err := plots.Lines(plots.LineSpec{Title: f.id + ": " + f.title, XLabel: "mean job inter-arrival time (s)",
		YLabel: f.ylabel, Series: series, LogY: f.logY, Note: note(quick, reps)})
	if err != nil {
		return fmt.Errorf("%s: %s: %w", Name, f.id, err)
	}
	if _, err := plots.Save(pl, 16*vg.Centimeter, 10*vg.Centimeter, filepath.Join(figDir, Name+"-"+f.file), "png", "svg"); err != nil {
		return fmt.Errorf("%s: %s: %w", Name, f.id, err)
	}
	sum.plotted[f.file] = true
	return nil
}

// page lays out the summary; it computes nothing. It returns the page and
// the two workbook tables: the means behind every figure (workbook only)
// and the claims table (the page's own).
func page(cfg Config, reps, sideReps int, sum *summary) (pg *report.Page, means, claims *report.Table) {
	streams, algos, idx := sum.streams, sum.algos, sum.idx
	pg = &report.Page{ID: Name, Title: Experiment{}.Title()}
	pg.Para("Generated by `gridbench reproduce --only %s`. Sources: Klusáček & Rudová, \"Improving QoS in Computational Grids through Schedule-based Approach\", SPARK workshop at ICAPS'08, 2008 "+
		"(Figures 1–6, the claims) and Klusáček, Rudová, Baraglia, Pasquali & Capannini, \"Comparison of Multi-Criteria Scheduling Techniques\", CoreGRID 2008 (algorithms, Flexible backfilling); `references.bib`. "+
		"Every number below comes from `results/%s/runs.csv` (deterministic metrics) and its `manifest.json`. "+
		"Measured runtime depends on the machine, so it is not on this page: `reproduce` writes Figure 5 and the claims only measured time can decide, "+
		"on the scheduler's CPU time per decision (what the paper measured; the wall clock beside it), to `results/%s/timings.md` (from `timings.csv`).", Name, Name, Name)
	if cfg.Quick {
		pg.Add(&report.Paragraph{Quote: true, Text: fmt.Sprintf("**Quick configuration** (smoke test): streams %s only, %d jobs on %d machines. With %d machines instead of %d at the same "+
			"inter-arrival times, the offered load is about %.0f× the paper-scale one (table below). "+
			"Shapes and claims below are not the paper-scale result.", joinStreams(streams), cfg.Base.Jobs, cfg.Base.Machines,
			cfg.Base.Machines, jobstream.Default(0).Machines, float64(jobstream.Default(0).Machines)/float64(cfg.Base.Machines))})
	}
	pg.Para("Setup: %d streams × %d algorithms × %d repetitions (side repetitions: %d, for the readings, sensitivity variants, timing-only runs and deadline rules); per stream %d jobs on %d machines (CPUs U{1..%d}, speed U[%g, %g)), "+
		"run time U[%g, %g) s at reference speed %g, job CPUs U{1..%d}, %g%% of jobs with deadline = submit + run × U[%g, %g). "+
		"All algorithms of one repetition see the same instance (paired design).%s",
		len(streams), len(algos), reps, sideReps, cfg.Base.Jobs, cfg.Base.Machines, cfg.Base.MachineCPUsMax, cfg.Base.SpeedMin, cfg.Base.SpeedMax,
		cfg.Base.RunMin, cfg.Base.RunMax, cfg.Base.RefSpeed, cfg.Base.JobCPUsMax, cfg.Base.DeadlineShare*100, cfg.Base.SlackMin, cfg.Base.SlackMax, sideNote(algos, reps, sideReps))
	run := "Algorithms run: " + labels(algos) + "."
	if missing := Missing(algos); len(missing) > 0 {
		run += fmt.Sprintf(" **Not run: %s** — not available in this build; nothing on this page is said about them, "+
			"and the claims that involve them are marked *not checked*.", labels(missing))
	}
	pg.Add(&report.Paragraph{Text: run})

	// Offered load.
	load := &report.Table{ID: "deadline-load", Title: "Offered load per stream",
		Columns: []string{"stream", "mean inter-arrival (s)", "expected offered load", "measured mean", "95% CI low", "95% CI high", "instances"}}
	for _, s := range streams {
		spec := cfg.Base
		spec.MeanInterArrival = s.ia
		// Every algorithm of a repetition sees the same instance, so one
		// algorithm's records hold every instance's load.
		var g *analysis.Group
		for _, a := range algos {
			if g == nil {
				g = groupOf(idx, s.id, a, spaceshared.MOfferedLoad)
			}
		}
		if g == nil {
			continue
		}
		load.AddRow(report.Str(s.id), report.Num(s.ia, -1), report.Num(jobstream.ExpectedOfferedLoad(spec), 3),
			report.Num(g.Mean, 3), report.Num(g.CILow, 3), report.Num(g.CIHigh, 3), report.Int(g.N))
	}
	load.Notes = []string{"Offered load = Σ run·CPUs / (last − first submission) over Σ CPUs·speed/300 (generators/jobstream.OfferedLoad). " +
		"Above 1 the queue grows without bound; the paper chose its streams so that the 5 s stream just avoids a growing queue."}
	pg.Section("Offered load")
	pg.Add(load)

	// Figures.
	means = &report.Table{ID: "deadline-means", Title: "Per stream and algorithm: mean and 95% t-interval over repetitions",
		Columns: []string{"stream", "algorithm", "metric", "source", "n", "mean", "sd", "ci95_low", "ci95_high"}}
	pg.Section("Figures 1–6")
	pg.Add(&report.Paragraph{Text: "Each figure: mean over repetitions against the mean inter-arrival time, one line per algorithm, bars = 95% t-interval of the mean, mean ± t(0.975, n−1)·sd/√n (as are the tables' 95% CI columns). " +
		"Best mean per stream in bold in the tables."})
	for _, f := range figures {
		if f.timing {
			continue // machine-dependent: results/deadline/timings.md
		}
		algos := sum.figureAlgos(f)
		tab := &report.Table{ID: f.file, Columns: []string{"stream"}}
		for _, a := range algos {
			tab.Columns = append(tab.Columns, Label(a))
		}
		for _, s := range streams {
			row := []report.Cell{report.Str(s.id)}
			best := -1
			for i, a := range algos {
				g := sum.group(f, s.id, a)
				if g == nil {
					row = append(row, report.Str("n/a"))
					continue
				}
				means.AddRow(report.Str(s.id), report.Str(Label(a)), report.Str(f.metric), report.Str(source(f)), report.Int(g.N),
					report.Num(g.Mean, -1), report.Num(g.SD, -1), report.Num(g.CILow, -1), report.Num(g.CIHigh, -1))
				c := report.Str(fmt.Sprintf("%s ± %s", report.FormatFloat(g.Mean*f.scale, f.decimals),
					report.FormatFloat((g.CIHigh-g.Mean)*f.scale, f.decimals)))
				c.Value, c.Num = g.Mean*f.scale, !math.IsNaN(g.Mean)
				row = append(row, c)
				if f.better != 0 && c.Num {
					if best < 0 || float64(f.better)*(c.Value-row[best+1].Value) > 0 {
						best = i
					}
				}
			}
			if best >= 0 {
				row[best+1].Best = true
			}
			tab.AddRow(row...)
		}
		pg.Subsection(f.id + ": " + f.title)
		pg.Para("Paper: %s.", f.paper)
		if f.file == "fig2-usage" {
			var vs []string
			for _, e := range sum.ledger {
				if (e.ID == "fig2" || e.ID == "fig2-low") && usageReading(e) != "" {
					vs = append(vs, fmt.Sprintf("%s (%s): **%s**", e.ID, e.Scope, e.Verdict))
				}
			}
			pg.Para("Claims ledger: %s. The section \"Figure 2: machine usage, time average and event average\" below says which reading, if any, supports the claim.",
				strings.Join(vs, "; "))
		}
		if sum.plotted[f.file] {
			file := "figures/" + Name + "-" + f.file
			pg.Add(&report.Figure{Path: file + ".png", Alt: f.id, Links: []string{file + ".svg"}})
		}
		pg.Add(tab)
	}

	// Runtime against queue length.
	runtimeSection(pg, sum)

	// Claims.
	claims = &report.Table{ID: "deadline-claims", Title: "Claims of the papers, checked over the repetitions",
		Columns: []string{"claim", "stream", "statement", "verdict", "statistic"}}
	held, checked, onTime := 0, 0, 0
	for _, c := range sum.checks {
		v := report.Str("not checked")
		if c.OnTime {
			onTime++
			v = report.VerdictCell(analysis.VerdictNotTestable, "")
		}
		if c.Checked {
			checked++
			if c.Held {
				held++
			}
			v = report.VerdictCell(entry(c).Verdict, "")
		}
		claims.AddRow(report.Str(c.Claim), report.Str(c.Scope), report.Str(c.Statement), v, report.Str(c.Statistic))
	}
	claims.Notes = []string{
		fmt.Sprintf("Ordering claims (a, b, c, and the \"best\" rows of e): two-sided paired Wilcoxon signed-rank tests over the repetitions (same seeds), "+
			"Holm-adjusted across all comparisons of the claim (every stream together); a \"<\"/\">\" comparison holds when "+
			"p_Holm < %g and the rank-biserial r of the paired differences has the claimed sign (the one rule of every study; the means are shown, never decide); \"≤\" holds unless the first is significantly higher. "+
			"A row holds when all its comparisons hold; the statistic shows the weakest (or a failing) comparison. "+
			"The ledger's load trends (fig1-load, fig6-load) compare one stream with another, whose instances come from seeds of their own: "+
			"two independent samples, so they are two-sided Mann–Whitney U tests, r the rank-biserial 2U/(n1·n2) − 1.", analysis.Alpha),
		fmt.Sprintf("Claim (d), \"≈\", is an equivalence test: the 95%% t-interval of the paired mean difference must lie within ±%g "+
			"percentage points (two one-sided tests at 2.5%% each). Claim (e), \"best, nearly the same as Flex-BF\", is an ordering for \"best\" "+
			"(Tabu below FCFS, EASY-BF and EG-EDF) and one-sided (non-inferiority) for \"nearly the same as Flex-BF\": the upper limit of that interval for Tabu − Flex-BF must lie below +%g%% of Flex-BF's mean slowdown on the "+
			"stream (a one-sided test at 2.5%%, Holm-adjusted over the streams as the ordering claims are); a Tabu far better than Flex-BF holds it.", DelayedMargin, SlowdownMargin*100),
		"Claim (c) is about time, which the paper measured, so it is decided on the scheduler's measured CPU time per decision on the heaviest stream, where queues are longest: " +
			"machine-dependent, in results/deadline/timings.md, never on this page. The row here shows the same comparisons on the deterministic work counter, not deciding: " +
			"each algorithm counts its own kind of step, so the counter's levels do not compare across algorithms and its growth factors need not rank as the time's do. " +
			"Both rows compare the schedule-based algorithms the Conclusion speaks of (EG-EDF, and Tabu search when run) with each backfilling one: " +
			"a growth factor (cost per decision on the heaviest stream ÷ on the lightest, per repetition) above 1 for each backfilling algorithm and lower for each schedule-based one, " +
			"with, on the CPU time, lower levels for the schedule-based ones and, on the counter, a positive within-run least-squares slope of work on the queue length " +
			"for each backfilling algorithm. EASY-BF there is the " +
			"queue-walking EASY-BF (queue walk), as the papers' simulator ran it; it makes the same schedules as the fast EASY-BF of every " +
			"other figure (internal/sched/easywalk proves it) and is run only for its cost.",
	}
	pg.Section("Claims")
	pg.Para("The five headline claims (a)–(e) of the two papers, as checks per stream; the claims ledger below has every result statement of both papers.")
	count := fmt.Sprintf("%d of %d checks held", held, checked)
	if onTime > 0 {
		count += fmt.Sprintf("; %d decided on measured time, in results/deadline/timings.md", onTime)
	}
	if nc := len(sum.checks) - checked - onTime; nc > 0 {
		count += fmt.Sprintf(" (%d not checked)", nc)
	}
	pg.Para("%s.", count)
	pg.Add(claims)
	pg.Subsection("Claims not held: the numbers behind them and likely reasons")
	notHeld := &report.List{}
	for _, x := range sum.notHeld {
		notHeld.Items = append(notHeld.Items, fmt.Sprintf("Claim (%s): %s", x.claim, x.reason))
		notHeld.Sub = append(notHeld.Sub, x.numbers)
	}
	pg.Add(notHeld)

	// The ledger: every result statement of both papers.
	pg.Add(&report.Claims{Lead: ledgerLead(cfg.Quick, sideReps), Entries: sum.ledger})

	// Readings and sensitivity.
	pg.Section("Other readings and the deadline rule")
	usageReadingsSection(pg, streams, algos, idx, sum.ledger)
	alg3Section(pg, streams, idx, sum.ledger, sideReps)
	slackSection(pg, cfg, sum.slack, sideReps)

	// FCFS against the SPEC's prototype.
	fcfsCheckSection(pg, streams, idx, cfg.Quick)

	pg.Section("Metric definitions")
	pg.Bullets(definitions...)
	pg.Section("Interpretations")
	pg.Para("Parameters and readings the papers do not fix, with our value and why.")
	pg.Bullets(interpretations(cfg)...)
	sensitivitySection(pg, streams, idx)

	return pg, means, claims
}

// sideNote says which of algos run at sideReps only, when that is fewer
// than reps: " The timing-only EASY-BF (queue walk) runs the first 10
// repetitions." (empty otherwise).
func sideNote(algos []string, reps, sideReps int) string {
	var side []string
	for _, a := range algos {
		if SideRun(a) {
			side = append(side, a)
		}
	}
	if len(side) == 0 || sideReps == reps {
		return ""
	}
	return fmt.Sprintf(" The timing-only %s runs the first %d repetitions (it has no published number; its claims are tested on those pairs).", labels(side), sideReps)
}
