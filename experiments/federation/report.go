package federation

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/experiments"
	fed "github.com/gridbench/gridbench/internal/federation"
	"github.com/gridbench/gridbench/paper"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/results"
)

// Tolerances for calling a reproduced cell a match (ours).
const (
	matchRatio = 0.10 // completion time within 10%
	matchJobs  = 0.10 // jobs within 10% of the experiment (55 of 550)
)

// Report implements experiments.Experiment.
func (Experiment) Report(ctx context.Context, in experiments.ReportInput) (*experiments.ReportOutput, error) {
	c := ModelConfig(in.Config.Quick)
	recs := in.Result.Records
	pols := policiesOf(recs, c.Policies)
	if len(pols) == 0 {
		return nil, fmt.Errorf("no %s records", Name)
	}
	paperVal := func(pol, metric string) float64 {
		v := results.Select(recs, WorkloadPaper, pol, metric)
		if len(v) == 0 {
			return math.NaN()
		}
		return v[0]
	}
	groups := results.Index(results.Groups(recs))
	shifted := func(pol, metric string) results.Summary {
		if g, ok := groups[results.GroupKey{Experiment: Name, Workload: WorkloadShifted, Algorithm: pol, Metric: metric}]; ok {
			return g.Summary
		}
		return results.Summarize(nil)
	}
	scale := float64(c.JobsPerUser) / 550 // published job counts scaled in quick mode

	var out experiments.ReportOutput
	var page bytes.Buffer
	w := func(format string, a ...any) { fmt.Fprintf(&page, format, a...) }

	w("# Federated grids: Normal, SO, DO, SO-AS and DO-AS (Leal, Huedo, Llorente 2009)\n\n")
	if in.Config.Quick {
		w("> **Quick configuration** (smoke test): %d jobs per user instead of 550 and %d repetitions; published job counts are scaled by %.2f; "+
			"numbers here are not the reproduction.\n\n", c.JobsPerUser, in.Config.Reps, scale)
	}
	w("Two testbeds, DSA (%d PEs) and LCG (%d PEs), each behind a space-shared FCFS manager; a GridWay meta-scheduler on DSA maps each user's "+
		"experiment of %d jobs (%.0f MI, %.0f MB in, %.0f MB out) to DSA or, through the GridGateWay and the LCG GridWay, to LCG, while the whole LCG trace "+
		"(%s) loads the LCG testbed. Model: `internal/federation`; every number traces back to `results/%s/runs.csv`.\n\n",
		c.Model.DSA.PEs(), c.Model.LCG.PEs(), c.JobsPerUser, c.Model.JobMI, c.Model.InputBytes/1e6, c.Model.OutputBytes/1e6, c.Trace, Name)
	w("Workloads: **paper** — users at 12:00 of days 2, 4 and 6 (one deterministic run per policy; Tables 3–4 and Figures 6–10); "+
		"**shifted** — %d repetitions, each user's submission drawn uniformly within the same day from the repetition's seed, "+
		"the same for every policy (paired design); the claims are tested on these.\n\n", repsOf(recs, WorkloadShifted))

	// Saturation sanity check.
	w("## LCG saturation at submission\n\n")
	sat := &paper.Table{ID: "Saturation", Title: "Jobs waiting in the LCG queue when each user submits (paper setting, Normal run)",
		Columns: []string{"user", "submitted", "SPEC (FCFS on 2,000 PEs)", "ours", "shifted: mean [95% CI]"}}
	specQ := []float64{0, 770, 2750}
	for u := 0; u < Users; u++ {
		s := shifted("Normal", UserMetric(u, MQueued))
		sat.AddRow(paper.Str(fmt.Sprintf("User-%d", u)), paper.Str(fmt.Sprintf("day %d, 12:00", 2*u+2)), paper.Num(specQ[u], 0),
			paper.Num(paperVal("Normal", UserMetric(u, MQueued)), 0), paper.Str(ci(s, 0)))
	}
	paper.WriteMarkdown(&page, sat)

	// Table 3.
	w("## Table 3: jobs executed on DSA and LCG\n\n")
	t3 := &paper.Table{ID: "Table3", Title: "Jobs per infrastructure: published, ours (paper setting), ours/published, and the shifted repetitions",
		Columns: []string{"user", "policy", "DSA pub.", "DSA ours", "ratio", "LCG pub.", "LCG ours", "ratio", "migrations", "shifted DSA mean [95% CI]"}}
	for u := 0; u < Users; u++ {
		for _, pol := range pols {
			pub := PublishedJobs[pol][u]
			pd, pl := float64(pub[0])*scale, float64(pub[1])*scale
			od, ol := paperVal(pol, UserMetric(u, MJobsDSA)), paperVal(pol, UserMetric(u, MJobsLCG))
			rd, rl := paper.Num(od/pd, 2), paper.Num(ol/pl, 2)
			okD := math.Abs(od-pd) <= matchJobs*float64(c.JobsPerUser)
			rd.Bad = !okD
			rl.Bad = !okD
			t3.AddRow(paper.Str(fmt.Sprintf("User-%d", u)), paper.Str(pol), paper.Num(pd, 0), paper.Num(od, 0), rd,
				paper.Num(pl, 0), paper.Num(ol, 0), rl, paper.Num(paperVal(pol, UserMetric(u, MMigrations)), 0),
				paper.Str(ci(shifted(pol, UserMetric(u, MJobsDSA)), 0)))
			out.Compared = append(out.Compared,
				experiments.Comparison{Table: "Table 3", Workload: fmt.Sprintf("User-%d", u), Algorithm: pol, Metric: "jobs on DSA",
					Published: pd, Reproduced: od, Match: okD, Note: "paper setting"},
				experiments.Comparison{Table: "Table 3", Workload: fmt.Sprintf("User-%d", u), Algorithm: pol, Metric: "jobs on LCG",
					Published: pl, Reproduced: ol, Match: okD, Note: "paper setting"})
		}
	}
	t3.Notes = []string{fmt.Sprintf("A cell is marked when ours differs from the published count by more than %.0f%% of the experiment's jobs. "+
		"The paper prints SO and SO-AS in one column (same objective); both are compared with it.", matchJobs*100)}
	paper.WriteMarkdown(&page, t3)

	// Table 4.
	w("## Table 4: completion times\n\n")
	t4 := &paper.Table{ID: "Table4", Title: "Completion time of each user's experiment (h:mm:ss): published, ours (paper setting), ours/published, and the shifted repetitions",
		Columns: []string{"user", "policy", "published", "ours", "ratio", "shifted mean [95% CI]", "LCG queue at submission"}}
	for u := 0; u < Users; u++ {
		best := math.Inf(1)
		for _, pol := range pols {
			best = math.Min(best, paperVal(pol, UserMetric(u, MCompletion)))
		}
		for _, pol := range pols {
			pub := publishedSeconds(pol, u)
			ours := paperVal(pol, UserMetric(u, MCompletion))
			ratio := ours / pub
			rc := paper.Num(ratio, 2)
			ok := math.Abs(ratio-1) <= matchRatio
			rc.Bad = !ok
			oc := paper.Str(fmtHMS(ours))
			oc.Best = ours == best
			s := shifted(pol, UserMetric(u, MCompletion))
			t4.AddRow(paper.Str(fmt.Sprintf("User-%d", u)), paper.Str(pol), paper.Str(PublishedCompletion[pol][u]), oc, rc,
				paper.Str(fmt.Sprintf("%s [%s, %s]", fmtHMS(s.Mean), fmtHMS(s.CILow), fmtHMS(s.CIHigh))),
				paper.Num(paperVal(pol, UserMetric(u, MQueued)), 0))
			out.Compared = append(out.Compared, experiments.Comparison{Table: "Table 4", Workload: fmt.Sprintf("User-%d", u), Algorithm: pol,
				Metric: "completion time (s)", Published: pub, Reproduced: ours, Match: ok, Better: "lower", Note: "paper setting"})
		}
	}
	t4.Notes = []string{fmt.Sprintf("Bold: the fastest policy for the user (paper setting). A ratio is marked when it is off by more than %.0f%%.", matchRatio*100)}
	paper.WriteMarkdown(&page, t4)

	// Deviations.
	w("## Deviations and their explanation\n\n")
	for _, d := range deviations(recs, pols, paperVal, c) {
		w("- %s\n", d)
	}
	w("\n")

	// Figures.
	figDir := filepath.Join(in.PaperDir, "figures")
	if err := os.MkdirAll(figDir, 0o755); err != nil {
		return nil, err
	}
	w("## Figures 6–10: job states over time for User-%d\n\n", c.SeriesUser)
	w("Paper setting, one figure per policy, panels DSA, LCG and the whole federated grid; stacked: pending (in the DSA GridWay), "+
		"queued (dispatched, not started), running (including the output transfer), done. Sampled every %.0f s from the run's metrics.\n\n", c.SeriesStep)
	for i, pol := range pols {
		grid, err := statePanels(recs, pol, c.SeriesUser)
		if err != nil {
			return nil, fmt.Errorf("figure for %s: %w", pol, err)
		}
		fig := fmt.Sprintf("%s-fig%d-%s", Name, 6+indexOf(fed.Names, pol), slug(pol))
		if _, err := plots.SaveGrid(grid, 30*vg.Centimeter, 9*vg.Centimeter, filepath.Join(figDir, fig), "png", "svg"); err != nil {
			return nil, err
		}
		w("![Figure %d: %s](figures/%s.png)\n\n", 6+indexOf(fed.Names, pol), pol, fig)
		_ = i
	}
	if err := completionFigure(recs, pols, figDir); err != nil {
		return nil, err
	}
	w("Completion times over the shifted repetitions (mean and 95%% CI), per user and policy:\n\n![completion](figures/%s-completion.png)\n\n", Name)

	// Claims.
	w("## Claims\n\n")
	checks := Claims(recs, pols)
	ct := &paper.Table{ID: "Claims", Title: fmt.Sprintf("The paper's claims over the shifted repetitions (alpha = %.2f)", Alpha),
		Columns: []string{"claim", "scope", "held", "statistic"}}
	heldAll := map[string]bool{}
	for _, ch := range checks {
		h := paper.Str("held")
		if !ch.Held {
			h = paper.Str("not held")
			h.Bad = true
		}
		if _, ok := heldAll[ch.Claim]; !ok {
			heldAll[ch.Claim] = true
		}
		heldAll[ch.Claim] = heldAll[ch.Claim] && ch.Held
		ct.AddRow(paper.Str(ch.Claim), paper.Str(ch.Scope), h, paper.Str(ch.Statistic))
	}
	paper.WriteMarkdown(&page, ct)

	// Interpretations.
	w("## Interpretations (parameters the paper does not give)\n\n")
	for _, s := range Interpretations(c) {
		w("- %s\n", s)
	}
	w("\nWorkbook sheets: Saturation, Table3, Table4, Claims (and the shared Summary/Stats/Raw).\n")

	if err := results.WriteFileAtomic(filepath.Join(in.PaperDir, Name+".md"), func(f io.Writer) error {
		_, err := f.Write(page.Bytes())
		return err
	}); err != nil {
		return nil, err
	}
	out.Page = Name + ".md"
	out.Sheets = []*paper.Table{sat, t3, t4, ct}
	var hs []string
	keys := make([]string, 0, len(heldAll))
	for k := range heldAll {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := "not held"
		if heldAll[k] {
			v = "held"
		}
		hs = append(hs, fmt.Sprintf("claim %s %s", k[:1], v))
	}
	out.Headline = fmt.Sprintf("LCG queue at 12:00 of days 2/4/6: %.0f/%.0f/%.0f (SPEC ≈0/770/2750); DO-AS User-0..2 %s/%s/%s (published 1:30:21/1:37:55/1:38:41); %s",
		paperVal("Normal", UserMetric(0, MQueued)), paperVal("Normal", UserMetric(1, MQueued)), paperVal("Normal", UserMetric(2, MQueued)),
		fmtHMS(paperVal("DO-AS", UserMetric(0, MCompletion))), fmtHMS(paperVal("DO-AS", UserMetric(1, MCompletion))), fmtHMS(paperVal("DO-AS", UserMetric(2, MCompletion))),
		strings.Join(hs, ", "))
	return &out, nil
}

