package federation

import (
	"cmp"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/federated"
	"github.com/gridbench/gridbench/report"
)

// Section names of the ledger.
const (
	secResults    = "§7.3 Results"
	secComparison = "§7.4 Comparison"
	secConclusion = "§8 Conclusions"
)

// ledgerInput is what the ledger is computed from.
type ledgerInput struct {
	recs    []analysis.Record
	pts     []analysis.Point // the paper run's job-state series
	pols    []string
	jobs    int // per user
	series  int // whose job states the paper run records
	step    float64
	windows []float64 // the saturation windows (Config.SatWindows)
	t3, t4  tally     // Tables 3 and 4 against the paper-setting run
	t3lcg   tally     // Table 3's splits by their LCG jobs alone (the rule before splitWithin)
	// port is the GridGateWay's rate (bytes/s) and jobBytes a job's input
	// and output, which bound an experiment sent to LCG from below.
	port, jobBytes float64
}

// has reports whether every policy named ran.
func (in ledgerInput) has(pols ...string) bool {
	for _, p := range pols {
		if indexOf(in.pols, p) < 0 {
			return false
		}
	}
	return true
}

func (in ledgerInput) comp(pol string, u int) series {
	return perRep(in.recs, pol, u, federated.MCompletion)
}
func (in ledgerInput) dsa(pol string, u int) series {
	return perRep(in.recs, pol, u, federated.MJobsDSA)
}

// hours is the job-hours of the job-state user (in.series) in state on
// panel (StateHours), by repetition; the paper gives them only as figures,
// so there is no published value.
func (in ledgerInput) hours(pol, panel, state string) series {
	metric := federated.UserMetric(in.series, StateHoursMetric(panel, state))
	return func(workload string) map[int]float64 { return byRep(in.recs, workload, pol, metric) }
}

// throughput is user u's jobs run on DSA per hour of the experiment.
func (in ledgerInput) throughput(pol string, u int) series {
	return combine(func(v []float64) float64 { return v[0] / (v[1] / 3600) }, in.dsa(pol, u), in.comp(pol, u))
}

// combine is, per repetition every series has, f of their values.
func combine(f func([]float64) float64, ss ...series) series {
	return func(workload string) map[int]float64 {
		vs := make([]map[int]float64, len(ss))
		for i, s := range ss {
			vs[i] = s(workload)
		}
		out := map[int]float64{}
		for rep := range vs[0] {
			row := make([]float64, len(ss))
			ok := true
			for i := range vs {
				row[i], ok = vs[i][rep]
				if !ok {
					break
				}
			}
			if ok {
				out[rep] = f(row)
			}
		}
		return out
	}
}

// tested is the ledger entry of a claim checked by paired comparisons over
// the jitter repetitions, one Holm family per claim. The statistic also
// says whether every stated direction holds in the one paper-setting run
// and in the paper's own Tables 3–4.
func tested(e analysis.LedgerEntry, cs []*less) analysis.LedgerEntry {
	if len(cs) == 0 {
		e.Verdict = analysis.VerdictNotTestable
		e.Note = analysis.JoinNote(e.Note, "a policy it names did not run")
		return e
	}
	testAll(cs)
	paper, pub, inTables := true, true, true
	for _, c := range cs {
		paper = paper && c.holdsIn(WorkloadPaper)
		pub = pub && c.holdsIn(published)
		_, ok := c.a(published)[0]
		inTables = inTables && ok
	}
	v := analysis.Decide(comparisonsOf(cs))
	e = e.FromVerdict(v, len(cs))
	pubs := "published tables: " + holds(pub)
	if !inTables {
		pubs = "published: figures only, no values"
	}
	e.Statistic = fmt.Sprintf("%d of %d %s held; %s %s; paper-setting run: %s; %s",
		v.HeldN, v.N, report.Plural(v.N, "comparison"), map[bool]string{true: "weakest", false: "failing"}[v.Held()], decisive(cs), holds(paper), pubs)
	return e
}

// testedAny is tested for a claim that holds when each group holds one
// of its comparisons: every comparison of every group one Holm family;
// each group is represented by its comparison that holds (the one with the
// largest adjusted p), else by the one nearest to holding, and the
// representatives are decided as tested decides a claim's comparisons.
// The statistic counts the groups, whats (a plural noun), that have has.
func testedAny(e analysis.LedgerEntry, groups [][]*less, whats, has string) analysis.LedgerEntry {
	var all, rep []*less
	for _, g := range groups {
		all = append(all, g...)
	}
	if len(all) == 0 {
		return notRun(e)
	}
	testAll(all)
	paper, pub := true, true
	for _, g := range groups {
		best := g[0]
		inPaper, inPub := false, false
		for _, c := range g {
			if c.Held() != best.Held() {
				if c.Held() {
					best = c
				}
			} else if c.PAdj > best.PAdj {
				best = c
			}
			inPaper = inPaper || c.holdsIn(WorkloadPaper)
			inPub = inPub || c.holdsIn(published)
		}
		rep = append(rep, best)
		paper, pub = paper && inPaper, pub && inPub
	}
	v := analysis.Decide(comparisonsOf(rep))
	e = e.FromVerdict(v, len(all))
	e.Statistic = fmt.Sprintf("%d of %d %s with %s (%d comparisons, one Holm family); %s %s; paper-setting run: %s; published tables: %s",
		v.HeldN, v.N, whats, has, len(all), map[bool]string{true: "weakest", false: "failing"}[v.Held()], decisive(rep), holds(paper), holds(pub))
	return e
}

func holds(b bool) string {
	if b {
		return "holds"
	}
	return "does not hold"
}

// byInterval decides a claim from a 95% CI over the jitter repetitions:
// held when ok(lo, hi) of the interval, inconclusive when not held with
// fewer pairs than one comparison needs (analysis.MinPairs(1)), else not
// held.
func byInterval(e analysis.LedgerEntry, n int, held bool) analysis.LedgerEntry {
	e.N = n
	switch {
	case n == 0:
		e.Verdict = analysis.VerdictNotTestable
		e.Note = analysis.JoinNote(e.Note, "no jitter repetitions")
	case held:
		e.Verdict = analysis.VerdictHeld
	case n < analysis.MinPairs(1):
		e.Verdict = analysis.VerdictInconclusive
		e.Note = analysis.JoinNote(e.Note, fmt.Sprintf("too few repetitions: at least %d needed", analysis.MinPairs(1)))
	default:
		e.Verdict = analysis.VerdictNotHeld
	}
	return e
}

func values(s map[int]float64) []float64 {
	reps := make([]int, 0, len(s))
	for r := range s {
		reps = append(reps, r)
	}
	sort.Ints(reps)
	out := make([]float64, len(reps))
	for i, r := range reps {
		out[i] = s[r]
	}
	return out
}

// area is the job-hours the paper run's User-u spent in one state on one
// panel: the sampled counts times the sampling step.
func (in ledgerInput) area(pol, panel, state string) float64 {
	_, vs := analysis.SeriesOf(in.pts, WorkloadPaper, pol, SeriesName(in.series, panel, state))
	s := 0.0
	for _, v := range vs {
		s += v
	}
	return s * in.step / 3600
}

// jitterScope is the scope of the claims tested over the jitter repetitions.
const jitterScope = "jitter repetitions (paper setting, submissions within ±15 min)"

