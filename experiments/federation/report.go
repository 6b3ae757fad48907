package federation

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/gridbench/gridbench/federated"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/gridway"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
)

// Tolerance for calling a reproduced cell a match (the target):
// a completion time, or a number of LCG jobs, within 15% of the published.
const matchTol = 0.15

func within(ours, pub float64) bool { return math.Abs(ours/pub-1) <= matchTol }

// splitWithin is the rule for a split of Table 3: both its counts, DSA and
// LCG jobs, within matchTol of the published. The two add up to the
// experiment, so which one alone were compared would decide the verdict:
// the larger hides the error of the smaller (User-1 SO: LCG 429 against
// 405 is +5.9%, DSA 121 against 145 is −16.6%). Until it was stated, a
// row matched on its LCG jobs alone (lcgOnly counts that way).
func splitWithin(dsa, lcg, pubDSA, pubLCG float64) bool {
	return within(dsa, pubDSA) && within(lcg, pubLCG)
}

// Report implements experiments.Plan: it computes the calibration, the
// published tables beside ours, the sensitivity sweeps, the figures and
// the claims, then lays them out as the page model (page).
func (pl *Plan) Report(ctx context.Context, in experiments.ReportInput) (*experiments.ReportOutput, error) {
	c := pl.Config
	recs := in.Result.Records
	r := &results{pols: policiesOf(recs, c.Policies), scale: float64(c.JobsPerUser) / 550} // published job counts scaled in quick mode
	if len(r.pols) == 0 {
		return nil, fmt.Errorf("no %s records", Name)
	}
	pols, m := r.pols, c.Model
	paperVal := valueIn(recs, WorkloadPaper)
	groups := in.Result.Index()
	jitter := func(pol, metric string) analysis.Summary {
		if g, ok := groups[analysis.GroupKey{Experiment: Name, Workload: WorkloadJitter, Algorithm: pol, Metric: metric}]; ok {
			return g.Summary
		}
		return analysis.Summarize(nil)
	}
	var out experiments.ReportOutput
	r.migrations = totalMigrations(recs, WorkloadPaper, pols)
	r.cal, r.calBest = calibrationTable(recs, m.MIPerTraceSecond, r.scale)
	r.gw, r.gwRate = gatewayTable(m)
	r.sat = saturationTable(c, paperVal)
	r.t4match, r.t3match, r.t3lcgRows = matches(paperVal, pols, r.scale)

	// Table 3.
	r.t3 = &report.Table{ID: "Table3", Title: "Jobs per infrastructure: published, ours (paper setting), ours/published, and the jitter repetitions",
		Columns: []string{"user", "policy", "DSA pub.", "DSA ours", "DSA ratio", "LCG pub.", "LCG ours", "LCG ratio", "migrations", "jitter DSA / LCG mean [95% t-interval]"}}
	// SO and SO-AS share one published column: it is counted once, as
	// matched when both policies are within the tolerance.
	shared := slices.Contains(pols, "SO") && slices.Contains(pols, "SO-AS")
	var lcgOnly tally // the rule before splitWithin: a row by its LCG jobs alone
	for u := 0; u < Users; u++ {
		for _, pol := range pols {
			pub := PublishedJobs[pol][u]
			pd, pl := float64(pub[0])*r.scale, float64(pub[1])*r.scale
			dm, lm := federated.UserMetric(u, federated.MJobsDSA), federated.UserMetric(u, federated.MJobsLCG)
			od, ol := paperVal(pol, dm), paperVal(pol, lm)
			rd, rl := report.Num(od/pd, 2), report.Num(ol/pl, 2)
			okD, okL := within(od, pd), within(ol, pl)
			rd.Bad, rl.Bad = !okD, !okL
			jd, jl := jitter(pol, dm), jitter(pol, lm)
			r.t3.AddRow(report.Str(fmt.Sprintf("User-%d", u)), report.Str(pol), report.Num(pd, 0), report.Num(od, 0), rd,
				report.Num(pl, 0), report.Num(ol, 0), rl, report.Num(paperVal(pol, federated.UserMetric(u, federated.MMigrations)), 0),
				report.Str(ci(jd, 0)+" / "+ci(jl, 0)))
			if shared && pol == "SO-AS" {
				continue // counted with SO
			}
			fitted := pol == "Normal" // the background scale was fitted on this column
			// The split matches when both its counts do (splitWithin); each
			// count is also compared on its own (out.Compared).
			ok, jitOK, label, note := okD && okL, splitWithin(jd.Mean, jl.Mean, pd, pl), pol, "paper setting"
			lcgOK, lcgJit := okL, within(jl.Mean, pl)
			if shared && pol == "SO" {
				sd, sl := paperVal("SO-AS", dm), paperVal("SO-AS", lm)
				sjd, sjl := jitter("SO-AS", dm), jitter("SO-AS", lm)
				okD, okL = okD && within(sd, pd), okL && within(sl, pl)
				ok = ok && splitWithin(sd, sl, pd, pl)
				jitOK = jitOK && splitWithin(sjd.Mean, sjl.Mean, pd, pl)
				lcgOK, lcgJit = lcgOK && within(sl, pl), lcgJit && within(sjl.Mean, pl)
				label = "SO / SO-AS"
				note = fmt.Sprintf("paper setting; one published column for SO and SO-AS, matched when both are within (SO-AS: DSA %.0f, LCG %.0f)", sd, sl)
			}
			if fitted {
				note = "paper setting; fitted (background scale)"
			}
			r.t3tally.add(fitted, ok, jitOK)
			lcgOnly.add(fitted, lcgOK, lcgJit)
			out.Compared = append(out.Compared,
				experiments.Comparison{Table: "Table 3", Workload: fmt.Sprintf("User-%d", u), Algorithm: label, Metric: "jobs on DSA",
					Published: pd, Reproduced: od, Match: okD, Note: note, InSample: fitted},
				experiments.Comparison{Table: "Table 3", Workload: fmt.Sprintf("User-%d", u), Algorithm: label, Metric: "jobs on LCG",
					Published: pl, Reproduced: ol, Match: okL, Note: note, InSample: fitted})
		}
	}
	r.t3lcgOnly = lcgOnly
	r.t3.Notes = []string{fmt.Sprintf("**%d of %d rows have both counts, DSA and LCG jobs, within ±%.0f%%** of the published (a ratio outside is marked). "+
		"Normal's three rows are the calibration's fit, not a check. The paper prints SO and SO-AS in one column (same objective); both are compared with it, "+
		"and the published values count it once (matched when both are within).", r.t3match, len(pols)*Users, matchTol*100),
		fmt.Sprintf("**The rule changed.** The ±%.0f%% tolerance is ours, set with the study for \"a completion time, or a number of LCG jobs\"; "+
			"a row of Table 3 is a split of the %d jobs, so its two counts add up to the experiment and comparing only one of them decides the verdict: "+
			"the larger, LCG's, hides the error of the smaller. A split now matches when both its counts are within ±%.0f%%. "+
			"By its LCG jobs alone, as before, %d of %d rows and %d of %d published splits would match (fitted %d/%d, out of sample %d/%d); "+
			"by both, %d of %d rows and %d of %d published splits.",
			matchTol*100, c.JobsPerUser, matchTol*100, r.t3lcgRows, len(pols)*Users, lcgOnly.ok[0]+lcgOnly.ok[1], lcgOnly.n[0]+lcgOnly.n[1],
			lcgOnly.ok[1], lcgOnly.n[1], lcgOnly.ok[0], lcgOnly.n[0], r.t3match, len(pols)*Users, r.t3tally.ok[0]+r.t3tally.ok[1], r.t3tally.n[0]+r.t3tally.n[1]),
		r.t3tally.note("splits", "the background scale")}

	// Table 4.
	r.t4 = &report.Table{ID: "Table4", Title: "Completion time of each user's experiment (h:mm:ss): published, ours (paper setting), ours/published, and the jitter repetitions",
		Columns: []string{"user", "policy", "published", "ours", "ratio", "ours − published", "jitter mean [95% t-interval]", "jitter mean ratio"}}
	var edge []string // cells inside the tolerance by less than one point
	for u := 0; u < Users; u++ {
		best := math.Inf(1)
		for _, pol := range pols {
			best = math.Min(best, paperVal(pol, federated.UserMetric(u, federated.MCompletion)))
		}
		for _, pol := range pols {
			pub := publishedSeconds(pol, u)
			ours := paperVal(pol, federated.UserMetric(u, federated.MCompletion))
			rc := report.Num(ours/pub, 3)
			ok := within(ours, pub)
			rc.Bad = !ok
			oc := report.Seconds(ours, fmtHMS(ours))
			oc.Best = ours == best
			s := jitter(pol, federated.UserMetric(u, federated.MCompletion))
			if d := math.Abs(ours/pub - 1); ok && d > matchTol-0.01 {
				edge = append(edge, fmt.Sprintf("User-%d %s (ratio %.4f, %s inside; jitter mean ratio %.3f)", u, pol, ours/pub,
					fmtHMS(math.Abs(math.Abs(ours-pub)-matchTol*pub)), s.Mean/pub))
			}
			jr := report.Num(s.Mean/pub, 3)
			jr.Bad = !within(s.Mean, pub)
			r.t4.AddRow(report.Str(fmt.Sprintf("User-%d", u)), report.Str(pol), report.Seconds(pub, PublishedCompletion[pol][u]), oc, rc,
				report.Seconds(ours-pub, fmtHMS(ours-pub)), report.Str(fmt.Sprintf("%s [%s, %s]", fmtHMS(s.Mean), fmtHMS(s.CILow), fmtHMS(s.CIHigh))), jr)
			note := "paper setting; out of sample"
			fitted := u == 0 && indexOf(GatewayCells, pol) >= 0
			if fitted {
				note = "paper setting; fitted (GridGateWay rate)"
			}
			r.t4tally.add(fitted, ok, within(s.Mean, pub))
			out.Compared = append(out.Compared, experiments.Comparison{Table: "Table 4", Workload: fmt.Sprintf("User-%d", u), Algorithm: pol,
				Metric: "completion time (s)", Published: pub, Reproduced: ours, Match: ok, Better: "lower", Note: note, InSample: fitted})
		}
	}
	r.t4.Notes = []string{fmt.Sprintf("**%d of %d cells within ±%.0f%%** of the published time (a ratio is marked otherwise). Bold: the fastest policy for the user. "+
		"User-0's Normal, DO and DO-AS cells fixed the GridGateWay rate; the other twelve are out of sample.", r.t4match, len(pols)*Users, matchTol*100),
		r.t4tally.note("cells", "the GridGateWay rate")}
	if len(edge) > 0 {
		r.t4.Notes = append(r.t4.Notes, fmt.Sprintf("Counted as matches but on the edge of the tolerance: %s. A few seconds either way move such a cell, "+
			"so the count is %d of %d with them and %d without.", strings.Join(edge, "; "), r.t4match, len(pols)*Users, r.t4match-len(edge)))
	}
	r.user2Order = orderOf(pols, func(p string) float64 { return paperVal(p, federated.UserMetric(2, federated.MCompletion)) })
	r.deviations = deviations(recs, pols, paperVal, c)
	r.alt = readingsTable(recs, pols, c, paperVal, r.t4match, r.t3match, r.scale)

	figDir := filepath.Join(in.PaperDir, "figures")
	if err := os.MkdirAll(figDir, 0o755); err != nil {
		return nil, err
	}
	var err error
	if r.sens, err = sensitivity(recs, pols, c, figDir); err != nil {
		return nil, fmt.Errorf("sensitivity: %w", err)
	}
	for _, pol := range pols {
		grid, err := statePanels(in.Result.Series, pol, c.SeriesUser, c.Quick)
		if err != nil {
			return nil, fmt.Errorf("figure for %s: %w", pol, err)
		}
		n := 6 + indexOf(gridway.Names, pol)
		fig := fmt.Sprintf("%s-fig%d-%s", Name, n, slug(pol))
		if _, err := plots.SaveGrid(grid, 30*vg.Centimeter, 9*vg.Centimeter, filepath.Join(figDir, fig), "png", "svg"); err != nil {
			return nil, err
		}
		r.stateFigs = append(r.stateFigs, &report.Figure{Path: "figures/" + fig + ".png", Alt: fmt.Sprintf("Figure %d: %s", n, pol)})
	}
	if err := completionFigure(recs, pols, figDir, c.Quick); err != nil {
		return nil, err
	}

	// Claims.
	r.claims, r.heldAll = claimsTable(Claims(recs, pols))
	r.ledger = Ledger(ledgerInput{recs: recs, pts: in.Result.Series, pols: pols, jobs: c.JobsPerUser, series: c.SeriesUser, step: c.SeriesStep, windows: c.SatWindows,
		t3: r.t3tally, t4: r.t4tally, t3lcg: r.t3lcgOnly, port: m.WAN.Bandwidth, jobBytes: m.InputBytes + m.OutputBytes})
	out.Ledger = r.ledger
	out.Tolerance = fmt.Sprintf("within ±%.0f%% of the published value in the paper-setting run (the tolerance is ours); "+
		"a split of Table 3 matches when both its counts, DSA and LCG jobs, are within (until this was stated, its LCG jobs alone were compared)", matchTol*100)
	out.Model = pl.page(r)
	out.Sheets = []*report.Table{r.gw, r.sat, r.t3, r.t4, r.claims}
	if r.sens != nil {
		out.Sheets = append(out.Sheets, r.sens.table)
	}
	if r.alt != nil {
		out.Sheets = append(out.Sheets, r.alt)
	}
	if r.cal != nil {
		out.Sheets = append([]*report.Table{r.cal}, out.Sheets...)
	}
	var hs []string
	keys := make([]string, 0, len(r.heldAll))
	for k := range r.heldAll {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		hs = append(hs, fmt.Sprintf("claim %s %s", k[:1], r.heldAll[k]))
	}
	out.Headline = experiments.QuickHeadline(fmt.Sprintf("Table 4: %d/%d completion times within ±15%% (%s); Table 3: %d/%d published splits with DSA and LCG jobs both within ±15%% (%s; SO and SO-AS share one); background %s MI per trace second (fitted on Table 3 Normal), GridGateWay %.0f kB/s (from Table 4 User-0); %s",
		r.t4match, len(pols)*Users, r.t4tally.short(), r.t3tally.ok[0]+r.t3tally.ok[1], r.t3tally.n[0]+r.t3tally.n[1], r.t3tally.short(), report.FormatFloat(m.MIPerTraceSecond, 0), m.WAN.Bandwidth/1e3, strings.Join(hs, ", ")), c.Quick)
	return &out, nil
}

