package deadline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/spaceshared"
)

// Where the papers say it. The longer paper (Klusáček and Rudová) has the
// Discussion of Figures 1–6 and a Conclusion; the shorter one (Klusáček,
// Baraglia et al. 2008) says most of it again in §4.1 and §5, with "system
// usage computed at each simulation time" as its usage metric.
const (
	secDisc   = "Klusáček–Rudová, Discussion"
	secConc   = "Klusáček–Rudová, Conclusion"
	secShort  = "Klusáček–Baraglia et al., §4.1"
	secShort5 = "Klusáček–Baraglia et al., §5"
	secAbs    = "Klusáček–Baraglia et al., Abstract"
)

// statement is one result statement of the papers.
type statement struct{ id, section, quote string }

// The papers' result statements, in the order they are made. Every
// statement of the Discussion/§4.1 and Conclusion/§5 sections is here,
// after the one of the shorter paper's abstract that no section says
// again; the ledger gives each its verdict.
var statements = []statement{
	{"abs-tabu", secAbs, "Further Tabu search optimization results in higher QoS and machine usage while keeping the algorithm runtime reasonable."},
	{"fig1-load", secDisc, "As expected, when the job inter-arrival time increases, the number of delayed jobs decreases."},
	{"a", secDisc, "both the EG-EDF policy and the Tabu search produced much better solutions than the Flexible backfilling, the EASY backfilling or FCFS. Tabu search outperforms all the other algorithms."},
	{"d", secDisc, "In particular, it obtains nearly the same results as the EG-EDF policy when the system contention is low (the job inter-arrival time equals to 5)."},
	{"fig2", secDisc, "The schedule-based algorithms are, in general, able to better exploit the system computational resources."},
	{"fig2-low", secDisc, "However, when the system contention is low the solutions we propose obtain worse results concerning the machine usage than the queue-based techniques."},
	{"b-usage", secDisc, "Figure 3 shows how the schedule-based approach significantly outperforms the remaining queue-based algorithms."},
	{"b-makespan", secDisc, "We can see that similar effect is also clearly visible in Figure 4 representing the makespan."},
	{"fig2-hidden", secDisc, "Again, notice that this behavior is not recognizable in Figure 2."},
	{"fig5-fcfs", secDisc, "The runtime for FCFS is very low w.r.t. to EASY and Flexible backfilling"},
	{"fig5-grow", secDisc, "for which it grows quickly as a function of the job queue length."},
	{"fig5-flex", secDisc, "it causes minimal growth of its run time compared to the EASY backfilling thanks to the application of an efficient sorting algorithm."},
	{"fig5-tabu", secDisc, "Our implementation, which exploits an incremental approach based on the reuse of previously computed solution, is able to guarantee a shorter and a stable execution time w.r.t. the other algorithms."},
	{"fig5-egedf", secDisc, "In particular, EG-EDF policy is fast and it always generates acceptable schedule, so we can stop Tabu search optimization at any time"},
	{"fig6-load", secDisc, "As expected, the higher the system contention is, the higher the job slowdown is."},
	{"e", secDisc, "In this case better results were obtained by the Tabu search, which are nearly the same as those obtained by the Flexible backfilling algorithm."},
	{"fig6-gap", secDisc, "Still, the \"backward to forward\" gap-filling strategy was useful even in this case."},
	{"concl-delayed", secConc, "The schedule-based algorithms demonstrated significant improvement when decreasing the number of delayed jobs while keeping the machine usage high."},
	{"concl-gap", secConc, "This would not be possible without the application of an effective gap-filling method."},
	{"concl-tabu-flex", secConc, "The Tabu search algorithm proved to be more successful in decreasing the number of delayed jobs over the Flexible backfilling"},
	{"concl-runtime", secConc, "the schedule-based solution with the local search algorithm such as Tabu search is a usefull technique since it can easily follow the incremental approach to keep the algorithm runtime stable and low."},
	{"c", secConc, "both the EASY and the Flexible backfilling are more time consuming since their runtime is growing with the size of the queue more quickly."},
	{"short-usage", secShort, "Schedule-based algorithms are, in general, able to better exploit the system computational resources. (system usage \"computed at each simulation time\")"},
	{"short-noimprove", secShort, "When the available computational power is able to avoid the job queue increasing, the Tabu search and EG-EDF solutions do not improve, or improve very little, the previous schedule."},
	{"short-immediate", secShort, "In such situation the schedule is almost empty so a newly arrived job is often immediately executed on an available machine"},
	{"short-flex", secShort5, "Both Flexible backfilling and schedule-based algorithms demonstrated significant improvement when decreasing the number of late jobs while keeping the machine usage high."},
}

