package deadline

import (
	"bytes"
	"context"
	"fmt"
	"github.com/gridbench/gridbench/families/spacesharing"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
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
	{id: "Figure 1", file: "fig1-delayed", metric: spacesharing.MDelayed, scale: 1, title: "Delayed jobs", ylabel: "% of deadline jobs delayed",
		better: -1, decimals: 1, paper: "delayed jobs fall as the inter-arrival time grows; EG-EDF and Tabu far below Flex-BF, EASY-BF and FCFS; Tabu best, ≈ EG-EDF at 5 s"},
	{id: "Figure 2", file: "fig2-usage", metric: spacesharing.MUsage, scale: 1, title: "Machine usage", ylabel: "machine usage (%)",
		better: 1, decimals: 1, paper: "schedule-based generally higher, but lower than queue-based at low contention"},
	{id: "Figure 3", file: "fig3-weighted-usage", metric: spacesharing.MWeightedUsage, scale: 1, title: "Weighted machine usage", ylabel: "weighted machine usage (%)",
		better: 1, decimals: 1, paper: "schedule-based significantly higher than queue-based"},
	{id: "Figure 4", file: "fig4-makespan", metric: spacesharing.MMakespan, scale: 1, title: "Makespan", ylabel: "makespan (s)",
		better: -1, decimals: 0, paper: "schedule-based lower, in proportion with Figure 3"},
	{id: "Figure 5", file: "fig5-runtime", metric: spacesharing.TSecPerDec, timing: true, scale: 1e6, title: "Scheduler runtime per decision (wall clock)", ylabel: "microseconds per decision",
		better: -1, logY: true, decimals: 2, paper: "FCFS very low; EASY-BF and Flex-BF grow with the queue; EG-EDF and Tabu short and stable"},
	{id: "Figure 5b", file: "fig5b-work", metric: spacesharing.MWorkPerDec, scale: 1, title: "Scheduler work per decision (deterministic counter)", ylabel: "work steps per decision",
		better: -1, logY: true, decimals: 1, paper: "(not in the paper: the deterministic twin of Figure 5; steps are counted per algorithm, see below)"},
	{id: "Figure 6", file: "fig6-slowdown", metric: spacesharing.MSlowdown, scale: 1, title: "Average job slowdown", ylabel: "slowdown (Tw+Te)/Te",
		better: -1, decimals: 2, paper: "slowdown grows with contention; Tabu best, nearly the same as Flex-BF"},
}

// stream is one planned workload.
type stream struct {
	id string
	ia float64
}

// streamsOf returns the planned workloads ordered by inter-arrival time,
// read from the plan's workload descriptors (parameter ia).
func streamsOf(plan bench.Plan) ([]stream, error) {
	var out []stream
	for _, w := range plan.Workloads {
		if w.Is("part", "slack") {
			continue // the deadline-rule sensitivity (writeSlack)
		}
		ia, err := w.Float("ia")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", Name, err)
		}
		out = append(out, stream{w.ID, ia})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: the report needs the plan (ReportInput.Plan): it describes no workload", Name)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ia < out[j].ia })
	return out, nil
}

