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

// alg3Checks re-checks every statement about Tabu with the Algorithm 3
// reading (tabu-alg3) standing in for Tabu, on the repetitions it ran.
func alg3Checks(in *claimInput, allRecs []analysis.Record) []Check {
	if !slices.ContainsFunc(allRecs, func(r analysis.Record) bool { return r.Algorithm == "tabu-alg3" }) {
		return nil
	}
	sub := *in
	sub.recs = analysis.Substitute(in.recs, "tabu-alg3", "tabu")
	var out []Check
	add := func(cs []Check, id string) {
		for _, c := range cs {
			c.Claim, c.Statement = id, statementOf(id).quote
			c.Reading = alg3Reading
			out = append(out, c)
		}
	}
	add(tabuOverEGEDF(&sub), "abs-tabu")
	add(claimA(&sub), "a")
	add(claimD(&sub), "d")
	add(claimE(&sub), "e")
	add(perStream(&sub, "fig6-gap", spaceshared.MSlowdown, []string{"tabu"}, analysis.Lower, []string{"egedf"}, sub.workloads), "fig6-gap")
	add(perStream(&sub, "concl-tabu-flex", spaceshared.MDelayed, []string{"tabu"}, analysis.Lower, []string{"flex"}, sub.workloads), "concl-tabu-flex")
	for _, c := range growthChecks(&sub) {
		if c.Claim == "fig5-tabu" {
			add([]Check{decidedOnTime(c)}, "fig5-tabu")
		}
	}
	return out
}

// usageReadingsSection shows machine usage under both readings of
// "computed at each simulation time" and says which, if any, supports
// Figure 2's claim.
func usageReadingsSection(pg *report.Page, streams []stream, algos []string, idx map[analysis.GroupKey]*analysis.Group, ledger []analysis.LedgerEntry) {
	pg.Subsection("Figure 2: machine usage, time average and event average")
	pg.Para("The shorter paper defines its usage as the ratio \"computed at each simulation time\"; read as a time average "+
		"(Figure 2 above, the default) each instant counts for as long as it lasts, read as an event average each event instant counts once "+
		"(`%s` in runs.csv), which weighs the busy periods with many events more.", spaceshared.MUsageEvent)
	t := &report.Table{ID: "deadline-usage-readings", Title: "Machine usage (%): time average / event average, means over repetitions",
		Columns: []string{"stream"}}
	for _, a := range algos {
		t.Columns = append(t.Columns, Label(a))
	}
	for _, s := range streams {
		row := []report.Cell{report.Str(s.id)}
		for _, a := range algos {
			gt := groupOf(idx, s.id, a, spaceshared.MUsage)
			ge := groupOf(idx, s.id, a, spaceshared.MUsageEvent)
			if gt == nil || ge == nil {
				row = append(row, report.Str("n/a"))
				continue
			}
			row = append(row, report.Str(report.FormatFloat(gt.Mean, 1)+" / "+report.FormatFloat(ge.Mean, 1)))
		}
		t.AddRow(row...)
	}
	pg.Add(t)
	var parts []string
	support := []string{}
	for _, e := range ledger {
		if (e.ID == "fig2" || e.ID == "short-usage") && usageReading(e) != "" {
			parts = append(parts, fmt.Sprintf("%s (%s): **%s**", e.ID, e.Scope, e.Verdict))
			if e.Verdict == analysis.VerdictHeld {
				support = append(support, e.Scope)
			}
		}
	}
	verdicts := fmt.Sprintf("Verdicts of \"in general, able to better exploit the system computational resources\" (schedule-based higher than queue-based "+
		"on every stream heavier than the lightest, paired Wilcoxon, Holm): %s. ", strings.Join(parts, "; "))
	if len(support) == 0 {
		verdicts += "**Neither reading supports the claim.** " + usageMismatch(streams, idx)
	} else {
		verdicts += fmt.Sprintf("Supported under: %s.", strings.Join(support, "; "))
	}
	pg.Add(&report.Paragraph{Text: verdicts})
}

