package deadline

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/paper"
	"github.com/gridbench/gridbench/results"
)

// Alpha is the family-wise significance level of every claim check.
const Alpha = 0.05

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
}

// cmp is one directional paired comparison a <op> b on one stream.
type cmp struct {
	workload, metric string
	a, b             string  // b == "": a against the constant ref (one-sample)
	ref              float64 // the constant when b == ""
	what             string  // the quantity compared, when the claim's statement does not say it
	dir              int     // -1: a lower than b; +1: a higher than b; 0: a not worse (not significantly higher) than b
	res              results.WilcoxonResult
	meanA, meanB     float64
	n                int
	padj             float64
	err              error
}

// ok reports whether the comparison supports its direction at Alpha after
// Holm: for dir ±1 a significant difference in that direction; for dir 0
// the absence of a significant difference against a.
func (c *cmp) ok() bool {
	if c.err != nil || c.n == 0 {
		return false
	}
	diff := c.meanA - c.meanB
	sig := c.padj < Alpha
	switch c.dir {
	case -1:
		return sig && diff < 0
	case 1:
		return sig && diff > 0
	}
	return !(sig && diff > 0)
}

func (c *cmp) String() string {
	op := map[int]string{-1: "<", 1: ">", 0: "≤"}[c.dir]
	a, b := Label(c.a), Label(c.b)
	if c.b == "" {
		b = fmtG(c.ref)
	}
	if c.what != "" {
		a, b = c.what+" "+a, c.what+" "+b
		if c.b == "" {
			b = fmtG(c.ref)
		}
	}
	if c.err != nil {
		return fmt.Sprintf("%s %s %s: %v", a, op, b, c.err)
	}
	return fmt.Sprintf("%s %s %s: %s vs %s, W=%g, n=%d, p_Holm=%s", a, op, b,
		fmtG(c.meanA), fmtG(c.meanB), c.res.W, c.n, paper.FormatP(c.padj))
}

// run fills the test result of c from the records.
func (c *cmp) run(recs []results.Record) {
	if c.b == "" {
		blocks, _ := results.Paired(recs, c.workload, c.metric, []string{c.a})
		for i := range blocks {
			blocks[i] = append(blocks[i], c.ref)
		}
		c.fill(blocks)
		return
	}
	blocks, _ := results.Paired(recs, c.workload, c.metric, []string{c.a, c.b})
	c.fill(blocks)
}

// fill runs the paired test on blocks of (a, b) values.
func (c *cmp) fill(blocks [][]float64) {
	c.n = len(blocks)
	if c.n == 0 {
		c.err = fmt.Errorf("no paired repetitions")
		return
	}
	x, y := make([]float64, c.n), make([]float64, c.n)
	for i, b := range blocks {
		x[i], y[i] = b[0], b[1]
	}
	c.meanA, c.meanB = mean(x), mean(y)
	c.res, c.err = results.Wilcoxon(x, y)
}

// holm adjusts the p-values of a claim's comparisons together.
func holm(cs []*cmp) {
	p := make([]float64, len(cs))
	for i, c := range cs {
		p[i] = math.NaN()
		if c.err == nil {
			p[i] = c.res.P
		}
	}
	adj := results.Holm(p)
	for i, c := range cs {
		c.padj = adj[i]
	}
}

// verdict summarises a group of comparisons of one claim row: held when
// every one supports its direction; the statistic names the weakest one.
func verdict(cs []*cmp) (held bool, stat string) {
	held = true
	var weakest *cmp
	// A failing comparison is shown first; among passing ones the
	// directional comparison closest to significance, since a large p of a
	// "≤" comparison is not a weakness.
	score := func(c *cmp) float64 {
		switch {
		case !c.ok():
			return 3
		case c.dir != 0:
			return 1 + c.padj
		}
		return 0
	}
	for _, c := range cs {
		if !c.ok() {
			held = false
		}
		if weakest == nil || score(c) > score(weakest) {
			weakest = c
		}
	}
	if len(cs) == 1 {
		return held, "Wilcoxon " + weakest.String()
	}
	label := "weakest"
	if !held {
		label = "failing"
	}
	return held, fmt.Sprintf("Wilcoxon, %d comparisons; %s: %s", len(cs), label, weakest.String())
}

// claimInput is what the checks read.
type claimInput struct {
	recs, timings []results.Record
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
	stmtA = "delayed jobs: Tabu ≤ EG-EDF < Flex-BF, EASY-BF, FCFS"
	stmtB = "schedule-based (EG-EDF, Tabu) have higher weighted usage than queue-based (FCFS, EASY-BF, Flex-BF)"
	stmtM = "schedule-based (EG-EDF, Tabu) have lower makespan than queue-based (FCFS, EASY-BF, Flex-BF)"
	stmtD = "Tabu ≈ EG-EDF on delayed jobs at low load"
	stmtE = "Tabu slowdown best, nearly the same as Flex-BF"
)