func ci(s results.Summary, dec int) string {
	if s.N == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%s [%s, %s]", paper.FormatFloat(s.Mean, dec), paper.FormatFloat(s.CILow, dec), paper.FormatFloat(s.CIHigh, dec))
}

func policiesOf(recs []results.Record, order []string) []string {
	seen := map[string]bool{}
	for _, r := range recs {
		seen[r.Algorithm] = true
	}
	var out []string
	for _, p := range order {
		if seen[p] {
			out = append(out, p)
		}
	}
	return out
}

func repsOf(recs []results.Record, workload string) int {
	reps := map[int]bool{}
	for _, r := range recs {
		if r.Workload == workload {
			reps[r.Rep] = true
		}
	}
	return len(reps)
}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

func slug(p string) string { return strings.ToLower(strings.ReplaceAll(p, "-", "")) }

// statePanels builds the three stacked-area panels of one policy from the
// paper run's series metrics.
func statePanels(recs []results.Record, pol string, u int) ([][]*plot.Plot, error) {
	type key struct{ panel, state string }
	series := map[key]map[float64]float64{}
	times := map[float64]bool{}
	prefix := fmt.Sprintf("ts_u%d_", u)
	for _, r := range recs {
		if r.Workload != WorkloadPaper || r.Algorithm != pol || !strings.HasPrefix(r.Metric, prefix) {
			continue
		}
		f := strings.Split(strings.TrimPrefix(r.Metric, prefix), "_")
		if len(f) != 3 {
			continue
		}
		t, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			continue
		}
		k := key{f[0], f[1]}
		if series[k] == nil {
			series[k] = map[float64]float64{}
		}
		series[k][t] = r.Value
		times[t] = true
	}
	if len(times) < 2 {
		return nil, fmt.Errorf("no job-state series for User-%d", u)
	}
	var xs []float64
	for t := range times {
		xs = append(xs, t)
	}
	sort.Float64s(xs)
	hours := make([]float64, len(xs))
	for i, t := range xs {
		hours[i] = t / 3600
	}
	titles := map[string]string{"dsa": "DSA", "lcg": "LCG", "total": "Federated Grid"}
	var row []*plot.Plot
	for _, panel := range Panels {
		spec := plots.StackSpec{Title: fmt.Sprintf("%s: %s, User-%d", pol, titles[panel], u), XLabel: "hours since submission", YLabel: "jobs", X: hours}
		for _, st := range States {
			y := make([]float64, len(xs))
			for i, t := range xs {
				y[i] = series[key{panel, st}][t]
			}
			spec.Layers = append(spec.Layers, plots.Layer{Name: st, Y: y})
		}
		p, err := plots.StackedArea(spec)
		if err != nil {
			return nil, err
		}
		row = append(row, p)
	}
	return [][]*plot.Plot{row}, nil
}

