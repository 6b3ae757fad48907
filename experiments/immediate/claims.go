package immediate

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/mapping"
	"github.com/gridbench/gridbench/report"
)

// claimsIn is what the claims are decided on: the runs, the fresh types
// of this configuration, and the published tables and worked example as
// compared (report.go).
type claimsIn struct {
	recs  []analysis.Record
	types []etc.Spec
	// missing says why the published tables were not checked ("" when
	// they were); tables holds, per metric, what was compared.
	missing string
	tables  map[string]tableMatch
	example [2]int // the worked example's makespans equal, and in all
}

// tableMatch is one published table compared cell by cell: the cells
// equal to the last printed digit, all cells, and of the others those a
// misprint explains (Misprints) and those nothing does, as the page lists
// them (publishedTable).
type tableMatch struct{ matched, total, explained, unexplained int }

// ordering is a comparison claim: each heuristic of A is better (or, with
// worse, worse) than each of B on metric, on the fresh instances of the
// types whose consistency letter is in cons ("csi": all). Which way
// "better" goes comes from the metric's descriptor, never from the claim,
// so "worst proximity" (higher is better) and "worst makespan" (lower is
// better) are tested in opposite directions by the same rule.
type ordering struct {
	cons, metric string
	a, b         []string
	worse        bool
	// pools, when set, compares means over types rather than each type
	// apart: one comparison per pool (a set of consistency letters, e.g.
	// "s", or "csi" for all types) and pair, of the mean over the pool's
	// types of each value relative to MCT's on the same instance (the
	// normalisation of the page's figures: makespans of different types
	// differ by four orders of magnitude), paired by repetition.
	pools []string
}

// beats is the check "each of a better than each of b on metric".
func beats(cons, metric string, a, b []string) func(*claimsIn) []analysis.LedgerEntry {
	return ordering{cons: cons, metric: metric, a: a, b: b}.check
}

// trails is the check "each of a worse than each of b on metric".
func trails(cons, metric string, a, b []string) func(*claimsIn) []analysis.LedgerEntry {
	return ordering{cons: cons, metric: metric, a: a, b: b, worse: true}.check
}

// Readings of the vague words, said once on the page and in each note.
const (
	goodReading = "\"good\" read as: better than OLB (the method that ignores execution times)"
	poorReading = "\"poor\" read as: worse than MCT"
)

// want is the direction of A against B that the claim states.
func (c ordering) want() analysis.Direction {
	d, _ := mapping.Table.Find(c.metric)
	lowerBetter := d.Better == analysis.LowerIsBetter
	if lowerBetter != c.worse {
		return analysis.Lower
	}
	return analysis.Higher
}

const (
	secMakespan = "§6 Makespan"
	secFlowtime = "§6 Flowtime"
	secUtil     = "§6 Average resource utilization"
	secProx     = "§6 Matching proximity"
)

// others4 is the four methods of the paper other than h.
func others4(h string) []string {
	var out []string
	for _, x := range PublishedHeuristics {
		if x != h {
			out = append(out, x)
		}
	}
	return out
}

// claims are the paper's results in its order: Tables 3–6 and the worked
// example of §5 and §4 (published values), then every result statement of
// Section 6 and the results of Section 8, tested on the fresh instances,
// each followed by its rows under alternative readings.
var claims = slices.Concat(tableClaims(), []analysis.Claim[*claimsIn]{exampleClaim}, withAlternatives(sectionSix))

