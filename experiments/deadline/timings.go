package deadline

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"

	"github.com/gridbench/gridbench/spaceshared"
	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
)

// TimingsPage is the name of the page of measured runtime below the
// study's results folder. Measured time depends on the machine (and on
// what else runs on it), so its figures, tables and the claims only it can
// decide live here, under results/, never in the committed paper/ pages: a
// re-run on another machine leaves the report unchanged.
const TimingsPage = "timings.md"

// TimingsClaims is the claims file of the rows decided on measured time,
// beside TimingsPage (same shape as paper/<exp>.claims.json).
const TimingsClaims = "timings.claims.json"

// writeTimings writes dir/timings.md and its figures (dir/figures): Figure
// 5 (runtime per decision), Figure 5c (runtime against the queue), the
// cost tables and the claim rows decided on measured time. Runtime is the
// scheduler's CPU time per decision (cpuClock), what the paper measured
// and the claims are decided on; the wall clock is tabled beside it.
func writeTimings(dir string, sum *summary, quick bool, reps int) error {
	figDir := filepath.Join(dir, "figures")
	if err := os.MkdirAll(figDir, 0o755); err != nil {
		return fmt.Errorf("%s: %w", Name, err)
	}
	plotted := map[string]bool{}
	for _, f := range timingsFigures(sum) {
		if len(f.series) == 0 {
			continue
		}
		pl, err := plots.Lines(plots.LineSpec{Title: f.title, XLabel: f.xlabel, YLabel: "CPU microseconds per decision", Series: f.series, LogY: true, Note: note(quick, reps)})
		if err != nil {
			return fmt.Errorf("%s: %s: %w", Name, f.title, err)
		}
		if _, err := plots.Save(pl, 16*vg.Centimeter, 10*vg.Centimeter, filepath.Join(figDir, Name+"-"+f.file), "png", "svg"); err != nil {
			return fmt.Errorf("%s: %s: %w", Name, f.title, err)
		}
		plotted[f.file] = true
	}
	pg := timingsPage(sum, plotted, quick)
	if err := analysis.WriteFileAtomic(filepath.Join(dir, TimingsPage), func(w io.Writer) error {
		return report.WritePageMarkdown(w, pg)
	}); err != nil {
		return err
	}
	var es []analysis.LedgerEntry
	for _, c := range sum.measuredRows {
		es = append(es, entry(c))
	}
	return analysis.WriteFileAtomic(filepath.Join(dir, TimingsClaims), func(w io.Writer) error {
		return analysis.WriteLedger(w, analysis.NewLedgerFile(Name, analysis.StandardMethod("no published values: the papers show runtime as figures; "+
			"these rows are decided on the scheduler's CPU time per decision measured on this machine", "see manifest.json"), es))
	})
}

// The timings page's figure titles.
const (
	timingsFig5  = "Figure 5: scheduler runtime per decision (CPU time)"
	timingsFig5c = "Figure 5c: runtime per decision vs queue length (CPU time)"
)

// clock is one of the two clocks a decision's cost is measured on: its
// timings.csv metrics.
type clock struct {
	name               string // as the page's columns say it
	perDec, slope, rho string
	what               string // a table's title
}

var (
	// cpuClock is the scheduler thread's CPU time per decision (estimated
	// without the thread clock's own cost, see spaceshared.DecisionLog):
	// the paper's runtime ("the system CPU time spent at each scheduling
	// event"), so Figure 5, 5c and the runtime claims (claimC,
	// timeChecks, levelChecks) use it.
	cpuClock = clock{name: "CPU", perDec: spaceshared.TCPUPerDec, slope: spaceshared.TCPUSlope, rho: spaceshared.TCPUSpearman,
		what: "Scheduler CPU time per decision (the paper's runtime; the claims use it)"}
	// wallClock is each decision's wall-clock duration, shown beside it:
	// it also counts the waits for a core another process holds.
	wallClock = clock{name: "wall", perDec: spaceshared.TSecPerDec, slope: spaceshared.TWallSlope, rho: spaceshared.TWallSpearman,
		what: "Wall clock per decision, beside the CPU time (it also counts the waits for a core another process holds)"}
)

// timingFigure is one figure of the timings page and its lines.
type timingFigure struct {
	file, title, xlabel string
	series              []plots.Series
}

