package backfilling

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sched/backfill"
	"github.com/gridbench/gridbench/report"
)

// Ordering is one of the paper's orderings tested here: A's mean bounded
// slowdown below EASY's (requested times).
type Ordering struct{ ID, A, Quote string }

// Orderings are tested per log over the windows' paired means.
var Orderings = []Ordering{
	{"sjbf-below-easy", "easy-sjbf", "EASY-SJBF has a lower mean bounded slowdown than EASY"},
	{"easypp-below-easy", "easypp-reqtime", "EASY++ (Tsafrir et al., reqtime) has a lower mean bounded slowdown than EASY"},
	{"easypp-clairvoyant-below-easy", "easypp-clairvoyant", "EASY++ clairvoyant (SJBF on exact run times) has a lower mean bounded slowdown than EASY"},
}

// Interpretations are the choices the paper leaves open, as the page lists them.
var Interpretations = []string{
	"Input: each log is the input the authors simulated, read back from their own EASY schedule in the SC'15 artefact (lines sorted by job id, the wait of field 3 ignored, submit times as given, the first at 0): KTH-SP2 28,481 jobs, CTC-SP2 77,199, SDSC-SP2 54,006, SDSC-BLUE 232,542, the paper's counts. Their loader had already rewritten the log: a job that ran longer than its request ran for its request, with its actual run time as the request the scheduler sees; run times and requests are at least 1 s; a record without a run time, processors or submit time became a 1-second job. So no job of these inputs outlives its request. Second reading, where present: our own cleaned PWA log (workload id with -pwa), with gridbench's one rule for traces: jobs that do not fit the machine, records with neither allocated nor requested processors, a negative run time or no submit time are left out (KTH-SP2: 28,475 of 28,476 records).",
	"Estimates: \"requested\" is SWF field 9 when positive, else the run time; \"clairvoyant\" is the exact run time. EASY++ clairvoyant is SJBF backfilling on exact run times (perfect predictions).",
	"Order of events (found by reading the authors' simulator, pyss): one scheduling pass per event, all arrivals of an instant first (in input order), then its ends (in the order the jobs started); a job that ends before its estimate (its current prediction, for a scheduler with predictions) keeps its CPUs, for the scheduler, until its end is handled, while one that ends at its estimate has already given them back. This is the study's default (sim.PerEvent). gridbench's own order, one pass per instant after every end and arrival (sim.Batched), is the second reading (algorithms with -batched), whose agreement the table below shows beside the default's.",
	"Other rules of the authors' simulator, read and found to give the same starts as ours on these inputs: EASY's reservation is the earliest slot of the head in a table of CPU use by estimated end (our shadow time and spare CPUs); a later job starts when it fits that table from now to its estimated end (ends by the shadow time, or fits the spare CPUs); EASY skips the pass after an arrival that does not fit now (no FCFS-order pass could start anything then; EASY with predictions skips it too, where it is not a no-op: a prediction corrected since the last pass moves the head's reservation, and pyss backfills under the new one only at the next end; EASY++ never skips) and prunes jobs at least as long and as wide as one that did not fit; SJBF sorts the waiting jobs by estimate or prediction with a stable sort, so ties keep arrival order, as ours.",
	"With predictors (the Tsafrir and learned-predictor rows): pyss predicts a job's run time when it is submitted, teaches the predictor a completion when that end is handled (after the arrivals of the same instant), and corrects an expired prediction before any other event of its instant, without a scheduling pass of its own; a job started at an instant joins the running jobs the learned predictor's features count only after every arrival and end of that instant (its start event comes last). With these rules EASY++ with Tsafrir's prediction and correction and with the learned predictor start every job at the authors' second on all four logs.",
	"Past an estimate: the simulator kills nothing; every job runs its trace run time (in the artefact's inputs no job runs past its request). A running job past its estimate counts as ending now when the head's shadow time is computed (EASY, EASY-SJBF, EASY++ after its prediction reaches the request). EASY++ corrects a prediction that a running job has outlived by raising it to the request (reqtime).",
	"EASY++ predictions: the mean run time of the user's last two completed jobs (SWF field 12; completions in the order the simulator reports them, as of the job's arrival), the one run time after one completed job, capped by the request; the request when the user has none.",
	"Ties: arrivals at one instant in submit order, then input order (job id); SJBF breaks equal estimates or predictions by arrival (the authors' stable sort does the same); the shadow time counts every CPU released at it.",
	"Bounded slowdown: max(1, (wait + run) / max(10, run)) with the actual run time, averaged over every simulated job (no warm-up or cool-down cut).",
	"One machine of the size the log's header gives (MaxProcs: KTH-SP2 100 processors, CTC-SP2 338, SDSC-SP2 128, SDSC-BLUE 1152), the whole log from an empty machine.",
	"Agreement: a job agrees when it starts within half a second of the authors' start (their times are whole seconds). The first jobs that differ are the ones whose earlier start (ours or theirs) comes first; the reason given is read from the authors' schedule at that instant: an arrival while a job ended before its estimate, several arrivals, several ends, or one event only (then a rule other than the order of events differs).",
	"Clairvoyant, in the claim " + clairvoyantClaim + ": \"backfilling with exact (clairvoyant) running times\" is read as EASY clairvoyant, EASY's FCFS backfilling on exact run times (the artefact's easy_prediction_backfill_scheduler with predictor_clairvoyant). " +
		"The other reading, EASY++ clairvoyant (SJBF backfilling on exact run times), is the ledger's row " + clairvoyantClaim + "/" + clairvoyantSJBF + ", counted apart as an alternative reading; both are tested the same way (paired by window, one Holm family over the logs). " +
		"The default is the reading the authors' own numbers support: the learned configuration they published schedules of, against their two clairvoyant cells, log by log, in the table after these interpretations; the words also name backfilling, not SJBF ordering.",
	"Ordering tests: paired one-sided claims, tested two-sided with the Wilcoxon signed-rank test over the mean bounded slowdowns of 20 consecutive slices of the log (by submit order) taken from the one whole-log run of each algorithm, Holm over the three orderings of a log. The slices are not independent (a slice's queue carries into the next), so the p-values are optimistic; they say the difference is spread over the log, not concentrated in one burst.",
}