// statementOf returns the statement with the given id; the claims
// table's rows b and c, which the ledger splits, have none.
func statementOf(id string) statement {
	for _, s := range statements {
		if s.id == id {
			return s
		}
	}
	return statement{id: id}
}

// notTestable is a ledger row for a statement no run here can decide.
func notTestable(id, why string) Check {
	return Check{Claim: id, Statement: statementOf(id).quote, Statistic: "not testable: " + why}
}

// across builds the comparison of algo's metric on workload wa against
// the same algorithm on wb: two independent samples (each stream's
// instances are drawn from seeds of their own, see bench.WorkloadSeed), so
// the comparison is unpaired (Mann–Whitney), which the samples' order
// does not change.
func across(recs []analysis.Record, metric, algo, wa string, want analysis.Direction, wb string) *analysis.Comparison {
	return &analysis.Comparison{Name: fmt.Sprintf("%s %s %s %s %s", Label(algo), wa, want.Op(), Label(algo), wb), Want: want,
		X: analysis.Select(recs, wa, algo, metric), Y: analysis.Select(recs, wb, algo, metric), Unpaired: true}
}

// quality are the paper's algorithms whose schedules differ (the
// queue-walking EASY-BF makes EASY-BF's).
func (in *claimInput) quality() []string {
	return slices.DeleteFunc(slices.Clone(in.algos), TimingOnly)
}

// trend checks, per algorithm, that metric moves in direction want from
// each stream to the next lighter one (workloads are heaviest first).
func trend(in *claimInput, id, metric string, want analysis.Direction) []Check {
	if len(in.workloads) < 2 {
		return []Check{notTestable(id, "one stream only")}
	}
	algos := in.quality()
	rows := make([][]*analysis.Comparison, len(algos))
	var all []*analysis.Comparison
	for i, a := range algos {
		for k := 0; k+1 < len(in.workloads); k++ {
			rows[i] = append(rows[i], across(in.recs, metric, a, in.workloads[k], want, in.workloads[k+1]))
		}
		all = append(all, rows[i]...)
	}
	analysis.Test(all...)
	var out []Check
	for i, a := range algos {
		out = append(out, tested(id, Label(a)+", every stream against the next lighter one", statementOf(id).quote, rows[i], len(all)))
	}
	return out
}

// perStream checks, on every stream, that each of better is lower (or,
// with want Higher, higher) than each of worse on metric; one Holm family.
func perStream(in *claimInput, id, metric string, better []string, want analysis.Direction, worse []string, streams []string) []Check {
	if m := in.missing(append(slices.Clone(better), worse...)...); len(m) > 0 {
		return []Check{notChecked(id, "all streams", statementOf(id).quote, m)}
	}
	rows := make([][]*analysis.Comparison, len(streams))
	var all []*analysis.Comparison
	for i, w := range streams {
		for _, a := range better {
			for _, b := range worse {
				rows[i] = append(rows[i], cmp(in.recs, w, metric, "", a, want, b))
			}
		}
		all = append(all, rows[i]...)
	}
	analysis.Test(all...)
	out := make([]Check, len(streams))
	for i, w := range streams {
		out[i] = tested(id, w, statementOf(id).quote, rows[i], len(all))
	}
	return out
}