func completionFigure(recs []results.Record, pols []string, figDir string) error {
	groups := results.Index(results.Groups(recs))
	spec := plots.BarSpec{Title: "Completion time per user (shifted repetitions)", YLabel: "hours", Note: "mean and 95% CI"}
	for u := 0; u < Users; u++ {
		spec.Categories = append(spec.Categories, fmt.Sprintf("User-%d", u))
	}
	for _, pol := range pols {
		s := plots.BarSeries{Name: pol}
		for u := 0; u < Users; u++ {
			g, ok := groups[results.GroupKey{Experiment: Name, Workload: WorkloadShifted, Algorithm: pol, Metric: UserMetric(u, MCompletion)}]
			if !ok {
				return fmt.Errorf("no shifted completion times for %s", pol)
			}
			s.Y = append(s.Y, g.Mean/3600)
			s.Lo = append(s.Lo, g.CILow/3600)
			s.Hi = append(s.Hi, g.CIHigh/3600)
		}
		spec.Series = append(spec.Series, s)
	}
	p, err := plots.GroupedBars(spec)
	if err != nil {
		return err
	}
	_, err = plots.Save(p, 16*vg.Centimeter, 10*vg.Centimeter, filepath.Join(figDir, Name+"-completion"), "png", "svg")
	return err
}