// Agreement targets: the share of jobs whose start must agree, and the
// largest relative difference of mean bounded slowdown.
const (
	TargetAgree      = 0.995
	TargetAgreeExact = 0.999 // where estimates are exact
	TargetBSLD       = 0.005
)

// agreeRow is one (log, configuration) of the agreement tables.
type agreeRow struct {
	log    Log
	ref    Reference
	status string // "" when run; else why not
	// per reading: the default (sim.PerEvent) and the batched one
	def, batched agreeResult
}

type agreeResult struct {
	ok             bool // recorded
	share          float64
	ours, theirs   float64
	diffs          []Diff
	meets, perfect bool
}

// cell is one (log, algorithm) of the page: ours, and the paper's when it
// has one (NaN otherwise).
type cell struct {
	log           Log
	algo          Algo
	pub, got, rel float64 // rel: (got - pub) / pub
	ok            bool    // within the tolerance
}

// ordering is one ordering claim tested on one log; cmp is nil when the
// log was not run. verdict is the ledger's (held, not held, inconclusive
// when it did not hold with fewer windows than Holm over the log's
// orderings needs, not testable).
type ordering struct {
	log     Log
	o       Ordering
	cmp     *analysis.Comparison
	verdict string
}

// notRun is a log of Logs with no input here: its published cells and
// orderings are listed as not run, not left out.
type notRun struct {
	log   Log
	quick bool // left out by the quick configuration, not for lack of data
}

// notRunIn is log l, not run in configuration c: the quick configuration
// runs the first log only.
func notRunIn(c Config, l Log) notRun { return notRun{log: l, quick: c.Quick && l.ID != Logs[0].ID} }

// fetch is the command that gets the log's primary input, the SC'15
// artefact's schedules of it.
func (n notRun) fetch() string { return "sc15-" + strings.ToLower(n.log.Artefact) }

// short is what a table cell says in the reproduced value's place.
func (n notRun) short() string {
	if n.quick {
		return "not run (quick configuration)"
	}
	return "not run (log absent)"
}

// note is the ledger's reason.
func (n notRun) note() string {
	if n.quick {
		return fmt.Sprintf("not run: %s is left out of the quick configuration", n.log.Label)
	}
	return fmt.Sprintf("not run: %s is not in the data root (`gridbench data fetch %s`)", n.log.Label, n.fetch())
}

// notRunText says which logs were not run and why, in one clause: "CTC-SP2
// and SDSC-SP2 are not in the data root (`gridbench data fetch …`)".
func notRunText(ns []notRun) string {
	var parts []string
	for _, quick := range []bool{false, true} {
		var labels, ids []string
		for _, n := range ns {
			if n.quick == quick {
				labels, ids = append(labels, n.log.Label), append(ids, n.fetch())
			}
		}
		if len(labels) == 0 {
			continue
		}
		verb := "are"
		if len(labels) == 1 {
			verb = "is"
		}
		if quick {
			parts = append(parts, fmt.Sprintf("%s %s left out of the quick configuration", andList(labels), verb))
		} else {
			parts = append(parts, fmt.Sprintf("%s %s not in the data root (`gridbench data fetch %s`)", andList(labels), verb, strings.Join(ids, " ")))
		}
	}
	return strings.Join(parts, "; ")
}

