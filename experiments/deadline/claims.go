package deadline

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/spaceshared"
)

// Equivalence margins of the "≈" claims. The papers say "nearly the same"
// and "close"; the margins are ours (see the page's interpretations).
const (
	// DelayedMargin is claim (d)'s margin on the paired mean difference of
	// the delayed-job percentage, in percentage points.
	DelayedMargin = 1.0
	// SlowdownMargin is claim (e)'s non-inferiority margin on the paired
	// mean difference of the slowdown (Tabu − Flex-BF), as a fraction of
	// Flex-BF's mean slowdown.
	SlowdownMargin = 0.10
	// UsageMargin is short-noimprove's margin, read on the machine usage
	// (Tabu − EG-EDF, time average), in percentage points.
	UsageMargin = 1.0
)

// Check is one row of the claims table: one claim on one stream (or one
// aspect of it).
type Check struct {
	Claim     string // "a".."e"
	Scope     string // the stream, e.g. "ia=1"
	Statement string
	Statistic string // the test and its numbers, or why it was not checked
	Checked   bool   // false when an algorithm it needs was not run
	Held      bool
	// V is the row's verdict over its comparisons and Family the size of
	// the Holm family they were adjusted in (nil for the interval checks
	// d and e, which fill N and Decided instead).
	V      *analysis.Verdict
	Family int
	// Comps are the row's comparisons, tested.
	Comps []*analysis.Comparison
	// N is the interval checks' number of pairs; Undecided marks an
	// interval that straddles the margin (neither held nor excluded).
	N         int
	Undecided bool
	// Measured marks a row decided on measured time, the scheduler's CPU
	// time per decision: machine-dependent, so it is shown in
	// results/deadline/timings.md, never on the committed page.
	Measured bool
	// OnTime marks the committed page's row of a statement decided there
	// (decidedOnTime): not testable on the page, the work counter shown.
	OnTime bool
	// Note is said in the ledger entry (what part of a statement the row
	// tests, where the rest is).
	Note string
	// Reading names the reading of an algorithm the row was checked
	// with ("alg3": tabu-alg3 in Tabu's place); empty for the defaults.
	Reading string
}

// cmp builds the comparison a <want> b of metric on one stream, paired by
// repetition; what names the quantity when the statement does not say it.
func cmp(recs []analysis.Record, workload, metric, what, a string, want analysis.Direction, b string) *analysis.Comparison {
	blocks, _ := analysis.Paired(recs, workload, metric, []string{a, b})
	c := &analysis.Comparison{Name: side(what, Label(a)) + " " + want.Op() + " " + side(what, Label(b)), Want: want}
	for _, bl := range blocks {
		c.X, c.Y = append(c.X, bl[0]), append(c.Y, bl[1])
	}
	return c
}

// against builds the comparison of a's metric on one stream with the
// constant ref (a one-sample test).
func against(recs []analysis.Record, workload, metric, what, a string, want analysis.Direction, ref float64) *analysis.Comparison {
	blocks, _ := analysis.Paired(recs, workload, metric, []string{a})
	x := make([]float64, len(blocks))
	for i, bl := range blocks {
		x[i] = bl[0]
	}
	return analysis.Against(side(what, Label(a))+" "+want.Op()+" "+report.FormatG(ref), want, x, ref)
}

func side(what, algo string) string {
	if what == "" {
		return algo
	}
	return what + " " + algo
}

// tested is the Check of one tested row of comparisons adjusted in a Holm
// family of size family.
func tested(claim, scope, stmt string, cs []*analysis.Comparison, family int) Check {
	v := analysis.Decide(cs)
	return Check{Claim: claim, Scope: scope, Statement: stmt, Statistic: report.Decisive(v, nil), Checked: true, Held: v.Held(), V: &v, Family: family, Comps: cs}
}

// claimInput is what the checks read.
type claimInput struct {
	recs, timings []analysis.Record
	workloads     []string // ordered heaviest (smallest inter-arrival) first
	algos         []string
}

func (in *claimInput) missing(need ...string) []string {
	var out []string
	for _, a := range need {
		if !slices.Contains(in.algos, a) {
			out = append(out, Label(a))
		}
	}
	return out
}

func notChecked(claim, scope, statement string, missing []string) Check {
	return Check{Claim: claim, Scope: scope, Statement: statement,
		Statistic: "not checked: " + strings.Join(missing, ", ") + " not run (algorithm not available)"}
}

