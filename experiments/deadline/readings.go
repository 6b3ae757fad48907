package deadline

import (
	"fmt"
	"github.com/gridbench/gridbench/families/spacesharing"
	"io"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/report"
)

// substitute returns recs with from's records relabelled as to and to's own
// records left out, so a reading can be checked in the place of the
// algorithm the claims name.
func substitute(recs []analysis.Record, from, to string) []analysis.Record {
	var out []analysis.Record
	for _, r := range recs {
		switch r.Algorithm {
		case to:
			continue
		case from:
			r.Algorithm = to
		}
		out = append(out, r)
	}
	return out
}

// alg3Checks re-checks every statement about Tabu with the Algorithm 3
// reading (tabu-alg3) standing in for Tabu, on the repetitions it ran.
func alg3Checks(in *claimInput, allRecs []analysis.Record) []Check {
	if !slices.ContainsFunc(allRecs, func(r analysis.Record) bool { return r.Algorithm == "tabu-alg3" }) {
		return nil
	}
	sub := *in
	sub.recs = substitute(in.recs, "tabu-alg3", "tabu")
	var out []Check
	add := func(cs []Check, id string) {
		for _, c := range cs {
			c.Claim, c.Statement = id, statementOf(id).quote
			c.Reading = "alg3"
			out = append(out, c)
		}
	}
	add(claimA(&sub), "a")
	add(claimD(&sub), "d")
	add(claimE(&sub), "e")
	add(perStream(&sub, "fig6-gap", spacesharing.MSlowdown, []string{"tabu"}, analysis.Lower, []string{"egedf"}, sub.workloads), "fig6-gap")
	add(perStream(&sub, "concl-tabu-flex", spacesharing.MDelayed, []string{"tabu"}, analysis.Lower, []string{"flex"}, sub.workloads), "concl-tabu-flex")
	for _, c := range growthChecks(&sub) {
		if c.Claim == "fig5-tabu" {
			add([]Check{c}, "fig5-tabu")
		}
	}
	return out
}

// writeUsageReadings shows machine usage under both readings of "computed
// at each simulation time" and says which, if any, supports Figure 2's
// claim.
func writeUsageReadings(w io.Writer, streams []stream, algos []string, idx map[analysis.GroupKey]*analysis.Group, ledger []analysis.LedgerEntry) error {
	fmt.Fprintf(w, "### Figure 2: machine usage, time average and event average\n\n")
	fmt.Fprintf(w, "The shorter paper defines its usage as the ratio \"computed at each simulation time\"; read as a time average "+
		"(Figure 2 above, the default) each instant counts for as long as it lasts, read as an event average each event instant counts once "+
		"(`%s` in runs.csv), which weighs the busy periods with many events more.\n\n", spacesharing.MUsageEvent)
	t := &report.Table{ID: "deadline-usage-readings", Title: "Machine usage (%): time average / event average, means over repetitions",
		Columns: []string{"stream"}}
	for _, a := range algos {
		t.Columns = append(t.Columns, Label(a))
	}
	for _, s := range streams {
		row := []report.Cell{report.Str(s.id)}
		for _, a := range algos {
			gt := idx[analysis.GroupKey{Experiment: Name, Workload: s.id, Algorithm: a, Metric: spacesharing.MUsage}]
			ge := idx[analysis.GroupKey{Experiment: Name, Workload: s.id, Algorithm: a, Metric: spacesharing.MUsageEvent}]
			if gt == nil || ge == nil {
				row = append(row, report.Str("n/a"))
				continue
			}
			row = append(row, report.Str(report.FormatFloat(gt.Mean, 1)+" / "+report.FormatFloat(ge.Mean, 1)))
		}
		t.AddRow(row...)
	}
	if err := report.WriteMarkdown(w, t); err != nil {
		return err
	}
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
	fmt.Fprintf(w, "Verdicts of \"in general, able to better exploit the system computational resources\" (schedule-based higher than queue-based "+
		"on every stream heavier than the lightest, paired Wilcoxon, Holm): %s. ", strings.Join(parts, "; "))
	if len(support) == 0 {
		fmt.Fprintf(w, "**Neither reading supports the claim.**\n\n")
	} else {
		fmt.Fprintf(w, "Supported under: %s.\n\n", strings.Join(support, "; "))
	}
	return nil
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

// writeAlg3 shows the Tabu statements' verdicts under both readings of
// Algorithm 3, and the two Tabu searches' means.
func writeAlg3(w io.Writer, streams []stream, idx map[analysis.GroupKey]*analysis.Group, ledger []analysis.LedgerEntry, sideReps int) error {
	var alg3 []analysis.LedgerEntry
	for _, e := range ledger {
		if strings.HasSuffix(e.ID, "/alg3") {
			alg3 = append(alg3, e)
		}
	}
	if len(alg3) == 0 {
		return nil
	}
	fmt.Fprintf(w, "### Tabu search: Algorithm 3 as the longer paper reads it\n\n")
	fmt.Fprintf(w, "The default Tabu (figures and claims) takes only machines with a delayed planned job as sources and stops once no planned job is "+
		"delayed (the shorter paper: \"until there are no delayed non-tabu jobs\"). The longer paper's Algorithm 3 says \"Both delayed and non-delayed "+
		"jobs are considered as candidates\": every machine is a source and the search runs its %d iterations after every arrival "+
		"(`tabu-alg3`, internal/sched/schedbased.Alg3TabuOptions). It was run on the first %d repetitions of every stream; its verdicts pair it "+
		"with the other algorithms on those.\n\n", TabuOptions().Iterations, sideReps)
	t := &report.Table{ID: "deadline-tabu-readings", Title: "Tabu readings: means over the repetitions each ran",
		Columns: []string{"stream", "reading", "delayed %", "weighted usage %", "slowdown", "work per decision"}}
	for _, s := range streams {
		for _, a := range []string{"tabu", "tabu-alg3"} {
			row := []report.Cell{report.Str(s.id), report.Str(Label(a))}
			for _, m := range []struct {
				name string
				dec  int
			}{{spacesharing.MDelayed, 2}, {spacesharing.MWeightedUsage, 1}, {spacesharing.MSlowdown, 2}, {spacesharing.MWorkPerDec, 0}} {
				g := idx[analysis.GroupKey{Experiment: Name, Workload: s.id, Algorithm: a, Metric: m.name}]
				if g == nil {
					row = append(row, report.Str("n/a"))
					continue
				}
				row = append(row, report.Num(g.Mean, m.dec))
			}
			t.AddRow(row...)
		}
	}
	if err := report.WriteMarkdown(w, t); err != nil {
		return err
	}
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
		v.AddRow(report.Str(id), report.Str(e.Scope), report.Str(def), verdictCell(e.Verdict), report.Str(e.Statistic))
	}
	return report.WriteMarkdown(w, v)
}

