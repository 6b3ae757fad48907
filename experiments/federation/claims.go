package federation

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/federated"
	"github.com/gridbench/gridbench/report"
)

// Check is one row of the claims table: the verdict over the jitter
// repetitions, and whether the stated direction holds in the one
// deterministic run of the paper's setting.
type Check struct {
	Claim     string
	Scope     string
	Statistic string
	// Verdict is the ledger's: held, not held, inconclusive (not held with
	// too few repetitions for any data to reach alpha after Holm) or not
	// testable; Held is Verdict == held.
	Verdict   string
	Held      bool
	Paper     bool // the direction holds in the paper-setting run
	Published bool // the direction holds in the paper's own Tables 3–4
}

// verdictOver is the verdict of the comparisons cs of one scope, tested in
// a Holm family of family comparisons (analysis.LedgerEntry.FromVerdict).
func verdictOver(cs []*less, family int) string {
	return analysis.LedgerEntry{}.FromVerdict(analysis.Decide(comparisonsOf(cs)), family).Verdict
}

// allHeld reports whether every comparison of cs held.
func allHeld(cs []*less) bool {
	for _, c := range cs {
		if !c.Held() {
			return false
		}
	}
	return true
}

// comparisonsOf are the analysis comparisons of cs.
func comparisonsOf(cs []*less) []*analysis.Comparison {
	out := make([]*analysis.Comparison, len(cs))
	for i, c := range cs {
		out[i] = c.Comparison
	}
	return out
}

// published is the pseudo-workload under which a series gives the paper's
// own value (Tables 3–4) as repetition 0.
const published = "published"

// Claim texts, quoted or condensed from Sections 7.3–7.4.
const (
	ClaimDOAS      = "1. DO-AS reduces the makespan in all cases (every user, every other policy)"
	ClaimSaturates = "2. Normal and DO: as LCG saturation increases, more jobs run on DSA and completion takes longer"
	ClaimUniform   = "3. DO-AS: more uniform than Normal, SO and DO, the makespan almost the same for the three users"
	ClaimSOAS      = "4. SO-AS reduces the makespan of SO, DO and Normal only under high saturation (User-2)"
	ClaimDOvsSO    = "5. DO completes all jobs in less time than SO"
)

// series gives a value per repetition of a workload.
type series func(workload string) map[int]float64

// perRep is user u's metric m (federated.MCompletion or federated.MJobsDSA) of one policy by
// repetition.
func perRep(recs []analysis.Record, pol string, u int, m string) series {
	metric := federated.UserMetric(u, m)
	return func(workload string) map[int]float64 {
		if workload == published {
			if m == federated.MJobsDSA {
				return map[int]float64{0: float64(PublishedJobs[pol][u][0])}
			}
			return map[int]float64{0: publishedSeconds(pol, u)}
		}
		return byRep(recs, workload, pol, metric)
	}
}

// byRep is pol's metric (a full name, federated.UserMetric) in workload,
// by repetition.
func byRep(recs []analysis.Record, workload, pol, metric string) map[int]float64 {
	m := map[int]float64{}
	for _, r := range recs {
		if r.Workload == workload && r.Algorithm == pol && r.Metric == metric {
			m[r.Rep] = r.Value
		}
	}
	return m
}

// less is one comparison "a is lower than b": paired over the jitter
// repetitions both have, and in the paper-setting run.
type less struct {
	*analysis.Comparison
	a, b     series
	fmtValue func(float64) string // FormatHMS when nil
}

func newLess(label string, a, b series) *less { return newCmp(label, analysis.Lower, a, b) }

// newCmp is a comparison of a against b in direction want.
func newCmp(label string, want analysis.Direction, a, b series) *less {
	return &less{Comparison: &analysis.Comparison{Name: label, Want: want}, a: a, b: b}
}

// holdsIn reports whether the stated direction (a < b, a > b or a ≤ b)
// holds in repetition 0 of a workload: the paper-setting run, or the
// published tables.
func (c *less) holdsIn(workload string) bool {
	a, okA := c.a(workload)[0]
	b, okB := c.b(workload)[0]
	if !okA || !okB {
		return false
	}
	switch c.Want {
	case analysis.Higher:
		return a > b
	case analysis.NotHigher:
		return a <= b
	}
	return a < b
}

// pair sets the comparison's values: a's and b's over the jitter
// repetitions both have, in repetition order.
func (c *less) pair() {
	ja, jb := c.a(WorkloadJitter), c.b(WorkloadJitter)
	var reps []int
	for rep := range ja {
		if _, ok := jb[rep]; ok {
			reps = append(reps, rep)
		}
	}
	sort.Ints(reps)
	c.X, c.Y = nil, nil
	for _, rep := range reps {
		c.X = append(c.X, ja[rep])
		c.Y = append(c.Y, jb[rep])
	}
}