// Claims checks the papers' five claims. Within a claim, every paired
// comparison on every stream is Holm-adjusted together.
func checkClaims(in *claimInput) []Check {
	var out []Check
	out = append(out, claimA(in)...)
	out = append(out, claimB(in)...)
	out = append(out, claimC(in)...)
	out = append(out, claimD(in)...)
	out = append(out, claimE(in)...)
	return out
}

const (
	stmtA = "delayed jobs: Tabu and EG-EDF each < Flex-BF, EASY-BF, FCFS; Tabu < EG-EDF (≤ on the lightest stream, where claim d has them nearly the same)"
	stmtB = "schedule-based (EG-EDF, Tabu) have higher weighted usage than queue-based (FCFS, EASY-BF, Flex-BF)"
	stmtM = "schedule-based (EG-EDF, Tabu) have lower makespan than queue-based (FCFS, EASY-BF, Flex-BF)"
	stmtD = "Tabu ≈ EG-EDF on delayed jobs at low load"
	stmtE = "Tabu slowdown best, nearly the same as Flex-BF"
	// stmtEBest is claim (e)'s first half as tested: best against every
	// algorithm but Flex-BF, which the non-inferiority rows compare.
	stmtEBest = stmtE + ": Tabu < FCFS, EASY-BF, EG-EDF (Flex-BF: the non-inferiority rows)"
)

// claimA checks "both EG-EDF and Tabu much better than Flex-BF, EASY-BF
// and FCFS; Tabu outperforms all the other algorithms" on every stream:
// EG-EDF and Tabu each below each queue-based algorithm, and Tabu below
// EG-EDF, except on the lightest stream, where the papers themselves say
// the two are nearly the same (claim d): there Tabu ≤ EG-EDF.
func claimA(in *claimInput) []Check {
	if m := in.missing("tabu", "egedf", "flex", "easy", "fcfs"); len(m) > 0 {
		return []Check{notChecked("a", "all streams", stmtA, m)}
	}
	rows := make([][]*analysis.Comparison, len(in.workloads))
	var all []*analysis.Comparison
	for i, w := range in.workloads {
		vsEGEDF := analysis.Lower
		if len(in.workloads) > 1 && i == len(in.workloads)-1 {
			vsEGEDF = analysis.NotHigher
		}
		rows[i] = []*analysis.Comparison{cmp(in.recs, w, spaceshared.MDelayed, "", "tabu", vsEGEDF, "egedf")}
		for _, q := range queueBased {
			rows[i] = append(rows[i], cmp(in.recs, w, spaceshared.MDelayed, "", "tabu", analysis.Lower, q),
				cmp(in.recs, w, spaceshared.MDelayed, "", "egedf", analysis.Lower, q))
		}
		all = append(all, rows[i]...)
	}
	return rowsOf("a", stmtA, in, rows, all)
}

func claimB(in *claimInput) []Check {
	need := append(slices.Clone(scheduleBased), queueBased...)
	if m := in.missing(need...); len(m) > 0 {
		return []Check{notChecked("b", "all streams", stmtB+"; "+stmtM, m)}
	}
	var all []*analysis.Comparison
	var usage, mk [][]*analysis.Comparison
	for _, w := range in.workloads {
		var u, k []*analysis.Comparison
		for _, s := range scheduleBased {
			for _, q := range queueBased {
				u = append(u, cmp(in.recs, w, spaceshared.MWeightedUsage, "", s, analysis.Higher, q))
				k = append(k, cmp(in.recs, w, spaceshared.MMakespan, "", s, analysis.Lower, q))
			}
		}
		usage, mk = append(usage, u), append(mk, k)
		all = append(all, u...)
		all = append(all, k...)
	}
	analysis.Test(all...)
	var out []Check
	for i, w := range in.workloads {
		out = append(out, tested("b", w, stmtB, usage[i], len(all)))
	}
	for i, w := range in.workloads {
		out = append(out, tested("b", w, stmtM, mk[i], len(all)))
	}
	return out
}