// sectionSix are every result statement of Section 6 and the results of
// Section 8, tested on the fresh instances.
var sectionSix = []analysis.Claim[*claimsIn]{
	{ID: "X-M1", Section: secMakespan, Quote: "The methods that best perform regarding the makespan are MCT and k PB.",
		Check: beats("csi", "makespan", []string{"MCT", "kPB"}, []string{"OLB", "MET", "SA"})},
	{ID: "X-M2", Section: secMakespan, Quote: "MCT obtains better results for consistent matrices",
		Check: beats("c", "makespan", []string{"MCT"}, []string{"kPB"})},
	{ID: "X-M3", Section: secMakespan, Quote: "k PB performs better for semi-consistent and inconsistent matrices",
		Reading: meanReading(m3Order, "every type: the alternative row"),
		Check:   typeMean(m3Order).check},
	{ID: "X-M4a", Section: secMakespan, Quote: "SA shows a good performance, except for inconsistent matrices.", Reading: goodReading,
		Check: m4Good.check},
	{ID: "X-M4b", Section: secMakespan, Quote: "SA shows a good performance, except for inconsistent matrices.", Reading: "the exception: " + poorReading,
		Check: m4Exempt.check},
	{ID: "X-M5a", Section: secMakespan, Quote: "MET shows a good performance for inconsistent matrices", Reading: goodReading,
		Check: beats("i", "makespan", []string{"MET"}, []string{"OLB"})},
	{ID: "X-M5b", Section: secMakespan, Quote: "[MET shows] poor solutions for semi-consistent matrices", Reading: poorReading,
		Check: trails("s", "makespan", []string{"MET"}, []string{"MCT"})},
	{ID: "X-F1", Section: secFlowtime, Quote: "The performance of these methods regarding this parameter are not as good as for makespan; rather small reductions of flowtime are obtained.",
		Check: analysis.NotTestable[*claimsIn]("the paper names no reference the reductions are measured from, nor what \"small\" is")},
	{ID: "X-F2a", Section: secFlowtime, Quote: "For consistent matrices SA performs better followed by MCT.", Reading: "SA better than each other method",
		Check: beats("c", "flowtime", []string{"SA"}, others4("SA"))},
	{ID: "X-F2b", Section: secFlowtime, Quote: "For consistent matrices SA performs better followed by MCT.", Reading: "MCT second: better than each method but SA",
		Check: beats("c", "flowtime", []string{"MCT"}, []string{"OLB", "MET", "kPB"})},
	{ID: "X-F3", Section: secFlowtime, Quote: "For semi-consistent matrices the best performance is shown by SA and k PB",
		Reading: meanReading(f3Order, "every type: the alternative row"),
		Check:   typeMean(f3Order).check},
	{ID: "X-F4", Section: secFlowtime, Quote: "for inconsistent matrices MET outperforms all the other methods.",
		Check: beats("i", "flowtime", []string{"MET"}, others4("MET"))},
	{ID: "X-F5", Section: secFlowtime, Quote: "OLB shows a poor performance (see Table 4).", Reading: poorReading,
		Check: trails("csi", "flowtime", []string{"OLB"}, []string{"MCT"})},
	{ID: "X-U1", Section: secUtil, Quote: "The MET method obtains the worse resource utilization overall",
		Reading: "on semi-consistent and inconsistent types: the paper itself excepts consistent ones (U2)",
		Check:   trails("si", "utilization", []string{"MET"}, others4("MET"))},
	{ID: "X-U2", Section: secUtil, Quote: "(the resource utilization is 1.0 for consistent matrices, as expected)",
		Reading: "by construction: on a consistent matrix MET puts every job on the same machine, and utilisation counts the machines used (reading utilization-machines)",
		Check:   metEqualsOne("utilization", "c")},
	{ID: "X-U3", Section: secUtil, Quote: "k PB performs better for consistent matrices", Reading: "MET left out: its 1.0 is one machine (U2)",
		Check: beats("c", "utilization", []string{"kPB"}, []string{"OLB", "MCT", "SA"})},
	{ID: "X-U4", Section: secUtil, Quote: "MCT and OLB achieve a better load balancing for inconsistent matrices.",
		Reading: meanReading(u4Order, "every type: the alternative row"),
		Check:   typeMean(u4Order).check},
	{ID: "X-U5", Section: secUtil, Quote: "Overall, OLB is the method that performs best, in particular, for semi-consistent matrices.",
		Reading: meanReading(u5Order, "the others: the alternative rows") + "; MET left out: tested in U1 and U2",
		Check:   typeMean(u5Order).check},
	{ID: "X-U6", Section: secUtil, Quote: "Nonetheless, MCT and k PB behave quite similarly.",
		Check: equivalent("utilization", "MCT", "kPB")},
	{ID: "X-U7", Section: secUtil, Quote: "though OLB achieves very good resource utilization, its makespan values are not good.", Reading: "\"not good\" read as: worse than the two best methods of M1",
		Check: trails("csi", "makespan", []string{"OLB"}, []string{"MCT", "kPB"})},
	{ID: "X-U8", Section: secUtil, Quote: "Thus, we could say that for very heterogeneous systems, resource utilization is not a good indicator for makespan.",
		Check: analysis.NotTestable[*claimsIn]("a judgement with no threshold for a \"good indicator\"; its evidence is U7, tested")},
	{ID: "X-U9", Section: secUtil, Quote: "Finally, SA performs rather poorly (see Table 5).", Reading: poorReading,
		Check: trails("csi", "utilization", []string{"SA"}, []string{"MCT"})},
	{ID: "X-P1", Section: secProx, Quote: "Except for MET (which shows perfect proximity matching)",
		Reading: "by construction: MET puts every job on its fastest machine",
		Check:   metEqualsOne("proximity", "csi")},
	{ID: "X-P2", Section: secProx, Quote: "the best matching proximity is obtained by k PB and SA.", Reading: "MET excepted by the paper (P1)",
		Check: beats("csi", "proximity", []string{"kPB", "SA"}, []string{"OLB", "MCT"})},
	{ID: "X-P3", Section: secProx, Quote: "k PB performs better for consistent matrices",
		Check: beats("c", "proximity", []string{"kPB"}, []string{"SA"})},
	{ID: "X-P4", Section: secProx, Quote: "SA performs better for semi and inconsistent matrices.",
		Reading: meanReading(p4Order, "every type: the alternative row"),
		Check:   typeMean(p4Order).check},
	{ID: "X-P5", Section: secProx, Quote: "MCT performs poorly", Reading: "\"poorly\" read as: worse than every method but OLB (P6)",
		Check: trails("csi", "proximity", []string{"MCT"}, []string{"MET", "SA", "kPB"})},
	{ID: "X-P6", Section: secProx, Quote: "OLB shows the worst matching proximity values (see Table 6).",
		Check: trails("csi", "proximity", []string{"OLB"}, others4("OLB"))},
	{ID: "X-C1", Section: "§8 Conclusions", Quote: "none of the methods performs best; rather, their performance depends on the grid scenarios based on heterogeneity of the jobs (high, low), heterogeneity of the resources (high, low) and consistency",
		Reading: "read as: " + c1Words + " (MET left out on proximity, its reference; the other readings: the alternative rows)",
		Check:   c1Default.check},
	{ID: "X-C2", Section: "§8 Conclusions", Quote: "Also, these methods are very interesting if there are time restrictions because they are very fast.",
		Check: analysis.One(noTimeMeasured)},
}