func user(u int) string { return fmt.Sprintf("User-%d", u) }

func jobsFmt(v float64) string { return fmt.Sprintf("%.1f", v) }

// comparisons is the check of a claim decided by paired comparisons over
// the jitter repetitions (tested).
func comparisons(f func(in ledgerInput) []*less) func(ledgerInput) []analysis.LedgerEntry {
	return analysis.One(func(in ledgerInput) analysis.LedgerEntry { return tested(analysis.LedgerEntry{}, f(in)) })
}

// figReading is how L-13 and L-14 measure a figure's region: the
// job-state user's job-hours in the state, per run (StateHours).
const figReading = "a figure's region measured as the job-state user's job-hours in that state (jobs in it, sampled every 300 s as the figures are, × the step), " +
	"in each jitter repetition, paired across policies; the paper setting's own run (the figures') is beside it, no longer the verdict"

const (
	quoteSuccessive = "Finally, the successive versions, except SO, and SO-AS for high saturation situations, improve the results obtained by the previous ones in terms of throughput, and completion time."
	quoteSOAS       = "SO-AS, compared with the static and dynamic versions only reduces the makespan in the case of high saturation in the external resources."
	quoteDOAS5      = "DO-AS behaves in a different way, and calculates very similar objectives for the three levels of saturation."
	quoteReduction  = "The overall reduction in the makespan is not really significant."
)