// claimC checks, on the heaviest stream (the longest queues), the
// Conclusion's "both the EASY and the Flexible backfilling are more time
// consuming since their runtime is growing with the size of the queue
// more quickly", against the schedule-based solution the sentence before
// it speaks of: EG-EDF and, when run, Tabu search after it (the SPEC's
// claim names EG-EDF). The backfilling EASY timed is the queue-walking one
// (the papers' implementation; the fast one never walks the queue) when
// it was run.
//
// The paper measured time, so time decides: the scheduler's CPU time per
// decision (its thread's clock), lower for each schedule-based algorithm
// than for each backfilling one ("more time consuming"), and its growth
// factor (per decision on the heaviest stream over the lightest, paired
// by repetition) above 1 for each backfilling algorithm and lower for
// each schedule-based one ("growing ... more quickly"). That row is
// machine-dependent and goes to results/deadline/timings.md. The same
// comparisons on the deterministic work counter (each algorithm counts
// its own unit, so only the unit-free growth factors compare across
// algorithms; and a positive within-run slope of work on the queue) are
// shown on the committed page beside it, not deciding (decidedOnTime).
func claimC(in *claimInput) []Check {
	stmt := "schedule-based (EG-EDF, Tabu) runtime per decision low and stable; backfilling (EASY-BF, Flex-BF) more time consuming, growing with the queue more quickly"
	easy := "easywalk"
	if !slices.Contains(in.algos, easy) {
		easy = "easy"
	}
	if m := in.missing("egedf", easy, "flex"); len(m) > 0 {
		return []Check{notChecked("c", "heaviest stream", stmt, m)}
	}
	sched := []string{"egedf"}
	if slices.Contains(in.algos, "tabu") {
		sched = append(sched, "tabu")
	}
	heavy, light := in.workloads[0], in.workloads[len(in.workloads)-1]
	if heavy == light {
		return []Check{{Claim: "c", Scope: heavy, Statement: stmt, Statistic: "not testable: one stream only"}}
	}
	backfill := []string{easy, "flex"}
	algos := append(slices.Clone(sched), backfill...)
	cpuGrowth := growthOfMetric(in.timings, spaceshared.TCPUPerDec, heavy, light, algos)
	var cpu []*analysis.Comparison
	for _, b := range backfill {
		cpu = append(cpu, against(cpuGrowth, heavy, mWorkGrowth, "CPU time growth", b, analysis.Higher, 1))
	}
	for _, s := range sched {
		for _, b := range backfill {
			cpu = append(cpu,
				cmp(in.timings, heavy, spaceshared.TCPUPerDec, "CPU time per decision", s, analysis.Lower, b),
				cmp(cpuGrowth, heavy, mWorkGrowth, "CPU time growth", s, analysis.Lower, b))
		}
	}
	growth := growthRecords(in.recs, heavy, light, algos)
	var work []*analysis.Comparison
	for _, b := range backfill {
		work = append(work,
			against(in.recs, heavy, spaceshared.MWorkSlope, "work slope", b, analysis.Higher, 0),
			against(growth, heavy, mWorkGrowth, "work growth", b, analysis.Higher, 1))
	}
	for _, s := range sched {
		for _, b := range backfill {
			work = append(work, cmp(growth, heavy, mWorkGrowth, "work growth", s, analysis.Lower, b))
		}
	}
	analysis.Test(cpu...)
	timed := tested("c", heavy+" (scheduler CPU time)", stmt+fmt.Sprintf(" — CPU time per decision lower for each schedule-based algorithm; "+
		"each backfilling algorithm's grows (%s ÷ %s > 1), faster than each schedule-based one's", heavy, light), cpu, len(cpu))
	timed.Measured = true
	analysis.Test(work...)
	counter := tested("c", heavy+" (work counter)", stmt+fmt.Sprintf(" — each backfilling algorithm's work grows with its queue (slope > 0; "+
		"work per decision %s ÷ %s > 1), faster than each schedule-based one's", heavy, light), work, len(work))
	return []Check{timed, decidedOnTime(counter)}
}

// mWorkGrowth names the derived growth factor of growthRecords.
const mWorkGrowth = "work_growth"

// growthRecords returns, per algorithm and repetition, the work per
// decision on the heavy stream over that on the light one (records of
// metric mWorkGrowth on the heavy stream). Every algorithm of a repetition
// sees the same two instances, so the factors are paired across
// algorithms.
func growthRecords(recs []analysis.Record, heavy, light string, algos []string) []analysis.Record {
	return growthOfMetric(recs, spaceshared.MWorkPerDec, heavy, light, algos)
}

// growthOfMetric is growthRecords of any per-decision metric (the work
// counter's, or the measured seconds per decision).
func growthOfMetric(recs []analysis.Record, metric, heavy, light string, algos []string) []analysis.Record {
	var out []analysis.Record
	for _, a := range algos {
		h, hr := analysis.Paired(recs, heavy, metric, []string{a})
		l, lr := analysis.Paired(recs, light, metric, []string{a})
		byRep := map[int]float64{}
		for i, r := range lr {
			byRep[r] = l[i][0]
		}
		for i, r := range hr {
			if v, ok := byRep[r]; ok && v > 0 {
				out = append(out, analysis.Record{Experiment: Name, Workload: heavy, Algorithm: a, Rep: r, Metric: mWorkGrowth, Value: h[i][0] / v})
			}
		}
	}
	return out
}