// usageClaims checks the Figure 2 statements with one usage reading:
// schedule-based higher than queue-based on every stream but the lightest
// ("in general"), and lower on the lightest ("when the system contention is
// low"). Each is one Holm family.
func usageClaims(in *claimInput, idGeneral, idLow, metric, reading string) []Check {
	light := in.workloads[len(in.workloads)-1]
	var out []Check
	if len(in.workloads) > 1 {
		cs := perStream(in, idGeneral, metric, scheduleBased, analysis.Higher, queueBased, in.workloads[:len(in.workloads)-1])
		out = append(out, collapse(cs, "streams heavier than "+light+", "+reading))
	}
	low := perStream(in, idLow, metric, scheduleBased, analysis.Lower, queueBased, []string{light})
	for i := range low {
		low[i].Scope += ", " + reading
	}
	return append(out, low...)
}

// collapse joins the rows of one family into one row: held when every row
// held, the decisive comparison the first failing one.
func collapse(cs []Check, scope string) Check {
	if len(cs) == 1 && !cs[0].Checked {
		cs[0].Scope = scope
		return cs[0]
	}
	var all []*analysis.Comparison
	fam := 0
	for _, c := range cs {
		fam = c.Family
		if c.V != nil && c.V.Decisive != nil {
			all = append(all, c.V.Decisive)
		}
	}
	out := Check{Claim: cs[0].Claim, Scope: scope, Statement: cs[0].Statement, Checked: true, Family: fam}
	n, held := 0, 0
	for _, c := range cs {
		n += c.V.N
		held += c.V.HeldN
	}
	v := analysis.Decide(all)
	v.N, v.HeldN = n, held
	out.V, out.Held, out.Statistic = &v, v.Held(), report.Decisive(v, nil)
	return out
}

// growthChecks are the Figure 5 statements the deterministic work counter
// can decide: growth factors (work per decision on the heaviest stream ÷
// on the lightest, per repetition) are unit-free, so they compare across
// algorithms where the counts themselves do not.
func growthChecks(in *claimInput) []Check {
	easy := "easywalk"
	if !slices.Contains(in.algos, easy) {
		easy = "easy"
	}
	heavy, light := in.workloads[0], in.workloads[len(in.workloads)-1]
	if heavy == light {
		return []Check{notTestable("fig5-grow", "one stream only"), notTestable("fig5-flex", "one stream only"), notTestable("fig5-tabu", "one stream only")}
	}
	var out []Check
	if m := in.missing(easy, "flex"); len(m) > 0 {
		out = append(out, notChecked("fig5-grow", heavy, statementOf("fig5-grow").quote, m), notChecked("fig5-flex", heavy, statementOf("fig5-flex").quote, m))
	} else {
		g := growthRecords(in.recs, heavy, light, []string{easy, "flex"})
		var grow []*analysis.Comparison
		for _, b := range []string{easy, "flex"} {
			grow = append(grow, against(in.recs, heavy, spaceshared.MWorkSlope, "work slope", b, analysis.Higher, 0),
				against(g, heavy, mWorkGrowth, "work growth", b, analysis.Higher, 1))
		}
		analysis.Test(grow...)
		out = append(out, tested("fig5-grow", heavy+" (work counter)", statementOf("fig5-grow").quote, grow, len(grow)))
		flex := []*analysis.Comparison{cmp(g, heavy, mWorkGrowth, "work growth", "flex", analysis.Lower, easy)}
		analysis.Test(flex...)
		out = append(out, tested("fig5-flex", heavy+" ÷ "+light+" (work counter)", statementOf("fig5-flex").quote, flex, 1))
	}
	if m := in.missing("tabu", easy, "flex"); len(m) > 0 {
		out = append(out, notChecked("fig5-tabu", heavy, statementOf("fig5-tabu").quote, m))
	} else {
		g := growthRecords(in.recs, heavy, light, []string{"tabu", easy, "flex"})
		var st []*analysis.Comparison
		for _, b := range []string{easy, "flex"} {
			st = append(st, cmp(g, heavy, mWorkGrowth, "work growth", "tabu", analysis.Lower, b))
		}
		analysis.Test(st...)
		c := tested("fig5-tabu", heavy+" ÷ "+light+" (work counter: \"stable\")", statementOf("fig5-tabu").quote, st, len(st))
		c.Note = "\"stable\" only: Tabu's growth factor against each backfilling algorithm's; \"shorter\" compares levels across " +
			"algorithms, which only measured time can (the scheduler's CPU time, results/deadline/timings.md)."
		out = append(out, c)
	}
	return out
}