// ledgerClaims are the published tables' rows and every result statement
// of Sections 7.3, 7.4 and 8, in the paper's order.
var ledgerClaims = []analysis.Claim[ledgerInput]{
	tableRow("L-T3fit", "Table 3", true, "Normal's split of the three users (LCG jobs 524 / 437 / 123)", "splits (DSA and LCG jobs both)", "the background scale was fitted on it"),
	tableRow("L-T3val", "Table 3", false, "the SO / SO-AS, DO and DO-AS splits of the three users", "splits (DSA and LCG jobs both)", ""),
	tableRow("L-T4fit", "Table 4", true, "User-0's completion times under Normal (1:37:36), DO (1:36:31) and DO-AS (1:30:21)", "completion times", "the GridGateWay rate was derived from them"),
	tableRow("L-T4val", "Table 4", false, "the other twelve completion times", "completion times", ""),
	{ID: "L-0", Section: secResults, Scope: "background alone at the paper's submissions (one deterministic run)",
		Quote: "when User-0 submits her Experiment, there is an ideal scenario on which the LCG infrastructure always has free PEs: the low saturation scenario. The medium saturation scenario is the one suffered by User-1, in this case the LCG resource has fewer free PEs. Finally, User-2 coexists within a high saturation scenario of LCG in which there are limited PEs.",
		Reading: "read as: User-0 has a free LCG PE in every GridWay cycle of each window after its submission; free PEs at submission and the share of cycles with one fall from User-0 to User-1 to User-2. " +
			"A statement about the published setting only, the LCG's load under the background alone at the paper's three submission instants, before any policy acts: " +
			"one deterministic background, no policies to compare and nothing the policies' repetitions measure, so no test",
		Check: analysis.One(ledgerInput.scenarios)},
	{ID: "L-1", Section: secResults, Quote: "The objectives calculated by the four versions clearly are not very similar to one another.",
		Check: analysis.NotTestable[ledgerInput]("no measure of similarity is given; Table 3's columns are compared cell by cell (L-T3)")},
	{ID: "L-2", Section: secResults, Scope: jitterScope, Quote: "The Normal and DO algorithms behave as expected: as the saturation of LCG increases, more jobs are executed in DSA.",
		Reading: "User-0 < User-1 < User-2 in DSA jobs, for each of the two policies",
		Check:   comparisons(dsaRises)},
	{ID: "L-3", Section: secResults, Scope: jitterScope, Quote: quoteSOFlat, Reading: readingSOFlat, Check: comparisons(soDSAFlat)},
	{ID: "L-3/" + altNotEveryStep, Section: secResults, Scope: jitterScope, Quote: quoteSOFlat, Reading: readingSONotEveryStep,
		Alternative: altNotEveryStep, Check: analysis.One(soDSANotEveryStep)},
	{ID: "L-4", Section: secResults + ", " + secComparison, Scope: jitterScope, Quote: "SO and SO-AS produce poor objectives in high saturation situations because of the long periods on which we cannot execute a single job in LCG. … the calculated objective is not correct, and produces poor results.",
		Reading: "read as: under high saturation (User-2) SO, which runs by its objective alone, takes longer than Normal and DO; SO-AS's advance scheduling hides its objective (L-21a: SO-AS below Normal, SO and DO for User-2)",
		Check:   comparisons(soPoor)},
	{ID: "L-5", Section: secResults, Scope: jitterScope, Quote: quoteDOAS5, Check: analysis.One(doasSpread)},
	{ID: "L-6", Section: secResults, Scope: jitterScope, Quote: "It can be appreciated that only a few more jobs are executed on internal resources for middle, and high saturation situations.",
		Reading: "DO-AS: User-0 below User-1 and User-2 in DSA jobs (\"a few\": L-5)",
		Check:   comparisons(doasFewMore)},
	{ID: "L-7", Section: secResults, Scope: jitterScope, Quote: "Since the Normal, SO, and DO algorithms only submit jobs when the resources have free PEs, clearly the results correspond with the different saturation scenarios: as the saturation of LCG increases, more jobs are executed on internal resources, and more time is needed for the Experiment completion.",
		Reading: "completion User-0 < User-1 < User-2 for each of the three (the DSA jobs of Normal and DO: L-2; of SO: L-3)",
		Check:   comparisons(completionRises)},
	{ID: "L-8", Section: secResults, Scope: jitterScope, Quote: "since the DO-AS algorithm queues jobs in advance instead of waiting for PEs availability, its performance is more uniform: the number of jobs submitted to each infrastructure and the makespan are almost the same for the three Users.",
		Reading: "the slowest over the fastest user's completion under DO-AS below that of each policy the sentence sets it against, Normal, SO and DO (those that wait for free PEs), and the upper 95% limit of its mean within the margin (claims table, claim 3); the jobs: L-5",
		Check:   analysis.One(doasUniform)},
	{ID: "L-9", Section: secResults, Scope: jitterScope, Quote: "In general, User-0 compared with Users 1 and 2 obtains the best results, but this is obvious since the waiting time on LCG queues is practically null.",
		Reading: "User-0's completion below User-1's and User-2's, under every policy",
		Check:   analysis.One(userZeroBestEntry)},
	{ID: "L-9/duplex", Section: secResults, Quote: "In general, User-0 compared with Users 1 and 2 obtains the best results, but this is obvious since the waiting time on LCG queues is practically null.",
		Reading: "sensitivity of L-9 to the GridGateWay model: User-0's completion below User-1's and User-2's under every policy in the one paper-setting run with the port as a full-duplex link at 200 kB/s " +
			"(reading alt-duplex-fit, where the three User-0 fitting cells come out within 1%); one run, no test",
		Scope: "paper setting, reading alt-duplex-fit (one deterministic run)",
		Check: analysis.One(userZeroBestDuplex)},
	{ID: "L-10", Section: secResults + ", " + secComparison + ", " + secConclusion, Scope: jitterScope, Quote: "for all the Users the DO-AS algorithm always reduces the makespan obtained by the previous algorithms. … DO-AS, compared with all the previous versions, reduces the makespan in all cases … Our analysis reveals that DO-AS is the best strategy.",
		Reading: "DO-AS below every other policy for every user (claims table, claim 1); the three sentences say the same and are one entry",
		Check:   comparisons(doasBest)},
	{ID: "L-11", Section: secResults, Scope: jitterScope, Quote: "The most remarkable reduction obtained by DO-AS is for User-2.",
		Reading: "reduction: the mean over the other four policies of (their completion − DO-AS's) / theirs, larger for User-2 than for User-0 and User-1",
		Check:   comparisons(doasReduction)},
	{ID: "L-12a", Section: secResults, Scope: jitterScope, Quote: quoteSuccessive,
		Reading: "reading A: every step Normal → SO → DO → SO-AS → DO-AS lowers the completion time, except the steps to SO (every user) and to SO-AS outside high saturation (Users 0–1). Throughput of an experiment is its 550 jobs over its completion time, so one test covers both. " +
			"Each version against the one just before it, the default; L-12a/" + altAllEarlier + " sets it against every earlier version",
		Check: comparisons(func(in ledgerInput) []*less { return in.steps(false, exceptA) })},
	{ID: "L-12a/" + altAllEarlier, Section: secResults, Scope: jitterScope, Quote: quoteSuccessive,
		Reading: "second reading of L-12a, \"the previous ones\" as every earlier version: each version, except SO (every user) and SO-AS outside high saturation (Users 0–1), " +
			"below every version before it in Normal → SO → DO → SO-AS → DO-AS, not only the one just before; one Holm family",
		Alternative: altAllEarlier, Check: comparisons(func(in ledgerInput) []*less { return in.steps(true, exceptA) })},
	{ID: "L-12b", Section: secResults, Scope: jitterScope, Quote: quoteSuccessive,
		Reading: "reading B: every step lowers the completion time, except the steps to SO and to SO-AS under high saturation (User-2). " +
			"Each version against the one just before it, the default; L-12b/" + altAllEarlier + " sets it against every earlier version",
		Check: comparisons(func(in ledgerInput) []*less { return in.steps(false, exceptB) })},
	{ID: "L-12b/" + altAllEarlier, Section: secResults, Scope: jitterScope, Quote: quoteSuccessive,
		Reading: "second reading of L-12b, \"the previous ones\" as every earlier version: each version, except SO and SO-AS under high saturation (User-2), " +
			"below every version before it, not only the one just before; one Holm family",
		Alternative: altAllEarlier, Check: comparisons(func(in ledgerInput) []*less { return in.steps(true, exceptB) })},
	{ID: "L-13", Section: secResults + " (Figs. 6–10)", Quote: quoteGroups,
		Reading: figReading + "; read as: every queued region of the first group smaller than both of the second's (6 comparisons), the default; " +
			"\"similar\" read as an equivalence within each group is L-13/" + altSimilarFirst + " and L-13/" + altSimilarSecond,
		Check: analysis.One(queuedGroups)},
	{ID: "L-13/" + altSimilarFirst, Section: secResults + " (Figs. 6–10)", Quote: quoteGroups,
		Reading:     "second reading of L-13, the first group's \"similar behavior\" as an equivalence of Normal's, SO's and DO's job states over time",
		Alternative: altSimilarFirst, Check: analysis.NotTestable[ledgerInput](similarFirstWhy())},
	{ID: "L-13/" + altSimilarSecond, Section: secResults + " (Figs. 6–10)", Quote: quoteGroups,
		Reading: "second reading of L-13, the second group's \"their queued regions are similar\" as an equivalence: " + figReading + "; " +
			"the 95% t-interval of the paired relative difference of SO-AS's and DO-AS's queued job-hours on the whole grid (the Federated Grid panel), (SO-AS − DO-AS)/DO-AS, within ±the margin",
		Alternative: altSimilarSecond, Check: analysis.One(queuedSimilar)},
	{ID: "L-14", Section: secResults + " (Figs. 9–10)", Quote: "with the SO-AS strategy jobs are pending during more time, and more jobs are queued in internal resources while with the DO-AS algorithm more jobs are queued in external resources, and jobs remain in a pending state for less time.",
		Reading: figReading + "; read as: SO-AS above DO-AS in pending job-hours and in job-hours queued on DSA, below it in job-hours queued on LCG (3 comparisons)",
		Check:   analysis.One(pendingSOAS)},
	{ID: "L-15", Section: secComparison, Scope: jitterScope, Quote: "Summing up, SO compared with the Normal version increases the throughput of internal resources, except for User-2: SO increases the number of jobs executed per time unit.",
		Reading: "throughput of internal resources read as: the user's jobs run on DSA per hour of the experiment; SO above Normal for Users 0–1 and, \"except for User-2\", " +
			"not significantly above it for User-2 (SO ≤ Normal, as L-16 reads \"does not reduce\"); one Holm family",
		Check: comparisons(func(in ledgerInput) []*less {
			return in.each("SO", "Normal", Users, func(u int) *less {
				want := analysis.Higher
				if u == Users-1 {
					want = analysis.NotHigher
				}
				return newCmp(fmt.Sprintf("DSA jobs per hour, SO vs Normal, %s", user(u)), want, in.throughput("SO", u), in.throughput("Normal", u)).format(jobsFmt)
			})
		})},
	{ID: "L-16", Section: secComparison, Scope: jitterScope, Quote: "However, SO does not reduce the makespan achieved by the Normal version.",
		Reading: "read as: SO not significantly below Normal for any user (Normal ≤ SO)",
		Check: comparisons(func(in ledgerInput) []*less {
			return in.each("SO", "Normal", Users, func(u int) *less {
				return newCmp(fmt.Sprintf("Normal vs SO, %s", user(u)), analysis.NotHigher, in.comp("Normal", u), in.comp("SO", u))
			})
		})},
	{ID: "L-17", Section: secComparison, Scope: jitterScope, Quote: "When DO is compared with the Normal version, an increase in the throughput of internal resources occurs",
		Reading: "throughput of internal resources: the user's jobs run on DSA per hour of the experiment; every user",
		Check: comparisons(func(in ledgerInput) []*less {
			return in.each("DO", "Normal", Users, func(u int) *less {
				return newCmp(fmt.Sprintf("DSA jobs per hour, DO vs Normal, %s", user(u)), analysis.Higher, in.throughput("DO", u), in.throughput("Normal", u)).format(jobsFmt)
			})
		})},
	{ID: "L-18", Section: secComparison, Scope: jitterScope, Quote: quoteDOLess, Reading: readingDOLess,
		Check: comparisons(func(in ledgerInput) []*less { return in.doAgainstNormal(analysis.Lower) })},
	{ID: "L-18/" + altNotHigher, Section: secComparison, Scope: jitterScope, Quote: quoteDOLess, Reading: readingDONotHigher, Alternative: altNotHigher,
		Check: comparisons(func(in ledgerInput) []*less { return in.doAgainstNormal(analysis.NotHigher) })},
	{ID: "L-19", Section: secComparison, Scope: jitterScope, Quote: "Compared with the SO version, DO completes all jobs in less time, and solves the problem detected in saturation situations.",
		Reading: "DO below SO for every user (claims table, claim 5)",
		Check: comparisons(func(in ledgerInput) []*less {
			return in.each("DO", "SO", Users, func(u int) *less {
				return newLess(fmt.Sprintf("DO vs SO, %s", user(u)), in.comp("DO", u), in.comp("SO", u))
			})
		})},
	{ID: "L-20", Section: secComparison, Scope: jitterScope, Quote: quoteReduction, Check: analysis.One(doReductionSmall)},
	{ID: "L-21a", Section: secComparison, Scope: jitterScope, Quote: quoteSOAS, Reading: "high saturation: SO-AS below Normal, SO and DO for User-2",
		Check: comparisons(func(in ledgerInput) []*less { return in.soasAgainst(Users - 1) })},
	{ID: "L-21b", Section: secComparison, Scope: jitterScope, Quote: quoteSOAS,
		Reading: "\"only\": for Users 0 and 1 SO-AS is not below all three (at least one comparison fails, in each user's Holm family)",
		Check:   analysis.One(soasOnlyHigh)},
	{ID: "L-22", Section: secConclusion, Quote: "the calculation of a new objective is an extremely light process. Thus, DO-AS is fast enough to be used in realistic scheduling scenarios.",
		Check: analysis.NotTestable[ledgerInput]("about the running cost of the real GridWay implementation; a simulator's cost says nothing of it")},
	{ID: "L-23", Section: secConclusion, Quote: "DO-AS does not require information on processor speeds nor task lengths. The algorithm only needs information about the past performance of the resources to predict a new objective.",
		Check: analysis.NotTestable[ledgerInput]("a property of the algorithm's design, not a measured result (internal/gridway's DO-AS reads only finished jobs' completion times, by construction)")},
}