// results is everything the page shows, computed before it is laid out.
type results struct {
	pols             []string
	scale            float64 // published job counts are scaled by it (quick mode)
	migrations       float64 // every user's migrations at the paper setting
	cal              *report.Table
	calBest          float64 // the calibration sweep's best background scale
	gw               *report.Table
	gwRate           float64 // the GridGateWay rate derived from the published cells, B/s
	sat              *report.Table
	t3, t4           *report.Table
	t3match, t4match int
	t3lcgRows        int   // Table 3 rows whose LCG jobs alone are within (the rule before splitWithin)
	t3lcgOnly        tally // the published splits counted by their LCG jobs alone
	t3tally, t4tally tally
	user2Order       string // User-2's policies from the fastest, paper setting
	deviations       []string
	alt              *report.Table // the other readings (nil without their runs)
	sens             *sensResult   // nil without sensitivity runs
	stateFigs        []*report.Figure
	claims           *report.Table
	heldAll          map[string]string // per claim of the claims table: its verdict over its scopes (claimVerdict)
	ledger           []analysis.LedgerEntry
}

// gatewayTable derives the GridGateWay rate from the published User-0
// cells and lists them.
func gatewayTable(m gridway.Config) (*report.Table, float64) {
	rate, cells := GatewayRate(m.InputBytes, m.OutputBytes)
	gw := &report.Table{ID: "Gateway", Title: "GridGateWay rate: derived from three published User-0 cells (LCG idle)",
		Columns: []string{"policy", "LCG jobs (Table 3)", "completion (Table 4)", "s per LCG job", "rate for 1 MB in + 2 MB out (kB/s)"}}
	for _, g := range cells {
		gw.AddRow(report.Str(g.Policy), report.Num(float64(g.LCGJobs), 0), report.Seconds(g.Completion, fmtHMS(g.Completion)), report.Num(g.SecondsPerJob(), 2),
			report.Num((m.InputBytes+m.OutputBytes)/g.SecondsPerJob()/1e3, 1))
	}
	return gw, rate
}