// meanReading is the reading of a claim's row that decides ordering o on
// the mean over its types (typeMean): the one the paper's own table
// supports, the others being rows of their own (others says which).
func meanReading(o ordering, others string) string {
	return "read as: " + meanWords(o) + ", the reading " + tableOf[o.metric] + " supports (" + others + ")"
}

// noTimeMeasured is §8's "very fast": not testable, with what the runs
// record instead. No metric of a run is a time: its wall clock is the
// runner's (timings.csv), which also counts reading or generating the
// instance the heuristics of a repetition share and depends on the
// machine, so it never reaches a page; and the paper times nothing either.
func noTimeMeasured(in *claimsIn) analysis.LedgerEntry {
	var recorded []string
	for _, r := range in.recs {
		if !slices.Contains(recorded, r.Metric) {
			recorded = append(recorded, r.Metric)
		}
	}
	runs := "no runs in this configuration"
	if len(recorded) > 0 {
		runs = "the runs record " + strings.Join(recorded, ", ") + " (runs.csv), none of them a time"
	}
	return analysis.LedgerEntry{Verdict: analysis.VerdictNotTestable,
		Note: "no time of the heuristics is measured: " + runs + "; the runner's wall clock per run (timings.csv) also counts reading or " +
			"generating the instance, which the heuristics of a repetition share, depends on the machine and is kept off this page; and the " +
			"paper gives no time and no yardstick for \"very fast\", only the methods' complexity, O(N·M) and kPB's O(N·M·log M) (§4), " +
			"its footnote 3 saying their \"execution times are given by their time complexity\""}
}