// meanGrowth is each algorithm's mean, over the repetitions, of its growth
// factor of metric (growthOfMetric, heaviest of workloads over the
// lightest): the factors the claims test, averaged as their statistics
// show them.
func meanGrowth(recs []analysis.Record, metric string, workloads, algos []string) map[string]float64 {
	heavy := workloads[0]
	idx := analysis.Index(analysis.Groups(growthOfMetric(recs, metric, heavy, workloads[len(workloads)-1], algos)))
	out := map[string]float64{}
	for _, a := range algos {
		if g := groupOf(idx, heavy, a, mWorkGrowth); g != nil {
			out[a] = g.Mean
		}
	}
	return out
}

// nonInferiority reports whether a is not worse than b by more than margin
// on metric (lower is better), one test alone (a Holm family of one).
func nonInferiority(recs []analysis.Record, w, metric, a, b string, margin float64) (held bool, stat string) {
	d, ok := difference(recs, w, metric, a, b)
	held, _, _, stat = nonInferiorityN(d, ok, a, b, margin, d.NonInferiorP(margin), 1)
	return held, stat
}

// nonInferiorityN is nonInferiority on the paired difference d a − b
// (difference; ok false when too few pairs) whose one-sided p
// (analysis.Difference.NonInferiorP), Holm-adjusted over a family of
// family tests, is pHolm: held when pHolm is below Alpha/2 (for a family
// of one, when the 95% interval's upper limit is below the margin). It
// also returns the number of pairs and whether the claim is left
// undecided (not held, the interval's lower limit below the margin).
func nonInferiorityN(d analysis.Difference, ok bool, a, b string, margin, pHolm float64, family int) (held bool, n int, undecided bool, stat string) {
	if !ok {
		return false, d.N, true, fmt.Sprintf("%d paired repetitions: too few for an interval", d.N)
	}
	held = pHolm < analysis.Alpha/2
	stat = fmt.Sprintf("%s − %s = %s, 95%% CI upper limit %s vs margin +%s (n=%d)",
		Label(a), Label(b), report.FormatG(d.Mean), report.FormatG(d.High), report.FormatG(margin), d.N)
	if family > 1 {
		stat += fmt.Sprintf("; one-sided p_Holm=%s over %d streams (held below %g)", report.FormatP(pHolm), family, analysis.Alpha/2)
	}
	return held, d.N, !held && d.Low <= margin, stat
}

// equivalence reports whether a and b are equivalent within ±margin on
// metric, by analysis.Difference.Equivalent.
func equivalence(recs []analysis.Record, w, metric, a, b string, margin float64) (held bool, stat string) {
	held, _, _, stat = equivalenceN(recs, w, metric, a, b, margin)
	return held, stat
}

// equivalenceN is equivalence with the number of pairs and whether the
// interval left the claim undecided (it reaches inside ±margin without
// lying within it).
func equivalenceN(recs []analysis.Record, w, metric, a, b string, margin float64) (held bool, n int, undecided bool, stat string) {
	d, ok := difference(recs, w, metric, a, b)
	if !ok {
		return false, d.N, true, fmt.Sprintf("%d paired repetitions: too few for an interval", d.N)
	}
	// The margin is ours (the papers print no numbers for "nearly the
	// same"): the statistic says from which margin on it would hold.
	return d.Equivalent(margin), d.N, !d.Equivalent(margin) && d.High >= -margin && d.Low <= margin, fmt.Sprintf("%s − %s = %s, 95%% CI [%s, %s] vs margin ±%s (n=%d; Wilcoxon p=%s); equivalent for a margin above ±%s",
		Label(a), Label(b), report.FormatG(d.Mean), report.FormatG(d.Low), report.FormatG(d.High), report.FormatG(margin), d.N, report.FormatP(d.WilcoxonP),
		report.FormatG(max(math.Abs(d.Low), math.Abs(d.High))))
}

// difference is the paired mean difference a − b of metric on stream w;
// ok is false when there are too few pairs for an interval.
func difference(recs []analysis.Record, w, metric, a, b string) (d analysis.Difference, ok bool) {
	blocks, _ := analysis.Paired(recs, w, metric, []string{a, b})
	x, y := make([]float64, len(blocks)), make([]float64, len(blocks))
	for i, bl := range blocks {
		x[i], y[i] = bl[0], bl[1]
	}
	d = analysis.PairedDifference(x, y)
	return d, d.N >= 2
}

