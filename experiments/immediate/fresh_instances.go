package immediate

import (
	"fmt"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
)

// normalised returns, per repetition, metric(h)/metric(ref) on one
// generated workload, keeping repetitions that have both.
func normalised(recs []analysis.Record, workload, metric, h, ref string) []float64 {
	blocks, _ := analysis.Paired(recs, workload, metric, []string{h, ref})
	out := make([]float64, 0, len(blocks))
	for _, b := range blocks {
		out = append(out, b[0]/b[1])
	}
	return out
}

// generated is the fresh instances' section: the normalised figures, the
// workbook sheet of every mean and interval, and the significance table.
type generated struct {
	figures      []*report.Figure
	sheet        *report.Table // immediate-generated, the workbook's only
	significance *report.Table // on the page and in the workbook
}

// generatedSection computes the fresh instances' section and draws its
// figures (nil without fresh instances).
func generatedSection(recs []analysis.Record, idx map[analysis.GroupKey]*analysis.Group, cfg Config, reps int, paperDir string) (*generated, error) {
	heur := cfg.Heuristics
	if len(cfg.GenTypes) == 0 || reps == 0 {
		return nil, nil
	}
	gen := &generated{}
	sheet := &report.Table{ID: "immediate-generated", Title: "Generated instances: mean and 95% t-interval per type, heuristic and metric",
		Columns: []string{"type", "heuristic", "metric", "n", "mean", "ci95_low", "ci95_high", "mean_ratio_to_MCT", "ratio_ci95_low", "ratio_ci95_high"}}
	for _, metric := range []string{"makespan", "flowtime"} {
		spec := plots.BarSpec{Title: fmt.Sprintf("%s normalised to MCT (%d instances per type)", metric, reps),
			XLabel: "instance type", YLabel: metric + " / MCT's", HasRef: true, Ref: 1, RefLabel: "MCT",
			Note: experiments.QuickNote(fmt.Sprintf("%dx%d range-based instances, mean and 95%% t-interval", cfg.GenJobs, cfg.GenMachines), cfg.Quick)}
		for _, tn := range cfg.GenTypes {
			spec.Categories = append(spec.Categories, tn)
		}
		for _, h := range heur {
			if h == "MCT" {
				continue
			}
			bs := plots.BarSeries{Name: h}
			for _, tn := range cfg.GenTypes {
				s := analysis.Summarize(normalised(recs, partGenerated+tn, metric, h, "MCT"))
				bs.Y = append(bs.Y, s.Mean)
				bs.Lo = append(bs.Lo, s.CILow)
				bs.Hi = append(bs.Hi, s.CIHigh)
			}
			spec.Series = append(spec.Series, bs)
		}
		// MET's ratios reach 10 and more on consistent instances; a log
		// axis would hide the differences near 1 that matter, so MET is
		// drawn in its own figure below instead when it dwarfs the rest.
		spec = splitOutliers(spec, 3)
		p, err := plots.GroupedBars(spec)
		if err != nil {
			return nil, err
		}
		base := filepath.Join(paperDir, "figures", "immediate-"+metric+"-normalised")
		if _, err := plots.Save(p, 30*vg.Centimeter, 12*vg.Centimeter, base, "png", "svg"); err != nil {
			return nil, err
		}
		gen.figures = append(gen.figures, &report.Figure{Path: "figures/immediate-" + metric + "-normalised.png", Alt: metric + " normalised to MCT"})
	}
	for _, tn := range cfg.GenTypes {
		for _, h := range heur {
			for _, metric := range PublishedMetrics {
				g := idx[analysis.GroupKey{Experiment: Name, Workload: partGenerated + tn, Algorithm: h, Metric: metric}]
				if g == nil {
					continue
				}
				r := analysis.Summarize(normalised(recs, partGenerated+tn, metric, h, "MCT"))
				sheet.AddRow(report.Str(tn), report.Str(h), report.Str(metric), report.Int(g.N), report.Num(g.Mean, -1),
					report.Num(g.CILow, -1), report.Num(g.CIHigh, -1), report.Num(r.Mean, -1), report.Num(r.CILow, -1), report.Num(r.CIHigh, -1))
			}
		}
	}

	gen.sheet, gen.significance = sheet, significance(recs, cfg, "makespan")
	return gen, nil
}

// splitOutliers drops series whose mean ratio exceeds limit in some
// category from a bar chart and says so in the note, so that one heuristic
// far off the scale does not flatten the others.
func splitOutliers(spec plots.BarSpec, limit float64) plots.BarSpec {
	var kept []plots.BarSeries
	var dropped []string
	for _, s := range spec.Series {
		far := false
		for _, y := range s.Y {
			if y > limit {
				far = true
			}
		}
		if far {
			dropped = append(dropped, s.Name)
		} else {
			kept = append(kept, s)
		}
	}
	spec.Series = kept
	if len(dropped) > 0 {
		spec.Note += fmt.Sprintf("; not drawn (ratio > %g somewhere): %s", limit, strings.Join(dropped, ", "))
	}
	return spec
}

// significance builds, for one metric, a table with per type: Friedman's
// test over all heuristics, the best heuristic by mean rank, and the
// Holm-adjusted Wilcoxon p of the best against each runner-up.
func significance(recs []analysis.Record, cfg Config, metric string) *report.Table {
	t := &report.Table{ID: "immediate-significance", Title: fmt.Sprintf("%s: Friedman test over the %d heuristics, and the best against the second best", metric, len(cfg.Heuristics)),
		Columns: []string{"type", "n", "Friedman chi2", "p", "Kendall W", "best (mean rank)", "second", "Wilcoxon p (Holm)", "effect r"}}
	for _, tn := range cfg.GenTypes {
		blocks, _ := analysis.Paired(recs, partGenerated+tn, metric, cfg.Heuristics)
		if len(blocks) < 2 {
			continue
		}
		fr, err := analysis.Friedman(blocks)
		if err != nil {
			continue
		}
		order := argsort(fr.MeanRanks)
		b, s := order[0], order[1]
		pairs, err := analysis.PosthocWilcoxonHolm(blocks)
		var pr analysis.PairResult
		if err == nil {
			for _, p := range pairs {
				if (p.I == b && p.J == s) || (p.I == s && p.J == b) {
					pr = p
				}
			}
		}
		eff := pr.Effect
		if pr.I == s { // orient the effect as best − second
			eff = -eff
		}
		best := report.Str(fmt.Sprintf("%s (%.2f)", cfg.Heuristics[b], fr.MeanRanks[b]))
		best.Best = true
		t.AddRow(report.Str(tn), report.Int(fr.N), report.Num(fr.Chi2, 1), report.P(fr.P), report.Num(fr.KendallW, 3),
			best, report.Str(fmt.Sprintf("%s (%.2f)", cfg.Heuristics[s], fr.MeanRanks[s])), report.P(pr.PAdj), report.Num(eff, 2))
	}
	t.Notes = []string{"Mean rank 1 = always best (lowest " + metric + "). The Wilcoxon p is Holm-adjusted over all heuristic pairs of the type; effect r is the matched-pairs rank-biserial correlation (−1: best always lower)."}
	return t
}

func argsort(v []float64) []int {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	for i := 1; i < len(idx); i++ { // insertion sort: stable, tiny inputs
		for j := i; j > 0 && v[idx[j]] < v[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}