// usageMismatch is the likely reason Figure 2's claim is not held, with
// the numbers behind it: where the schedule-based algorithms' machine
// usage is below a queue-based one's while their speed-weighted usage
// (Figure 3, claim b) is above every queue-based one's, they keep CPUs
// idle while jobs wait and do more work with the CPUs they use, which is
// what planning each job onto the machine where it ends earliest (mostly
// a fast one), and letting it wait for it, does. "" where the numbers do
// not show that.
func usageMismatch(streams []stream, idx map[analysis.GroupKey]*analysis.Group) string {
	var shown []string
	for _, s := range streams {
		lowest, highest := "", ""
		var usage, weighted [2]float64 // the schedule-based algorithms' lowest, the queue-based ones' highest
		for _, a := range scheduleBased {
			gu, gw := groupOf(idx, s.id, a, spaceshared.MUsage), groupOf(idx, s.id, a, spaceshared.MWeightedUsage)
			if gu == nil || gw == nil {
				return ""
			}
			u, w := gu.Mean, gw.Mean
			if lowest == "" || u < usage[0] {
				lowest, usage[0] = a, u
			}
			if weighted[0] == 0 || w < weighted[0] {
				weighted[0] = w
			}
		}
		for _, a := range queueBased {
			gu, gw := groupOf(idx, s.id, a, spaceshared.MUsage), groupOf(idx, s.id, a, spaceshared.MWeightedUsage)
			if gu == nil || gw == nil {
				return ""
			}
			u, w := gu.Mean, gw.Mean
			if highest == "" || u > usage[1] {
				highest, usage[1] = a, u
			}
			weighted[1] = max(weighted[1], w)
		}
		if !(usage[0] < usage[1] && weighted[0] > weighted[1]) {
			return ""
		}
		shown = append(shown, fmt.Sprintf("%s: usage %s %s vs %s %s, weighted usage at least %s vs at most %s", s.id,
			Label(lowest), report.FormatFloat(usage[0], 1), Label(highest), report.FormatFloat(usage[1], 1),
			report.FormatFloat(weighted[0], 1), report.FormatFloat(weighted[1], 1)))
	}
	if len(shown) == 0 {
		return ""
	}
	return "Likely reason (not tested here): on every stream the schedule-based algorithms' usage is below a queue-based one's while their " +
		"speed-weighted usage (Figure 3, claim b) is above every queue-based one's (" + strings.Join(shown, "; ") + "): they plan each job " +
		"onto the machine where it ends earliest, mostly a fast one, and let it wait for that machine rather than start it at once on a slow " +
		"free one, so CPUs stay idle while jobs wait, which this metric counts against them, and the CPUs they use do more work."
}

// usageReading returns the usage reading a Figure 2 ledger entry was
// tested under ("time average" or "event average"), or "".
func usageReading(e analysis.LedgerEntry) string {
	for _, r := range []string{"time average", "event average"} {
		if strings.HasSuffix(e.Scope, r) {
			return r
		}
	}
	return ""
}

// alg3Section shows the Tabu statements' verdicts under both readings of
// Algorithm 3, and the two Tabu searches' means.
func alg3Section(pg *report.Page, streams []stream, idx map[analysis.GroupKey]*analysis.Group, ledger []analysis.LedgerEntry, sideReps int) {
	var alg3 []analysis.LedgerEntry
	for _, e := range ledger {
		if strings.HasSuffix(e.ID, "/alg3") {
			alg3 = append(alg3, e)
		}
	}
	if len(alg3) == 0 {
		return
	}
	pg.Subsection("Tabu search: Algorithm 3 as the longer paper reads it")
	pg.Para("The default Tabu (figures and claims) takes only machines with a delayed planned job as sources and stops once no planned job is "+
		"delayed (the shorter paper: \"until there are no delayed non-tabu jobs\"). The longer paper's Algorithm 3 says \"Both delayed and non-delayed "+
		"jobs are considered as candidates\": every machine is a source and the search runs its %d iterations after every arrival "+
		"(`tabu-alg3`, internal/sched/schedbased.Alg3TabuOptions). It was run on the first %d repetitions of every stream; its verdicts pair it "+
		"with the other algorithms on those.", TabuOptions().Iterations, sideReps)
	t := &report.Table{ID: "deadline-tabu-readings", Title: "Tabu readings: means over the repetitions each ran",
		Columns: []string{"stream", "reading", "delayed %", "weighted usage %", "slowdown", "work per decision"}}
	for _, s := range streams {
		for _, a := range []string{"tabu", "tabu-alg3"} {
			row := []report.Cell{report.Str(s.id), report.Str(Label(a))}
			for _, m := range []struct {
				name string
				dec  int
			}{{spaceshared.MDelayed, 2}, {spaceshared.MWeightedUsage, 1}, {spaceshared.MSlowdown, 2}, {spaceshared.MWorkPerDec, 0}} {
				g := groupOf(idx, s.id, a, m.name)
				if g == nil {
					row = append(row, report.Str("n/a"))
					continue
				}
				row = append(row, report.Num(g.Mean, m.dec))
			}
			t.AddRow(row...)
		}
	}
	pg.Add(t)
	v := &report.Table{ID: "deadline-tabu-verdicts", Title: "Statements about Tabu: default reading and Algorithm 3 reading",
		Columns: []string{"statement", "scope", "default Tabu", "Algorithm 3 reading", "statistic (Algorithm 3 reading)"}}
	for _, e := range alg3 {
		id := strings.TrimSuffix(e.ID, "/alg3")
		def := "n/a"
		for _, d := range ledger {
			if d.ID == id && d.Scope == e.Scope {
				def = d.Verdict
			}
		}
		v.AddRow(report.Str(id), report.Str(e.Scope), report.Str(def), report.VerdictCell(e.Verdict, ""), report.Str(e.Statistic))
	}
	pg.Add(v)
}

// slackResult is the deadline-rule sensitivity, computed before it is
// laid out: per rule, the claim (a) checks and the delayed-job means of
// each stream and algorithm (NaN: not run).
type slackResult struct {
	streams []stream
	rules   []slackRule
}