// typesFor returns the types whose consistency's letter is in cons.
func typesFor(types []etc.Spec, cons string) []etc.Spec {
	var out []etc.Spec
	for _, t := range types {
		if strings.Contains(cons, t.Consistency.String()) {
			out = append(out, t)
		}
	}
	return out
}

// typeNames are the names of types, space-separated.
func typeNames(types []etc.Spec) string {
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = t.Name()
	}
	return strings.Join(names, " ")
}

// freshScope is the scope of a claim tested on the fresh instances of types.
func freshScope(types []etc.Spec) string { return "fresh instances: " + typeNames(types) }

// comparisons builds the paired comparisons of an ordering, one per type,
// A and B; values are paired by repetition (the same instance).
func (c ordering) comparisons(recs []analysis.Record, types []etc.Spec) []*analysis.Comparison {
	if len(c.pools) > 0 {
		return c.pooledComparisons(recs, types)
	}
	want := c.want()
	var cmps []*analysis.Comparison
	for _, t := range types {
		tn := t.Name()
		for _, a := range c.a {
			for _, b := range c.b {
				blocks, _ := analysis.Paired(recs, partGenerated+tn, c.metric, []string{a, b})
				if len(blocks) == 0 {
					continue
				}
				cmp := &analysis.Comparison{Name: a + " " + want.Op() + " " + b + " (" + c.metric + ")", Scope: tn, Want: want}
				for _, bl := range blocks {
					cmp.X, cmp.Y = append(cmp.X, bl[0]), append(cmp.Y, bl[1])
				}
				cmps = append(cmps, cmp)
			}
		}
	}
	return cmps
}

// pooledComparisons builds the comparisons of an ordering over pools: per
// pool, A's and B's values relative to MCT on each instance, averaged over
// the pool's types within each repetition (the repetitions every type of
// the pool has).
func (c ordering) pooledComparisons(recs []analysis.Record, types []etc.Spec) []*analysis.Comparison {
	want := c.want()
	var cmps []*analysis.Comparison
	for _, pool := range c.pools {
		pt := typesFor(types, pool)
		if len(pt) == 0 {
			continue
		}
		for _, a := range c.a {
			for _, b := range c.b {
				sum := map[int][2]float64{}
				count := map[int]int{}
				// Paired takes each heuristic once: MCT may be a or b.
				hs := []string{"MCT"}
				for _, h := range []string{a, b} {
					if !slices.Contains(hs, h) {
						hs = append(hs, h)
					}
				}
				ia, ib := slices.Index(hs, a), slices.Index(hs, b)
				for _, t := range pt {
					blocks, reps := analysis.Paired(recs, partGenerated+t.Name(), c.metric, hs)
					for i, bl := range blocks {
						s := sum[reps[i]]
						sum[reps[i]] = [2]float64{s[0] + bl[ia]/bl[0], s[1] + bl[ib]/bl[0]}
						count[reps[i]]++
					}
				}
				var reps []int
				for r, n := range count {
					if n == len(pt) {
						reps = append(reps, r)
					}
				}
				if len(reps) == 0 {
					continue
				}
				sort.Ints(reps)
				cmp := &analysis.Comparison{Name: a + " " + want.Op() + " " + b + " (" + c.metric + " / MCT's)", Scope: poolName(pool), Want: want}
				for _, r := range reps {
					cmp.X = append(cmp.X, sum[r][0]/float64(len(pt)))
					cmp.Y = append(cmp.Y, sum[r][1]/float64(len(pt)))
				}
				cmps = append(cmps, cmp)
			}
		}
	}
	return cmps
}

// poolName names the mean over the types of a pool, e.g. "mean of u_s_*".
func poolName(pool string) string {
	if len(pool) == 1 {
		return "mean of u_" + pool + "_*"
	}
	return "mean of all types"
}