// format sets how the statistic shows the means.
func (c *less) format(f func(float64) string) *less {
	c.fmtValue = f
	return c
}

func (c *less) String() string {
	f := c.fmtValue
	if f == nil {
		f = fmtHMS
	}
	return report.Statistic(c.Comparison, f)
}

// testAll runs the comparisons and Holm-corrects them as one family.
func testAll(cs []*less) {
	for _, c := range cs {
		c.pair()
	}
	analysis.Test(comparisonsOf(cs)...)
}

// decisive returns the comparison that decides a scope (see
// analysis.Verdict).
func decisive(cs []*less) *less {
	d := analysis.Decide(comparisonsOf(cs)).Decisive
	for _, c := range cs {
		if c.Comparison == d {
			return c
		}
	}
	return nil
}

// Claims checks the paper's claims over the jitter repetitions (the paper's
// setting with submissions moved within ±Jitter): each comparison is a
// paired Wilcoxon signed-rank test, Holm-corrected within its claim.
func Claims(recs []analysis.Record, policies []string) []Check {
	var out []Check
	has := map[string]bool{}
	for _, p := range policies {
		has[p] = true
	}
	comp := func(pol string, u int) series { return perRep(recs, pol, u, federated.MCompletion) }
	allIn := func(cs []*less, workload string) bool {
		for _, c := range cs {
			if !c.holdsIn(workload) {
				return false
			}
		}
		return len(cs) > 0
	}
	add := func(claim, scope string, cs []*less, family int) {
		st := "no comparison"
		if d := decisive(cs); d != nil {
			st = d.String()
		}
		v := verdictOver(cs, family)
		out = append(out, Check{Claim: claim, Scope: scope, Statistic: st, Verdict: v, Held: v == analysis.VerdictHeld,
			Paper: allIn(cs, WorkloadPaper), Published: allIn(cs, published)})
	}

	// 1. DO-AS below every other policy, per user.
	if has["DO-AS"] {
		byUser := make([][]*less, Users)
		var fam []*less
		for u := 0; u < Users; u++ {
			for _, o := range policies {
				if o == "DO-AS" {
					continue
				}
				c := newLess("DO-AS vs "+o, comp("DO-AS", u), comp(o, u))
				byUser[u] = append(byUser[u], c)
				fam = append(fam, c)
			}
		}
		testAll(fam)
		for u := 0; u < Users; u++ {
			add(ClaimDOAS, fmt.Sprintf("User-%d", u), byUser[u], len(fam))
		}
	}

	// 2. Normal and DO: User-0 < User-1 < User-2 in completion time and in
	// jobs on DSA, paired by repetition.
	{
		type scope struct {
			pol string
			cs  []*less
		}
		var scopes []scope
		var fam []*less
		jobs := func(v float64) string { return fmt.Sprintf("%.0f", v) }
		for _, pol := range []string{"Normal", "DO"} {
			if !has[pol] {
				continue
			}
			var cs []*less
			for u := 0; u+1 < Users; u++ {
				cs = append(cs,
					newLess(fmt.Sprintf("completion User-%d vs User-%d", u, u+1), comp(pol, u), comp(pol, u+1)),
					newLess(fmt.Sprintf("DSA jobs User-%d vs User-%d", u, u+1),
						perRep(recs, pol, u, federated.MJobsDSA), perRep(recs, pol, u+1, federated.MJobsDSA)).format(jobs))
			}
			scopes = append(scopes, scope{pol, cs})
			fam = append(fam, cs...)
		}
		testAll(fam)
		for _, s := range scopes {
			add(ClaimSaturates, s.pol, s.cs, len(fam))
		}
	}

	// 3. DO-AS nearly uniform: per repetition the ratio of the slowest to
	// the fastest user's completion; the upper 95% limit of its mean must
	// stay within UniformMargin and the ratio below that of each policy
	// that waits for free PEs (paired Wilcoxon, one Holm family).
	if u := uniformity(recs, policies); has["DO-AS"] && len(u.cs) > 0 {
		within := func(workload string) bool {
			v, ok := u.cs[0].a(workload)[0]
			return allIn(u.cs, workload) && ok && v <= u.margin.Value
		}
		v := u.verdict()
		out = append(out, Check{Claim: ClaimUniform, Scope: "all users",
			Statistic: fmt.Sprintf("%s; %s", u.bound(), decisive(u.cs)),
			Verdict:   v, Held: v == analysis.VerdictHeld, Paper: within(WorkloadPaper), Published: within(published)})
	}

	// 4. SO-AS below Normal, SO and DO for User-2; for Users 0 and 1 it is
	// not below all three ("only").
	if has["SO-AS"] {
		byUser := make([][]*less, Users)
		var fam []*less
		for u := 0; u < Users; u++ {
			for _, o := range []string{"Normal", "SO", "DO"} {
				if has[o] {
					c := newLess("SO-AS vs "+o, comp("SO-AS", u), comp(o, u))
					byUser[u] = append(byUser[u], c)
					fam = append(fam, c)
				}
			}
		}
		testAll(fam)
		for u := 0; u < Users; u++ {
			if u == Users-1 {
				add(ClaimSOAS, fmt.Sprintf("User-%d: reduces", u), byUser[u], len(fam))
				continue
			}
			cs := byUser[u]
			held := len(cs) > 0 && !allHeld(cs)
			out = append(out, Check{Claim: ClaimSOAS, Scope: fmt.Sprintf("User-%d: does not reduce all three", u),
				Statistic: decisive(cs).String(), Verdict: verdictOf(held), Held: held,
				Paper: len(cs) > 0 && !allIn(cs, WorkloadPaper), Published: len(cs) > 0 && !allIn(cs, published)})
		}
	}

	// 5. DO below SO, per user.
	if has["DO"] && has["SO"] {
		var fam []*less
		for u := 0; u < Users; u++ {
			fam = append(fam, newLess(fmt.Sprintf("DO vs SO, User-%d", u), comp("DO", u), comp("SO", u)))
		}
		testAll(fam)
		for u, c := range fam {
			add(ClaimDOvsSO, fmt.Sprintf("User-%d", u), []*less{c}, len(fam))
		}
	}
	return out
}