// andList is "a, b and c".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// summary is what the page shows, computed from the records.
type summary struct {
	cells          []cell
	tests          []ordering
	ledger         []analysis.LedgerEntry
	compared       []experiments.Comparison
	matched, total int
	held           int
	jobs           map[string]float64 // log id -> jobs simulated
	second         []cell             // our cleaned PWA logs, beside the published cells
	agree          []agreeRow
	// notRun are the logs without input here, unrun the published cells
	// of those logs (listed in cells without a reproduced value).
	notRun []notRun
	unrun  int
	// clair is the claim learned-below-clairvoyant under both readings,
	// per log, and grid the authors' KTH-SP2 grid against its cells.
	clair []clairRow
	grid  gridBelow
}

// clairRow is one log of the claim that the learned predictor beats
// clairvoyant backfilling, under both readings.
type clairRow struct {
	log          Log
	ours, theirs float64 // the learned configuration's mean bounded slowdown (NaN: none)
	// theirsFrom says where the authors' value was read: their schedule
	// of the configuration, or their KTH-SP2 grid.
	theirsFrom string
	def, alt   *analysis.Result // per reading; nil when not tested on this log
	notRun     string           // why not, when the log has no artefact input
}

// gridBelow counts the configurations of the authors' KTH-SP2 grid below
// each clairvoyant cell of KTH-SP2.
type gridBelow struct {
	n, easy, sjbf int
	best          float64
}

// clairvoyantRows reads, per log, the learned configuration's mean bounded
// slowdown (ours, and the authors' from their schedule, else from their
// KTH-SP2 grid) and the two readings' results from the ledger.
func clairvoyantRows(c Config, idx map[analysis.GroupKey]*analysis.Group, ledger []analysis.LedgerEntry, grid []GridRow) []clairRow {
	result := func(id, scope string) *analysis.Result {
		for _, e := range ledger {
			if e.ID != id {
				continue
			}
			for i := range e.Results {
				if e.Results[i].Scope == scope {
					return &e.Results[i]
				}
			}
		}
		return nil
	}
	var rows []clairRow
	for _, l := range Logs {
		r := clairRow{log: l, ours: math.NaN(), theirs: math.NaN()}
		if !contains(c.Logs, l.ID) {
			r.notRun = notRunIn(c, l).short()
			rows = append(rows, r)
			continue
		}
		r.ours = valueOf(idx, l.ID, learned, MetricBSLD)
		if r.theirs = valueOf(idx, l.ID, learned, MetricRefBSLD); !math.IsNaN(r.theirs) {
			r.theirsFrom = "their schedule"
		} else if l.ID == Logs[0].ID {
			for _, g := range grid {
				if g.SJBF && g.Correction == backfill.ReqTime && g.SGD == backfill.DefaultSGD {
					r.theirs, r.theirsFrom = g.Theirs, "their grid"
				}
			}
		}
		r.def, r.alt = result(clairvoyantClaim, l.Label), result(clairvoyantClaim+"/"+clairvoyantSJBF, l.Label)
		rows = append(rows, r)
	}
	return rows
}

// gridCounts counts the grid's configurations below KTH-SP2's two
// published clairvoyant cells.
func gridCounts(grid []GridRow) gridBelow {
	g := gridBelow{n: len(grid), best: math.Inf(1)}
	pub := Logs[0].Published
	for _, r := range grid {
		if r.Theirs < pub[clairvoyantEASY] {
			g.easy++
		}
		if r.Theirs < pub[clairvoyantSJBF] {
			g.sjbf++
		}
		g.best = min(g.best, r.Theirs)
	}
	return g
}

// tested is the number of orderings tested (on the logs run).
func (s summary) tested() int {
	n := 0
	for _, t := range s.tests {
		if t.cmp != nil {
			n++
		}
	}
	return n
}

// headline is the page's first line: the published cells and orderings
// run, and those of the logs not run, with why.
func (s summary) headline(tol float64) string {
	if len(s.notRun) == 0 {
		return fmt.Sprintf("%d of %d published cells within ±%.0f%% (all out of sample: nothing fitted); %d of %d orderings held",
			s.matched, s.total, 100*tol, s.held, s.tested())
	}
	return fmt.Sprintf("%d of %d computed cells within ±%.0f%% (all out of sample: nothing fitted); %d of %d orderings held; %d published cells and %d orderings not run: %s",
		s.matched, s.total, 100*tol, s.held, s.tested(), s.unrun, len(s.tests)-s.tested(), notRunText(s.notRun))
}