// timeDecided names where the statements about runtime are decided.
const timeDecided = "decided on the scheduler's measured CPU time per decision (its thread's CPU clock, which other processes do not inflate as they do the wall clock; paired by repetition; inconclusive when the noise cannot decide), " +
	"which depends on the machine: results/deadline/timings.md and timings.claims.json, written by reproduce beside the runs and never committed; " +
	"the paper measured time, and the work counter departs from it (each algorithm counts its own kind of step, of unequal cost, so the counter's growth factors need not rank as the time's do)"

// decidedOnTime is the committed ledger's row of a runtime statement: not
// testable on this page, with the work counter's comparison beside it
// (shown, not deciding) and where the measured time decides it.
func decidedOnTime(c Check) Check {
	counter := c.Statistic
	if c.V != nil {
		counter = report.Decisive(*c.V, nil)
	}
	return Check{Claim: c.Claim, Scope: c.Scope, Statement: c.Statement, Reading: c.Reading, OnTime: true,
		Statistic: "not testable here: " + timeDecided + "; work counter, not deciding: " + counter}
}

// timeChecks decide the runtime statements of Figure 5 and the Conclusion
// on the measured time per decision, as the paper did, and on the
// scheduler's own CPU time (its thread's clock), which other processes
// on the machine do not inflate as they do the wall clock: growth factors
// (heaviest ÷ lightest stream, per repetition) for "minimal growth" and
// "stable", levels on the heaviest stream for "shorter". Shown in
// results/deadline/timings.md, never on the committed page.
func timeChecks(in *claimInput) []Check {
	easy := "easywalk"
	if !slices.Contains(in.algos, easy) {
		easy = "easy"
	}
	heavy, light := in.workloads[0], in.workloads[len(in.workloads)-1]
	if heavy == light {
		return nil
	}
	var out []Check
	g := growthOfMetric(in.timings, spaceshared.TCPUPerDec, heavy, light, in.algos)
	if m := in.missing(easy, "flex"); len(m) == 0 {
		var cs []*analysis.Comparison
		for _, b := range []string{easy, "flex"} {
			cs = append(cs, against(g, heavy, mWorkGrowth, "CPU time growth", b, analysis.Higher, 1))
		}
		analysis.Test(cs...)
		c := tested("fig5-grow", heavy+" ÷ "+light+" (scheduler CPU time)", statementOf("fig5-grow").quote, cs, len(cs))
		c.Measured = true
		out = append(out, c)
	}
	if m := in.missing(easy, "flex"); len(m) == 0 {
		cs := []*analysis.Comparison{cmp(g, heavy, mWorkGrowth, "CPU time growth", "flex", analysis.Lower, easy)}
		analysis.Test(cs...)
		c := tested("fig5-flex", heavy+" ÷ "+light+" (scheduler CPU time)", statementOf("fig5-flex").quote, cs, 1)
		c.Measured = true
		out = append(out, c)
	}
	if m := in.missing("tabu", easy, "flex"); len(m) == 0 {
		var cs []*analysis.Comparison
		for _, b := range []string{easy, "flex"} {
			cs = append(cs, cmp(g, heavy, mWorkGrowth, "CPU time growth", "tabu", analysis.Lower, b))
		}
		for _, b := range []string{easy, "flex"} { // "the other algorithms": the backfilling ones Figure 5 discusses
			cs = append(cs, cmp(in.timings, heavy, spaceshared.TCPUPerDec, "CPU time per decision", "tabu", analysis.Lower, b))
		}
		analysis.Test(cs...)
		for _, id := range []string{"fig5-tabu", "concl-runtime"} {
			c := tested(id, heavy+" (scheduler CPU time: \"stable\" and \"shorter\")", statementOf(id).quote, cs, len(cs))
			c.Measured = true
			out = append(out, c)
		}
	}
	return out
}