// tableRow is the row of the fitted (or the out-of-sample) cells of Table
// 3 or 4 (tally.entry).
func tableRow(id, table string, fitted bool, quote, what, why string) analysis.Claim[ledgerInput] {
	return analysis.Claim[ledgerInput]{ID: id, Published: true, Check: analysis.One(func(in ledgerInput) analysis.LedgerEntry {
		if table != "Table 3" {
			return in.t4.entry(id, table, fitted, quote, what, why)
		}
		e := in.t3.entry(id, table, fitted, quote, what, why)
		i := 0
		if fitted {
			i = 1
		}
		e.Note = analysis.JoinNote(e.Note, fmt.Sprintf("a split matches when both its counts are within (splitWithin): they add up to the experiment, so comparing one alone "+
			"lets the larger hide the error of the smaller; by its LCG jobs alone, the rule before, %d of %d", in.t3lcg.ok[i], in.t3lcg.n[i]))
		return e
	})}
}

// Ledger returns every entry of ledgerClaims decided on in.
func Ledger(in ledgerInput) []analysis.LedgerEntry { return analysis.Ledger(ledgerClaims, in) }

// L-18's two readings (Interpretations: LedgerReadings).
const (
	quoteDOLess  = "[DO] spends less time to complete all the jobs."
	altNotHigher = "not-higher"
)

var (
	readingDOLess = "DO's completion below Normal's, every user. The default: Table 4 has DO below Normal for every user (" + doNormalPublished() +
		"), the ordering the sentence states; the next sentence's \"not really significant\" (L-20) is the paper's word on the size of that reduction, " +
		"tested there: the paper reports one run per policy and no test, so its \"significant\" is not a statistical one. The second reading is L-18/" + altNotHigher
	readingDONotHigher = "second reading of L-18, with the paper's next sentence (L-20: \"" + quoteReduction + "\"): DO not significantly above Normal for any user " +
		"(DO ≤ Normal, a '≤' comparison); it holds in Table 4 as the default does"
)

// doNormalPublished is Table 4's DO against Normal, per user.
func doNormalPublished() string {
	var parts []string
	for u := 0; u < Users; u++ {
		d, n := publishedSeconds("DO", u), publishedSeconds("Normal", u)
		parts = append(parts, fmt.Sprintf("%s %s vs %s, %+.1f%%", user(u), PublishedCompletion["DO"][u], PublishedCompletion["Normal"][u], 100*(d-n)/n))
	}
	return strings.Join(parts, "; ")
}

// doAgainstNormal is DO against Normal for every user, in direction want.
func (in ledgerInput) doAgainstNormal(want analysis.Direction) []*less {
	return in.each("DO", "Normal", Users, func(u int) *less {
		return newCmp(fmt.Sprintf("DO vs Normal, %s", user(u)), want, in.comp("DO", u), in.comp("Normal", u))
	})
}