// Report implements experiments.Plan.
func (pl *Plan) Report(ctx context.Context, in experiments.ReportInput) (*experiments.ReportOutput, error) {
	c := pl.Config
	idx := in.Result.Index()
	sum := summarize(c, idx, in.Result.Series)
	sum.ledger = ledger(c, sum, in.Result.Series)
	grid, err := ReadGrid()
	if err != nil {
		return nil, err
	}
	sum.clair, sum.grid = clairvoyantRows(c, idx, sum.ledger, grid), gridCounts(grid)
	out := &experiments.ReportOutput{Compared: sum.compared, Ledger: sum.ledger, Tolerance: fmt.Sprintf("within ±%.0f%% of the published value, fixed before the first run", 100*c.Tolerance),
		Headline: experiments.QuickHeadline(sum.headline(c.Tolerance), c.Quick)}
	out.Model, out.Sheets = page(c, out.Headline, sum)
	if err := utilisationSection(out.Model, c, in.Result.Series, in.PaperDir); err != nil {
		return nil, err
	}
	if err := GridSection(out.Model, in.PaperDir, grid, pl.grid); err != nil {
		return nil, err
	}
	return out, nil
}

// valueOf is the first value of metric for algo on log in idx (a log is
// one whole run), NaN when there is none.
func valueOf(idx map[analysis.GroupKey]*analysis.Group, log, algo, metric string) float64 {
	if g, ok := idx[analysis.GroupKey{Experiment: Name, Workload: log, Algorithm: algo, Metric: metric}]; ok && len(g.Values) > 0 {
		return g.Values[0]
	}
	return math.NaN()
}

// summarize compares every cell with the paper and tests the orderings,
// one Holm family per log.
func summarize(c Config, idx map[analysis.GroupKey]*analysis.Group, series []analysis.Point) summary {
	sum := summary{jobs: map[string]float64{}}
	for _, l := range Logs {
		// The primary reading is the authors' input; our PWA log stands
		// in for it when the artefact is absent.
		wl, pwa := l.ID, l.ID+PWASuffix
		if !contains(c.Logs, wl) {
			wl = pwa
		} else if contains(c.Logs, pwa) {
			for _, a := range c.Algos {
				if a.Reading {
					continue
				}
				x := cell{log: l, algo: a, got: valueOf(idx, pwa, a.ID, MetricBSLD), pub: math.NaN(), rel: math.NaN()}
				if p, ok := l.Published[a.ID]; ok {
					x.pub, x.rel = p, (x.got-p)/p
					x.ok = math.Abs(x.rel) <= c.Tolerance
				}
				sum.second = append(sum.second, x)
			}
		}
		if !contains(c.Logs, wl) {
			sum.addNotRun(notRunIn(c, l), c)
			continue
		}
		if wl == l.ID {
			sum.agree = append(sum.agree, agreement(c, l, idx)...)
		}
		sum.jobs[l.ID] = valueOf(idx, wl, "easy", MetricJobs)
		for _, a := range c.Algos {
			if a.Reading {
				continue
			}
			x := cell{log: l, algo: a, got: valueOf(idx, wl, a.ID, MetricBSLD), pub: math.NaN(), rel: math.NaN()}
			if p, ok := l.Published[a.ID]; ok {
				x.pub, x.rel = p, (x.got-p)/p
				x.ok = math.Abs(x.rel) <= c.Tolerance
				sum.total++
				e := analysis.LedgerEntry{ID: l.ID + "/" + a.ID, Quote: publishedQuote(a, l, p),
					Section: "Table 2", Scope: l.Label, Verdict: analysis.VerdictNotHeld,
					Statistic: fmt.Sprintf("reproduced %.2f, %+.1f%% (tolerance ±%.0f%%)", x.got, 100*x.rel, 100*c.Tolerance)}
				if x.ok {
					sum.matched++
					e.Verdict = analysis.VerdictHeld
				}
				sum.ledger = append(sum.ledger, e)
				sum.compared = append(sum.compared, experiments.Comparison{Table: "SC'15 artefact", Workload: l.Label, Algorithm: a.Label,
					Metric: "mean bounded slowdown", Published: p, Reproduced: x.got, Match: x.ok, Better: "lower",
					Note: fmt.Sprintf("tolerance ±%.0f%% fixed before the first run", 100*c.Tolerance)})
			}
			sum.cells = append(sum.cells, x)
		}
		_, easy := analysis.SeriesOf(series, wl, "easy", SeriesWindow)
		var fam []*analysis.Comparison
		for _, o := range Orderings {
			_, a := analysis.SeriesOf(series, wl, o.A, SeriesWindow)
			cmp := &analysis.Comparison{Name: o.A + " vs easy", Scope: l.Label, Want: analysis.Lower, X: a, Y: easy}
			fam = append(fam, cmp)
			sum.tests = append(sum.tests, ordering{log: l, o: o, cmp: cmp})
		}
		analysis.Test(fam...)
		for i := len(sum.tests) - len(fam); i < len(sum.tests); i++ {
			t := &sum.tests[i]
			if t.cmp.Held() {
				sum.held++
			}
			e := analysis.LedgerEntry{ID: l.ID + "/" + t.o.ID, Quote: t.o.Quote, Section: "Table 2", Scope: fmt.Sprintf("%s, %d windows", l.Label, c.Windows)}
			e = e.FromVerdict(analysis.Decide([]*analysis.Comparison{t.cmp}), len(fam))
			t.verdict = e.Verdict
			sum.ledger = append(sum.ledger, e)
		}
	}
	return sum
}

