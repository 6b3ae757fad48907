package roundrobin

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/timeshared"
)

// tieTolerance is the relative difference below which two metric values
// count as equal before a Wilcoxon test. Algorithms that sum slices of an
// irrational quantum (APDRR) can end a slave's busy period a few ulps away
// from one that adds whole run times; that is rounding, not a difference,
// and must not become a "significant" one over 21 windows.
const tieTolerance = 1e-9

// Claim is one statement of the paper's text about which algorithm wins
// on which metric, in a form a paired test can check.
type Claim struct {
	ID      string
	Figure  string
	Metrics []string
	// Text is what the paper says (section 8 or 9), shortened.
	Text string
	// Better < Worse: every algorithm of Better has a lower value than
	// every algorithm of Worse, in every (size, P) workload.
	Better, Worse []string
	// Scaling claims instead say the metric falls from the smallest to the
	// largest P for each algorithm of Better, for every size.
	Scaling bool
	// Steps, for a scaling claim, reads "successively from '16' to '128'"
	// as at every step: each P's metric below the next smaller P's.
	Steps bool
	// APDRRBest marks the claims that APDRR beats every other algorithm.
	// APDRR as published (cycle admission, quantum sqrt(mean run)) serves
	// much like RR, so where these fail they are non-reproductions of the
	// algorithm as written, not of the trace; the ablation shows which
	// reading, if any, would make them hold.
	APDRRBest bool
	// Alternative names the reading a claim of AltClaims is decided under
	// (empty for Claims); its ID is the default claim's, "/" and the name.
	Alternative string
}

// Base is the ID of the claim of Claims that c is a reading of (c's own
// for a claim of Claims).
func (c Claim) Base() string {
	id, _, _ := strings.Cut(c.ID, "/")
	return id
}

// others returns Algorithms without the given ones.
func others(not ...string) []string {
	var out []string
	for _, a := range Algorithms {
		if !slices.Contains(not, a) {
			out = append(out, a)
		}
	}
	return out
}

var six = []string{timeshared.MWaiting, timeshared.MTurnaround, timeshared.MResponse, timeshared.MSlowdown, timeshared.MCompletion, timeshared.MStretch}

