package immediate

import (
	"fmt"
	"github.com/gridbench/gridbench/mapping"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/generators/etc"
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

// tableMatch is one published table compared cell by cell.
type tableMatch struct{ matched, total, mismatches int }

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
// Section 6 and the result of Section 8, tested on the fresh instances.
var claims = slices.Concat(tableClaims(), []analysis.Claim[*claimsIn]{exampleClaim}, sectionSix)

// sectionSix are every result statement of Section 6 and the result of
// Section 8, tested on the fresh instances.
var sectionSix = []analysis.Claim[*claimsIn]{
	{ID: "X-M1", Section: secMakespan, Quote: "The methods that best perform regarding the makespan are MCT and k PB.",
		Check: beats("csi", "makespan", []string{"MCT", "kPB"}, []string{"OLB", "MET", "SA"})},
	{ID: "X-M2", Section: secMakespan, Quote: "MCT obtains better results for consistent matrices",
		Check: beats("c", "makespan", []string{"MCT"}, []string{"kPB"})},
	{ID: "X-M3", Section: secMakespan, Quote: "k PB performs better for semi-consistent and inconsistent matrices",
		Check: beats("si", "makespan", []string{"kPB"}, []string{"MCT"})},
	{ID: "X-M4a", Section: secMakespan, Quote: "SA shows a good performance, except for inconsistent matrices.", Reading: goodReading,
		Check: beats("cs", "makespan", []string{"SA"}, []string{"OLB"})},
	{ID: "X-M4b", Section: secMakespan, Quote: "SA shows a good performance, except for inconsistent matrices.", Reading: "the exception: " + poorReading,
		Check: trails("i", "makespan", []string{"SA"}, []string{"MCT"})},
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
		Check: beats("s", "flowtime", []string{"SA", "kPB"}, []string{"OLB", "MCT", "MET"})},
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
		Check: beats("i", "utilization", []string{"MCT", "OLB"}, []string{"MET", "SA", "kPB"})},
	{ID: "X-U5", Section: secUtil, Quote: "Overall, OLB is the method that performs best, in particular, for semi-consistent matrices.", Reading: "MET left out: tested in U1 and U2",
		Check: beats("csi", "utilization", []string{"OLB"}, []string{"MCT", "SA", "kPB"})},
	{ID: "X-U6", Section: secUtil, Quote: "Nonetheless, MCT and k PB behave quite similarly.",
		Check: equivalent("utilization", "MCT", "kPB", 0.05)},
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
		Check: beats("si", "proximity", []string{"SA"}, []string{"kPB"})},
	{ID: "X-P5", Section: secProx, Quote: "MCT performs poorly", Reading: "\"poorly\" read as: worse than every method but OLB (P6)",
		Check: trails("csi", "proximity", []string{"MCT"}, []string{"MET", "SA", "kPB"})},
	{ID: "X-P6", Section: secProx, Quote: "OLB shows the worst matching proximity values (see Table 6).",
		Check: trails("csi", "proximity", []string{"OLB"}, others4("OLB"))},
	{ID: "X-C1", Section: "§8 Conclusions", Quote: "none of the methods performs best; rather, their performance depends on the grid scenarios based on heterogeneity of the jobs (high, low), heterogeneity of the resources (high, low) and consistency",
		Reading: "read as: the best of the five methods on makespan (Friedman mean rank) is not the same on every type",
		Check:   analysis.One(noUniversalWinner)},
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

// check tests the ordering on the fresh instances of its types: one Holm
// family per claim.
func (c ordering) check(in *claimsIn) []analysis.LedgerEntry {
	types := typesFor(in.types, c.cons)
	e := analysis.LedgerEntry{Scope: freshScope(types)}
	cmps := c.comparisons(in.recs, types)
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
	e.Statistic = fmt.Sprintf("%d of %d %s held; %s: %s on %s; %s", v.HeldN, v.N, report.Plural(v.N, "comparison"), label, report.Statistic(v.Decisive, nil), v.Decisive.Scope, c.inPublished())
	return []analysis.LedgerEntry{e}
}

// noFresh is the reason a claim on the fresh instances was not tested.
const noFresh = "no fresh instances of the types it names in this configuration"

// inPublished says in how many of the paper's own comparisons (Tables 3–6,
// one instance per type) the stated direction holds.
func (c ordering) inPublished() string {
	want := c.want()
	n, held := 0, 0
	for _, t := range typesFor(etc.Types(), c.cons) {
		inst := t.Name() + ".0" // the paper's instance of the type
		for _, a := range c.a {
			for _, b := range c.b {
				va, _ := Published[inst][a].Get(c.metric)
				vb, _ := Published[inst][b].Get(c.metric)
				n++
				if (want == analysis.Lower && va < vb) || (want == analysis.Higher && va > vb) {
					held++
				}
			}
		}
	}
	return fmt.Sprintf("in the paper's own tables: %d of %d", held, n)
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

// equivalent checks, on every fresh type, that the paired difference a − b
// of metric has its 95% CI within ±margin (TOST).
func equivalent(metric, a, b string, margin float64) func(*claimsIn) []analysis.LedgerEntry {
	return analysis.One(func(in *claimsIn) analysis.LedgerEntry {
		e := analysis.LedgerEntry{Scope: freshScope(in.types),
			Note: fmt.Sprintf("\"quite similarly\" read as: the 95%% CI of the paired difference %s − %s within ±%g on every type (equivalence, TOST; the margin is ours)", a, b, margin)}
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
		}
		return e
	})
}

// noUniversalWinner checks Section 8's conclusion on makespan: the method
// with the best Friedman mean rank among the five differs between types.
func noUniversalWinner(in *claimsIn) analysis.LedgerEntry {
	e := analysis.LedgerEntry{Scope: freshScope(in.types)}
	wins := map[string][]string{}
	for _, t := range in.types {
		tn := t.Name()
		blocks, _ := analysis.Paired(in.recs, partGenerated+tn, "makespan", PublishedHeuristics)
		if len(blocks) < 2 {
			continue
		}
		fr, err := analysis.Friedman(blocks)
		if err != nil {
			continue
		}
		best := PublishedHeuristics[argsort(fr.MeanRanks)[0]]
		wins[best] = append(wins[best], tn)
		e.N++
	}
	var parts []string
	for h, ts := range wins {
		parts = append(parts, fmt.Sprintf("%s best on %d (%s)", h, len(ts), strings.Join(ts, " ")))
	}
	sort.Strings(parts)
	e.Statistic = strings.Join(parts, "; ")
	switch {
	case e.N < 2:
		e.Verdict, e.Note = analysis.VerdictNotTestable, "fewer than two types in this configuration"
	default:
		e.Verdict = analysis.VerdictOf(len(wins) > 1)
	}
	return e
}