// addNotRun lists the published cells and the orderings of log n, not
// run: in the table without a reproduced value, in the ledger as not
// testable with the reason.
func (s *summary) addNotRun(n notRun, c Config) {
	s.notRun = append(s.notRun, n)
	l := n.log
	for _, a := range c.Algos {
		p, ok := l.Published[a.ID]
		if a.Reading || !ok {
			continue
		}
		s.unrun++
		s.cells = append(s.cells, cell{log: l, algo: a, pub: p, got: math.NaN(), rel: math.NaN()})
		s.ledger = append(s.ledger, analysis.LedgerEntry{ID: l.ID + "/" + a.ID, Quote: publishedQuote(a, l, p), Scope: l.Label,
			Verdict: analysis.VerdictNotTestable, Note: n.note()})
	}
	for _, o := range Orderings {
		s.tests = append(s.tests, ordering{log: l, o: o, verdict: analysis.VerdictNotTestable})
		s.ledger = append(s.ledger, analysis.LedgerEntry{ID: l.ID + "/" + o.ID, Quote: o.Quote, Scope: fmt.Sprintf("%s, %d windows", l.Label, c.Windows),
			Verdict: analysis.VerdictNotTestable, Note: n.note()})
	}
}

// publishedQuote is a published cell as the ledger quotes it.
func publishedQuote(a Algo, l Log, p float64) string {
	return fmt.Sprintf("%s on %s: mean bounded slowdown %.2f", a.Label, l.Label, p)
}

// agreement reads the agreement of every reference configuration of log
// l from the records, in both readings.
func agreement(c Config, l Log, idx map[analysis.GroupKey]*analysis.Group) []agreeRow {
	var present []string
	if i := slices.Index(c.Logs, l.ID); i >= 0 {
		present = c.Refs[i]
	}
	read := func(algo string, exact bool) agreeResult {
		v := func(metric string) (float64, bool) {
			g, ok := idx[analysis.GroupKey{Experiment: Name, Workload: l.ID, Algorithm: algo, Metric: metric}]
			if !ok || len(g.Values) == 0 {
				return math.NaN(), false
			}
			return g.Values[0], true
		}
		var r agreeResult
		r.share, r.ok = v(MetricAgree)
		if !r.ok {
			return r
		}
		r.ours, _ = v(MetricBSLD)
		r.theirs, _ = v(MetricRefBSLD)
		for k := 1; k <= FirstDiffs; k++ {
			p := fmt.Sprintf("diff%d_", k)
			id, ok := v(p + "id")
			if !ok {
				break
			}
			ours, _ := v(p + "ours")
			ref, _ := v(p + "ref")
			cause, _ := v(p + "cause")
			r.diffs = append(r.diffs, Diff{ID: int64(id), Ours: ours, Theirs: ref, At: min(ours, ref), Cause: Cause(cause)})
		}
		target := TargetAgree
		if exact {
			target = TargetAgreeExact
		}
		r.meets = r.share >= target && math.Abs(r.ours/r.theirs-1) <= TargetBSLD
		r.perfect = len(r.diffs) == 0
		return r
	}
	var rows []agreeRow
	for _, r := range References {
		row := agreeRow{log: l, ref: r}
		switch {
		case !r.Registered():
			row.status = fmt.Sprintf("not yet run: scheduler missing (`%s`)", r.Sched)
		case !contains(present, r.ID):
			row.status = fmt.Sprintf("not run: the authors' schedule is missing (`gridbench data fetch sc15-%s`)", strings.ToLower(l.Artefact))
		default:
			exact := r.Estimate == adapt.Exact
			row.def, row.batched = read(r.ID, exact), read(r.ID+BatchedSuffix, exact)
		}
		rows = append(rows, row)
	}
	return rows
}

// diffText is the first differing jobs as the page gives them.
func diffText(ds []Diff) string {
	if len(ds) == 0 {
		return "none: every job starts at the authors' second"
	}
	var parts []string
	for _, d := range ds {
		parts = append(parts, fmt.Sprintf("job %d at t=%.0f: %.0f here, %.0f theirs (%s)", d.ID, d.At, d.Ours, d.Theirs, d.Cause))
	}
	return strings.Join(parts, "; ")
}