// levelChecks are the Figure 5 statements only measured time can decide
// (levels across algorithms), decided, as the paper measured ("the system
// CPU time spent at each scheduling event") and as timeChecks are, on the
// scheduler's CPU time per decision, not on the wall clock, which counts
// the waits for a core another process holds: shown in
// results/deadline/timings.md.
func levelChecks(in *claimInput) []Check {
	easy := "easywalk"
	if !slices.Contains(in.algos, easy) {
		easy = "easy"
	}
	heavy := in.workloads[0]
	var out []Check
	for _, row := range []struct {
		id, a string
		bs    []string
	}{{"fig5-fcfs", "fcfs", []string{easy, "flex"}}} { // fig5-tabu: timeChecks
		if m := in.missing(append([]string{row.a}, row.bs...)...); len(m) > 0 {
			continue
		}
		var cs []*analysis.Comparison
		for _, b := range row.bs {
			cs = append(cs, cmp(in.timings, heavy, spaceshared.TCPUPerDec, "CPU time per decision", row.a, analysis.Lower, b))
		}
		analysis.Test(cs...)
		c := tested(row.id, heavy+" (scheduler CPU time)", statementOf(row.id).quote, cs, len(cs))
		c.Measured = true
		out = append(out, c)
	}
	return out
}

// ledgerIn is what the ledger's rows read: the claims' input and the
// claims table's checks (claims a–e), which several rows reuse.
type ledgerIn struct {
	*claimInput
	claims []Check
	recs   []analysis.Record // every record, the readings' too (alg3)
}

// by returns the claims table's checks of claim id.
func (in *ledgerIn) by(id string) []Check {
	var out []Check
	for _, c := range in.claims {
		if c.Claim == id {
			out = append(out, c)
		}
	}
	return out
}

// row is the ledger row of statement id, decided by f's checks (each
// turned into its entry).
func row(id string, f func(in *ledgerIn) []Check) analysis.Claim[*ledgerIn] {
	s := statementOf(id)
	return analysis.Claim[*ledgerIn]{ID: id, Section: s.section, Quote: s.quote, Check: func(in *ledgerIn) []analysis.LedgerEntry {
		var out []analysis.LedgerEntry
		for _, c := range f(in) {
			out = append(out, entry(c))
		}
		return out
	}}
}

// as relabels checks as statement id's.
func as(id string, cs []Check) []Check {
	out := slices.Clone(cs)
	for i := range out {
		out[i].Claim = id
	}
	return out
}

// notTestableRow is the row of a statement no run here can decide.
func notTestableRow(id, why string) analysis.Claim[*ledgerIn] {
	return row(id, func(*ledgerIn) []Check { return []Check{notTestable(id, why)} })
}

// growthRow is growthChecks' row of statement id, decided on measured
// time elsewhere when timed (decidedOnTime).
func growthRow(id string, timed bool) func(in *ledgerIn) []Check {
	return func(in *ledgerIn) []Check {
		var out []Check
		for _, c := range growthChecks(in.claimInput) {
			if c.Claim == id {
				if timed {
					c = decidedOnTime(c)
				}
				out = append(out, c)
			}
		}
		return out
	}
}