// saturationTable measures the LCG testbed under the background alone at
// each user's submission.
func saturationTable(c Config, paperVal func(pol, metric string) float64) *report.Table {
	satCols := []string{"user", "submitted", "paper's scenario", "free PEs", "queued"}
	for _, d := range c.SatWindows {
		satCols = append(satCols, fmt.Sprintf("cycles with a free PE, next %gh", d/3600))
	}
	sat := &report.Table{ID: "Saturation", Title: "The LCG testbed under the background alone at each user's submission (paper setting)", Columns: satCols}
	scen := []string{"low: always free PEs", "medium: fewer free PEs", "high: limited PEs"}
	for u := 0; u < Users; u++ {
		row := []report.Cell{report.Str(fmt.Sprintf("User-%d", u)), report.Str(fmt.Sprintf("day %d, 12:00", 2*u+2)), report.Str(scen[u]),
			report.Num(paperVal("Normal", federated.UserMetric(u, MBgFree)), 0), report.Num(paperVal("Normal", federated.UserMetric(u, MBgQueued)), 0)}
		for _, d := range c.SatWindows {
			v := paperVal("Normal", federated.UserMetric(u, FreeShareMetric(d)))
			row = append(row, report.Pct(v, 0))
		}
		sat.AddRow(row...)
	}
	return sat
}

