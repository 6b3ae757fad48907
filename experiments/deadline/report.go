package deadline

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/experiments"
	gen "github.com/gridbench/gridbench/generators/deadline"
	"github.com/gridbench/gridbench/paper"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/results"
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
	{id: "Figure 1", file: "fig1-delayed", metric: MDelayed, scale: 1, title: "Delayed jobs", ylabel: "% of deadline jobs delayed",
		better: -1, decimals: 1, paper: "delayed jobs fall as the inter-arrival time grows; EG-EDF and Tabu far below Flex-BF, EASY-BF and FCFS; Tabu best, ≈ EG-EDF at 5 s"},
	{id: "Figure 2", file: "fig2-usage", metric: MUsage, scale: 1, title: "Machine usage", ylabel: "machine usage (%)",
		better: 1, decimals: 1, paper: "schedule-based generally higher, but lower than queue-based at low contention"},
	{id: "Figure 3", file: "fig3-weighted-usage", metric: MWeightedUsage, scale: 1, title: "Weighted machine usage", ylabel: "weighted machine usage (%)",
		better: 1, decimals: 1, paper: "schedule-based significantly higher than queue-based"},
	{id: "Figure 4", file: "fig4-makespan", metric: MMakespan, scale: 1, title: "Makespan", ylabel: "makespan (s)",
		better: -1, decimals: 0, paper: "schedule-based lower, in proportion with Figure 3"},
	{id: "Figure 5", file: "fig5-runtime", metric: TSecPerDec, timing: true, scale: 1e6, title: "Scheduler runtime per decision (wall clock)", ylabel: "microseconds per decision",
		better: -1, logY: true, decimals: 2, paper: "FCFS very low; EASY-BF and Flex-BF grow with the queue; EG-EDF and Tabu short and stable"},
	{id: "Figure 5b", file: "fig5b-work", metric: MWorkPerDec, scale: 1, title: "Scheduler work per decision (deterministic counter)", ylabel: "work steps per decision",
		better: -1, logY: true, decimals: 1, paper: "(not in the paper: the deterministic twin of Figure 5; steps are counted per algorithm, see below)"},
	{id: "Figure 6", file: "fig6-slowdown", metric: MSlowdown, scale: 1, title: "Average job slowdown", ylabel: "slowdown (Tw+Te)/Te",
		better: -1, decimals: 2, paper: "slowdown grows with contention; Tabu best, nearly the same as Flex-BF"},
}

// stream is one planned workload.
type stream struct {
	id string
	ia float64
}

// streamsOf returns the workloads of recs ordered by inter-arrival time.
func streamsOf(recs []results.Record) ([]stream, error) {
	seen := map[string]bool{}
	var out []stream
	for _, r := range recs {
		if seen[r.Workload] {
			continue
		}
		seen[r.Workload] = true
		v, ok := strings.CutPrefix(r.Workload, "ia=")
		ia, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("%s: workload %q is not of the form ia=<seconds>", Name, r.Workload)
		}
		out = append(out, stream{r.Workload, ia})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ia < out[j].ia })
	return out, nil
}

// algosOf returns the algorithms of recs, in PaperAlgorithms order, then
// any others by name.
func algosOf(recs []results.Record) []string {
	seen := map[string]bool{}
	for _, r := range recs {
		seen[r.Algorithm] = true
	}
	var out, other []string
	for _, a := range PaperAlgorithms {
		if seen[a] {
			out = append(out, a)
			delete(seen, a)
		}
	}
	for a := range seen {
		other = append(other, a)
	}
	sort.Strings(other)
	return append(out, other...)
}