// timingsFigures are Figures 5 and 5c, on the scheduler's CPU time.
func timingsFigures(sum *summary) []timingFigure {
	return []timingFigure{
		{"fig5-runtime", timingsFig5, "mean job inter-arrival time (s)", runtimeSeries(sum, cpuClock.perDec)},
		{"fig5c-runtime-queue", timingsFig5c, "mean queue length at a decision (jobs)", queueSeries(sum, cpuClock.perDec)},
	}
}

// timingGroup is the summary of one stream, algorithm and timings.csv
// metric.
func (sum *summary) timingGroup(s, a, metric string) *analysis.Group {
	return groupOf(sum.tidx, s, a, metric)
}

// runtimeSeries are Figure 5's lines: microseconds of metric per decision
// against the inter-arrival time.
func runtimeSeries(sum *summary, metric string) []plots.Series {
	var series []plots.Series
	for _, a := range sum.algos {
		se := plots.Series{Name: Label(a)}
		for _, s := range sum.streams {
			g := sum.timingGroup(s.id, a, metric)
			if g == nil || !(g.Mean > 0) {
				continue
			}
			lo := g.CILow
			if lo <= 0 {
				lo = g.Mean
			}
			se.X, se.Y, se.Lo, se.Hi = append(se.X, s.ia), append(se.Y, g.Mean*1e6), append(se.Lo, lo*1e6), append(se.Hi, g.CIHigh*1e6)
		}
		if len(se.X) > 0 {
			series = append(series, se)
		}
	}
	return series
}

// queueSeries are Figure 5c's lines: microseconds of metric per decision
// against the mean queue length.
func queueSeries(sum *summary, metric string) []plots.Series {
	var series []plots.Series
	for _, a := range sum.algos {
		type pt struct{ x, y, lo, hi float64 }
		var pts []pt
		for _, s := range sum.streams {
			q := groupOf(sum.idx, s.id, a, spaceshared.MQueuePerDec)
			t := sum.timingGroup(s.id, a, metric)
			if q == nil || t == nil || !(t.Mean > 0) || math.IsNaN(q.Mean) {
				continue
			}
			lo := t.CILow
			if lo <= 0 {
				lo = t.Mean
			}
			pts = append(pts, pt{q.Mean, t.Mean * 1e6, lo * 1e6, t.CIHigh * 1e6})
		}
		sort.Slice(pts, func(i, j int) bool { return pts[i].x < pts[j].x })
		se := plots.Series{Name: Label(a)}
		for _, p := range pts {
			se.X, se.Y, se.Lo, se.Hi = append(se.X, p.x), append(se.Y, p.y), append(se.Lo, p.lo), append(se.Hi, p.hi)
		}
		if len(pts) > 0 {
			series = append(series, se)
		}
	}
	return series
}

// timingsPage lays out the page of measured runtime; it computes nothing.
func timingsPage(sum *summary, plotted map[string]bool, quick bool) *report.Page {
	pg := &report.Page{ID: "timings", Title: Name + ": scheduler runtime measured on this machine"}
	pg.Para("Written by `gridbench reproduce` from `timings.csv`. Runtime here is what the paper measured, \"the system CPU time spent at each scheduling event\": "+
		"the CPU time of the scheduler's thread per decision: each decision's wall clock times the share of the run in which the thread ran (its CPU clock over the wall clock, "+
		"read once for the whole run, as reading it costs about a microsecond, as much as an FCFS decision; the wall clock where the system has no per-thread clock). "+
		"Figures 5 and 5c, the first table of each section and the claims below use it. The wall clock of each decision is shown beside it: "+
		"it also counts the waits for a core another process holds. Both depend on the machine and on what else ran on it, "+
		"so they are kept out of the committed report (paper/%s.md shows the deterministic work counter instead).", Name)
	if quick {
		pg.Add(&report.Paragraph{Text: "Quick configuration (smoke test).", Quote: true})
	}
	figure := func(file, title string) {
		if plotted[file] {
			pg.Add(&report.Figure{Path: "figures/" + Name + "-" + file + ".png", Alt: title})
		}
	}

	// Figure 5: seconds per decision against the inter-arrival time.
	pg.Section(timingsFig5)
	figure("fig5-runtime", timingsFig5)
	pg.Add(sum.perStreamTable("deadline-fig5-runtime", cpuClock))
	pg.Add(sum.perStreamTable("deadline-fig5-runtime-wall", wallClock))

	// Figure 5c: seconds per decision against the queue length.
	pg.Section("Figure 5c: runtime per decision against the queue length (CPU time)")
	figure("fig5c-runtime-queue", timingsFig5c)
	pg.Add(sum.costTable("deadline-runtime-cpu", cpuClock))
	pg.Add(sum.costTable("deadline-runtime-wall", wallClock))

	// The statements only measured time decides.
	pg.Section("Claims decided on measured time (the scheduler's CPU time per decision)")
	ct := &report.Table{ID: "deadline-time-claims", Columns: []string{"statement", "scope", "verdict", "statistic"}}
	for _, c := range sum.measuredRows {
		v := report.Str("not checked")
		if c.Checked {
			e := entry(c)
			v = report.VerdictCell(e.Verdict, "")
			if e.Verdict == analysis.VerdictInconclusive {
				v = report.VerdictCell(e.Verdict, e.Note)
			}
		}
		ct.AddRow(report.Str(c.Statement), report.Str(c.Scope), v, report.Str(c.Statistic))
	}
	ct.Notes = []string{"Paired Wilcoxon over the repetitions, Holm within each row; a row the measured times cannot decide (not significant either way) is inconclusive, not \"not held\". " +
		"Growth factors are the CPU time per decision on the heaviest stream over the lightest, per repetition (their means are the CPU table's growth ×). On a machine shared with other runs the levels are noisy; " +
		"the committed page's ledger marks these statements not testable there, with the work counter beside them, and points here. The same rows are in " + TimingsClaims + "."}
	pg.Add(ct)
	return pg
}

