package immediate

import (
	"fmt"
	"github.com/gridbench/gridbench/families/etcmapping"
	"math"
	"sort"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/report"
)

// claim is one result statement of Sections 6 and 8, tested on the fresh
// instances of the types it names. A comparison claim says that each heuristic
// of A is better (or, with Worse, worse) than each of B on Metric; which way
// "better" goes comes from the metric's descriptor, never from the claim, so
// "worst proximity" (higher is better) and "worst makespan" (lower is
// better) are tested in opposite directions by the same rule. A claim with
// check set is decided by that function instead.
type claim struct {
	ID, Section, Quote string
	Cons               string // consistency letters of the types it is about ("csi": all)
	Metric             string
	A, B               []string
	Worse              bool
	Note               string // how the words were read
	check              func(recs []analysis.Record, types []etc.Spec) analysis.LedgerEntry
}

// Readings of the vague words, said once on the page and in each note.
const (
	goodReading = "\"good\" read as: better than OLB (the method that ignores execution times)"
	poorReading = "\"poor\" read as: worse than MCT"
)

// want is the direction of A against B that the claim states.
func (c claim) want() analysis.Direction {
	d, _ := etcmapping.Table.Find(c.Metric)
	lowerBetter := d.Better == analysis.LowerIsBetter
	if lowerBetter != c.Worse {
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

// sectionSixClaims are every result statement of Section 6 and the result
// of Section 8, in the paper's order.
var sectionSixClaims = []claim{
	{ID: "M1", Section: secMakespan, Quote: "The methods that best perform regarding the makespan are MCT and k PB.",
		Cons: "csi", Metric: "makespan", A: []string{"MCT", "kPB"}, B: []string{"OLB", "MET", "SA"}},
	{ID: "M2", Section: secMakespan, Quote: "MCT obtains better results for consistent matrices",
		Cons: "c", Metric: "makespan", A: []string{"MCT"}, B: []string{"kPB"}},
	{ID: "M3", Section: secMakespan, Quote: "k PB performs better for semi-consistent and inconsistent matrices",
		Cons: "si", Metric: "makespan", A: []string{"kPB"}, B: []string{"MCT"}},
	{ID: "M4a", Section: secMakespan, Quote: "SA shows a good performance, except for inconsistent matrices.",
		Cons: "cs", Metric: "makespan", A: []string{"SA"}, B: []string{"OLB"}, Note: goodReading},
	{ID: "M4b", Section: secMakespan, Quote: "SA shows a good performance, except for inconsistent matrices.",
		Cons: "i", Metric: "makespan", A: []string{"SA"}, B: []string{"MCT"}, Worse: true, Note: "the exception: " + poorReading},
	{ID: "M5a", Section: secMakespan, Quote: "MET shows a good performance for inconsistent matrices",
		Cons: "i", Metric: "makespan", A: []string{"MET"}, B: []string{"OLB"}, Note: goodReading},
	{ID: "M5b", Section: secMakespan, Quote: "[MET shows] poor solutions for semi-consistent matrices",
		Cons: "s", Metric: "makespan", A: []string{"MET"}, B: []string{"MCT"}, Worse: true, Note: poorReading},
	{ID: "F1", Section: secFlowtime, Quote: "The performance of these methods regarding this parameter are not as good as for makespan; rather small reductions of flowtime are obtained.",
		check: notTestable("the paper names no reference the reductions are measured from, nor what \"small\" is")},
	{ID: "F2a", Section: secFlowtime, Quote: "For consistent matrices SA performs better followed by MCT.",
		Cons: "c", Metric: "flowtime", A: []string{"SA"}, B: others4("SA"), Note: "SA better than each other method"},
	{ID: "F2b", Section: secFlowtime, Quote: "For consistent matrices SA performs better followed by MCT.",
		Cons: "c", Metric: "flowtime", A: []string{"MCT"}, B: []string{"OLB", "MET", "kPB"}, Note: "MCT second: better than each method but SA"},
	{ID: "F3", Section: secFlowtime, Quote: "For semi-consistent matrices the best performance is shown by SA and k PB",
		Cons: "s", Metric: "flowtime", A: []string{"SA", "kPB"}, B: []string{"OLB", "MCT", "MET"}},
	{ID: "F4", Section: secFlowtime, Quote: "for inconsistent matrices MET outperforms all the other methods.",
		Cons: "i", Metric: "flowtime", A: []string{"MET"}, B: others4("MET")},
	{ID: "F5", Section: secFlowtime, Quote: "OLB shows a poor performance (see Table 4).",
		Cons: "csi", Metric: "flowtime", A: []string{"OLB"}, B: []string{"MCT"}, Worse: true, Note: poorReading},
	{ID: "U1", Section: secUtil, Quote: "The MET method obtains the worse resource utilization overall",
		Cons: "si", Metric: "utilization", A: []string{"MET"}, B: others4("MET"), Worse: true,
		Note: "on semi-consistent and inconsistent types: the paper itself excepts consistent ones (U2)"},
	{ID: "U2", Section: secUtil, Quote: "(the resource utilization is 1.0 for consistent matrices, as expected)",
		check: metEqualsOne("utilization", "c", "by construction: on a consistent matrix MET puts every job on the same machine, and utilisation counts the machines used (reading utilization-machines)")},
	{ID: "U3", Section: secUtil, Quote: "k PB performs better for consistent matrices",
		Cons: "c", Metric: "utilization", A: []string{"kPB"}, B: []string{"OLB", "MCT", "SA"}, Note: "MET left out: its 1.0 is one machine (U2)"},
	{ID: "U4", Section: secUtil, Quote: "MCT and OLB achieve a better load balancing for inconsistent matrices.",
		Cons: "i", Metric: "utilization", A: []string{"MCT", "OLB"}, B: []string{"MET", "SA", "kPB"}},
	{ID: "U5", Section: secUtil, Quote: "Overall, OLB is the method that performs best, in particular, for semi-consistent matrices.",
		Cons: "csi", Metric: "utilization", A: []string{"OLB"}, B: []string{"MCT", "SA", "kPB"}, Note: "MET left out: tested in U1 and U2"},
	{ID: "U6", Section: secUtil, Quote: "Nonetheless, MCT and k PB behave quite similarly.",
		check: equivalent("utilization", "MCT", "kPB", 0.05)},
	{ID: "U7", Section: secUtil, Quote: "though OLB achieves very good resource utilization, its makespan values are not good.",
		Cons: "csi", Metric: "makespan", A: []string{"OLB"}, B: []string{"MCT", "kPB"}, Worse: true, Note: "\"not good\" read as: worse than the two best methods of M1"},
	{ID: "U8", Section: secUtil, Quote: "Thus, we could say that for very heterogeneous systems, resource utilization is not a good indicator for makespan.",
		check: notTestable("a judgement with no threshold for a \"good indicator\"; its evidence is U7, tested")},
	{ID: "U9", Section: secUtil, Quote: "Finally, SA performs rather poorly (see Table 5).",
		Cons: "csi", Metric: "utilization", A: []string{"SA"}, B: []string{"MCT"}, Worse: true, Note: poorReading},
	{ID: "P1", Section: secProx, Quote: "Except for MET (which shows perfect proximity matching)",
		check: metEqualsOne("proximity", "csi", "by construction: MET puts every job on its fastest machine")},
	{ID: "P2", Section: secProx, Quote: "the best matching proximity is obtained by k PB and SA.",
		Cons: "csi", Metric: "proximity", A: []string{"kPB", "SA"}, B: []string{"OLB", "MCT"}, Note: "MET excepted by the paper (P1)"},
	{ID: "P3", Section: secProx, Quote: "k PB performs better for consistent matrices",
		Cons: "c", Metric: "proximity", A: []string{"kPB"}, B: []string{"SA"}},
	{ID: "P4", Section: secProx, Quote: "SA performs better for semi and inconsistent matrices.",
		Cons: "si", Metric: "proximity", A: []string{"SA"}, B: []string{"kPB"}},
	{ID: "P5", Section: secProx, Quote: "MCT performs poorly",
		Cons: "csi", Metric: "proximity", A: []string{"MCT"}, B: []string{"MET", "SA", "kPB"}, Worse: true, Note: "\"poorly\" read as: worse than every method but OLB (P6)"},
	{ID: "P6", Section: secProx, Quote: "OLB shows the worst matching proximity values (see Table 6).",
		Cons: "csi", Metric: "proximity", A: []string{"OLB"}, B: others4("OLB"), Worse: true},
	{ID: "C1", Section: "§8 Conclusions", Quote: "none of the methods performs best; rather, their performance depends on the grid scenarios based on heterogeneity of the jobs (high, low), heterogeneity of the resources (high, low) and consistency",
		check: noUniversalWinner},
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

// entry is the ledger entry of c before its verdict.
func (c claim) entry(types []etc.Spec) analysis.LedgerEntry {
	return analysis.LedgerEntry{ID: "X-" + c.ID, Quote: c.Quote, Section: c.Section,
		Scope: "fresh instances: " + typeNames(types), Note: c.Note}
}

// comparisons builds the paired comparisons of a comparison claim, one per
// type, A and B; values are paired by repetition (the same instance).
func (c claim) comparisons(recs []analysis.Record, types []etc.Spec) []*analysis.Comparison {
	want := c.want()
	var cmps []*analysis.Comparison
	for _, t := range types {
		tn := t.Name()
		for _, a := range c.A {
			for _, b := range c.B {
				blocks, _ := analysis.Paired(recs, partGenerated+tn, c.Metric, []string{a, b})
				if len(blocks) == 0 {
					continue
				}
				cmp := &analysis.Comparison{Name: a + " " + want.Op() + " " + b + " (" + c.Metric + ")", Scope: tn, Want: want}
				for _, bl := range blocks {
					cmp.X, cmp.Y = append(cmp.X, bl[0]), append(cmp.Y, bl[1])
				}
				cmps = append(cmps, cmp)
			}
		}
	}
	return cmps
}

// decide tests c on the fresh instances of types and returns its ledger
// entry: one Holm family per claim.
func (c claim) decide(recs []analysis.Record, allTypes []etc.Spec) analysis.LedgerEntry {
	if c.check != nil {
		return c.check(recs, allTypes)
	}
	types := typesFor(allTypes, c.Cons)
	e := c.entry(types)
	cmps := c.comparisons(recs, types)
	if len(cmps) == 0 {
		e.Verdict, e.Note = analysis.VerdictNotTestable, joinNote(e.Note, "no fresh instances of the types it names in this configuration")
		return e
	}
	analysis.Test(cmps...)
	v := analysis.Decide(cmps)
	e = e.FromVerdict(v, len(cmps))
	label := "weakest"
	if !v.Held() {
		label = "failing"
	}
	e.Statistic = fmt.Sprintf("%d of %d comparisons held; %s: %s on %s; %s", v.HeldN, v.N, label, report.Statistic(v.Decisive, nil), v.Decisive.Scope, c.inPublished())
	return e
}

// inPublished says in how many of the paper's own comparisons (Tables 3–6,
// one instance per type) the stated direction holds.
func (c claim) inPublished() string {
	want := c.want()
	n, held := 0, 0
	for _, t := range typesFor(etc.Types(), c.Cons) {
		inst := t.Name() + ".0" // the paper's instance of the type
		for _, a := range c.A {
			for _, b := range c.B {
				va, _ := Published[inst][a].Get(c.Metric)
				vb, _ := Published[inst][b].Get(c.Metric)
				n++
				if (want == analysis.Lower && va < vb) || (want == analysis.Higher && va > vb) {
					held++
				}
			}
		}
	}
	return fmt.Sprintf("in the paper's own tables: %d of %d", held, n)
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

func notTestable(why string) func([]analysis.Record, []etc.Spec) analysis.LedgerEntry {
	return func([]analysis.Record, []etc.Spec) analysis.LedgerEntry {
		return analysis.LedgerEntry{Verdict: analysis.VerdictNotTestable, Note: why}
	}
}

// metEqualsOne checks that MET's metric is exactly 1 on every fresh
// instance of the types of cons.
func metEqualsOne(metric, cons, why string) func([]analysis.Record, []etc.Spec) analysis.LedgerEntry {
	return func(recs []analysis.Record, all []etc.Spec) analysis.LedgerEntry {
		types := typesFor(all, cons)
		e := analysis.LedgerEntry{Scope: "fresh instances: " + typeNames(types), Note: why}
		n, ones := 0, 0
		for _, t := range types {
			for _, v := range analysis.Select(recs, partGenerated+t.Name(), "MET", metric) {
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
			e.Verdict = analysis.VerdictNotTestable
			e.Note = joinNote(why, "no fresh instances of the types it names in this configuration")
		case ones == n:
			e.Verdict = analysis.VerdictHeld
		default:
			e.Verdict = analysis.VerdictNotHeld
		}
		return e
	}
}

// equivalent checks, on every fresh type, that the paired difference a − b
// of metric has its 95% CI within ±margin (TOST).
func equivalent(metric, a, b string, margin float64) func([]analysis.Record, []etc.Spec) analysis.LedgerEntry {
	return func(recs []analysis.Record, types []etc.Spec) analysis.LedgerEntry {
		e := analysis.LedgerEntry{Scope: "fresh instances: " + typeNames(types),
			Note: fmt.Sprintf("\"quite similarly\" read as: the 95%% CI of the paired difference %s − %s within ±%g on every type (equivalence, TOST; the margin is ours)", a, b, margin)}
		held, tested := 0, 0
		worst, worstType := 0.0, ""
		for _, t := range types {
			tn := t.Name()
			blocks, _ := analysis.Paired(recs, partGenerated+tn, metric, []string{a, b})
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
		case held == tested:
			e.Verdict = analysis.VerdictHeld
		default:
			e.Verdict = analysis.VerdictNotHeld
		}
		return e
	}
}

// noUniversalWinner checks Section 8's conclusion on makespan: the method
// with the best Friedman mean rank among the five differs between types.
func noUniversalWinner(recs []analysis.Record, types []etc.Spec) analysis.LedgerEntry {
	e := analysis.LedgerEntry{Scope: "fresh instances: " + typeNames(types),
		Note: "read as: the best of the five methods on makespan (Friedman mean rank) is not the same on every type"}
	wins := map[string][]string{}
	for _, t := range types {
		tn := t.Name()
		blocks, _ := analysis.Paired(recs, partGenerated+tn, "makespan", PublishedHeuristics)
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
		e.Verdict = analysis.VerdictNotTestable
		e.Note = joinNote(e.Note, "fewer than two types in this configuration")
	case len(wins) > 1:
		e.Verdict = analysis.VerdictHeld
	default:
		e.Verdict = analysis.VerdictNotHeld
	}
	return e
}

// ledger returns the ledger of Sections 6 and 8 on the fresh instances.
func sectionSixLedger(recs []analysis.Record, types []etc.Spec) []analysis.LedgerEntry {
	var es []analysis.LedgerEntry
	for _, c := range sectionSixClaims {
		e := c.decide(recs, types)
		e.ID, e.Quote, e.Section = "X-"+c.ID, c.Quote, c.Section
		es = append(es, e)
	}
	return es
}