// Report implements experiments.Experiment.
func (Experiment) Report(ctx context.Context, in experiments.ReportInput) (*experiments.ReportOutput, error) {
	if in.Result == nil || len(in.Result.Records) == 0 {
		return nil, fmt.Errorf("%s: no results to report", Name)
	}
	recs, timings := in.Result.Records, in.Result.Timings
	streams, err := streamsOf(recs)
	if err != nil {
		return nil, err
	}
	algos := algosOf(recs)
	idx := results.Index(results.Groups(recs))
	tidx := results.Index(results.Groups(timings))
	group := func(f figure, w, a string) *results.Group {
		if f.timing {
			return tidx[results.GroupKey{Experiment: Name, Workload: w, Algorithm: a, Metric: f.metric}]
		}
		return idx[results.GroupKey{Experiment: Name, Workload: w, Algorithm: a, Metric: f.metric}]
	}
	cfg := DefaultConfig(in.Config.Quick)
	reps := in.Config.Reps

	figDir := filepath.Join(in.PaperDir, "figures")
	if err := os.MkdirAll(figDir, 0o755); err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	p("# %s\n\n", Experiment{}.Title())
	p("Generated by `gridbench reproduce --only %s`. Sources: `papers/klusacek-rudova-schedule-based-eg-edf-tabu.md` "+
		"(Figures 1–6, the claims) and `papers/klusacek-baraglia-2008-multicriteria-eg-edf-tabu.md` (algorithms, Flexible backfilling). "+
		"Every number below comes from `results/%s/runs.csv` (deterministic metrics) or `timings.csv` (wall clock) and its `manifest.json`.\n\n", Name, Name)
	if in.Config.Quick {
		p("> **Quick configuration** (smoke test): streams %s only, %d jobs on %d machines. With %d machines instead of %d at the same "+
			"inter-arrival times, the offered load is about %.0f× the paper-scale one (table below). "+
			"Shapes and claims below are not the paper-scale result.\n\n", joinStreams(streams), cfg.Base.Jobs, cfg.Base.Machines,
			cfg.Base.Machines, gen.Default(0).Machines, float64(gen.Default(0).Machines)/float64(cfg.Base.Machines))
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
	load := &paper.Table{ID: "deadline-load", Title: "Offered load per stream",
		Columns: []string{"stream", "mean inter-arrival (s)", "expected offered load", "measured mean", "95% CI low", "95% CI high", "instances"}}
	for _, s := range streams {
		spec := cfg.Base
		spec.MeanInterArrival = s.ia
		// Every algorithm of a repetition sees the same instance, so one
		// algorithm's records hold every instance's load.
		g := idx[results.GroupKey{Experiment: Name, Workload: s.id, Algorithm: algos[0], Metric: MOfferedLoad}]
		if g == nil {
			continue
		}
		load.AddRow(paper.Str(s.id), paper.Num(s.ia, -1), paper.Num(gen.ExpectedOfferedLoad(spec), 3),
			paper.Num(g.Mean, 3), paper.Num(g.CILow, 3), paper.Num(g.CIHigh, 3), paper.Int(g.N))
	}
	load.Notes = []string{"Offered load = Σ run·CPUs / (last − first submission) over Σ CPUs·speed/300 (generators/deadline.OfferedLoad). " +
		"Above 1 the queue grows without bound; the paper chose its streams so that the 5 s stream just avoids a growing queue."}
	p("## Offered load\n\n")
	if err := paper.WriteMarkdown(&b, load); err != nil {
		return nil, err
	}

	// Figures.
	means := &paper.Table{ID: "deadline-means", Title: "Per stream and algorithm: mean and 95% CI over repetitions",
		Columns: []string{"stream", "algorithm", "metric", "source", "n", "mean", "sd", "ci95_low", "ci95_high"}}
	p("## Figures 1–6\n\nEach figure: mean over repetitions against the mean inter-arrival time, one line per algorithm, bars = 95%% CI of the mean. " +
		"Best mean per stream in bold in the tables.\n\n")
	for _, f := range figures {
		var series []plots.Series
		tab := &paper.Table{ID: f.file, Columns: []string{"stream"}}
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
			row := []paper.Cell{paper.Str(s.id)}
			best := -1
			for i, a := range algos {
				g := group(f, s.id, a)
				if g == nil {
					row = append(row, paper.Str("n/a"))
					continue
				}
				means.AddRow(paper.Str(s.id), paper.Str(Label(a)), paper.Str(f.metric), paper.Str(source(f)), paper.Int(g.N),
					paper.Num(g.Mean, -1), paper.Num(g.SD, -1), paper.Num(g.CILow, -1), paper.Num(g.CIHigh, -1))
				c := paper.Str(fmt.Sprintf("%s ± %s", paper.FormatFloat(g.Mean*f.scale, f.decimals),
					paper.FormatFloat((g.CIHigh-g.Mean)*f.scale, f.decimals)))
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
		if len(series) > 0 {
			pl, err := plots.Lines(plots.LineSpec{Title: f.id + ": " + f.title, XLabel: "mean job inter-arrival time (s)",
				YLabel: f.ylabel, Series: series, LogY: f.logY, Note: note(in.Config.Quick, reps)})
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", Name, f.id, err)
			}
			base := filepath.Join(figDir, Name+"-"+f.file)
			if _, err := plots.Save(pl, 16*vg.Centimeter, 10*vg.Centimeter, base, "png", "svg"); err != nil {
				return nil, fmt.Errorf("%s: %s: %w", Name, f.id, err)
			}
			p("![%s](figures/%s-%s.png) ([svg](figures/%s-%s.svg))\n\n", f.id, Name, f.file, Name, f.file)
		}
		if err := paper.WriteMarkdown(&b, tab); err != nil {
			return nil, err
		}
	}

	// Runtime against queue length.
	if err := writeRuntime(&b, figDir, streams, algos, idx, tidx, in.Config.Quick, reps); err != nil {
		return nil, err
	}

	// Claims.
	checks := checkClaims(&claimInput{recs: recs, timings: timings, workloads: ids(streams), algos: algos})
	claims := &paper.Table{ID: "deadline-claims", Title: "Claims of the papers, checked over the repetitions",
		Columns: []string{"claim", "stream", "statement", "verdict", "statistic"}}
	held, checked := 0, 0
	for _, c := range checks {
		v := paper.Str("not checked")
		if c.Checked {
			checked++
			if c.Held {
				held++
				v = paper.Str("held")
			} else {
				v = paper.Str("not held")
				v.Bad = true
			}
		}
		claims.AddRow(paper.Str(c.Claim), paper.Str(c.Scope), paper.Str(c.Statement), v, paper.Str(c.Statistic))
	}
	claims.Notes = []string{
		fmt.Sprintf("Ordering claims (a, b, c): two-sided paired Wilcoxon signed-rank tests over the repetitions (same seeds), "+
			"Holm-adjusted across all comparisons of the claim (every stream together); a \"<\"/\">\" comparison holds when "+
			"p_Holm < %g and the mean difference has the claimed sign; \"≤\" holds unless the first is significantly higher. "+
			"A row holds when all its comparisons hold; the statistic shows the weakest (or a failing) comparison.", Alpha),
		fmt.Sprintf("Equivalence claims (d, e): the 95%% t-interval of the paired mean difference must lie inside the margin "+
			"(d: ±%g percentage points; e: ±%g%% of Flex-BF's mean slowdown on that stream) — two one-sided tests at 2.5%% each.",
			DelayedMargin, SlowdownMargin*100),
		"Claim (c) is checked on the heaviest stream, where queues are longest; \"slope\" is the least-squares slope, within one run, " +
			"of the per-decision cost on the queue length at the start of the decision (one value per run).",
	}
	p("## Claims\n\n%d of %d checks held", held, checked)
	if nc := len(checks) - checked; nc > 0 {
		p(" (%d not checked)", nc)
	}
	p(".\n\n")
	if err := paper.WriteMarkdown(&b, claims); err != nil {
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

	// FCFS against the SPEC's prototype.
	if err := writeFCFSCheck(&b, streams, idx, in.Config.Quick); err != nil {
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

	page := Name + ".md"
	if err := results.WriteFileAtomic(filepath.Join(in.PaperDir, page), func(w io.Writer) error {
		_, err := w.Write(b.Bytes())
		return err
	}); err != nil {
		return nil, err
	}
	return &experiments.ReportOutput{
		Page:     page,
		Headline: headline(held, checked, len(checks), streams, algos, idx, in.Config.Quick),
		Sheets:   []*paper.Table{means, claims},
	}, nil
}