func claimA(in *claimInput) []Check {
	if m := in.missing("tabu", "egedf", "flex", "easy", "fcfs"); len(m) > 0 {
		return []Check{notChecked("a", "all streams", stmtA, m)}
	}
	rows := make([][]*cmp, len(in.workloads))
	var all []*cmp
	for i, w := range in.workloads {
		rows[i] = []*cmp{{workload: w, metric: MDelayed, a: "tabu", b: "egedf", dir: 0}}
		for _, q := range queueBased {
			rows[i] = append(rows[i], &cmp{workload: w, metric: MDelayed, a: "egedf", b: q, dir: -1})
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
	var all []*cmp
	var usage, mk [][]*cmp
	for _, w := range in.workloads {
		var u, k []*cmp
		for _, s := range scheduleBased {
			for _, q := range queueBased {
				u = append(u, &cmp{workload: w, metric: MWeightedUsage, a: s, b: q, dir: 1})
				k = append(k, &cmp{workload: w, metric: MMakespan, a: s, b: q, dir: -1})
			}
		}
		usage, mk = append(usage, u), append(mk, k)
		all = append(all, u...)
		all = append(all, k...)
	}
	for _, c := range all {
		c.run(in.recs)
	}
	holm(all)
	var out []Check
	for i, w := range in.workloads {
		h, s := verdict(usage[i])
		out = append(out, Check{Claim: "b", Scope: w, Statement: stmtB, Statistic: s, Checked: true, Held: h})
	}
	for i, w := range in.workloads {
		h, s := verdict(mk[i])
		out = append(out, Check{Claim: "b", Scope: w, Statement: stmtM, Statistic: s, Checked: true, Held: h})
	}
	return out
}

// claimC checks, on the heaviest stream (the longest queues), that EG-EDF's
// cost per decision is low and stable while backfilling's grows with the
// queue. The backfilling EASY timed is the queue-walking one (the papers'
// implementation; the fast one never walks the queue) when it was run.
//
// Wall clock (one unit for all): EG-EDF's seconds per decision and their
// within-run slope on the queue length are lower than each backfilling
// algorithm's. Work counter (each algorithm counts its own unit, so levels
// are not compared across algorithms): each backfilling algorithm's work
// grows with its own queue (within-run slope > 0, and work per decision on
// the heaviest stream over the lightest, paired by repetition, > 1), and
// EG-EDF's growth factor, a unit-free ratio, is lower than theirs.
func claimC(in *claimInput) []Check {
	stmt := "EG-EDF runtime per decision low and stable; backfilling (EASY-BF, Flex-BF) grows with the queue"
	easy := "easywalk"
	if !slices.Contains(in.algos, easy) {
		easy = "easy"
	}
	if m := in.missing("egedf", easy, "flex"); len(m) > 0 {
		return []Check{notChecked("c", "heaviest stream", stmt, m)}
	}
	heavy, light := in.workloads[0], in.workloads[len(in.workloads)-1]
	backfill := []string{easy, "flex"}
	var wall []*cmp
	for _, b := range backfill {
		wall = append(wall,
			&cmp{workload: heavy, metric: TSecPerDec, a: "egedf", b: b, dir: -1},
			&cmp{workload: heavy, metric: TWallSlope, what: "wall slope", a: "egedf", b: b, dir: -1})
	}
	for _, c := range wall {
		c.run(in.timings)
	}
	growth := growthRecords(in.recs, heavy, light, append([]string{"egedf"}, backfill...))
	var work []*cmp
	for _, b := range backfill {
		work = append(work, &cmp{workload: heavy, metric: MWorkSlope, what: "work slope", a: b, ref: 0, dir: 1})
		if heavy != light {
			work = append(work,
				&cmp{workload: heavy, metric: mWorkGrowth, what: "work growth", a: b, ref: 1, dir: 1},
				&cmp{workload: heavy, metric: mWorkGrowth, what: "work growth", a: "egedf", b: b, dir: -1})
		}
	}
	for _, c := range work {
		if c.metric == mWorkGrowth {
			c.run(growth)
		} else {
			c.run(in.recs)
		}
	}
	var out []Check
	for _, row := range []struct {
		name, what string
		cs         []*cmp
	}{
		{"wall clock", "wall-clock time per decision and its slope on the queue length both lower for EG-EDF", wall},
		{"work counter", fmt.Sprintf("each backfilling algorithm's work grows with its queue (slope > 0; work per decision %s ÷ %s > 1) "+
			"and EG-EDF's growth factor is lower", heavy, light), work},
	} {
		holm(row.cs)
		h, st := verdict(row.cs)
		out = append(out, Check{Claim: "c", Scope: heavy + " (" + row.name + ")",
			Statement: stmt + " — " + row.what, Statistic: st, Checked: true, Held: h})
	}
	return out
}

// mWorkGrowth names the derived growth factor of growthRecords.
const mWorkGrowth = "work_growth"

// growthRecords returns, per algorithm and repetition, the work per
// decision on the heavy stream over that on the light one (records of
// metric mWorkGrowth on the heavy stream). Every algorithm of a repetition
// sees the same two instances, so the factors are paired across
// algorithms.
func growthRecords(recs []results.Record, heavy, light string, algos []string) []results.Record {
	var out []results.Record
	for _, a := range algos {
		h, hr := results.Paired(recs, heavy, MWorkPerDec, []string{a})
		l, lr := results.Paired(recs, light, MWorkPerDec, []string{a})
		byRep := map[int]float64{}
		for i, r := range lr {
			byRep[r] = l[i][0]
		}
		for i, r := range hr {
			if v, ok := byRep[r]; ok && v > 0 {
				out = append(out, results.Record{Experiment: Name, Workload: heavy, Algorithm: a, Rep: r, Metric: mWorkGrowth, Value: h[i][0] / v})
			}
		}
	}
	return out
}

// nonInferiority reports whether a is not worse than b by more than margin
// on metric (lower is better): the upper limit of the 95% t-interval of the
// paired mean difference a − b lies below +margin — a one-sided test at
// 2.5%.
func nonInferiority(recs []results.Record, w, metric, a, b string, margin float64) (held bool, stat string) {
	blocks, _ := results.Paired(recs, w, metric, []string{a, b})
	if len(blocks) < 2 {
		return false, fmt.Sprintf("%d paired repetitions: too few for an interval", len(blocks))
	}
	d := make([]float64, len(blocks))
	for i, bl := range blocks {
		d[i] = bl[0] - bl[1]
	}
	s := results.Summarize(d)
	return s.CIHigh <= margin, fmt.Sprintf("%s − %s = %s, 95%% CI upper limit %s vs margin +%s (n=%d)",
		Label(a), Label(b), fmtG(s.Mean), fmtG(s.CIHigh), fmtG(margin), len(blocks))
}

// equivalence reports whether the 95% CI of the paired mean difference
// a − b lies within ±margin: a two one-sided tests (TOST) procedure at
// α = 0.025 per side, stricter than the usual 90% interval.
func equivalence(recs []results.Record, w, metric, a, b string, margin float64) (held bool, stat string) {
	blocks, _ := results.Paired(recs, w, metric, []string{a, b})
	if len(blocks) < 2 {
		return false, fmt.Sprintf("%d paired repetitions: too few for an interval", len(blocks))
	}
	x, y, d := make([]float64, len(blocks)), make([]float64, len(blocks)), make([]float64, len(blocks))
	for i, bl := range blocks {
		x[i], y[i], d[i] = bl[0], bl[1], bl[0]-bl[1]
	}
	s := results.Summarize(d)
	held = s.CILow >= -margin && s.CIHigh <= margin
	wr, err := results.Wilcoxon(x, y)
	p := "n/a"
	if err == nil {
		p = paper.FormatP(wr.P)
	}
	return held, fmt.Sprintf("%s − %s = %s, 95%% CI [%s, %s] vs margin ±%s (n=%d; Wilcoxon p=%s)",
		Label(a), Label(b), fmtG(s.Mean), fmtG(s.CILow), fmtG(s.CIHigh), fmtG(margin), len(blocks), p)
}

func claimD(in *claimInput) []Check {
	if m := in.missing("tabu", "egedf"); len(m) > 0 {
		return []Check{notChecked("d", "lightest stream", stmtD, m)}
	}
	w := in.workloads[len(in.workloads)-1]
	h, s := equivalence(in.recs, w, MDelayed, "tabu", "egedf", DelayedMargin)
	return []Check{{Claim: "d", Scope: w, Statement: stmtD + fmt.Sprintf(" (margin ±%g percentage points)", DelayedMargin),
		Statistic: s, Checked: true, Held: h}}
}

func claimE(in *claimInput) []Check {
	if m := in.missing("tabu", "flex"); len(m) > 0 {
		return []Check{notChecked("e", "all streams", stmtE, m)}
	}
	var out []Check
	for _, w := range in.workloads {
		flex := results.Summarize(results.Select(in.recs, w, "flex", MSlowdown))
		h, s := nonInferiority(in.recs, w, MSlowdown, "tabu", "flex", SlowdownMargin*flex.Mean)
		out = append(out, Check{Claim: "e", Scope: w,
			Statement: stmtE + fmt.Sprintf(": Tabu ≤ Flex-BF + %g%% of Flex-BF's mean (non-inferiority)", SlowdownMargin*100),
			Statistic: s, Checked: true, Held: h})
	}
	return out
}

// rowsOf runs and Holm-adjusts all of a claim's comparisons and returns
// one Check per stream.
func rowsOf(claim, stmt string, in *claimInput, rows [][]*cmp, all []*cmp) []Check {
	for _, c := range all {
		c.run(in.recs)
	}
	holm(all)
	out := make([]Check, len(rows))
	for i, r := range rows {
		h, s := verdict(r)
		out[i] = Check{Claim: claim, Scope: in.workloads[i], Statement: stmt, Statistic: s, Checked: true, Held: h}
	}
	return out
}

func fmtG(v float64) string {
	a := math.Abs(v)
	switch {
	case math.IsNaN(v):
		return "n/a"
	case a != 0 && (a < 1e-3 || a >= 1e6):
		return fmt.Sprintf("%.3g", v)
	case a >= 100:
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.3g", v)
}