func claimD(in *claimInput) []Check {
	if m := in.missing("tabu", "egedf"); len(m) > 0 {
		return []Check{notChecked("d", "lightest stream", stmtD, m)}
	}
	w := in.workloads[len(in.workloads)-1]
	h, n, u, s := equivalenceN(in.recs, w, spaceshared.MDelayed, "tabu", "egedf", DelayedMargin)
	return []Check{{Claim: "d", Scope: w, Statement: stmtD + fmt.Sprintf(" (margin ±%g percentage points)", DelayedMargin),
		Statistic: s, Checked: true, Held: h, N: n, Undecided: u}}
}

// claimE checks "better results were obtained by the Tabu search, which
// are nearly the same as those obtained by the Flexible backfilling" on
// every stream: Tabu the best (claimEBest) and, against Flex-BF, not worse
// by more than the margin (non-inferiority: a Tabu far better holds it).
func claimE(in *claimInput) []Check {
	if m := in.missing("tabu", "flex"); len(m) > 0 {
		return []Check{notChecked("e", "all streams", stmtE, m)}
	}
	out := claimEBest(in)
	// One Holm family over the streams, as every claim's comparisons are.
	flex := make([]float64, len(in.workloads))
	ds := make([]analysis.Difference, len(in.workloads))
	oks := make([]bool, len(in.workloads))
	ps := make([]float64, len(in.workloads))
	family := 0
	for i, w := range in.workloads {
		flex[i] = analysis.Summarize(analysis.Select(in.recs, w, "flex", spaceshared.MSlowdown)).Mean
		ds[i], oks[i] = difference(in.recs, w, spaceshared.MSlowdown, "tabu", "flex")
		ps[i] = math.NaN()
		if oks[i] {
			ps[i], family = ds[i].NonInferiorP(SlowdownMargin*flex[i]), family+1
		}
	}
	adj := analysis.Holm(ps)
	for i, w := range in.workloads {
		d := ds[i]
		h, n, u, s := nonInferiorityN(d, oks[i], "tabu", "flex", SlowdownMargin*flex[i], adj[i], family)
		if oks[i] && flex[i] > 0 {
			// The margin is ours: from which margin on would this
			// stream's interval alone (without Holm) hold.
			s += fmt.Sprintf("; alone, non-inferior for a margin above %s%% of Flex-BF's mean", report.FormatG(100*max(d.High, 0)/flex[i]))
		}
		out = append(out, Check{Claim: "e", Scope: w,
			Statement: stmtE + fmt.Sprintf(": Tabu ≤ Flex-BF + %g%% of Flex-BF's mean (non-inferiority)", SlowdownMargin*100),
			Statistic: s, Checked: true, Held: h, N: n, Undecided: u})
	}
	return out
}

// claimEBest is claim (e)'s "better results were obtained by the Tabu
// search": Tabu's slowdown below that of FCFS, EASY-BF and EG-EDF on every
// stream, one Holm family; Flex-BF, "nearly the same", is left to the
// non-inferiority rows.
func claimEBest(in *claimInput) []Check {
	others := []string{"fcfs", "easy", "egedf"}
	if m := in.missing(append([]string{"tabu"}, others...)...); len(m) > 0 {
		return []Check{notChecked("e", "all streams (best)", stmtEBest, m)}
	}
	rows := make([][]*analysis.Comparison, len(in.workloads))
	var all []*analysis.Comparison
	for i, w := range in.workloads {
		for _, o := range others {
			rows[i] = append(rows[i], cmp(in.recs, w, spaceshared.MSlowdown, "", "tabu", analysis.Lower, o))
		}
		all = append(all, rows[i]...)
	}
	analysis.Test(all...)
	out := make([]Check, len(rows))
	for i, w := range in.workloads {
		out[i] = tested("e", w+" (best)", stmtEBest, rows[i], len(all))
	}
	return out
}

// rowsOf runs and Holm-adjusts all of a claim's comparisons and returns
// one Check per stream.
func rowsOf(claim, stmt string, in *claimInput, rows [][]*analysis.Comparison, all []*analysis.Comparison) []Check {
	analysis.Test(all...)
	out := make([]Check, len(rows))
	for i, r := range rows {
		out[i] = tested(claim, in.workloads[i], stmt, r, len(all))
	}
	return out
}