// ledgerRows are every result statement of the papers, in their order:
// the five claims of the claims table, the statements they leave out, and
// the untestable ones; then every statement about Tabu again with the
// Algorithm 3 reading (alg3Checks).
var ledgerRows = []analysis.Claim[*ledgerIn]{
	row("abs-tabu", func(in *ledgerIn) []Check { return tabuOverEGEDF(in.claimInput) }),
	row("fig1-load", func(in *ledgerIn) []Check {
		return trend(in.claimInput, "fig1-load", spaceshared.MDelayed, analysis.Higher)
	}),
	row("a", func(in *ledgerIn) []Check { return in.by("a") }),
	row("d", func(in *ledgerIn) []Check { return in.by("d") }),
	row("fig2", func(in *ledgerIn) []Check {
		return append(usageClaims(in.claimInput, "fig2", "fig2-low", spaceshared.MUsage, "time average"),
			usageClaims(in.claimInput, "fig2", "fig2-low", spaceshared.MUsageEvent, "event average")...)
	}),
	row("b-usage", func(in *ledgerIn) []Check {
		return as("b-usage", slices.DeleteFunc(in.by("b"), func(c Check) bool { return c.Statement == stmtM }))
	}),
	row("b-makespan", func(in *ledgerIn) []Check {
		return as("b-makespan", slices.DeleteFunc(in.by("b"), func(c Check) bool { return c.Statement != stmtM }))
	}),
	notTestableRow("fig2-hidden", "a remark on what Figure 2's metric cannot show, not a result; the Figure 2 rows above give its numbers"),
	notTestableRow("fig5-fcfs", "only measured time compares costs across algorithms (each counts its own work steps); "+
		"machine-dependent, so decided on the scheduler's CPU time per decision in results/deadline/timings.md and never on this page"),
	row("fig5-grow", growthRow("fig5-grow", true)),
	row("fig5-flex", growthRow("fig5-flex", true)),
	row("fig5-tabu", growthRow("fig5-tabu", true)),
	notTestableRow("fig5-egedf", "\"acceptable\" is not defined; an interrupted Tabu search was not run"),
	row("fig6-load", func(in *ledgerIn) []Check {
		return trend(in.claimInput, "fig6-load", spaceshared.MSlowdown, analysis.Higher)
	}),
	row("e", func(in *ledgerIn) []Check { return in.by("e") }),
	row("fig6-gap", func(in *ledgerIn) []Check {
		return perStream(in.claimInput, "fig6-gap", spaceshared.MSlowdown, []string{"tabu"}, analysis.Lower, []string{"egedf"}, in.workloads)
	}),
	row("concl-delayed", func(in *ledgerIn) []Check {
		return fewerDelayedUsageHigh(in.claimInput, "concl-delayed", scheduleBased, queueBased,
			"usage (time average) of no queue-based algorithm significantly above a schedule-based one's")
	}),
	notTestableRow("concl-gap", "EG-EDF and Tabu without gap filling were not run"),
	row("concl-tabu-flex", func(in *ledgerIn) []Check {
		return perStream(in.claimInput, "concl-tabu-flex", spaceshared.MDelayed, []string{"tabu"}, analysis.Lower, []string{"flex"}, in.workloads)
	}),
	row("concl-runtime", func(in *ledgerIn) []Check {
		cs := growthRow("fig5-tabu", true)(in)
		for i := range cs {
			cs[i].Claim, cs[i].Statement = "concl-runtime", statementOf("concl-runtime").quote
		}
		return cs
	}),
	row("c", func(in *ledgerIn) []Check {
		return slices.DeleteFunc(in.by("c"), func(c Check) bool { return c.Measured })
	}),
	row("short-usage", func(in *ledgerIn) []Check {
		if len(in.workloads) < 2 {
			return []Check{notTestable("short-usage", "one stream only")}
		}
		return usageClaims(in.claimInput, "short-usage", "fig2-low", spaceshared.MUsageEvent, "event average")[:1]
	}),
	row("short-noimprove", func(in *ledgerIn) []Check {
		return append(as("short-noimprove", in.by("d")), noImproveOnUsage(in.claimInput)...)
	}),
	notTestableRow("short-immediate", "the share of jobs started on arrival is not measured"),
	row("short-flex", func(in *ledgerIn) []Check {
		return fewerDelayedUsageHigh(in.claimInput, "short-flex", []string{"flex", "egedf", "tabu"}, []string{"fcfs", "easy"},
			"usage (time average) of neither FCFS nor EASY-BF significantly above that of Flex-BF, EG-EDF or Tabu")
	}),
	{ID: "alg3", Check: func(in *ledgerIn) []analysis.LedgerEntry {
		var out []analysis.LedgerEntry
		for _, c := range alg3Checks(in.claimInput, in.recs) {
			out = append(out, entry(c))
		}
		return out
	}},
}