// Report implements experiments.Experiment.
func (Experiment) Report(ctx context.Context, in experiments.ReportInput) (*experiments.ReportOutput, error) {
	if in.Result == nil || len(in.Result.Records) == 0 {
		return nil, fmt.Errorf("%s: no results to report", Name)
	}
	recs, timings := in.Result.Records, in.Result.Timings
	streams, err := streamsOf(in.Plan)
	if err != nil {
		return nil, err
	}
	algos := slices.DeleteFunc(analysis.OrderAlgorithms(recs, PaperAlgorithms), func(a string) bool {
		return slices.Contains(Sensitivity, a) || slices.Contains(Readings, a)
	})
	idx := in.Result.Index()
	_, tgroups := in.Result.Groups()
	tidx := analysis.Index(tgroups)
	group := func(f figure, w, a string) *analysis.Group {
		if f.timing {
			return tidx[analysis.GroupKey{Experiment: Name, Workload: w, Algorithm: a, Metric: f.metric}]
		}
		return idx[analysis.GroupKey{Experiment: Name, Workload: w, Algorithm: a, Metric: f.metric}]
	}
	cfg, ok := in.Plan.Config.(Config)
	if !ok {
		return nil, fmt.Errorf("%s: plan configuration %T, want deadline.Config", Name, in.Plan.Config)
	}
	reps := in.Config.Reps

	figDir := filepath.Join(in.PaperDir, "figures")
	if err := os.MkdirAll(figDir, 0o755); err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	p("# %s\n\n", Experiment{}.Title())
	p("Generated by `gridbench reproduce --only %s`. Sources: Klusáček & Rudová, \"Improving QoS in Computational Grids through Schedule-based Approach\", SPARK workshop at ICAPS'08, 2008 "+
		"(Figures 1–6, the claims) and Klusáček, Rudová, Baraglia, Pasquali & Capannini, \"Comparison of Multi-Criteria Scheduling Techniques\", CoreGRID 2008 (algorithms, Flexible backfilling); `references.bib`. "+
		"Every number below comes from `results/%s/runs.csv` (deterministic metrics) and its `manifest.json`. "+
		"Wall-clock figures depend on the machine, so they are not on this page: `reproduce` writes them, with the claims only the wall clock "+
		"can decide, to `results/%s/timings.md` (from `timings.csv`).\n\n", Name, Name, Name)
	if cfg.Quick {
		p("> **Quick configuration** (smoke test): streams %s only, %d jobs on %d machines. With %d machines instead of %d at the same "+
			"inter-arrival times, the offered load is about %.0f× the paper-scale one (table below). "+
			"Shapes and claims below are not the paper-scale result.\n\n", joinStreams(streams), cfg.Base.Jobs, cfg.Base.Machines,
			cfg.Base.Machines, jobstream.Default(0).Machines, float64(jobstream.Default(0).Machines)/float64(cfg.Base.Machines))
	}
	p("Setup: %d streams × %d algorithms × %d repetitions; per stream %d jobs on %d machines (CPUs U{1..%d}, speed U[%g, %g)), "+
		"run time U[%g, %g) s at reference speed %g, job CPUs U{1..%d}, %g%% of jobs with deadline = submit + run × U[%g, %g). "+
		"All algorithms of one repetition see the same instance (paired design).\n\n",
		len(streams), len(algos), reps, cfg.Base.Jobs, cfg.Base.Machines, cfg.Base.MachineCPUsMax, cfg.Base.SpeedMin, cfg.Base.SpeedMax,
		cfg.Base.RunMin, cfg.Base.RunMax, cfg.Base.RefSpeed, cfg.Base.JobCPUsMax, cfg.Base.DeadlineShare*100, cfg.Base.SlackMin, cfg.Base.SlackMax)
	labels := make([]string, len(algos))
	for i, a := range algos {
		labels[i] = Label(a)
	}
	p("Algorithms run: %s.", strings.Join(labels, ", "))
	missing := Missing(algos)
	if len(missing) > 0 {
		ml := make([]string, len(missing))
		for i, a := range missing {
			ml[i] = Label(a)
		}
		p(" **Not run: %s** — not available in this build; nothing on this page is said about them, "+
			"and the claims that involve them are marked *not checked*.", strings.Join(ml, ", "))
	}
	p("\n\n")

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
				g = idx[analysis.GroupKey{Experiment: Name, Workload: s.id, Algorithm: a, Metric: spacesharing.MOfferedLoad}]
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
	p("## Offered load\n\n")
	if err := report.WriteMarkdown(&b, load); err != nil {
		return nil, err
	}

	// Claims and the ledger first: the figures quote their verdicts.
	cin := &claimInput{recs: recs, timings: timings, workloads: ids(streams), algos: algos}
	all := checkClaims(cin)
	var checks, wallRows []Check
	for _, c := range all {
		if c.Wall {
			wallRows = append(wallRows, c)
		} else {
			checks = append(checks, c)
		}
	}
	wallRows = append(wallRows, wallChecks(cin)...)
	ledger := buildLedger(cin, all, recs)

	// Figures.
	means := &report.Table{ID: "deadline-means", Title: "Per stream and algorithm: mean and 95% CI over repetitions",
		Columns: []string{"stream", "algorithm", "metric", "source", "n", "mean", "sd", "ci95_low", "ci95_high"}}
	p("## Figures 1–6\n\nEach figure: mean over repetitions against the mean inter-arrival time, one line per algorithm, bars = 95%% CI of the mean. " +
		"Best mean per stream in bold in the tables.\n\n")
	for _, f := range figures {
		if f.timing {
			continue // machine-dependent: results/deadline/timings.md
		}
		// The queue-walking EASY appears only where its cost is shown.
		algos := slices.DeleteFunc(slices.Clone(algos), func(a string) bool {
			return !slices.ContainsFunc(streams, func(s stream) bool { return group(f, s.id, a) != nil })
		})
		var series []plots.Series
		tab := &report.Table{ID: f.file, Columns: []string{"stream"}}
		for _, a := range algos {
			tab.Columns = append(tab.Columns, Label(a))
			se := plots.Series{Name: Label(a)}
			for _, s := range streams {
				g := group(f, s.id, a)
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
		for _, s := range streams {
			row := []report.Cell{report.Str(s.id)}
			best := -1
			for i, a := range algos {
				g := group(f, s.id, a)
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
		p("### %s: %s\n\n", f.id, f.title)
		p("Paper: %s.\n\n", f.paper)
		if f.file == "fig2-usage" {
			var vs []string
			for _, e := range ledger {
				if (e.ID == "fig2" || e.ID == "fig2-low") && usageReading(e) != "" {
					vs = append(vs, fmt.Sprintf("%s (%s): **%s**", e.ID, e.Scope, e.Verdict))
				}
			}
			p("Claims ledger: %s. The section \"Figure 2: machine usage, time average and event average\" below says which reading, if any, supports the claim.\n\n",
				strings.Join(vs, "; "))
		}
		if len(series) > 0 {
			pl, err := plots.Lines(plots.LineSpec{Title: f.id + ": " + f.title, XLabel: "mean job inter-arrival time (s)",
				YLabel: f.ylabel, Series: series, LogY: f.logY, Note: note(cfg.Quick, reps)})
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", Name, f.id, err)
			}
			base := filepath.Join(figDir, Name+"-"+f.file)
			if _, err := plots.Save(pl, 16*vg.Centimeter, 10*vg.Centimeter, base, "png", "svg"); err != nil {
				return nil, fmt.Errorf("%s: %s: %w", Name, f.id, err)
			}
			p("![%s](figures/%s-%s.png) ([svg](figures/%s-%s.svg))\n\n", f.id, Name, f.file, Name, f.file)
		}
		if err := report.WriteMarkdown(&b, tab); err != nil {
			return nil, err
		}
	}

	// Runtime against queue length.
	if err := writeRuntime(&b, streams, algos, idx); err != nil {
		return nil, err
	}

	// Claims.
	claims := &report.Table{ID: "deadline-claims", Title: "Claims of the papers, checked over the repetitions",
		Columns: []string{"claim", "stream", "statement", "verdict", "statistic"}}
	held, checked := 0, 0
	for _, c := range checks {
		v := report.Str("not checked")
		if c.Checked {
			checked++
			if c.Held {
				held++
			}
			v = verdictCell(entry(c).Verdict)
		}
		claims.AddRow(report.Str(c.Claim), report.Str(c.Scope), report.Str(c.Statement), v, report.Str(c.Statistic))
	}
	claims.Notes = []string{
		fmt.Sprintf("Ordering claims (a, b, c): two-sided paired Wilcoxon signed-rank tests over the repetitions (same seeds), "+
			"Holm-adjusted across all comparisons of the claim (every stream together); a \"<\"/\">\" comparison holds when "+
			"p_Holm < %g and the rank-biserial r of the paired differences has the claimed sign (the one rule of every study; the means are shown, never decide); \"≤\" holds unless the first is significantly higher. "+
			"A row holds when all its comparisons hold; the statistic shows the weakest (or a failing) comparison.", analysis.Alpha),
		fmt.Sprintf("Claim (d), \"≈\", is an equivalence test: the 95%% t-interval of the paired mean difference must lie within ±%g "+
			"percentage points (two one-sided tests at 2.5%% each). Claim (e), \"best, nearly the same as Flex-BF\", is one-sided "+
			"(non-inferiority): the upper limit of that interval for Tabu − Flex-BF must lie below +%g%% of Flex-BF's mean slowdown on the "+
			"stream (a one-sided test at 2.5%%); a Tabu far better than Flex-BF holds it.", DelayedMargin, SlowdownMargin*100),
		"Claim (c) is checked on the heaviest stream, where queues are longest, with the deterministic work counter here; its wall-clock row " +
			"(levels and slopes of seconds per decision) is machine-dependent and is in results/deadline/timings.md. " +
			"\"Slope\" is the least-squares slope, within one run, " +
			"of the per-decision cost on the queue length at the start of the decision (one value per run). EASY-BF there is the " +
			"queue-walking EASY-BF (queue walk), as the papers' simulator ran it; it makes the same schedules as the fast EASY-BF of every " +
			"other figure (internal/sched/easywalk proves it) and is run only for its cost. The wall-clock row compares levels and slopes " +
			"across algorithms (one unit); the work-counter row tests each algorithm's own growth (its unit is its own): a positive " +
			"within-run slope and a growth factor (work per decision on the heaviest stream ÷ on the lightest, per repetition) above 1 for " +
			"each backfilling algorithm, and a lower growth factor for EG-EDF, a unit-free ratio.",
	}
	p("## Claims\n\nThe five headline claims (a)–(e) of the two papers, as checks per stream; the claims ledger below has every result statement of both papers.\n\n")
	p("%d of %d checks held", held, checked)
	if nc := len(checks) - checked; nc > 0 {
		p(" (%d not checked)", nc)
	}
	p(".\n\n")
	if err := report.WriteMarkdown(&b, claims); err != nil {
		return nil, err
	}
	p("### Claims not held: the numbers behind them and likely reasons\n\n")
	var lastClaim string
	said := map[string]bool{}
	for _, c := range checks {
		if !c.Checked || c.Held {
			continue
		}
		numbers, reason := explain(c, streams, algos, idx, tidx)
		if numbers == "" {
			continue
		}
		if c.Claim != lastClaim {
			p("- Claim (%s): %s\n", c.Claim, reason)
			lastClaim = c.Claim
		}
		if !said[numbers] { // the two rows of claim (c) share their numbers
			said[numbers] = true
			p("  - %s: %s.\n", c.Scope, numbers)
		}
	}
	p("\n")

	// The ledger: every result statement of both papers.
	if err := report.WriteLedgerSection(&b, ledgerLead(cfg.Quick, SideReps(reps)), ledger); err != nil {
		return nil, err
	}
	if _, err := report.WriteLedgerFile(in.PaperDir, Name, ledger); err != nil {
		return nil, err
	}

	// Readings and sensitivity.
	p("## Other readings and the deadline rule\n\n")
	if err := writeUsageReadings(&b, streams, algos, idx, ledger); err != nil {
		return nil, err
	}
	if err := writeAlg3(&b, streams, idx, ledger, SideReps(reps)); err != nil {
		return nil, err
	}
	if err := writeSlack(&b, cfg, streams, recs, SideReps(reps)); err != nil {
		return nil, err
	}

	// FCFS against the SPEC's prototype.
	if err := writeFCFSCheck(&b, streams, idx, cfg.Quick); err != nil {
		return nil, err
	}

	p("## Metric definitions\n\n")
	for _, d := range definitions {
		p("- %s\n", d)
	}
	p("\n## Interpretations\n\nParameters and readings the papers do not fix, with our value and why.\n\n")
	for _, s := range interpretations(cfg) {
		p("- %s\n", s)
	}
	p("\n")
	if err := writeSensitivity(&b, streams, idx); err != nil {
		return nil, err
	}

	if err := writeTimings(filepath.Join(filepath.Dir(in.PaperDir), "results", Name), streams, algos, idx, tidx, wallRows, cfg.Quick, reps); err != nil {
		return nil, err
	}

	page := Name + ".md"
	if err := analysis.WriteFileAtomic(filepath.Join(in.PaperDir, page), func(w io.Writer) error {
		_, err := w.Write(b.Bytes())
		return err
	}); err != nil {
		return nil, err
	}
	return &experiments.ReportOutput{
		Page:     page,
		Headline: headline(ledger, streams, algos, idx, cfg.Quick),
		Sheets:   []*report.Table{means, claims, report.LedgerTable(Name+"-ledger", "Claims ledger", ledger)},
		Ledger:   ledger,
	}, nil
}