// LedgerReadings is the Interpretations' account of the statements read
// two ways, with both readings' verdicts from the ledger.
func LedgerReadings(es []analysis.LedgerEntry) []string {
	by := map[string]analysis.LedgerEntry{}
	for _, e := range es {
		by[e.ID] = e
	}
	var out []string
	for _, f := range []func(map[string]analysis.LedgerEntry) string{readingsL3, readingsL12, readingsL13, readingsL18} {
		if s := f(by); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// decided is an entry's verdict and statistic as the Interpretations
// give them.
func decided(e analysis.LedgerEntry) string {
	return fmt.Sprintf("**%s** (%s)", e.Verdict, cmp.Or(e.Statistic, e.Note))
}

// readingsL3 is L-3's account: both readings' verdicts, and why the
// default is the step into high saturation.
func readingsL3(by map[string]analysis.LedgerEntry) string {
	def, okD := by["L-3"]
	alt, okA := by["L-3/"+altNotEveryStep]
	if !okD || !okA {
		return ""
	}
	var so []string
	for u := 0; u < Users; u++ {
		so = append(so, strconv.Itoa(PublishedJobs["SO"][u][0]))
	}
	return fmt.Sprintf("L-3, \"%s\", where \"this behavior\" is the sentence before's (L-2: \"as the saturation of LCG increases, more jobs are executed in DSA\", User-0 < User-1 < User-2), two readings: "+
		"(default) their DSA jobs not above User-1's for User-2: %s; (L-3/%s) for each, at some step of saturation DSA jobs that do not rise: %s. "+
		"Table 3 holds both (SO and SO-AS %s DSA jobs: the rise stops at the step into high saturation), so the tables do not choose; the default is the step the sentence's own reason names, "+
		"\"SO and SO-AS produce poor objectives in high saturation situations because of the long periods on which we cannot execute a single job in LCG\", "+
		"while the other reading would be met as well by a fall from low to medium saturation, which the paper neither shows nor explains.",
		quoteSOFlat, decided(def), altNotEveryStep, decided(alt), strings.Join(so, " → "))
}

// readingsL12 is L-12's account: both readings of "the previous ones",
// each under both readings of the exception, and what Table 4 says of the
// comparisons the second adds.
func readingsL12(by map[string]analysis.LedgerEntry) string {
	var rows [4]analysis.LedgerEntry
	for i, id := range []string{"L-12a", "L-12a/" + altAllEarlier, "L-12b", "L-12b/" + altAllEarlier} {
		e, ok := by[id]
		if !ok {
			return ""
		}
		rows[i] = e
	}
	pub := ledgerInput{pols: versions}
	var tables []string
	for _, x := range []struct {
		name string
		skip func(string, int) bool
	}{{"A", exceptA}, {"B", exceptB}} {
		step := map[string]bool{}
		stepFail := 0
		for _, c := range pub.steps(false, x.skip) {
			step[c.Name] = true
			if !c.holdsIn(published) {
				stepFail++
			}
		}
		var added []string
		n := 0
		for _, c := range pub.steps(true, x.skip) {
			if step[c.Name] {
				continue
			}
			n++
			if !c.holdsIn(published) {
				added = append(added, c.Name)
			}
		}
		t := fmt.Sprintf("under %s it fails %d of the %d comparisons with the version just before and %d of the %d the second reading adds", x.name, stepFail, len(step), len(added), n)
		if len(added) > 0 {
			t += " (" + strings.Join(added, "; ") + ")"
		}
		tables = append(tables, t)
	}
	return fmt.Sprintf("L-12, \"%s\": \"the previous ones\" read two ways, each under both readings of the exception (A and B, rows L-12a and L-12b): "+
		"(default) each version against the one just before it: L-12a %s, L-12b %s; (rows /%s) each against every version before it: L-12a/%s %s, L-12b/%s %s. "+
		"Table 4 (Normal → SO → DO → SO-AS → DO-AS): %s. "+
		"The default is the reading the tables support no less than the other, and the one the words give: \"the successive versions\" pairs each version with its predecessor, "+
		"and where the paper means every earlier version it says so (\"DO-AS, compared with all the previous versions, reduces the makespan in all cases\", L-10).",
		quoteSuccessive, decided(rows[0]), decided(rows[2]), altAllEarlier, altAllEarlier, decided(rows[1]), altAllEarlier, decided(rows[3]), strings.Join(tables, "; "))
}

// readingsL13 is L-13's account: the grouping as an ordering (the
// default) and "similar" as an equivalence within each group.
func readingsL13(by map[string]analysis.LedgerEntry) string {
	def, okD := by["L-13"]
	first, okF := by["L-13/"+altSimilarFirst]
	second, okS := by["L-13/"+altSimilarSecond]
	if !okD || !okF || !okS {
		return ""
	}
	return fmt.Sprintf("L-13, Figures 6–10's two groups (\"%s\"), two readings: (default) the grouping as an ordering of queued regions, every one of the first group's smaller than both of the second's: %s; "+
		"\"similar\" as an equivalence within each group: (L-13/%s) Normal, SO and DO: **%s** (%s); (L-13/%s) SO-AS's and DO-AS's queued job-hours within ±%.0f%% of each other: %s. "+
		"The default is the one the figures can support: they give no values, the paper gives \"similar\" no measure or margin, and what its words contrast is the size of the queue regions, "+
		"\"very small\" in the first group against the advance-scheduling strategies'; an equivalence needs a margin of ours (±%.0f%%, the page's tolerance for calling a value the same), "+
		"and the next sentence (L-14) itself sets SO-AS and DO-AS apart in pending time and in where their jobs queue.",
		quoteGroups, decided(def), altSimilarFirst, first.Verdict, similarFirstWhy(), altSimilarSecond, 100*similarMargin, decided(second), 100*similarMargin)
}

// readingsL18 is L-18's account (DO against Normal).
func readingsL18(by map[string]analysis.LedgerEntry) string {
	def, okD := by["L-18"]
	alt, okA := by["L-18/"+altNotHigher]
	if !okD || !okA {
		return ""
	}
	return fmt.Sprintf("L-18, \"%s\" (DO against Normal), two readings: (default) DO below Normal for every user: **%s** (%s); "+
		"(L-18/%s) DO not significantly above Normal, the paper's next sentence being \"%s\": **%s** (%s). "+
		"The default is the ordering the sentence states and Table 4 shows for every user (%s); \"not really significant\" is the size of that reduction, "+
		"which L-20 tests as an equivalence: the paper reports one run per policy and no test, so its \"significant\" is not a statistical one.",
		quoteDOLess, def.Verdict, def.Statistic, altNotHigher, quoteReduction, alt.Verdict, alt.Statistic, doNormalPublished())
}

// each is, when both policies ran, f of every user below users.
func (in ledgerInput) each(a, b string, users int, f func(u int) *less) []*less {
	if !in.has(a, b) {
		return nil
	}
	var cs []*less
	for u := 0; u < users; u++ {
		cs = append(cs, f(u))
	}
	return cs
}

// dsaRises: Normal and DO run more jobs on DSA as saturation rises.
func dsaRises(in ledgerInput) []*less {
	var cs []*less
	for _, pol := range []string{"Normal", "DO"} {
		if in.has(pol) {
			for u := 0; u+1 < Users; u++ {
				cs = append(cs, newLess(fmt.Sprintf("%s DSA jobs %s vs %s", pol, user(u), user(u+1)), in.dsa(pol, u), in.dsa(pol, u+1)).format(jobsFmt))
			}
		}
	}
	return cs
}

// L-13's words and its readings of "similar" as an equivalence: of the
// first group's (Normal, SO, DO; Figs. 6–8) job states, of the second
// group's (SO-AS, DO-AS; Figs. 9–10) queued regions.
const (
	quoteGroups      = "In one group we place the graphics of the Normal, SO, and DO algorithms that present a similar behavior, mostly in the queue regions that are very small. In the second group we include the SO-AS and DO-AS strategies since their queued regions are similar."
	altSimilarFirst  = "similar-first"
	altSimilarSecond = "similar-second"
)

// similarMargin bounds L-13/similar-second's "similar", a relative
// difference of queued job-hours. Figures 6–10 give no values to derive it
// from, as Tables 3–4 give L-5's, L-8's and L-20's (Margin): it is ours,
// the tolerance by which the page calls a reproduced value the same as the
// published one.
const similarMargin = matchTol

// similarFirstWhy is why the first group's "similar behavior" is not
// tested as an equivalence.
func similarFirstWhy() string {
	const u = Users - 1 // the figures' user
	return fmt.Sprintf("Figures 6–8 give no values, the paper no measure or margin of \"similar\", "+
		"and its own Table 4 has the three figures' experiments last %s (Normal), %s (SO) and %s (DO), SO's twice the others', "+
		"so their likeness is not one of job states over time that a margin could bound; what the sentence says of them that is measurable, "+
		"\"mostly in the queue regions that are very small\", is that those regions are small beside the second group's, L-13's default reading",
		PublishedCompletion["Normal"][u], PublishedCompletion["SO"][u], PublishedCompletion["DO"][u])
}

// queuedSimilar is L-13/similar-second: SO-AS's and DO-AS's queued
// job-hours on the whole grid equivalent within similarMargin, the 95%
// t-interval of their paired relative difference over the jitter
// repetitions (as L-20 decides DO against Normal).
func queuedSimilar(in ledgerInput) analysis.LedgerEntry {
	scope := fmt.Sprintf("%s, User-%d", jitterScope, in.series)
	if !in.has("SO-AS", "DO-AS") {
		return notRun(analysis.LedgerEntry{Scope: scope})
	}
	so, do := in.hours("SO-AS", "total", "queued"), in.hours("DO-AS", "total", "queued")
	rel := values(combine(func(v []float64) float64 { return (v[0] - v[1]) / v[1] }, so, do)(WorkloadJitter))
	if len(rel) == 0 {
		return analysis.LedgerEntry{Scope: scope, Verdict: analysis.VerdictNotTestable, Note: "no job-hours of the jitter repetitions in these results"}
	}
	d := analysis.PairedDifference(rel, make([]float64, len(rel)))
	pct := func(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }
	bound := "no repetitions to bound"
	if worst := math.Max(-d.Low, d.High); d.N > 1 && !math.IsNaN(worst) {
		bound = fmt.Sprintf("the interval's farther limit is %s from 0: it holds for any margin of %s or more", pct(worst), pct(worst))
	}
	e := analysis.LedgerEntry{Scope: scope, Note: fmt.Sprintf("margin ±%s, ours: Figures 9–10 give no values to derive it from (as Tables 3–4 give L-5's, L-8's and L-20's), "+
		"so it is the tolerance by which this page calls a reproduced value the same as the published one; %s; the whole grid only, "+
		"since the next sentence (L-14) sets the two apart in where their jobs queue", pct(similarMargin), bound)}
	e = byInterval(e, d.N, d.Equivalent(similarMargin))
	e.Statistic = fmt.Sprintf("queued job-hours, (SO-AS − DO-AS)/DO-AS %+.1f%% [95%% t-interval %+.1f%%, %+.1f%%], margin ±%s",
		100*d.Mean, 100*d.Low, 100*d.High, pct(similarMargin))
	if in.figures() {
		a, b := in.area("SO-AS", "total", "queued"), in.area("DO-AS", "total", "queued")
		e.Statistic += fmt.Sprintf("; paper-setting run (job-state series, the figures' own): SO-AS %.1f vs DO-AS %.1f job-hours (%+.1f%%)", a, b, 100*(a-b)/b)
	}
	return e
}

// L-12's second reading of "the previous ones": every earlier version.
const altAllEarlier = "all-earlier"

// L-3's two readings of "this behavior", the sentence before's (L-2):
// "as the saturation of LCG increases, more jobs are executed in DSA".
const (
	quoteSOFlat     = "SO and SO-AS do not follow this behavior"
	altNotEveryStep = "not-every-step"
)

const (
	readingSOFlat = "read as: their DSA jobs do not rise from medium to high saturation (User-2 not above User-1; published 145 → 124). " +
		"The default: the sentence's own reason is high saturation (\"SO and SO-AS produce poor objectives in high saturation situations\"), " +
		"and Table 3 has their rise stop at that step. The second reading is L-3/" + altNotEveryStep
	readingSONotEveryStep = "second reading of L-3: \"this behavior\" is L-2's, DSA jobs rising at every step of saturation (User-0 → User-1 → User-2); " +
		"SO and SO-AS do not follow it when, for each, at some step the later user's DSA jobs are not significantly above the earlier's " +
		"(a '≤' comparison per step, the four one Holm family; a policy holds when one of its two steps does)"
)

// soDSANotEveryStep is L-3 under its second reading: for SO and SO-AS,
// each step of saturation a '≤' comparison (User-1 not above User-0,
// User-2 not above User-1), one Holm family; each policy at least one step.
func soDSANotEveryStep(in ledgerInput) analysis.LedgerEntry {
	var groups [][]*less
	for _, pol := range []string{"SO", "SO-AS"} {
		if !in.has(pol) {
			continue
		}
		var steps []*less
		for u := 0; u+1 < Users; u++ {
			steps = append(steps, newCmp(fmt.Sprintf("%s DSA jobs %s vs %s", pol, user(u+1), user(u)), analysis.NotHigher, in.dsa(pol, u+1), in.dsa(pol, u)).format(jobsFmt))
		}
		groups = append(groups, steps)
	}
	return testedAny(analysis.LedgerEntry{}, groups, "policies", "a step where DSA jobs do not rise")
}

func soDSAFlat(in ledgerInput) []*less {
	var cs []*less
	for _, pol := range []string{"SO", "SO-AS"} {
		if in.has(pol) {
			cs = append(cs, newCmp(fmt.Sprintf("%s DSA jobs User-2 vs User-1", pol), analysis.NotHigher, in.dsa(pol, 2), in.dsa(pol, 1)).format(jobsFmt))
		}
	}
	return cs
}

func soPoor(in ledgerInput) []*less {
	if !in.has("SO", "Normal", "DO") {
		return nil
	}
	return []*less{newCmp("SO vs Normal, User-2", analysis.Higher, in.comp("SO", 2), in.comp("Normal", 2)),
		newCmp("SO vs DO, User-2", analysis.Higher, in.comp("SO", 2), in.comp("DO", 2))}
}

// doasSpread: DO-AS's DSA jobs differ little between the users: the upper
// 95% limit of the spread's mean within SpreadMargin.
func doasSpread(in ledgerInput) analysis.LedgerEntry {
	if !in.has("DO-AS") {
		return notRun(analysis.LedgerEntry{})
	}
	m := SpreadMargin(float64(in.jobs) / 550)
	sp := spreadOf(in.recs, "DO-AS", federated.MJobsDSA, func(lo, hi float64) float64 { return hi - lo })
	s := analysis.Summarize(values(sp(WorkloadJitter)))
	e := analysis.LedgerEntry{Note: "read as: the spread (most − fewest) of DO-AS's DSA jobs over the three users within the margin, upper 95% limit of its mean; " +
		m.Sensitivity("very similar", s.CIHigh, func(v float64) string { return fmt.Sprintf("%.1f jobs", v) })}
	e = byInterval(e, s.N, s.N > 1 && s.CIHigh <= m.Value)
	e.Statistic = fmt.Sprintf("spread mean %.1f jobs [95%% t-interval %.1f, %.1f], margin %.1f; paper-setting run %.0f; published %.0f", s.Mean, s.CILow, s.CIHigh, m.Value, firstOf(sp(WorkloadPaper)), m.Instance)
	return e
}

func doasFewMore(in ledgerInput) []*less {
	if !in.has("DO-AS") {
		return nil
	}
	return []*less{newLess("DO-AS DSA jobs User-0 vs User-1", in.dsa("DO-AS", 0), in.dsa("DO-AS", 1)).format(jobsFmt),
		newLess("DO-AS DSA jobs User-0 vs User-2", in.dsa("DO-AS", 0), in.dsa("DO-AS", 2)).format(jobsFmt)}
}

func completionRises(in ledgerInput) []*less {
	var cs []*less
	for _, pol := range []string{"Normal", "SO", "DO"} {
		if in.has(pol) {
			for u := 0; u+1 < Users; u++ {
				cs = append(cs, newLess(fmt.Sprintf("%s completion %s vs %s", pol, user(u), user(u+1)), in.comp(pol, u), in.comp(pol, u+1)))
			}
		}
	}
	return cs
}

// doasUniform is the claims table's claim 3: DO-AS's users finish close
// together.
func doasUniform(in ledgerInput) analysis.LedgerEntry {
	u := uniformity(in.recs, in.pols)
	if !in.has("DO-AS") || len(u.cs) == 0 {
		return notRun(analysis.LedgerEntry{})
	}
	e := tested(analysis.LedgerEntry{}, u.cs)
	e.Statistic += "; " + u.bound()
	if e.Verdict == analysis.VerdictHeld && !u.within() {
		e.Verdict = analysis.VerdictNotHeld
	}
	e.Note = analysis.JoinNote(e.Note, u.sensitivity())
	return e
}

func userZeroBest(in ledgerInput) []*less {
	var cs []*less
	for _, pol := range in.pols {
		cs = append(cs, newLess(pol+" completion User-0 vs User-1", in.comp(pol, 0), in.comp(pol, 1)),
			newLess(pol+" completion User-0 vs User-2", in.comp(pol, 0), in.comp(pol, 2)))
	}
	return cs
}

// userZeroBestEntry is L-9's entry: where DO-AS fails it, the note says
// why, with the evidence from the paper-setting run: every DO-AS user's
// completion sits at the bound the fitted GridGateWay port sets (its LCG
// jobs × a job's bytes ÷ the port's rate), whatever LCG's saturation, so
// User-0 cannot be faster; L-9/duplex shows the direction with the port
// read as a full-duplex link.
func userZeroBestEntry(in ledgerInput) analysis.LedgerEntry {
	cs := userZeroBest(in)
	e := tested(analysis.LedgerEntry{}, cs)
	doasFails := false
	for _, c := range cs {
		doasFails = doasFails || (strings.HasPrefix(c.Name, "DO-AS ") && !c.Held())
	}
	if !doasFails || in.port <= 0 {
		return e
	}
	val := valueIn(in.recs, WorkloadPaper)
	var parts []string
	for u := 0; u < Users; u++ {
		t, jobs := val("DO-AS", federated.UserMetric(u, federated.MCompletion)), val("DO-AS", federated.UserMetric(u, federated.MJobsLCG))
		bound := jobs * in.jobBytes / in.port
		parts = append(parts, fmt.Sprintf("%s %s for %.0f LCG jobs, port bound %s (%+.1f%%)", user(u), fmtHMS(t), jobs, fmtHMS(bound), 100*(t-bound)/bound))
	}
	e.Note = analysis.JoinNote(e.Note, fmt.Sprintf("DO-AS fails it as a modelling artefact: the fitted GridGateWay port (%.0f kB/s, shared by inputs and outputs; internal/gridway) "+
		"caps every DO-AS experiment near 1:30, whatever LCG's saturation, since DO-AS sends almost every job to LCG; paper-setting run: %s. "+
		"With the port as a full-duplex link the direction comes back (L-9/duplex)", in.port/1e3, strings.Join(parts, "; ")))
	return e
}

// userZeroBestDuplex is L-9 in the paper-setting run of the full-duplex
// GridGateWay reading.
func userZeroBestDuplex(in ledgerInput) analysis.LedgerEntry {
	val := valueIn(in.recs, "alt-duplex-fit")
	ok, n := true, 0
	var parts []string
	for _, pol := range in.pols {
		t := [Users]float64{}
		for u := range t {
			t[u] = val(pol, federated.UserMetric(u, federated.MCompletion))
		}
		if math.IsNaN(t[0]) {
			continue
		}
		n++
		ok = ok && t[0] < t[1] && t[0] < t[2]
		parts = append(parts, fmt.Sprintf("%s %s / %s / %s", pol, fmtHMS(t[0]), fmtHMS(t[1]), fmtHMS(t[2])))
	}
	if n == 0 {
		return analysis.LedgerEntry{Verdict: analysis.VerdictNotTestable, Note: "no runs of the reading alt-duplex-fit in these results"}
	}
	return analysis.LedgerEntry{Verdict: verdictOf(ok), N: n, Alternative: "alt-duplex-fit",
		Statistic: "completion User-0 / User-1 / User-2: " + strings.Join(parts, "; ")}
}

func doasBest(in ledgerInput) []*less {
	if !in.has("DO-AS") {
		return nil
	}
	var cs []*less
	for u := 0; u < Users; u++ {
		for _, o := range in.pols {
			if o != "DO-AS" {
				cs = append(cs, newLess(fmt.Sprintf("DO-AS vs %s, %s", o, user(u)), in.comp("DO-AS", u), in.comp(o, u)))
			}
		}
	}
	return cs
}

func doasReduction(in ledgerInput) []*less {
	if !in.has("DO-AS") || len(in.pols) < 2 {
		return nil
	}
	red := func(u int) series {
		ss := []series{in.comp("DO-AS", u)}
		for _, o := range in.pols {
			if o != "DO-AS" {
				ss = append(ss, in.comp(o, u))
			}
		}
		return combine(func(v []float64) float64 {
			r := 0.0
			for _, o := range v[1:] {
				r += (o - v[0]) / o
			}
			return r / float64(len(v)-1)
		}, ss...)
	}
	pct := func(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }
	return []*less{newCmp("DO-AS's reduction, User-2 vs User-0", analysis.Higher, red(2), red(0)).format(pct),
		newCmp("DO-AS's reduction, User-2 vs User-1", analysis.Higher, red(2), red(1)).format(pct)}
}

// versions are the paper's versions in the order of "the successive
// versions" (L-12).
var versions = []string{"Normal", "SO", "DO", "SO-AS", "DO-AS"}

// L-12's two readings of its exception, "except SO, and SO-AS for high
// saturation situations": A, SO for every user and SO-AS outside high
// saturation; B, both under high saturation (User-2) only. Each says
// whether version next, for user u, is left out.
func exceptA(next string, u int) bool { return next == "SO" || (next == "SO-AS" && u < Users-1) }
func exceptB(next string, u int) bool { return (next == "SO" || next == "SO-AS") && u == Users-1 }

// steps are the comparisons of each successive version against the one
// before it (all: against every version before it), for every user skip
// does not leave out.
func (in ledgerInput) steps(all bool, skip func(next string, u int) bool) []*less {
	var out []*less
	for i := 1; i < len(versions); i++ {
		next, earlier := versions[i], versions[i-1:i]
		if all {
			earlier = versions[:i]
		}
		for _, prev := range earlier {
			if !in.has(prev, next) {
				continue
			}
			for u := 0; u < Users; u++ {
				if !skip(next, u) {
					out = append(out, newLess(fmt.Sprintf("%s vs %s, %s", next, prev, user(u)), in.comp(next, u), in.comp(prev, u)))
				}
			}
		}
	}
	return out
}

// figures reports whether the job-state series of the five policies are
// there (the figures are one deterministic run, as the paper's).
func (in ledgerInput) figures() bool {
	return len(in.pts) > 0 && in.has("Normal", "SO", "DO", "SO-AS", "DO-AS")
}

// figureClaim is L-13's or L-14's entry: the comparisons cs of job-hours
// over the jitter repetitions (paired, one Holm family), with the paper
// run's job-hours from its job-state series (the figures' own) beside.
func (in ledgerInput) figureClaim(cs []*less, paper string) analysis.LedgerEntry {
	scope := fmt.Sprintf("%s, User-%d", jitterScope, in.series)
	if !in.has("Normal", "SO", "DO", "SO-AS", "DO-AS") {
		return notRun(analysis.LedgerEntry{Scope: scope})
	}
	if len(cs[0].a(WorkloadJitter)) == 0 {
		return analysis.LedgerEntry{Scope: scope, Verdict: analysis.VerdictNotTestable, Note: "no job-hours of the jitter repetitions in these results"}
	}
	e := tested(analysis.LedgerEntry{Scope: scope}, cs)
	if in.figures() {
		e.Statistic += "; paper-setting run (job-state series, the figures' own): " + paper
	}
	return e
}

func hoursFmt(v float64) string { return fmt.Sprintf("%.1f job-hours", v) }

// queuedGroups: Figures 6–10's two groups, Normal, SO and DO with small
// queued regions, SO-AS and DO-AS with large ones.
func queuedGroups(in ledgerInput) analysis.LedgerEntry {
	var cs []*less
	for _, a := range []string{"Normal", "SO", "DO"} {
		for _, b := range []string{"SO-AS", "DO-AS"} {
			cs = append(cs, newLess(fmt.Sprintf("queued, %s vs %s", a, b), in.hours(a, "total", "queued"), in.hours(b, "total", "queued")).format(hoursFmt))
		}
	}
	q := func(pol string) float64 { return in.area(pol, "total", "queued") }
	return in.figureClaim(cs, fmt.Sprintf("queued job-hours Normal %.1f, SO %.1f, DO %.1f; SO-AS %.1f, DO-AS %.1f", q("Normal"), q("SO"), q("DO"), q("SO-AS"), q("DO-AS")))
}

// pendingSOAS: Figures 9–10, SO-AS against DO-AS.
func pendingSOAS(in ledgerInput) analysis.LedgerEntry {
	cs := []*less{
		newCmp("pending, SO-AS vs DO-AS", analysis.Higher, in.hours("SO-AS", "total", "pending"), in.hours("DO-AS", "total", "pending")).format(hoursFmt),
		newCmp("queued on DSA, SO-AS vs DO-AS", analysis.Higher, in.hours("SO-AS", "dsa", "queued"), in.hours("DO-AS", "dsa", "queued")).format(hoursFmt),
		newCmp("queued on LCG, DO-AS vs SO-AS", analysis.Higher, in.hours("DO-AS", "lcg", "queued"), in.hours("SO-AS", "lcg", "queued")).format(hoursFmt),
	}
	pend := func(pol string) float64 { return in.area(pol, "total", "pending") }
	qd := func(pol, panel string) float64 { return in.area(pol, panel, "queued") }
	return in.figureClaim(cs, fmt.Sprintf("pending SO-AS %.1f vs DO-AS %.1f; queued on DSA SO-AS %.1f vs DO-AS %.1f; queued on LCG DO-AS %.1f vs SO-AS %.1f",
		pend("SO-AS"), pend("DO-AS"), qd("SO-AS", "dsa"), qd("DO-AS", "dsa"), qd("DO-AS", "lcg"), qd("SO-AS", "lcg")))
}

// doReductionSmall: DO against Normal, not a significant reduction:
// equivalence within ReductionMargin.
func doReductionSmall(in ledgerInput) analysis.LedgerEntry {
	if !in.has("DO", "Normal") {
		return notRun(analysis.LedgerEntry{})
	}
	m := ReductionMargin()
	var parts []string
	n, eq, worst := 0, 0, 0.0
	for u := 0; u < Users; u++ {
		rel := values(combine(func(v []float64) float64 { return (v[0] - v[1]) / v[1] }, in.comp("DO", u), in.comp("Normal", u))(WorkloadJitter))
		d := analysis.PairedDifference(rel, make([]float64, len(rel)))
		n = max(n, d.N)
		if d.Equivalent(m.Value) {
			eq++
		}
		worst = math.Max(worst, math.Max(-d.Low, d.High))
		parts = append(parts, fmt.Sprintf("%s %+.1f%% [%+.1f%%, %+.1f%%]", user(u), 100*d.Mean, 100*d.Low, 100*d.High))
	}
	if n < 2 {
		worst = math.NaN()
	}
	pct := func(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }
	e := analysis.LedgerEntry{Note: "DO against Normal, read as: the 95% CI of the paired relative difference (DO − Normal)/Normal within ±the margin for every user (equivalence); " +
		m.Sensitivity("no real reduction", worst, pct)}
	e = byInterval(e, n, eq == Users)
	e.Statistic = fmt.Sprintf("equivalent within ±%s for %d of %d users; %s", pct(m.Value), eq, Users, strings.Join(parts, "; "))
	return e
}

// soasAgainst are SO-AS against Normal, SO and DO for user u.
func (in ledgerInput) soasAgainst(u int) []*less {
	if !in.has("SO-AS") {
		return nil
	}
	var cs []*less
	for _, o := range []string{"Normal", "SO", "DO"} {
		if in.has(o) {
			cs = append(cs, newLess(fmt.Sprintf("SO-AS vs %s, %s", o, user(u)), in.comp("SO-AS", u), in.comp(o, u)))
		}
	}
	return cs
}

// soasOnlyHigh: for Users 0 and 1 SO-AS is not below all three, each user
// its own Holm family.
func soasOnlyHigh(in ledgerInput) analysis.LedgerEntry {
	var e analysis.LedgerEntry
	var fails []string
	okAll, n := true, 0
	for u := 0; u < Users-1; u++ {
		cs := in.soasAgainst(u)
		if len(cs) == 0 {
			okAll = false
			continue
		}
		testAll(cs)
		allHeld := true
		for _, c := range cs {
			allHeld = allHeld && c.Held()
			n = max(n, c.N)
		}
		okAll = okAll && !allHeld
		fails = append(fails, fmt.Sprintf("%s: %s", user(u), decisive(cs)))
	}
	e.N = n
	e.Verdict = verdictOf(okAll)
	if n == 0 {
		e.Verdict = analysis.VerdictNotTestable
	}
	e.Statistic = strings.Join(fails, "; ")
	return e
}

func verdictOf(ok bool) string {
	if ok {
		return analysis.VerdictHeld
	}
	return analysis.VerdictNotHeld
}

func notRun(e analysis.LedgerEntry) analysis.LedgerEntry {
	e.Verdict = analysis.VerdictNotTestable
	e.Note = analysis.JoinNote(e.Note, "a policy it names did not run")
	return e
}

func firstOf(m map[int]float64) float64 {
	if v, ok := m[0]; ok {
		return v
	}
	return math.NaN()
}

// scenarios checks §7.3's saturation scenarios on the background alone at
// the paper's submissions (the saturation table): User-0's LCG has a free
// PE in every cycle of every window, User-1's fewer free PEs, User-2's
// fewer still.
func (in ledgerInput) scenarios() analysis.LedgerEntry {
	var e analysis.LedgerEntry
	val := valueIn(in.recs, WorkloadPaper)
	var free [Users]float64
	share := make([][Users]float64, len(in.windows))
	ok := true
	var parts []string
	for u := 0; u < Users; u++ {
		free[u] = val("Normal", federated.UserMetric(u, MBgFree))
		p := fmt.Sprintf("User-%d: %.0f free PEs", u, free[u])
		for w, d := range in.windows {
			share[w][u] = val("Normal", federated.UserMetric(u, FreeShareMetric(d)))
			p += fmt.Sprintf(", %.0f%% of cycles free in %gh", 100*share[w][u], d/3600)
		}
		parts = append(parts, p)
	}
	if math.IsNaN(free[0]) || len(in.windows) == 0 {
		e.Verdict, e.Note = analysis.VerdictNotTestable, "no saturation measurements in these results"
		return e
	}
	for w := range in.windows {
		ok = ok && share[w][0] == 1 && share[w][1] >= share[w][2]
	}
	last := len(in.windows) - 1
	ok = ok && free[0] > free[1] && free[1] > free[2] && share[last][1] > share[last][2]
	e.Verdict, e.N = verdictOf(ok), 1
	e.Statistic = strings.Join(parts, "; ")
	return e
}