// fewerDelayedUsageHigh checks "demonstrated significant improvement when
// decreasing the number of delayed jobs while keeping the machine usage
// high" as its two halves, each one Holm family over every stream: fewer
// delayed jobs for each of better than each of worse, and the machine
// usage kept high: no usage of worse (Figure 2's time average)
// significantly above one of better's (usageNote says so in words). The
// second half is also read on the weighted machine usage, which the
// longer paper calls the more realistic on heterogeneous machines (Figure
// 3), as an alternative reading (weightedReading).
func fewerDelayedUsageHigh(in *claimInput, id string, better, worse []string, usageNote string) []Check {
	delayed := perStream(in, id, spaceshared.MDelayed, better, analysis.Lower, worse, in.workloads)
	usage := perStream(in, id, spaceshared.MUsage, worse, analysis.NotHigher, better, in.workloads)
	weighted := perStream(in, id, spaceshared.MWeightedUsage, worse, analysis.NotHigher, better, in.workloads)
	for i := range delayed {
		delayed[i].Note = "the first half: delayed jobs"
	}
	for i := range usage {
		usage[i].Scope += " (machine usage kept high)"
		usage[i].Note = "the second half: " + usageNote
	}
	for i := range weighted {
		weighted[i].Scope += " (machine usage kept high)"
		weighted[i].Reading = weightedReading
		weighted[i].Note = "the second half: " + strings.Replace(usageNote, "usage (time average)", "weighted machine usage", 1)
	}
	return slices.Concat(delayed, usage, weighted)
}

// tabuOverEGEDF checks the abstract's "Further Tabu search optimization
// results in higher QoS and machine usage" against the schedule it
// optimises, EG-EDF's, as its two halves, each one Holm family over every
// stream: fewer delayed jobs (the papers' QoS), and a higher machine usage
// (Figure 2's time average). "While keeping the algorithm runtime
// reasonable" is a judgement of measured time, not a comparison: the
// timings page gives Tabu's time per decision.
func tabuOverEGEDF(in *claimInput) []Check {
	qos := perStream(in, "abs-tabu", spaceshared.MDelayed, []string{"tabu"}, analysis.Lower, []string{"egedf"}, in.workloads)
	usage := perStream(in, "abs-tabu", spaceshared.MUsage, []string{"tabu"}, analysis.Higher, []string{"egedf"}, in.workloads)
	for i := range qos {
		qos[i].Note = "higher QoS: fewer delayed jobs than EG-EDF, whose schedule Tabu search optimises"
	}
	for i := range usage {
		usage[i].Scope += " (machine usage)"
		usage[i].Note = "higher machine usage (time average) than EG-EDF"
	}
	return append(qos, usage...)
}