// agreeTable is the agreement of one reading; run tells whether the row
// was run and the result to show.
func agreeTable(id, title string, rows []agreeRow, pick func(agreeRow) agreeResult) *report.Table {
	t := &report.Table{ID: id, Title: title, Columns: []string{"log", "configuration (authors' file)", "algorithm", "same start", "bsld here", "bsld authors", "difference", "target met", "first jobs that differ"}}
	for _, row := range rows {
		alg := fmt.Sprintf("%s, %s estimates", row.ref.Sched, row.ref.Estimate)
		if row.status != "" {
			t.AddRow(report.Str(row.log.Label), report.Str(row.ref.Label), report.Str(alg), report.Str("—"), report.Str(""), report.Str(""), report.Str(""), report.Str(""), report.Str(row.status))
			continue
		}
		r := pick(row)
		if !r.ok {
			t.AddRow(report.Str(row.log.Label), report.Str(row.ref.Label), report.Str(alg), report.Str("—"), report.Str(""), report.Str(""), report.Str(""), report.Str(""), report.Str("no run recorded"))
			continue
		}
		met := report.Str("yes")
		if !r.meets {
			met = report.Str("no")
			met.Bad = true
		}
		rel := r.ours/r.theirs - 1
		t.AddRow(report.Str(row.log.Label), report.Str(row.ref.Label), report.Str(alg),
			report.Cell{Text: fmt.Sprintf("%.2f%%", 100*r.share), Value: r.share, Num: true, Format: "0.00%"},
			report.Num(r.ours, 3), report.Num(r.theirs, 3),
			report.Cell{Text: fmt.Sprintf("%+.2f%%", 100*rel), Value: rel, Num: true, Format: "+0.00%;-0.00%"},
			met, report.Str(diffText(r.diffs)))
	}
	return t
}