// claimsTable lists the claims table's checks and whether each claim held
// in every scope.
func claimsTable(checks []Check) (*report.Table, map[string]string) {
	ct := &report.Table{ID: "Claims", Title: fmt.Sprintf("The paper's claims over the jitter repetitions (alpha = %.2f)", analysis.Alpha),
		Columns: []string{"claim", "scope", "verdict (jitter repetitions)", "paper setting (one run)", "paper's own Tables 3–4", "statistic"}}
	scopes := map[string][]string{}
	var order []string
	for _, ch := range checks {
		h := report.Str(ch.Verdict)
		h.Bad = ch.Verdict != analysis.VerdictHeld
		if _, ok := scopes[ch.Claim]; !ok {
			order = append(order, ch.Claim)
		}
		scopes[ch.Claim] = append(scopes[ch.Claim], ch.Verdict)
		ps := report.Str("holds")
		if !ch.Paper {
			ps = report.Str("does not hold")
		}
		pub := report.Str("holds")
		if !ch.Published {
			pub = report.Str("does not hold")
		}
		ct.AddRow(report.Str(ch.Claim), report.Str(ch.Scope), h, ps, pub, report.Str(ch.Statistic))
	}
	verdicts := map[string]string{}
	for _, c := range order {
		verdicts[c] = claimVerdict(scopes[c])
	}
	return ct, verdicts
}

// claimVerdict is a claim's verdict over its scopes' verdicts: held when
// every scope held, not held when one did not, else the first scope's
// other verdict (inconclusive, not testable).
func claimVerdict(vs []string) string {
	out := analysis.VerdictHeld
	for _, v := range vs {
		switch {
		case v == analysis.VerdictNotHeld:
			return v
		case v != analysis.VerdictHeld && out == analysis.VerdictHeld:
			out = v
		}
	}
	return out
}