// Claims are the rankings of Shah et al. 2012, sections 8.1–8.6 and 9.
// "Shortest"/"best" are read as "lower than each algorithm the text puts
// below it"; a claim the text makes about several algorithms jointly
// ("APDRR and SPN") is read as each of them beating each of the others.
var Claims = []Claim{
	{ID: "W1", APDRRBest: true, Figure: "Figure 4", Metrics: []string{timeshared.MWaiting}, Text: "APDRR and SPN have the shortest average waiting times",
		Better: []string{"apdrr", "spn"}, Worse: others("apdrr", "spn")},
	{ID: "W4", Figure: "Figure 4", Metrics: []string{timeshared.MWaiting}, Text: "RR has higher average waiting times than APDRR and SPN",
		Better: []string{"apdrr", "spn"}, Worse: []string{"rr"}},
	{ID: "W2", Figure: "Figure 4", Metrics: []string{timeshared.MWaiting}, Text: "LJF has the longest average waiting times",
		Better: others("ljf"), Worse: []string{"ljf"}},
	{ID: "W3", Figure: "Figure 4", Metrics: []string{timeshared.MWaiting}, Text: "all algorithms improve their average waiting time from 16 to 128 CPUs",
		Better: Algorithms, Scaling: true},
	{ID: "W5", APDRRBest: true, Figure: "Figure 4", Metrics: []string{timeshared.MWaiting}, Text: "APDRR has the optimal average waiting times",
		Better: []string{"apdrr"}, Worse: others("apdrr")},
	{ID: "T1", APDRRBest: true, Figure: "Figure 5", Metrics: []string{timeshared.MTurnaround}, Text: "APDRR has the shortest average turnaround time",
		Better: []string{"apdrr"}, Worse: others("apdrr")},
	{ID: "T2", Figure: "Figure 5", Metrics: []string{timeshared.MTurnaround}, Text: "SPN is better than RR, P, PLRR, FCFS and LJF on average turnaround",
		Better: []string{"spn"}, Worse: others("apdrr", "spn")},
	{ID: "R1", Figure: "Figure 6", Metrics: []string{timeshared.MResponse}, Text: "APDRR and RR have shorter average response times than the others",
		Better: []string{"apdrr", "rr"}, Worse: others("apdrr", "rr")},
	{ID: "R2", Figure: "Figure 6", Metrics: []string{timeshared.MResponse}, Text: "SPN has a better average response time than P, PLRR, FCFS and LJF",
		Better: []string{"spn"}, Worse: []string{"p", "plrr", "fcfs", "ljf"}},
	{ID: "R3", Figure: "Figure 6", Metrics: []string{timeshared.MResponse}, Text: "LJF has the longest average response times",
		Better: others("ljf"), Worse: []string{"ljf"}},
	{ID: "R4", Figure: "Figure 6", Metrics: []string{timeshared.MResponse}, Text: "all algorithms improve their average response time from 16 to 128 CPUs",
		Better: Algorithms, Scaling: true},
	{ID: "S1", Figure: "Figure 7", Metrics: []string{timeshared.MSlowdown}, Text: "APDRR and RR have the shortest average (bounded) slowdown",
		Better: []string{"apdrr", "rr"}, Worse: others("apdrr", "rr")},
	{ID: "S2", Figure: "Figure 7", Metrics: []string{timeshared.MSlowdown}, Text: "SPN is average: better than PLRR, P, FCFS and LJF on slowdown",
		Better: []string{"spn"}, Worse: []string{"plrr", "p", "fcfs", "ljf"}},
	{ID: "S3", Figure: "Figure 7", Metrics: []string{timeshared.MSlowdown}, Text: "LJF has the longest average slowdown",
		Better: others("ljf"), Worse: []string{"ljf"}},
	{ID: "S4a", Figure: "Figure 7", Metrics: []string{timeshared.MSlowdown}, Text: "RR and APDRR have the best average slowdown (S1 again, in §8.4's summary)",
		Better: []string{"rr", "apdrr"}, Worse: others("rr", "apdrr")},
	{ID: "S4b", Figure: "Figure 7", Metrics: []string{timeshared.MSlowdown}, Text: "RR and APDRR improve their slowdown from 16 to 128 CPUs",
		Better: []string{"rr", "apdrr"}, Scaling: true},
	{ID: "C1", APDRRBest: true, Figure: "Figure 8", Metrics: []string{timeshared.MCompletion}, Text: "APDRR has the shortest total completion time",
		Better: []string{"apdrr"}, Worse: others("apdrr")},
	{ID: "C2", Figure: "Figure 8", Metrics: []string{timeshared.MCompletion}, Text: "APDRR, SPN and RR have shorter total completion times than P, FCFS and LJF",
		Better: []string{"apdrr", "spn", "rr"}, Worse: []string{"p", "fcfs", "ljf"}},
	{ID: "C3", Figure: "Figure 8", Metrics: []string{timeshared.MCompletion}, Text: "all algorithms improve their total completion time as CPUs are added",
		Better: Algorithms, Scaling: true},
	{ID: "X1", APDRRBest: true, Figure: "Figure 9", Metrics: []string{timeshared.MStretch}, Text: "APDRR has the shortest maximum job stretch",
		Better: []string{"apdrr"}, Worse: others("apdrr")},
	{ID: "X2", Figure: "Figure 9", Metrics: []string{timeshared.MStretch}, Text: "APDRR, SPN and RR have shorter maximum stretch than P, PLRR, FCFS and LJF",
		Better: []string{"apdrr", "rr", "spn"}, Worse: []string{"p", "plrr", "fcfs", "ljf"}},
	{ID: "K1", APDRRBest: true, Figure: "Section 9", Metrics: six, Text: "APDRR is optimal: the least waiting, turnaround, response, slowdown, total completion and maximum stretch",
		Better: []string{"apdrr"}, Worse: others("apdrr")},
}

// ReadingSteps reads a scaling claim's "successively from '16' to '128'"
// as better at every step of P; the default rows compare the largest P
// with the smallest.
const ReadingSteps = "steps"

// ReadingAllOthers reads §8.5's "P, FCFS and LJF have shown the worst
// performance" as P, FCFS and LJF worse than every other algorithm, PLRR
// included; C2 compares them with the algorithms §8.5 names.
const ReadingAllOthers = "all-others"