// spreadOf is, per repetition, f(lowest, highest) of the users' metric m
// under one policy: e.g. the slowest over the fastest completion time.
func spreadOf(recs []analysis.Record, pol, m string, f func(lo, hi float64) float64) series {
	us := make([]series, Users)
	for u := range us {
		us[u] = perRep(recs, pol, u, m)
	}
	return func(workload string) map[int]float64 {
		out := map[int]float64{}
		vs := make([]map[int]float64, Users)
		for u := range vs {
			vs[u] = us[u](workload)
		}
		for rep := range vs[0] {
			lo, hi, ok := math.Inf(1), math.Inf(-1), true
			for u := range vs {
				v, have := vs[u][rep]
				ok = ok && have
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
			if ok {
				out[rep] = f(lo, hi)
			}
		}
		return out
	}
}

// waitForPEs are the policies claim 3 (L-8) sets DO-AS against: "Since
// the Normal, SO, and DO algorithms only submit jobs when the resources
// have free PEs, [...] In contrast, since the DO-AS algorithm queues jobs in
// advance [...], its performance is more uniform" (§7.3).
var waitForPEs = []string{"Normal", "SO", "DO"}

// uniform is claim 3 (and L-8): DO-AS's slowest over fastest user's
// completion, below that of each of waitForPEs that ran (cs, paired, one
// Holm family) and within margin (the upper 95% limit of its mean over the
// jitter repetitions).
type uniform struct {
	cs     []*less
	s      analysis.Summary // DO-AS's ratio over the jitter repetitions
	margin Margin
}

func uniformity(recs []analysis.Record, policies []string) uniform {
	ratio := func(pol string) series {
		return spreadOf(recs, pol, federated.MCompletion, func(lo, hi float64) float64 { return hi / lo })
	}
	doas := ratio("DO-AS")
	var cs []*less
	for _, o := range waitForPEs {
		if slices.Contains(policies, o) {
			cs = append(cs, newLess("slowest/fastest user, DO-AS vs "+o, doas, ratio(o)).
				format(func(v float64) string { return fmt.Sprintf("%.2f", v) }))
		}
	}
	testAll(cs)
	return uniform{cs: cs, s: analysis.Summarize(values(doas(WorkloadJitter))), margin: UniformMargin()}
}

func (u uniform) within() bool { return u.s.N > 1 && u.s.CIHigh <= u.margin.Value }

// verdict is claim 3's: the comparisons' (inconclusive with too few
// repetitions), not held when they hold but the bound is not within the
// margin.
func (u uniform) verdict() string {
	v := verdictOver(u.cs, len(u.cs))
	if v == analysis.VerdictHeld && !u.within() {
		v = analysis.VerdictNotHeld
	}
	return v
}

func (u uniform) held() bool { return len(u.cs) > 0 && u.within() && allHeld(u.cs) }

// bound is the margin test's statistic: the ratio's mean and upper 95%
// limit against the margin.
func (u uniform) bound() string {
	return fmt.Sprintf("DO-AS ratio mean %.3f, upper 95%% limit %.3f (margin %.3f)", u.s.Mean, u.s.CIHigh, u.margin.Value)
}

// sensitivity says where the margin comes from and at which margin the
// bound would turn.
func (u uniform) sensitivity() string {
	return u.margin.Sensitivity("almost the same", u.s.CIHigh, func(v float64) string { return fmt.Sprintf("%.3f", v) })
}