// page lays out the results; it computes nothing.
func (pl *Plan) page(r *results) *report.Page {
	c, m := pl.Config, pl.Config.Model
	pg := &report.Page{ID: Name, Title: "Federated grids: Normal, SO, DO, SO-AS and DO-AS (Leal, Huedo, Llorente 2009)"}
	if c.Quick {
		pg.Add(&report.Paragraph{Quote: true, Text: fmt.Sprintf("**Quick configuration** (smoke test): %d jobs per user instead of 550 and %d repetitions; published job counts are scaled by %.2f; "+
			"numbers here are not the reproduction.", c.JobsPerUser, pl.Reps, r.scale)})
	}
	pg.Para("Two testbeds, DSA (%d PEs) and LCG (%d PEs), each behind a space-shared FCFS manager; a GridWay meta-scheduler on DSA maps each user's "+
		"experiment of %d jobs (%.0f MI, %.0f MB in, %.0f MB out) to DSA or, through the GridGateWay and the LCG GridWay, to LCG, while the whole LCG trace "+
		"(%s) loads the LCG testbed. Model: `internal/gridway`; every number traces back to `results/%s/runs.csv`.",
		m.DSA.PEs(), m.LCG.PEs(), c.JobsPerUser, m.JobMI, m.InputBytes/1e6, m.OutputBytes/1e6, c.Trace, Name)
	pg.Para("Workloads: **paper** — users at 12:00 of days 2, 4 and 6 (one deterministic run per policy; Tables 3–4 and Figures 6–10); "+
		"**jitter** — %d repetitions of the paper's setting in which each user's submission moves uniformly within ±%.0f min of 12:00 "+
		"(drawn from the repetition's seed, the same for every policy: a paired design). Submission time to the minute is the one thing "+
		"of the setting the paper leaves open that changes what a user meets; everything else (trace, testbeds, parameters) is fixed. "+
		"The suspension timeout, also left open, is not varied: at the paper setting it moves %.0f jobs in all (it acts only on jobs that wait an hour). "+
		"The claims are tested on these repetitions; **calibration** — Normal at the paper setting for each swept background scale; **alt-…** — the other readings below.",
		pl.Reps, c.Jitter/60, r.migrations)

	pg.Section("Calibrated values")
	pg.Para("The paper gives neither how a trace run time becomes a job length nor the speed of the GridGateWay path. Both are fitted, each on one published " +
		"table, and Table 4 (and the rest of Table 3) are the out-of-sample check.")
	scale := fmt.Sprintf("**Background scale: %s MI per trace second** (a background job of trace run time r has length r × %s MI). "+
		"Fitted on Table 3's **Normal split only** (LCG jobs of Users 0–2: 524 / 437 / 123): Normal is run at the paper setting for each value of the sweep "+
		"and the value with the smallest misfit (sum over users of the squared relative error of the LCG jobs) is kept.",
		report.FormatFloat(m.MIPerTraceSecond, 0), report.FormatFloat(m.MIPerTraceSecond, 0))
	switch {
	case r.cal == nil:
		pg.Para("%s No calibration runs in this result.", scale)
	case r.calBest == m.MIPerTraceSecond:
		pg.Para("%s The sweep's best is the model's value.", scale)
	case c.Quick:
		pg.Para("%s With the quick configuration's %d jobs per user the sweep's best is %s; the model keeps %s, fitted at 550.", scale, c.JobsPerUser, report.FormatFloat(r.calBest, 0), report.FormatFloat(m.MIPerTraceSecond, 0))
	default:
		pg.Para("%s **Mismatch: the sweep's best is %s, the model runs %s** — refit `DefaultMIPerTraceSecond`.", scale, report.FormatFloat(r.calBest, 0), report.FormatFloat(m.MIPerTraceSecond, 0))
	}
	if r.cal != nil {
		pg.Add(r.cal)
	}
	pg.Para("**GridGateWay port: %.0f kB/s (%.2f Mb/s), shared by inputs and outputs.** With LCG idle (User-0) an experiment lasts about as long as its LCG jobs' "+
		"files take through the GridGateWay: ≈11.2 s per LCG job, far more than the 10 Mb/s link first assumed allows (2.4 s). We model the path as GridSim's "+
		"serialised I/O: one FIFO port that inputs and outputs share (the alternative, a full-duplex link of ≈%.0f kB/s where the 2 MB outputs set the pace, "+
		"gives the same throughput). Derived from Normal, DO and DO-AS of User-0 (Σ LCG jobs × 3 MB / Σ completion = %.0f kB/s); SO and SO-AS of User-0 and "+
		"Users 1–2 are not used.", m.WAN.Bandwidth/1e3, m.WAN.Bandwidth*8/1e6, m.WAN.Bandwidth*m.OutputBytes/(m.InputBytes+m.OutputBytes)/1e3, r.gwRate/1e3)
	pg.Add(r.gw)

	pg.Section("LCG saturation at submission")
	pg.Para("The paper defines its scenarios by free PEs: User-0 meets an LCG that \"always has free PEs\", User-1 one with \"fewer free PEs\", User-2 \"limited PEs\". "+
		"Measured on the background alone (no experiment jobs), at the submission and over the GridWay cycles (every %.0f s) of the hours after it.", m.SchedulingInterval)
	pg.Add(r.sat)

	pg.Section("Table 3: jobs executed on DSA and LCG")
	pg.Add(r.t3)
	pg.Section("Table 4: completion times")
	pg.Add(r.t4)
	pg.Para("User-2's order, published: DO-AS < SO-AS < DO < Normal < SO; ours (paper setting): %s.", r.user2Order)

	pg.Section("Mismatches and their explanation")
	pg.Bullets(r.deviations...)
	if r.alt != nil {
		pg.Section("Other readings of what the paper leaves open")
		pg.Para("Each reading below is run at the paper setting under every policy; the model keeps the one the published tables support.")
		pg.Add(r.alt)
	}
	if r.sens != nil {
		r.sens.layout(pg)
	}

	pg.Section(fmt.Sprintf("Figures 6–10: job states over time for User-%d", c.SeriesUser))
	pg.Para("Paper setting, one figure per policy, panels DSA, LCG and the whole federated grid; stacked: pending (in the DSA GridWay), "+
		"queued (dispatched, not started), running (including the output transfer), done. Sampled every %.0f s; the samples are the paper run's series in `results/%s/series.csv`.", c.SeriesStep, Name)
	for _, f := range r.stateFigs {
		pg.Add(f)
	}
	pg.Para("Completion times over the jitter repetitions (mean and 95%% t-interval of the mean, mean ± t(0.975, n−1)·sd/√n), per user and policy:")
	pg.Add(&report.Figure{Path: "figures/" + Name + "-completion.png", Alt: "completion"})

	pg.Section("Claims")
	pg.Para("Tested on the %d jitter repetitions: each comparison is a paired Wilcoxon signed-rank test over the repetitions (the same submissions for every policy), "+
		"Holm-corrected within its claim; a claim holds in a scope when every comparison goes the stated way with p_Holm < %.2f, and is inconclusive, not \"not held\", when it does not with fewer repetitions than any data would need (as in the ledger). The statistic shown is the comparison "+
		"that decides (the first that fails, else the least significant). The paper-setting column says whether every stated direction holds in the one "+
		"deterministic run of Tables 3–4 (a single run: no test), and the next column whether it holds in the paper's own published tables.", pl.Reps, analysis.Alpha)
	pg.Add(r.claims)
	pg.Add(&report.Claims{Lead: fmt.Sprintf("Every result statement of Sections 7.3, 7.4 and 8, in the paper's order, after Tables 3–4 split into what was fitted and what was not. "+
		"Claims are tested on the %d jitter repetitions (paired Wilcoxon signed-rank, Holm within each claim); the statistic also says whether the stated direction "+
		"holds in the one paper-setting run and in the paper's own tables. The five claims of the table above are L-10, L-2/L-7, L-8, L-21a/b and L-19. "+
		"A row whose id adds a reading after a slash decides its statement again under that reading, beside the default row, and is counted apart; "+
		"where the paper's words are read two ways, the Interpretations give both verdicts and why the default is the default. "+
		"Also in `%s.claims.json`.", pl.Reps, Name), Entries: r.ledger})

	pg.Section("Interpretations (parameters the paper does not give)")
	pg.Bullets(append(Interpretations(c), LedgerReadings(r.ledger)...)...)
	pg.Para("Workbook sheets: federation-Calibration, -Gateway, -Saturation, -Table3, -Table4, -Claims (the jitter claims), -Sensitivity, -Readings; " +
		"the claims ledger is in the shared Claims sheet, beside Summary, Stats, Raw and Series.")
	return pg
}