// check tests the ordering on the fresh instances of its types: one Holm
// family per claim.
func (c ordering) check(in *claimsIn) []analysis.LedgerEntry { return allOf{c}.check(in) }

// allOf is orderings decided as one claim: the comparisons of all of them
// one Holm family, held when every one holds. A claim that goes one way
// on some types and the other way on others is one (X-M4's one-yardstick
// reading).
type allOf []ordering

// check tests every ordering on the fresh instances of its types.
func (all allOf) check(in *claimsIn) []analysis.LedgerEntry {
	cons := ""
	var cmps []*analysis.Comparison
	pooled := false
	for _, o := range all {
		cons += o.cons
		cmps = append(cmps, o.comparisons(in.recs, typesFor(in.types, o.cons))...)
		pooled = pooled || len(o.pools) > 0
	}
	e := analysis.LedgerEntry{Scope: freshScope(typesFor(in.types, cons))}
	if len(cmps) == 0 {
		e.Verdict, e.Note = analysis.VerdictNotTestable, noFresh
		return []analysis.LedgerEntry{e}
	}
	analysis.Test(cmps...)
	v := analysis.Decide(cmps)
	e = e.FromVerdict(v, len(cmps))
	label := "weakest"
	if !v.Held() {
		label = "failing"
	}
	var format func(float64) string // ratios to MCT's are near 1: four decimals tell them apart
	if pooled {
		format = func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	}
	held, n := all.publishedSupport()
	e.Statistic = fmt.Sprintf("%d of %d %s held; %s: %s on %s; %s", v.HeldN, v.N, report.Plural(v.N, "comparison"), label, report.Statistic(v.Decisive, format),
		v.Decisive.Scope, inPublished(held, n))
	return []analysis.LedgerEntry{e}
}

// publishedSupport sums the orderings' support in the paper's own tables.
func (all allOf) publishedSupport() (held, n int) {
	for _, o := range all {
		h, k := o.publishedSupport()
		held, n = held+h, n+k
	}
	return held, n
}

// noFresh is the reason a claim on the fresh instances was not tested.
const noFresh = "no fresh instances of the types it names in this configuration"

// inPublished says in how many of the paper's own comparisons (Tables 3–6,
// one instance per type), held of n, the stated direction holds.
func inPublished(held, n int) string {
	return fmt.Sprintf("in the paper's own tables: %d of %d", held, n)
}

// publishedSupport counts the paper's own comparisons (Tables 3–6, one
// instance per type; with pools, the means over the pools' types relative
// to MCT) in which the stated direction holds, and all of them.
func (c ordering) publishedSupport() (held, n int) {
	want := c.want()
	holds := func(va, vb float64) {
		n++
		if (want == analysis.Lower && va < vb) || (want == analysis.Higher && va > vb) {
			held++
		}
	}
	if len(c.pools) > 0 {
		for _, pool := range c.pools {
			pt := typesFor(etc.Types(), pool)
			for _, a := range c.a {
				for _, b := range c.b {
					va, vb := 0.0, 0.0
					for _, t := range pt {
						inst := Published[t.Name()+".0"]
						ref, _ := inst["MCT"].Get(c.metric)
						x, _ := inst[a].Get(c.metric)
						y, _ := inst[b].Get(c.metric)
						va, vb = va+x/ref, vb+y/ref
					}
					holds(va, vb)
				}
			}
		}
		return held, n
	}
	for _, t := range typesFor(etc.Types(), c.cons) {
		inst := t.Name() + ".0" // the paper's instance of the type
		for _, a := range c.a {
			for _, b := range c.b {
				va, _ := Published[inst][a].Get(c.metric)
				vb, _ := Published[inst][b].Get(c.metric)
				holds(va, vb)
			}
		}
	}
	return held, n
}