// perStreamTable is Figure 5's numbers on clock k: mean ± half the 95%
// interval, in µs per decision, per stream and algorithm.
func (sum *summary) perStreamTable(id string, k clock) *report.Table {
	tab := &report.Table{ID: id, Title: k.what + ", µs", Columns: []string{"stream"}}
	for _, a := range sum.algos {
		tab.Columns = append(tab.Columns, Label(a))
	}
	for _, s := range sum.streams {
		row := []report.Cell{report.Str(s.id)}
		for _, a := range sum.algos {
			g := sum.timingGroup(s.id, a, k.perDec)
			if g == nil {
				row = append(row, report.Str("n/a"))
				continue
			}
			c := report.Str(fmt.Sprintf("%s ± %s µs", report.FormatFloat(g.Mean*1e6, 2), report.FormatFloat((g.CIHigh-g.Mean)*1e6, 2)))
			c.Value, c.Num = g.Mean*1e6, !math.IsNaN(g.Mean)
			row = append(row, c)
		}
		tab.AddRow(row...)
	}
	return tab
}

// costTable is each algorithm's cost per decision on clock k: its level
// on the lightest and heaviest streams, its growth factor (the mean over
// the repetitions of sum.growth, the factors the claims test) and its
// slope and correlation on the queue length within the heaviest stream's
// runs.
func (sum *summary) costTable(id string, k clock) *report.Table {
	heavy, light := sum.streams[0].id, sum.streams[len(sum.streams)-1].id
	t := &report.Table{ID: id, Title: fmt.Sprintf("%s: means over runs; slopes on %s", k.what, heavy),
		Columns: []string{"algorithm", k.name + " µs/decision " + light, k.name + " µs/decision " + heavy, k.name + " growth ×",
			k.name + " ns per queued job (slope)", "ρ(" + k.name + ", queue)"}}
	val := func(g *analysis.Group, scale float64, dec int) report.Cell {
		if g == nil {
			return report.Str("n/a")
		}
		return report.Num(g.Mean*scale, dec)
	}
	for _, a := range sum.algos {
		g := report.Str("n/a")
		if x, ok := sum.growth[k.perDec][a]; ok {
			g = report.Num(x, 1)
		}
		t.AddRow(report.Str(Label(a)), val(sum.timingGroup(light, a, k.perDec), 1e6, 2), val(sum.timingGroup(heavy, a, k.perDec), 1e6, 2), g,
			val(sum.timingGroup(heavy, a, k.slope), 1e9, 2), val(sum.timingGroup(heavy, a, k.rho), 1, 2))
	}
	if k.perDec == cpuClock.perDec {
		t.Notes = []string{fmt.Sprintf("growth ×: the mean over repetitions of each repetition's CPU time per decision on %s over %s, the factors the claims below test. "+
			"Slope and ρ: over the decisions whose CPU time was read (every %dth), each with the queue it began with.", heavy, light, spaceshared.CPUEvery)}
	}
	return t
}