func ci(s analysis.Summary, dec int) string {
	if s.N == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%s [%s, %s]", report.FormatFloat(s.Mean, dec), report.FormatFloat(s.CILow, dec), report.FormatFloat(s.CIHigh, dec))
}

// calRun is one calibration run: Normal at the paper setting under one
// background scale.
type calRun struct {
	mi, load  float64
	lcg, time [Users]float64 // per user: LCG jobs, completion time
}

// calibrationRuns collects the calibration runs, by increasing scale.
func calibrationRuns(recs []analysis.Record) []*calRun {
	byWorkload := map[string]*calRun{}
	for _, r := range recs {
		if Family(r.Workload) != WorkloadCalibration {
			continue
		}
		x := byWorkload[r.Workload]
		if x == nil {
			x = &calRun{mi: math.NaN(), load: math.NaN()}
			byWorkload[r.Workload] = x
		}
		switch r.Metric {
		case MScale:
			x.mi = r.Value
		case MLoad:
			x.load = r.Value
		}
		for u := 0; u < Users; u++ {
			switch r.Metric {
			case federated.UserMetric(u, federated.MJobsLCG):
				x.lcg[u] = r.Value
			case federated.UserMetric(u, federated.MCompletion):
				x.time[u] = r.Value
			}
		}
	}
	var rows []*calRun
	for _, x := range byWorkload {
		rows = append(rows, x)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].mi < rows[j].mi })
	return rows
}

// calibrationTable lists the calibration sweep and returns the value with
// the smallest misfit (nil table without calibration runs).
func calibrationTable(recs []analysis.Record, model, scale float64) (*report.Table, float64) {
	rows := calibrationRuns(recs)
	if len(rows) == 0 {
		return nil, math.NaN()
	}
	best, bestFit := math.NaN(), math.Inf(1)
	for _, x := range rows {
		if f := CalibrationFit(x.lcg, scale); f < bestFit {
			best, bestFit = x.mi, f
		}
	}
	against, misfit := calibrationReference(scale)
	t := &report.Table{ID: "Calibration", Title: "Calibration sweep: Normal's LCG jobs at the paper setting for each background scale (" + against + ")",
		Columns: []string{"MI per trace second", "offered load (share of LCG capacity)", "User-0 LCG", "User-1 LCG", "User-2 LCG", "misfit",
			"Normal's completion, User-0 / 1 / 2 (not fitted)"}}
	for _, x := range rows {
		mi := report.Num(x.mi, 0)
		mi.Best = x.mi == best
		f := report.Num(CalibrationFit(x.lcg, scale), 4)
		f.Best = x.mi == best
		t.AddRow(mi, report.Pct(x.load, 1), report.Num(x.lcg[0], 0), report.Num(x.lcg[1], 0), report.Num(x.lcg[2], 0), f,
			report.Str(fmtHMS(x.time[0])+" / "+fmtHMS(x.time[1])+" / "+fmtHMS(x.time[2])))
	}
	t.Notes = []string{fmt.Sprintf("Bold: the best fit. Misfit: %s of the LCG jobs. The model runs %s. "+
		"Offered load: Σ run time × scale over the LCG's capacity (Σ PEs × MIPS) and the trace's span; the reading run time × 9,787 MI offers ~105%% and its queue never drains.",
		misfit, report.FormatFloat(model, 0))}
	for i, x := range rows {
		if x.mi == best && i > 0 && i+1 < len(rows) {
			t.Notes = append(t.Notes, fmt.Sprintf("The fit is sharp: User-2 meets the LCG on a knee of its load, and its Normal LCG jobs go from %.0f at %s to %.0f at %s "+
				"MI per trace second, so small changes (of the scale, or of the submission: see the jitter column of Table 3) move User-2's split and times.",
				rows[i-1].lcg[Users-1], report.FormatFloat(rows[i-1].mi, 0), rows[i+1].lcg[Users-1], report.FormatFloat(rows[i+1].mi, 0)))
		}
	}
	return t, best
}

// calibrationReference says what the calibration misfit (CalibrationFit)
// compares the runs with at scale: Normal's published LCG jobs, scaled to
// the experiment's size when it is not the paper's (quick mode), so that
// the table's title shows the counts its misfit column is computed
// against, and the misfit's formula.
func calibrationReference(scale float64) (against, misfit string) {
	var pub, scaled []string
	for u := 0; u < Users; u++ {
		v := float64(PublishedJobs["Normal"][u][1])
		pub = append(pub, report.FormatFloat(v, 0))
		scaled = append(scaled, report.FormatFloat(v*scale, 1))
	}
	if scale == 1 {
		return "published " + strings.Join(pub, " / "), "Σ over users of ((ours − published)/published)²"
	}
	return fmt.Sprintf("published %s for 550 jobs per user; the misfit is computed against them scaled by %.2f: %s",
			strings.Join(pub, " / "), scale, strings.Join(scaled, " / ")),
		fmt.Sprintf("Σ over users of ((ours − published × %.2f)/(published × %.2f))²", scale, scale)
}