// readingNotes say, on each ledger row of AltClaims, how it reads the
// paper's words and how the default row differs.
var readingNotes = map[string]string{
	ReadingSteps: "other reading of the improvement as CPUs are added (§8: \"successively from '16' to '128'\"): better at every step of P (each P below the next smaller one, " +
		"per algorithm and size, paired by window), all steps one Holm family; the default row compares the largest P with the smallest",
	ReadingAllOthers: "other reading: P, FCFS and LJF worse than every other algorithm, PLRR included (APDRR, SPN, RR, PLRR < P, FCFS, LJF), " +
		"one Holm family; the default row C2 leaves out PLRR, which §8.5 does not name",
}

// AltClaims are claims of Claims again under another reading of the
// paper's words, each decided as Claims are (its own Holm family) and
// listed in the ledger beside its default row.
var AltClaims = []Claim{
	atEveryStep("W3", "all algorithms improve their average waiting time at every step from 16 to 128 CPUs"),
	atEveryStep("R4", "all algorithms improve their average response time at every step from 16 to 128 CPUs"),
	atEveryStep("S4b", "RR and APDRR improve their slowdown at every step from 16 to 128 CPUs"),
	{ID: "C2/" + ReadingAllOthers, Alternative: ReadingAllOthers, Figure: "Figure 8", Metrics: []string{timeshared.MCompletion},
		Text:   "every other algorithm (APDRR, SPN, RR, PLRR) has shorter total completion times than P, FCFS and LJF",
		Better: others("p", "fcfs", "ljf"), Worse: []string{"p", "fcfs", "ljf"}},
	atEveryStep("C3", "all algorithms improve their total completion time each time CPUs are added"),
}

// atEveryStep is scaling claim id of Claims under ReadingSteps, said as
// text.
func atEveryStep(id, text string) Claim {
	i := slices.IndexFunc(Claims, func(c Claim) bool { return c.ID == id })
	if i < 0 || !Claims[i].Scaling {
		panic("roundrobin: " + id + " is not a scaling claim")
	}
	c := Claims[i]
	c.ID, c.Alternative, c.Steps, c.Text = id+"/"+ReadingSteps, ReadingSteps, true, text
	return c
}

// Test is one directional paired comparison: A's metric lower than B's,
// over the windows both have (analysis.Comparison decides the direction).
type Test struct {
	*analysis.Comparison
	Claim, Metric string
	// A and B are "algo" (or, for scaling claims, "algo@P=16" and
	// "algo@P=128") and WA, WB their workloads.
	A, B   string
	WA, WB string
}

func (t *Test) String() string { return report.Statistic(t.Comparison, nil) }

// Verdict is the outcome of one claim over all workloads.
type Verdict struct {
	Claim
	Scopes, HeldScopes int     // workloads (or sizes, for scaling claims) checked / where every test passed
	Tests              []*Test // in scope order
	WorstP             float64 // largest Holm-adjusted p among the tests
	Identical          int     // tests where every window gave equal values
}

// overScopes is the claim's verdict counted in scopes (workloads, or sizes
// for scaling claims) rather than comparisons.
func (v *Verdict) overScopes() analysis.Verdict {
	return analysis.Verdict{N: v.Scopes, HeldN: v.HeldScopes}
}

// Held reports whether the claim held in every scope.
func (v *Verdict) Held() bool { return v.overScopes().Held() }

// Status is "held", "partly held (k/n)", "not held" or "not checked".
func (v *Verdict) Status() string { return v.overScopes().Status() }

// Decision is the claim's verdict on the family as the ledger decides it
// (ledgerEntry): held, not held, or inconclusive when it did not hold with
// fewer windows than Holm over its comparisons needs; not testable when no
// comparison was made.
func (v *Verdict) Decision() string { return v.decide(analysis.LedgerEntry{}).Verdict }

// decide fills e from the claim's comparisons, one Holm family, as the
// ledger decides a row (analysis.LedgerEntry.FromVerdict).
func (v *Verdict) decide(e analysis.LedgerEntry) analysis.LedgerEntry {
	cs := make([]*analysis.Comparison, len(v.Tests))
	for i, t := range v.Tests {
		cs[i] = t.Comparison
	}
	return e.FromVerdict(analysis.Decide(cs), len(cs))
}