func verdictCell(v string) report.Cell {
	c := report.Str(v)
	c.Best, c.Bad = v == analysis.VerdictHeld, v == analysis.VerdictNotHeld
	return c
}

// writeSlack shows the schedule-based half of claim (a) and the
// delayed-job means under each deadline rule: the rule is ours, so the page
// shows how much the verdicts lean on it.
func writeSlack(w io.Writer, cfg Config, streams []stream, allRecs []analysis.Record, sideReps int) error {
	if len(cfg.Slacks) == 0 || len(cfg.SlackInterArrivals) == 0 {
		return nil
	}
	var ss []stream
	for _, s := range streams {
		if slices.Contains(cfg.SlackInterArrivals, s.ia) {
			ss = append(ss, s)
		}
	}
	fmt.Fprintf(w, "### Sensitivity: the deadline rule\n\n")
	fmt.Fprintf(w, "Deadline = submit + run × U[%g, %g) is ours (the papers give no rule). The same instances (same seeds; the generator draws "+
		"the same numbers, so only the deadlines move) under U[%g, %g) and the alternatives below, on the first %d repetitions of streams %s "+
		"(a subset, to keep the run cheap), with %s (Tabu left out: the costliest, and the schedule-based side moves with EG-EDF). "+
		"The claim checked is claim (a)'s \"%s\" (%s), Holm over all its comparisons under one rule.\n\n",
		cfg.Base.SlackMin, cfg.Base.SlackMax, cfg.Base.SlackMin, cfg.Base.SlackMax, sideReps, joinStreams(ss), labels(cfg.SlackAlgorithms),
		"EG-EDF < Flex-BF, EASY-BF, FCFS on delayed jobs", statementOf("a").section)
	t := &report.Table{ID: "deadline-slack", Title: "Delayed jobs (%) per deadline rule (means over the repetitions run) and EG-EDF < queue-based",
		Columns: []string{"rule", "stream"}}
	for _, a := range cfg.SlackAlgorithms {
		t.Columns = append(t.Columns, Label(a))
	}
	t.Columns = append(t.Columns, "EG-EDF < queue-based", "statistic")
	rules := append([]SlackRange{{cfg.Base.SlackMin, cfg.Base.SlackMax}}, cfg.Slacks...)
	// The default rule restricted to the repetitions the alternatives ran,
	// so the rows of a stream compare like with like.
	var recs []analysis.Record
	for _, r := range allRecs {
		if r.Rep < sideReps {
			recs = append(recs, r)
		}
	}
	var summary []string
	for k, sl := range rules {
		ids := make([]string, len(ss))
		for i, s := range ss {
			ids[i] = s.id
			if k > 0 {
				ids[i] = SlackWorkloadID(s.ia, sl)
			}
		}
		sub := &claimInput{recs: recs, workloads: ids, algos: cfg.SlackAlgorithms}
		checks := perStream(sub, "a", spacesharing.MDelayed, []string{"egedf"}, analysis.Lower, queueBased, ids)
		held := 0
		for _, c := range checks {
			if c.Held {
				held++
			}
		}
		summary = append(summary, fmt.Sprintf("U[%g, %g): %d of %d streams", sl.Min, sl.Max, held, len(ss)))
		for i, s := range ss {
			row := []report.Cell{report.Str(fmt.Sprintf("U[%g, %g)", sl.Min, sl.Max)), report.Str(s.id)}
			for _, a := range cfg.SlackAlgorithms {
				g := analysis.Summarize(analysis.Select(recs, ids[i], a, spacesharing.MDelayed))
				if g.N == 0 {
					row = append(row, report.Str("n/a"))
					continue
				}
				row = append(row, report.Num(g.Mean, 2))
			}
			verdict, stat := "not checked", ""
			if i < len(checks) && checks[i].Checked {
				verdict, stat = entry(checks[i]).Verdict, checks[i].Statistic
			}
			row = append(row, verdictCell(verdict), report.Str(stat))
			t.AddRow(row...)
		}
	}
	if err := report.WriteMarkdown(w, t); err != nil {
		return err
	}
	fmt.Fprintf(w, "EG-EDF < queue-based held, at %d repetitions: %s. The main page's verdicts use the default rule at the full repetitions.\n\n",
		sideReps, strings.Join(summary, "; "))
	return nil
}

func labels(as []string) string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = Label(a)
	}
	return strings.Join(out, ", ")
}