// totalMigrations sums every user's migrations over a workload's runs.
func totalMigrations(recs []analysis.Record, workload string, pols []string) float64 {
	n := 0.0
	for _, pol := range pols {
		for u := 0; u < Users; u++ {
			for _, v := range analysis.Select(recs, workload, pol, federated.UserMetric(u, federated.MMigrations)) {
				n += v
			}
		}
	}
	return n
}

// valueIn returns a metric of the single run of a paper-setting workload
// (NaN when absent).
func valueIn(recs []analysis.Record, workload string) func(pol, metric string) float64 {
	return func(pol, metric string) float64 {
		v := analysis.Select(recs, workload, pol, metric)
		if len(v) == 0 {
			return math.NaN()
		}
		return v[0]
	}
}

// matches counts the Table 4 cells and the Table 3 rows (both counts,
// splitWithin) within matchTol of the published, and the Table 3 rows by
// their LCG jobs alone (the rule before splitWithin).
func matches(val func(pol, metric string) float64, pols []string, scale float64) (t4, t3, t3lcg int) {
	for u := 0; u < Users; u++ {
		for _, pol := range pols {
			if within(val(pol, federated.UserMetric(u, federated.MCompletion)), publishedSeconds(pol, u)) {
				t4++
			}
			pd, pl := float64(PublishedJobs[pol][u][0])*scale, float64(PublishedJobs[pol][u][1])*scale
			od, ol := val(pol, federated.UserMetric(u, federated.MJobsDSA)), val(pol, federated.UserMetric(u, federated.MJobsLCG))
			if splitWithin(od, ol, pd, pl) {
				t3++
			}
			if within(ol, pl) {
				t3lcg++
			}
		}
	}
	return t4, t3, t3lcg
}

// readingsTable sets the model's Tables 3–4 matches beside each alternative
// reading's (nil without reading runs).
func readingsTable(recs []analysis.Record, pols []string, c Config, model func(pol, metric string) float64, t4, t3 int, scale float64) *report.Table {
	t := &report.Table{ID: "Readings", Title: "The model and the other readings at the paper setting",
		Columns: []string{"reading", fmt.Sprintf("Table 4 within ±%.0f%%", matchTol*100), fmt.Sprintf("Table 3 splits, DSA and LCG jobs both within ±%.0f%%", matchTol*100),
			"User-0 Normal / DO / DO-AS time ratio", "SO's trained DSA jobs, User-0 / 1 / 2 (published 102 / 145 / 124)", "User-2 order"}}
	row := func(name string, val func(pol, metric string) float64, t4, t3 int) {
		var fit, so []string
		for _, pol := range GatewayCells {
			fit = append(fit, fmt.Sprintf("%.2f", val(pol, federated.UserMetric(0, federated.MCompletion))/publishedSeconds(pol, 0)))
		}
		for u := 0; u < Users; u++ {
			so = append(so, report.FormatFloat(val("SO", federated.UserMetric(u, federated.MObjDSA)), 0))
		}
		t.AddRow(report.Str(name), report.Str(fmt.Sprintf("%d of %d", t4, len(pols)*Users)), report.Str(fmt.Sprintf("%d of %d", t3, len(pols)*Users)),
			report.Str(strings.Join(fit, " / ")), report.Str(strings.Join(so, " / ")),
			report.Str(orderOf(pols, func(p string) float64 { return val(p, federated.UserMetric(Users-1, federated.MCompletion)) })))
	}
	row(fmt.Sprintf("model: %s MI per trace second, one shared GridGateWay port of %.0f kB/s", report.FormatFloat(c.Model.MIPerTraceSecond, 0), c.Model.WAN.Bandwidth/1e3), model, t4, t3)
	n := 0
	counts := map[string]int{} // Table 4 matches per reading's workload
	for _, r := range c.Readings {
		val := valueIn(recs, r.Workload)
		if math.IsNaN(val(pols[0], federated.UserMetric(0, federated.MCompletion))) {
			continue
		}
		a4, a3, _ := matches(val, pols, scale)
		row(r.Title, val, a4, a3)
		counts[r.Workload] = a4
		n++
	}
	if n == 0 {
		return nil
	}
	count := func(w string) string {
		if v, ok := counts[w]; ok {
			return fmt.Sprintf("%d", v)
		}
		return "n/a"
	}
	u1 := func(w string) string {
		return fmtHMS(valueIn(recs, w)("Normal", federated.UserMetric(1, federated.MCompletion)))
	}
	t.Notes = []string{"Published User-2 order: DO-AS < SO-AS < DO < Normal < SO. A calibrated value must reproduce what it was fitted on. " +
		"Derived like the shared port's (Σ LCG jobs × 2 MB / Σ completion over the same three User-0 cells), a full-duplex link runs those cells ~11% slow: " +
		"its output direction idles while the first jobs compute, whereas the shared port is busy with inputs from the start. Every experiment is then ~11% slower, " +
		fmt.Sprintf("which lifts User-1's marginal cells into the tolerance; fitted so that its three cells match (200 kB/s), the full-duplex link matches %s cells "+
			"to the shared port's %d. The model keeps the shared port, whose derivation from the three cells is also its fit.", count("alt-duplex-fit"), t4),
		"Two rules of the model were revised after reading the paper again, each on its text: Algorithm 1's lines are fitted as Hockney and Jesshope fit r∞ and n½ " +
			"(time on count), and the LCG GridWay tests availability once per cycle, as Algorithm 2's loop does, then maps its external jobs with no further test " +
			"(lines 20–23). The \"alt-count-on-time\", \"alt-gateway-per-job\" and \"alt-previous\" rows are the model without one or both; " +
			fmt.Sprintf("they match %s, %s and %s cells to the model's %d. The fit changes SO's trained splits (the SO column) and with them SO and SO-AS of User-0; "+
				"the gateway rule moves User-1's Normal from %s to %s (published %s), across the edge of the tolerance (see Table 4).",
				count("alt-count-on-time"), count("alt-gateway-per-job"), count("alt-previous"), t4, u1("alt-gateway-per-job"), fmtHMS(model("Normal", federated.UserMetric(1, federated.MCompletion))),
				PublishedCompletion["Normal"][1]),
		"Readings that match as many cells as the model are not taken without support in the text: the paper says AS queues jobs \"to a limit of Number of " +
			"nodes()*MAX_RUNNING_RESOURCE_FACTOR\", not that running jobs leave the count (\"alt-cap-queued\"), nor that the DSA GridWay forgets the jobs it has sent to " +
			"the GridGateWay until they start (\"alt-published-free\"; GridWay itself counts a job against its host's slots from its dispatch on). " +
			"No reading reproduces User-1's SO and SO-AS: each follows its training run's split (the SO column)."}
	return t
}