// Cell is the verdict as a table shows it: the decision with the scopes
// held ("partly held (k/n)" where a claim not held held in some).
func (v *Verdict) Cell() report.Cell {
	c := report.CountedVerdictCell(v.overScopes())
	if d := v.Decision(); d != analysis.VerdictHeld && d != analysis.VerdictNotHeld {
		c = report.Str(fmt.Sprintf("%s %d/%d", d, v.HeldScopes, v.Scopes))
		c.Bad = true
	}
	return c
}

// Failures lists the failing tests, at most max of them.
func (v *Verdict) Failures(max int) []string {
	var out []string
	for _, t := range v.Tests {
		if !t.Held() {
			if len(out) == max {
				out = append(out, "...")
				break
			}
			out = append(out, t.Scope+": "+t.String())
		}
	}
	return out
}

// store indexes records by (workload, algorithm, metric) and rep.
type store map[analysis.GroupKey]map[int]float64

func newStore(recs []analysis.Record) store {
	s := store{}
	for _, r := range recs {
		s.add(r)
	}
	return s
}

func (s store) add(r analysis.Record) {
	k := analysis.GroupKey{Workload: r.Workload, Algorithm: r.Algorithm, Metric: r.Metric}
	if s[k] == nil {
		s[k] = map[int]float64{}
	}
	s[k][r.Rep] = r.Value
}

// claimStore is newStore over the records Evaluate reads: those of the
// workloads of ws on a claim's metric. The store of every record took most
// of Evaluate's time, and the report evaluates every family again for each
// APDRR variant and reading.
func claimStore(recs []analysis.Record, ws []Workload) store {
	inWs := make(map[string]bool, len(ws))
	for _, w := range ws {
		inWs[w.ID] = true
	}
	metrics := map[string]bool{}
	for _, c := range slices.Concat(Claims, AltClaims) {
		for _, m := range c.Metrics {
			metrics[m] = true
		}
	}
	s := store{}
	// Records come run by run, so the workload repeats: its answer is
	// remembered.
	lastW, lastIn, have := "", false, false
	for _, r := range recs {
		if !have || r.Workload != lastW {
			lastW, lastIn, have = r.Workload, inWs[r.Workload], true
		}
		if lastIn && metrics[r.Metric] {
			s.add(r)
		}
	}
	return s
}

// paired returns the values of (wa, a) and (wb, b) on the reps both have,
// in rep order, with values equal to within tieTolerance made equal.
func (s store) paired(wa, a, wb, b, metric string) (x, y []float64) {
	ma := s[analysis.GroupKey{Workload: wa, Algorithm: a, Metric: metric}]
	mb := s[analysis.GroupKey{Workload: wb, Algorithm: b, Metric: metric}]
	var reps []int
	for r := range ma {
		if _, ok := mb[r]; ok {
			reps = append(reps, r)
		}
	}
	slices.Sort(reps)
	for _, r := range reps {
		va, vb := ma[r], mb[r]
		if math.Abs(va-vb) <= tieTolerance*math.Max(math.Abs(va), math.Abs(vb)) {
			vb = va
		}
		x, y = append(x, va), append(y, vb)
	}
	return x, y
}

// Workload is one planned (size, P).
type Workload struct {
	ID     string
	Size   Size
	Slaves int
}

// Evaluate checks every claim on the records over the workloads ws (one
// family, in (size, P) order): Holm's correction runs over one claim's
// comparisons in ws. Algorithms a claim names that were not run are left
// out of it; records of other algorithms (the APDRR variants) are ignored.
func Evaluate(recs []analysis.Record, ws []Workload) []*Verdict {
	return evaluate(recs, ws, Claims)
}