// page builds the page and the workbook sheets from the summary; it
// computes nothing.
func page(c Config, headline string, sum summary) (*report.Page, []*report.Table) {
	pg := &report.Page{ID: Name, Title: Name + " — " + (&Experiment{}).Title()}
	pg.Para("**%s.**", headline)
	pg.Para("Tolerance, stated before any of our numbers was computed and kept: a reproduced cell matches when it is within **±%.0f%%** of the published one. "+
		"Published: Gaussier, Glesser, Reis & Trystram, SC'15 artefact results (the simulation results the authors shipped with the paper, `sim_analysis/metrics_complete`, column `avgbsld`; pyss-based simulator), not a printed table. A log absent from the data root is not run: its published cells and orderings are listed as not run, and the headline says how to fetch it (`gridbench data` lists what is where).", 100*c.Tolerance)
	pg.Section("Mean bounded slowdown, published beside reproduced")
	cells := &report.Table{ID: "table2", Columns: []string{"log", "algorithm", "published", "reproduced", "difference", fmt.Sprintf("within ±%.0f%%", 100*c.Tolerance)}}
	for _, x := range sum.cells {
		if math.IsNaN(x.pub) {
			cells.AddRow(report.Str(x.log.Label), report.Str(x.algo.Label), report.Str("—"), report.Num(x.got, 2), report.Str(""), report.Str("(not in the paper)"))
			continue
		}
		if math.IsNaN(x.got) {
			cells.AddRow(report.Str(x.log.Label), report.Str(x.algo.Label), report.Num(x.pub, 2), report.Str(sum.notRunOf(x.log).short()), report.Str(""), report.Str(""))
			continue
		}
		mark := report.Str("no")
		mark.Bad = true
		if x.ok {
			mark = report.Str("yes")
		}
		diff := report.Cell{Text: fmt.Sprintf("%+.1f%%", 100*x.rel), Value: x.rel, Num: true, Format: "+0.0%;-0.0%"}
		cells.AddRow(report.Str(x.log.Label), report.Str(x.algo.Label), report.Num(x.pub, 2), report.Num(x.got, 2), diff, mark)
	}
	pg.Add(cells)
	sheets := []*report.Table{cells}
	jobs := "Jobs simulated:"
	for _, l := range Logs {
		if n, ok := sum.jobs[l.ID]; ok {
			jobs += fmt.Sprintf(" %s %.0f (paper: %d);", l.Label, n, l.PaperJobs)
		}
	}
	pg.Para("%s mean waits are in `results/%s/runs.csv` (metric `%s`).", jobs, Name, MetricWait)
	pg.Para("A cell outside the tolerance is a mismatch, reported as such; nothing was tuned per cell.")
	unrun := ""
	if len(sum.notRun) > 0 {
		unrun = fmt.Sprintf(" The %d published cells and %d orderings of the logs not run validate nothing.", sum.unrun, len(sum.tests)-sum.tested())
	}
	pg.Para("**Fitted vs validated:** nothing of this study is fitted. No parameter was chosen on these logs or cells: the schedulers, the filter and the ±%.0f%% tolerance were fixed before the first run, "+
		"so all %d published cells are validated out of sample (%d within the tolerance), and so are the %d ordering tests.%s", 100*c.Tolerance, sum.total, sum.matched, sum.tested(), unrun)
	pg.Section("Schedule agreement with the authors' simulator")
	pg.Para("The artefact holds the authors' per-job schedules (pyss) of five configurations. Each one our schedulers can run is run on the same input in the same order of events, "+
		"and compared job by job. Target: at least %.1f%% of jobs starting at the same second (%.1f%% where estimates are exact) and a mean bounded slowdown within %.1f%% of the authors'.",
		100*TargetAgree, 100*TargetAgreeExact, 100*TargetBSLD)
	if len(sum.agree) == 0 {
		pg.Para("No log of the SC'15 artefact is present: nothing to compare (`gridbench data fetch sc15-kth-sp2 sc15-ctc-sp2 sc15-sdsc-sp2 sc15-sdsc-blue`).")
	} else {
		t := agreeTable("agreement", "Agreement with the authors' schedules, job by job (the study's default: pyss's order of events)", sum.agree, func(r agreeRow) agreeResult { return r.def })
		pg.Add(t)
		sheets = append(sheets, t)
	}
	if len(sum.second) > 0 {
		pg.Section("Second reading: our cleaned PWA logs")
		pg.Para("The same algorithms on the Parallel Workloads Archive's cleaned logs as gridbench reads them (workloads with %s), beside the same published cells; no claim rests on them.", PWASuffix)
		t := &report.Table{ID: "pwa", Columns: []string{"log", "algorithm", "published", "reproduced", "difference"}}
		for _, x := range sum.second {
			if math.IsNaN(x.pub) {
				t.AddRow(report.Str(x.log.Label), report.Str(x.algo.Label), report.Str("—"), report.Num(x.got, 2), report.Str(""))
				continue
			}
			t.AddRow(report.Str(x.log.Label), report.Str(x.algo.Label), report.Num(x.pub, 2), report.Num(x.got, 2),
				report.Cell{Text: fmt.Sprintf("%+.1f%%", 100*x.rel), Value: x.rel, Num: true, Format: "+0.0%;-0.0%"})
		}
		pg.Add(t)
		sheets = append(sheets, t)
	}
	pg.Section("Orderings")
	pg.Para("Each claim: the algorithm's mean bounded slowdown is lower than EASY's (requested times), tested over %d windows (see the interpretations). "+
		"The verdict is the ledger's: held, not held, inconclusive when it did not hold with fewer windows than Holm over the log's %d orderings needs (%d), "+
		"not testable when the log was not run.", c.Windows, len(Orderings), analysis.MinPairs(len(Orderings)))
	ords := &report.Table{ID: "orderings", Columns: []string{"log", "claim", "mean over windows (A vs EASY)", "r", "Holm p", "verdict"}}
	for _, t := range sum.tests {
		if t.cmp == nil {
			v := report.Str(t.verdict + ": " + sum.notRunOf(t.log).short())
			ords.AddRow(report.Str(t.log.Label), report.Str(t.o.Quote), report.Str(""), report.Str(""), report.Str(""), v)
			continue
		}
		v := report.Str(t.verdict)
		v.Bad = t.verdict != analysis.VerdictHeld
		ords.AddRow(report.Str(t.log.Label), report.Str(t.o.Quote), report.Str(fmt.Sprintf("%.2f vs %.2f", t.cmp.MeanA, t.cmp.MeanB)),
			report.Num(t.cmp.Res.Effect, 2), report.Cell{Text: fmt.Sprintf("%.3g", t.cmp.PAdj), Value: t.cmp.PAdj, Num: true}, v)
	}
	pg.Add(ords)
	sheets = append(sheets, ords)
	pg.Section("Interpretations")
	pg.Bullets(Interpretations...)
	if len(sum.agree) > 0 {
		pg.Para("The order of events, both readings: agreement with the authors' schedules in gridbench's own order (one pass per instant, ends first), against the default above.")
		t := agreeTable("readings", "Agreement with the authors' schedules in gridbench's batched order of events (second reading)", sum.agree, func(r agreeRow) agreeResult { return r.batched })
		pg.Add(t)
		sheets = append(sheets, t)
	}
	// On the page as a list, one line per log (the table's three long
	// columns overran the LaTeX line); in the workbook as the table.
	t := clairvoyantTable(sum)
	pg.Para("**%s**", t.Title)
	var items []string
	for _, row := range t.Rows {
		items = append(items, fmt.Sprintf("%s; %s: %s; %s: %s.", row[0].Text, t.Columns[1], row[1].Text, t.Columns[2], row[2].Text))
	}
	pg.Bullets(items...)
	sheets = append(sheets, t)
	pg.Para("%s", clairvoyantSupport(sum))
	pg.Add(&report.Claims{Lead: fmt.Sprintf("Every published cell of the SC'15 artefact results (held: within ±%.0f%%; counted apart as published values; not testable: its log was not run), every ordering of the table above, "+
		"one Holm family of %d orderings per log (n counts windows of one run, not independent repetitions), and the paper's own claims about its learned predictor. None is in sample. Also in `%s.claims.json` beside this page.", 100*c.Tolerance, len(Orderings), Name), Entries: sum.ledger})
	return pg, sheets
}