// orderOf lists policies from the fastest, "<" between them.
func orderOf(pols []string, v func(string) float64) string {
	ps := append([]string(nil), pols...)
	sort.SliceStable(ps, func(i, j int) bool { return v(ps[i]) < v(ps[j]) })
	return strings.Join(ps, " < ")
}

func policiesOf(recs []analysis.Record, order []string) []string {
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
// paper run's job-state series (series.csv).
func statePanels(pts []analysis.Point, pol string, u int, quick bool) ([][]*plot.Plot, error) {
	type key struct{ panel, state string }
	series := map[key]map[float64]float64{}
	times := map[float64]bool{}
	for _, panel := range Panels {
		for _, st := range States {
			ts, vs := analysis.SeriesOf(pts, WorkloadPaper, pol, SeriesName(u, panel, st))
			k := key{panel, st}
			series[k] = map[float64]float64{}
			for i, t := range ts {
				series[k][t] = vs[i]
				times[t] = true
			}
		}
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
		spec := plots.StackSpec{Title: fmt.Sprintf("%s: %s, User-%d", pol, titles[panel], u), Note: experiments.QuickNote("", quick),
			XLabel: "hours since submission", YLabel: "jobs", X: hours}
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

func completionFigure(recs []analysis.Record, pols []string, figDir string, quick bool) error {
	groups := analysis.Index(analysis.Groups(recs))
	spec := plots.BarSpec{Title: "Completion time per user (jitter repetitions)", YLabel: "hours", Note: experiments.QuickNote("mean and 95% t-interval", quick)}
	for u := 0; u < Users; u++ {
		spec.Categories = append(spec.Categories, fmt.Sprintf("User-%d", u))
	}
	for _, pol := range pols {
		s := plots.BarSeries{Name: pol}
		for u := 0; u < Users; u++ {
			g, ok := groups[analysis.GroupKey{Experiment: Name, Workload: WorkloadJitter, Algorithm: pol, Metric: federated.UserMetric(u, federated.MCompletion)}]
			if !ok {
				return fmt.Errorf("no jitter completion times for %s", pol)
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

// tally counts a table's cells within the tolerance, split into those a
// calibrated value was fitted on and the rest, for the paper-setting run
// and for the jitter means.
type tally struct {
	n, ok, jit [2]int // [validated, fitted]: cells, within in the paper run, jitter mean within
}

func (t *tally) add(fitted, ok, jitterOK bool) {
	i := 0
	if fitted {
		i = 1
	}
	t.n[i]++
	if ok {
		t.ok[i]++
	}
	if jitterOK {
		t.jit[i]++
	}
}

// short is the headline's split, e.g. "fitted 3/3, out of sample 10/12".
func (t tally) short() string {
	return fmt.Sprintf("fitted %d/%d, out of sample %d/%d; jitter means %d/%d", t.ok[1], t.n[1], t.ok[0], t.n[0], t.jit[0]+t.jit[1], t.n[0]+t.n[1])
}

// note is a table's note on the split.
func (t tally) note(what, fitted string) string {
	return fmt.Sprintf("**Fitted vs validated:** %d of the %d %s are in sample (%s was fitted on them): %d within ±%.0f%%; out of sample %d of %d within. "+
		"The jitter means (±15 min, mean over the repetitions) are within ±%.0f%% for %d of the fitted and %d of the %d out-of-sample %s.",
		t.n[1], t.n[0]+t.n[1], what, fitted, t.ok[1], matchTol*100, t.ok[0], t.n[0], matchTol*100, t.jit[1], t.jit[0], t.n[0], what)
}

// entry is the ledger entry of the fitted (or the out-of-sample) cells of
// a table: held when every one is within the tolerance in the paper run.
func (t tally) entry(id, table string, fitted bool, quote, what, why string) analysis.LedgerEntry {
	i := 0
	if fitted {
		i = 1
	}
	e := analysis.LedgerEntry{ID: id, Section: "§7.3 " + table, Quote: table + ": " + quote, Scope: "paper setting (one deterministic run) and the jitter means",
		N: t.n[i], InSample: fitted, Verdict: verdictOf(t.n[i] > 0 && t.ok[i] == t.n[i]),
		Statistic: fmt.Sprintf("%d of %d %s within ±%.0f%% in the paper-setting run; jitter means %d of %d", t.ok[i], t.n[i], what, matchTol*100, t.jit[i], t.n[i]),
		Note:      "the ±15% tolerance is ours"}
	if why != "" {
		e.Note = why + "; " + e.Note
	}
	if t.n[i] == 0 {
		e.Verdict = analysis.VerdictNotTestable
	}
	return e
}