// evaluate checks the claims cs as Evaluate checks Claims.
func evaluate(recs []analysis.Record, ws []Workload, cs []Claim) []*Verdict {
	s := claimStore(recs, ws)
	ran := map[string]bool{}
	for _, r := range recs {
		ran[r.Algorithm] = true
	}
	var out []*Verdict
	for _, c := range cs {
		v := &Verdict{Claim: c, WorstP: math.NaN()}
		var scopes []string
		if c.Scaling {
			for _, size := range sizesOf(ws) {
				steps := scalingSteps(ws, size, c.Steps)
				if len(steps) == 0 {
					continue
				}
				scope := size.ID()
				scopes = append(scopes, scope)
				for _, m := range c.Metrics {
					for _, a := range c.Better {
						if !ran[a] {
							continue
						}
						for _, st := range steps {
							wa, wb := WorkloadID(size, st.more), WorkloadID(size, st.fewer)
							t := newTest(s, c.ID, scope, m, wa, a, wb, a,
								fmt.Sprintf("%s@P=%d", Label(a), st.more), fmt.Sprintf("%s@P=%d", Label(a), st.fewer))
							v.Tests = append(v.Tests, t)
						}
					}
				}
			}
		} else {
			for _, w := range ws {
				scopes = append(scopes, w.ID)
				for _, m := range c.Metrics {
					for _, a := range c.Better {
						for _, b := range c.Worse {
							if a == b || !ran[a] || !ran[b] {
								continue
							}
							t := newTest(s, c.ID, w.ID, m, w.ID, a, w.ID, b, Label(a), Label(b))
							v.Tests = append(v.Tests, t)
						}
					}
				}
			}
		}
		fam := make([]*analysis.Comparison, len(v.Tests))
		for i, t := range v.Tests {
			fam[i] = t.Comparison
		}
		analysis.Test(fam...)
		for _, c := range fam {
			if p := c.PAdj; !math.IsNaN(p) && (math.IsNaN(v.WorstP) || p > v.WorstP) {
				v.WorstP = p
			}
			if c.Err == nil && c.Res.N == 0 {
				v.Identical++
			}
		}
		for _, sc := range scopes {
			ok, seen := true, false
			for _, t := range v.Tests {
				if t.Scope == sc {
					seen = true
					ok = ok && t.Held()
				}
			}
			if seen {
				v.Scopes++
				if ok {
					v.HeldScopes++
				}
			}
		}
		out = append(out, v)
	}
	return out
}

// newTest pairs (wa, a) against (wb, b) on metric for the claim's test
// "la < lb" in scope.
func newTest(s store, claim, scope, metric, wa, a, wb, b, la, lb string) *Test {
	x, y := s.paired(wa, a, wb, b, metric)
	c := &analysis.Comparison{Name: la + " < " + lb, Scope: scope, Want: analysis.Lower, X: x, Y: y}
	return &Test{Comparison: c, Claim: claim, Metric: metric, A: la, B: lb, WA: wa, WB: wb}
}

// sizesOf lists the sizes of ws in order of first appearance.
func sizesOf(ws []Workload) []Size {
	var out []Size
	for _, w := range ws {
		if !slices.Contains(out, w.Size) {
			out = append(out, w.Size)
		}
	}
	return out
}

// inFamily returns the workloads of ws in family f.
func inFamily(ws []Workload, f Family) []Workload {
	var out []Workload
	for _, w := range ws {
		if w.Size.Family() == f {
			out = append(out, w)
		}
	}
	return out
}

// slavesIn returns the values of P planned for a size, in increasing order.
func slavesIn(ws []Workload, size Size) []int {
	var ps []int
	for _, w := range ws {
		if w.Size == size && !slices.Contains(ps, w.Slaves) {
			ps = append(ps, w.Slaves)
		}
	}
	slices.Sort(ps)
	return ps
}

// step is one comparison of a scaling claim: its metric on more CPUs
// below its metric on fewer, in one size.
type step struct{ fewer, more int }

// scalingSteps are the comparisons of a scaling claim in a size: the
// smallest P against the largest, or with everyStep each P against the
// next; none when the size has a single P.
func scalingSteps(ws []Workload, size Size, everyStep bool) []step {
	ps := slavesIn(ws, size)
	if len(ps) < 2 {
		return nil
	}
	if !everyStep {
		return []step{{ps[0], ps[len(ps)-1]}}
	}
	out := make([]step, len(ps)-1)
	for i := range out {
		out[i] = step{ps[i], ps[i+1]}
	}
	return out
}

// algoList renders algorithm names for the page.
func algoList(as []string) string {
	ls := make([]string, len(as))
	for i, a := range as {
		ls[i] = Label(a)
	}
	return strings.Join(ls, ", ")
}