// metEqualsOne checks that MET's metric is exactly 1 on every fresh
// instance of the types of cons.
func metEqualsOne(metric, cons string) func(*claimsIn) []analysis.LedgerEntry {
	return analysis.One(func(in *claimsIn) analysis.LedgerEntry {
		types := typesFor(in.types, cons)
		e := analysis.LedgerEntry{Scope: freshScope(types)}
		n, ones := 0, 0
		for _, t := range types {
			for _, v := range analysis.Select(in.recs, partGenerated+t.Name(), "MET", metric) {
				n++
				if v == 1 {
					ones++
				}
			}
		}
		e.N = n
		e.Statistic = fmt.Sprintf("MET's %s = 1 on %d of %d instances", metric, ones, n)
		switch {
		case n == 0:
			e.Verdict, e.Note = analysis.VerdictNotTestable, noFresh
		default:
			e.Verdict = analysis.VerdictOf(ones == n)
		}
		return e
	})
}

// publishedSpread is the largest |a − b| of metric over the paper's own
// table (one instance per type), to the table's three decimals, and the
// instance where it is: the widest difference between a and b the paper
// printed.
func publishedSpread(metric, a, b string) (float64, string) {
	widest, where := -1.0, ""
	for _, inst := range PublishedInstances {
		va, _ := Published[inst][a].Get(metric)
		vb, _ := Published[inst][b].Get(metric)
		if d := math.Round(math.Abs(va-vb)*1000) / 1000; d > widest {
			widest, where = d, inst
		}
	}
	return widest, where
}

// tableResolution is half a unit of the tables' last printed digit: two
// values closer than this print the same.
const tableResolution = 0.0005

// equivalent checks, on every fresh type, that the paired difference a − b
// of metric has its 95% CI within ±margin (TOST), the margin being the
// widest |a − b| of the paper's own table for the metric: the differences
// the paper looked at when it called a and b similar. The note says at
// which margin the verdict flips.
func equivalent(metric, a, b string) func(*claimsIn) []analysis.LedgerEntry {
	margin, where := publishedSpread(metric, a, b)
	return analysis.One(func(in *claimsIn) analysis.LedgerEntry {
		e := analysis.LedgerEntry{Scope: freshScope(in.types),
			Note: fmt.Sprintf("\"quite similarly\" read as: the 95%% CI of the paired difference %s − %s within ±%g on every type (equivalence, TOST); "+
				"the margin is the widest |%s − %s| of the paper's %s (%s), the differences the paper calls quite similar (its words do not "+
				"separate \"similar\" from \"better\" more finely: U3 calls differences of this size better)", a, b, margin, a, b, tableOf[metric], where)}
		held, tested := 0, 0
		worst, worstType := 0.0, ""
		for _, t := range in.types {
			tn := t.Name()
			blocks, _ := analysis.Paired(in.recs, partGenerated+tn, metric, []string{a, b})
			if len(blocks) == 0 {
				continue
			}
			var x, y []float64
			for _, bl := range blocks {
				x, y = append(x, bl[0]), append(y, bl[1])
			}
			d := analysis.PairedDifference(x, y)
			tested++
			e.N += d.N
			if d.Equivalent(margin) {
				held++
			}
			if w := math.Max(math.Abs(d.Low), math.Abs(d.High)); math.IsNaN(w) || w > worst || worstType == "" {
				worst, worstType = w, fmt.Sprintf("%s: mean %.4f, CI [%.4f, %.4f]", tn, d.Mean, d.Low, d.High)
			}
		}
		e.Statistic = fmt.Sprintf("equivalent on %d of %d types; widest %s", held, tested, worstType)
		switch {
		case tested == 0:
			e.Verdict = analysis.VerdictNotTestable
		default:
			e.Verdict = analysis.VerdictOf(held == tested)
			if !math.IsNaN(worst) {
				// Equivalent on every type exactly when the margin reaches
				// the widest CI bound.
				e.Note = analysis.JoinNote(e.Note, fmt.Sprintf("sensitivity: held with any margin of at least ±%.4f (the widest CI bound), "+
					"not held below; at the tables' resolution (±%g) %s", worst, tableResolution, analysis.VerdictOf(worst <= tableResolution)))
			}
		}
		return e
	})
}
