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

// TimingsPage is the name of the wall-clock page below the study's results
// folder. The wall clock depends on the machine (and on what else runs on
// it), so its figures, tables and the claims only it can decide live here,
// under results/, never in the committed paper/ pages: a re-run on another
// machine leaves the report unchanged.
const TimingsPage = "timings.md"

// TimingsClaims is the claims file of the rows decided on measured time,
// beside TimingsPage (same shape as paper/<exp>.claims.json).
const TimingsClaims = "timings.claims.json"

// writeTimings writes dir/timings.md and its figures (dir/figures): Figure
// 5 (wall-clock runtime per decision), Figure 5c (runtime against the
// queue), the cost table and the wall-clock claim rows.
func writeTimings(dir string, sum *summary, quick bool, reps int) error {
	figDir := filepath.Join(dir, "figures")
	if err := os.MkdirAll(figDir, 0o755); err != nil {
		return fmt.Errorf("%s: %w", Name, err)
	}
	plotted := map[string]bool{}
	for _, f := range []struct {
		file, title, xlabel string
		series              []plots.Series
	}{
		{"fig5-runtime", timingsFig5, "mean job inter-arrival time (s)", runtimeSeries(sum)},
		{"fig5c-runtime-queue", timingsFig5c, "mean queue length at a decision (jobs)", queueSeries(sum)},
	} {
		if len(f.series) == 0 {
			continue
		}
		pl, err := plots.Lines(plots.LineSpec{Title: f.title, XLabel: f.xlabel, YLabel: "microseconds per decision", Series: f.series, LogY: true, Note: note(quick, reps)})
		if err != nil {
			return fmt.Errorf("%s: %s: %w", Name, f.title, err)
		}
		if _, err := plots.Save(pl, 16*vg.Centimeter, 10*vg.Centimeter, filepath.Join(figDir, Name+"-"+f.file), "png", "svg"); err != nil {
			return fmt.Errorf("%s: %s: %w", Name, f.title, err)
		}
		plotted[f.file] = true
	}
	growth := growthOf(sum.streams, sum.algos, sum.tidx, spaceshared.TSecPerDec)
	pg := timingsPage(sum, growth, plotted, quick)
	if err := analysis.WriteFileAtomic(filepath.Join(dir, TimingsPage), func(w io.Writer) error {
		return report.WritePageMarkdown(w, pg)
	}); err != nil {
		return err
	}
	var es []analysis.LedgerEntry
	for _, c := range sum.wallRows {
		es = append(es, entry(c))
	}
	return analysis.WriteFileAtomic(filepath.Join(dir, TimingsClaims), func(w io.Writer) error {
		return analysis.WriteLedger(w, analysis.NewLedgerFile(Name, analysis.StandardMethod("no published values: the papers show runtime as figures; "+
			"these rows are decided on the scheduler's CPU time per decision measured on this machine", "see manifest.json"), es))
	})
}

// The timings page's figure titles.
const (
	timingsFig5  = "Figure 5: scheduler runtime per decision (wall clock)"
	timingsFig5c = "Figure 5c: runtime per decision vs queue length"
)

// timingGroup is the wall-clock summary of one stream and algorithm.
func (sum *summary) timingGroup(s, a, metric string) *analysis.Group {
	return groupOf(sum.tidx, s, a, metric)
}

// runtimeSeries are Figure 5's lines: microseconds per decision against
// the inter-arrival time.
func runtimeSeries(sum *summary) []plots.Series {
	var series []plots.Series
	for _, a := range sum.algos {
		se := plots.Series{Name: Label(a)}
		for _, s := range sum.streams {
			g := sum.timingGroup(s.id, a, spaceshared.TSecPerDec)
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

// queueSeries are Figure 5c's lines: microseconds per decision against
// the mean queue length.
func queueSeries(sum *summary) []plots.Series {
	var series []plots.Series
	for _, a := range sum.algos {
		type pt struct{ x, y, lo, hi float64 }
		var pts []pt
		for _, s := range sum.streams {
			q := groupOf(sum.idx, s.id, a, spaceshared.MQueuePerDec)
			t := sum.timingGroup(s.id, a, spaceshared.TSecPerDec)
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

// timingsPage lays out the wall-clock page; it computes nothing.
func timingsPage(sum *summary, growth map[string]float64, plotted map[string]bool, quick bool) *report.Page {
	streams, algos := sum.streams, sum.algos
	pg := &report.Page{ID: "timings", Title: Name + ": wall-clock timings of this machine"}
	pg.Para("Written by `gridbench reproduce` from `timings.csv`. These numbers depend on the machine and on what else ran on it, "+
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
	pg.Section("Figure 5: scheduler runtime per decision (wall clock)")
	tab := &report.Table{ID: "deadline-fig5-runtime", Columns: []string{"stream"}}
	for _, a := range algos {
		tab.Columns = append(tab.Columns, Label(a))
	}
	for _, s := range streams {
		row := []report.Cell{report.Str(s.id)}
		for _, a := range algos {
			g := sum.timingGroup(s.id, a, spaceshared.TSecPerDec)
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
	figure("fig5-runtime", timingsFig5)
	pg.Add(tab)

	// Figure 5c: seconds per decision against the queue length.
	pg.Section("Figure 5c: runtime per decision against the queue length")
	figure("fig5c-runtime-queue", timingsFig5c)
	heavy, light := streams[0].id, streams[len(streams)-1].id
	t := &report.Table{ID: "deadline-runtime-wall", Title: fmt.Sprintf("Wall-clock cost per decision (means over runs; slopes on %s)", heavy),
		Columns: []string{"algorithm", "µs/decision " + light, "µs/decision " + heavy, "growth ×", "ns per queued job (wall slope)", "ρ(wall, queue)"}}
	val := func(g *analysis.Group, scale float64, dec int) report.Cell {
		if g == nil {
			return report.Str("n/a")
		}
		return report.Num(g.Mean*scale, dec)
	}
	for _, a := range algos {
		g := report.Str("n/a")
		if x, ok := growth[a]; ok {
			g = report.Num(x, 1)
		}
		t.AddRow(report.Str(Label(a)), val(sum.timingGroup(light, a, spaceshared.TSecPerDec), 1e6, 2), val(sum.timingGroup(heavy, a, spaceshared.TSecPerDec), 1e6, 2), g,
			val(sum.timingGroup(heavy, a, spaceshared.TWallSlope), 1e9, 2), val(sum.timingGroup(heavy, a, spaceshared.TWallSpearman), 1, 2))
	}
	pg.Add(t)

	// The statements only measured time decides.
	pg.Section("Claims decided on measured time (the scheduler's CPU time per decision)")
	ct := &report.Table{ID: "deadline-wall-claims", Columns: []string{"statement", "scope", "verdict", "statistic"}}
	for _, c := range sum.wallRows {
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
		"Growth factors are the time per decision on the heaviest stream over the lightest, per repetition. On a machine shared with other runs the levels are noisy; " +
		"the committed page's ledger marks these statements not testable there, with the work counter beside them, and points here. The same rows are in " + TimingsClaims + "."}
	pg.Add(ct)
	return pg
}