// clairvoyantTable is the claim learned-below-clairvoyant, log by log,
// under both readings of "clairvoyant": each reading's cell is the
// published clairvoyant value and the verdict against it.
func clairvoyantTable(sum summary) *report.Table {
	t := &report.Table{ID: "clairvoyant", Title: "The learned predictor against clairvoyant backfilling, both readings (claim " + clairvoyantClaim + "): the published clairvoyant value, then the verdict",
		Columns: []string{"log: learned predictor, here and the authors'", "below EASY clairvoyant (default reading)", "below EASY++ clairvoyant (other reading)"}}
	// The ledger decides each reading over the logs tested, one
	// comparison a log and one Holm family: a log's comparison that did
	// not hold with fewer windows than that family needs is inconclusive
	// there, as FromVerdict rules.
	famDef, famAlt := 0, 0
	for _, r := range sum.clair {
		if r.def != nil {
			famDef++
		}
		if r.alt != nil {
			famAlt++
		}
	}
	verdict := func(pub float64, r *analysis.Result, why string, family int) report.Cell {
		v := fmt.Sprintf("%.2f, ", pub)
		switch {
		case why != "":
			return report.Str(v + why)
		case r == nil:
			return report.Str(v + "not tested")
		case r.Held:
			v += analysis.VerdictHeld
		case !r.Reversed && r.N < analysis.MinPairs(family):
			v += analysis.VerdictInconclusive + " (" + analysis.TooFewNote(family) + ")"
		default:
			v += analysis.VerdictNotHeld
		}
		if r.Reversed {
			v += ", higher"
		}
		if r.PHolm != nil {
			v += fmt.Sprintf(", Holm p %.3g", *r.PHolm)
		}
		c := report.Str(v)
		c.Bad = !r.Held
		return c
	}
	num := func(v float64) string {
		if math.IsNaN(v) {
			return "—"
		}
		return fmt.Sprintf("%.2f", v)
	}
	for _, r := range sum.clair {
		pe, ps := r.log.Published[clairvoyantEASY], r.log.Published[clairvoyantSJBF]
		learned := r.notRun
		if learned == "" {
			learned = "learned predictor " + num(r.ours) + " here, " + num(r.theirs) + " the authors'"
			if r.theirsFrom != "" {
				learned += " (" + r.theirsFrom + ")"
			}
		}
		t.AddRow(report.Str(r.log.Label+": "+learned), verdict(pe, r.def, r.notRun, famDef), verdict(ps, r.alt, r.notRun, famAlt))
	}
	return t
}

// clairvoyantSupport says, from the authors' own numbers, which reading
// of "clairvoyant" they support.
func clairvoyantSupport(sum summary) string {
	var n, easy, sjbf int
	for _, r := range sum.clair {
		if math.IsNaN(r.theirs) {
			continue
		}
		n++
		if r.theirs < r.log.Published[clairvoyantEASY] {
			easy++
		}
		if r.theirs < r.log.Published[clairvoyantSJBF] {
			sjbf++
		}
	}
	s := fmt.Sprintf("The authors' own numbers: their learned configuration is below their EASY clairvoyant cell on %d of %d %s (those with their value here), and below their EASY++ clairvoyant cell on %d.",
		easy, n, report.Plural(n, "log"), sjbf)
	kth := Logs[0]
	return s + fmt.Sprintf(" Their KTH-SP2 grid (%d configurations, each run on that log) has %d below EASY clairvoyant's %.2f and %d below EASY++ clairvoyant's %.2f (its best: %.2f).",
		sum.grid.n, sum.grid.easy, kth.Published[clairvoyantEASY], sum.grid.sjbf, kth.Published[clairvoyantSJBF], sum.grid.best)
}

// notRunOf is log l's entry among the logs not run.
func (s summary) notRunOf(l Log) notRun {
	for _, n := range s.notRun {
		if n.log.ID == l.ID {
			return n
		}
	}
	return notRun{log: l}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