// noImproveOnUsage reads short-noimprove, "the Tabu search and EG-EDF
// solutions do not improve, or improve very little, the previous
// schedule", on what the paragraph goes on to say of that schedule ("less
// effective concerning the resource utilisation"): Tabu's machine usage
// (time average) equivalent to EG-EDF's, whose schedule it optimises,
// within ±UsageMargin points on the lightest stream, as an alternative
// reading (noImproveUsageReading) beside the default, claim (d)'s delayed jobs.
func noImproveOnUsage(in *claimInput) []Check {
	if m := in.missing("tabu", "egedf"); len(m) > 0 {
		return nil
	}
	w := in.workloads[len(in.workloads)-1]
	h, n, u, s := equivalenceN(in.recs, w, spaceshared.MUsage, "tabu", "egedf", UsageMargin)
	return []Check{{Claim: "short-noimprove", Scope: w + " (machine usage)", Statement: statementOf("short-noimprove").quote,
		Statistic: s, Checked: true, Held: h, N: n, Undecided: u, Reading: noImproveUsageReading,
		Note: fmt.Sprintf("Tabu ≈ EG-EDF on machine usage (time average), margin ±%g percentage points", UsageMargin)}}
}

// The alternative readings a row may be checked under (Check.Reading):
// Tabu as Algorithm 3 (alg3Checks), short-noimprove on the machine usage,
// "machine usage" as the weighted machine usage.
const (
	alg3Reading           = "alg3"
	noImproveUsageReading = "usage"
	weightedReading       = "weighted-usage"
)

// readings are, per alternative reading, the end of its rows' ids and
// what their notes say of it.
var readings = map[string]struct{ suffix, note string }{
	alg3Reading:           {"alg3", "Tabu as Algorithm 3 (tabu-alg3) in Tabu's place"},
	noImproveUsageReading: {"usage", "the schedule not improved read on machine usage, which the paragraph goes on to speak of (\"less effective concerning the resource utilisation\")"},
	weightedReading:       {"weighted", "machine usage as the weighted machine usage (Σ speed × busy / Σ speed), \"more realistic\" on heterogeneous machines (Klusáček–Rudová, Discussion of Figures 2–3)"},
}

// entry turns a row into its ledger entry.
func entry(c Check) (e analysis.LedgerEntry) {
	s := statementOf(c.Claim)
	e = analysis.LedgerEntry{ID: c.Claim, Quote: s.quote, Section: s.section, Scope: c.Scope}
	defer func() {
		e.Note = analysis.JoinNote(c.Note, e.Note)
	}()
	defer func() {
		if r, ok := readings[c.Reading]; ok {
			e.ID += "/" + r.suffix
			e.Alternative = c.Reading
			e.Note = analysis.JoinNote("reading: "+r.note, e.Note)
		}
	}()
	switch {
	case !c.Checked && c.V == nil:
		e.Verdict, e.Note = analysis.VerdictNotTestable, c.Statistic
	case c.V != nil:
		e = e.FromVerdict(*c.V, c.Family)
		var rev []string
		for _, x := range c.Comps {
			if x.Reversed() {
				rev = append(rev, report.Statistic(x, nil))
			}
		}
		if len(rev) > 0 {
			e.Note = analysis.JoinNote(e.Note, "significantly the other way: "+strings.Join(rev, "; "))
		}
		if c.Measured && e.Verdict == analysis.VerdictNotHeld && len(rev) == 0 {
			// Measured time: a difference the repetitions cannot
			// separate from the machine's noise decides nothing.
			e.Verdict = analysis.VerdictInconclusive
			e.Note = analysis.JoinNote(e.Note, "the measured times cannot separate the difference from the machine's noise at these repetitions")
		}
	default: // an interval check (d, e)
		e.N, e.Statistic = c.N, c.Statistic
		switch {
		case c.Held:
			e.Verdict = analysis.VerdictHeld
		case c.Undecided:
			e.Verdict, e.Note = analysis.VerdictInconclusive, "the 95% interval reaches both sides of the margin: more repetitions needed"
		default:
			e.Verdict = analysis.VerdictNotHeld
		}
	}
	return e
}

// buildLedger is every result statement of the papers with its verdict,
// in the papers' order; the rows decided on measured time are left to the
// timings page.
func buildLedger(in *claimInput, claims []Check, allRecs []analysis.Record) []analysis.LedgerEntry {
	return analysis.Ledger(ledgerRows, &ledgerIn{claimInput: in, claims: claims, recs: allRecs})
}