type slackRule struct {
	rule   SlackRange
	checks []Check     // one per stream
	means  [][]float64 // [stream][cfg.SlackAlgorithms]
	held   int         // streams on which EG-EDF < queue-based held
}

// slackChecks checks the schedule-based half of claim (a) and averages the
// delayed jobs under each deadline rule, on the first sideReps
// repetitions: the rule is ours, so the page shows how much the verdicts
// lean on it. Nil when no alternative rule was run.
func slackChecks(cfg Config, streams []stream, allRecs []analysis.Record, sideReps int) *slackResult {
	if len(cfg.Slacks) == 0 || len(cfg.SlackInterArrivals) == 0 {
		return nil
	}
	res := &slackResult{}
	for _, s := range streams {
		if slices.Contains(cfg.SlackInterArrivals, s.ia) {
			res.streams = append(res.streams, s)
		}
	}
	// The default rule restricted to the repetitions the alternatives ran,
	// so the rows of a stream compare like with like.
	var recs []analysis.Record
	for _, r := range allRecs {
		if r.Rep < sideReps {
			recs = append(recs, r)
		}
	}
	for k, sl := range append([]SlackRange{{cfg.Base.SlackMin, cfg.Base.SlackMax}}, cfg.Slacks...) {
		ids := make([]string, len(res.streams))
		for i, s := range res.streams {
			ids[i] = s.id
			if k > 0 {
				ids[i] = SlackWorkloadID(s.ia, sl)
			}
		}
		sub := &claimInput{recs: recs, workloads: ids, algos: cfg.SlackAlgorithms}
		r := slackRule{rule: sl, checks: perStream(sub, "a", spaceshared.MDelayed, []string{"egedf"}, analysis.Lower, queueBased, ids)}
		for _, c := range r.checks {
			if c.Held {
				r.held++
			}
		}
		for i := range res.streams {
			ms := make([]float64, len(cfg.SlackAlgorithms))
			for j, a := range cfg.SlackAlgorithms {
				ms[j] = math.NaN()
				if g := analysis.Summarize(analysis.Select(recs, ids[i], a, spaceshared.MDelayed)); g.N > 0 {
					ms[j] = g.Mean
				}
			}
			r.means = append(r.means, ms)
		}
		res.rules = append(res.rules, r)
	}
	return res
}

// slackSection lays out the deadline-rule sensitivity.
func slackSection(pg *report.Page, cfg Config, res *slackResult, sideReps int) {
	if res == nil {
		return
	}
	pg.Subsection("Sensitivity: the deadline rule")
	pg.Para("Deadline = submit + run × U[%g, %g) is ours (the papers give no rule). The same instances (same seeds; the generator draws "+
		"the same numbers, so only the deadlines move) under U[%g, %g) and the alternatives below, on the first %d repetitions of streams %s "+
		"(a subset, to keep the run cheap), with %s (Tabu left out: the costliest, and the schedule-based side moves with EG-EDF). "+
		"The claim checked is claim (a)'s \"%s\" (%s), Holm over all its comparisons under one rule.",
		cfg.Base.SlackMin, cfg.Base.SlackMax, cfg.Base.SlackMin, cfg.Base.SlackMax, sideReps, joinStreams(res.streams), labels(cfg.SlackAlgorithms),
		"EG-EDF < Flex-BF, EASY-BF, FCFS on delayed jobs", statementOf("a").section)
	t := &report.Table{ID: "deadline-slack", Title: "Delayed jobs (%) per deadline rule (means over the repetitions run) and EG-EDF < queue-based",
		Columns: []string{"rule", "stream"}}
	for _, a := range cfg.SlackAlgorithms {
		t.Columns = append(t.Columns, Label(a))
	}
	t.Columns = append(t.Columns, "EG-EDF < queue-based", "statistic")
	var summary []string
	for _, r := range res.rules {
		sl := r.rule
		summary = append(summary, fmt.Sprintf("U[%g, %g): %d of %d streams", sl.Min, sl.Max, r.held, len(res.streams)))
		for i, s := range res.streams {
			row := []report.Cell{report.Str(fmt.Sprintf("U[%g, %g)", sl.Min, sl.Max)), report.Str(s.id)}
			for _, m := range r.means[i] {
				if math.IsNaN(m) {
					row = append(row, report.Str("n/a"))
					continue
				}
				row = append(row, report.Num(m, 2))
			}
			verdict, stat := "not checked", ""
			if i < len(r.checks) && r.checks[i].Checked {
				verdict, stat = entry(r.checks[i]).Verdict, r.checks[i].Statistic
			}
			row = append(row, report.VerdictCell(verdict, ""), report.Str(stat))
			t.AddRow(row...)
		}
	}
	pg.Add(t)
	pg.Para("EG-EDF < queue-based held, at %d repetitions: %s. The main page's verdicts use the default rule at the full repetitions.",
		sideReps, strings.Join(summary, "; "))
}

func labels(as []string) string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = Label(a)
	}
	return strings.Join(out, ", ")
}
