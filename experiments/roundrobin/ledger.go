package roundrobin

import (
	"fmt"
	"math"
	"slices"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/timeshared"
)

// quote is where the paper says a claim, in its own words.
type quote struct{ section, text string }

// quotes holds the paper's words for every claim of Claims, and for the
// result statements no test here can decide (notTestable).
var quotes = map[string]quote{
	"W1":  {"§8.1", "It has been found that APDRR and SPN scheduling algorithms have shown the best performance while producing the shortest average waiting times as compared to other scheduling algorithms."},
	"W4":  {"§8.1", "It also presents that RR has shown the average performance but result in higher average waiting time measures as compared to those for APDRR and SPN."},
	"W2":  {"§8.1", "The LJJ has shown to have the longest average waiting times."},
	"W3":  {"§8.1", "All scheduling algorithms have shown the improvement w. r. t. average waiting times by varying number of CPUs successively from '16' to '128'."},
	"W5":  {"§8.1", "As a result, APDRR has shown the optimal average waiting times for '3%' and '5%' workload of AuverGrid."},
	"T1":  {"§8.2", "The values for average turnaround times computed by APDRR are found shorter than those for the other grid scheduling algorithms."},
	"T2":  {"§8.2", "This figure also shows that SPN has shown better performance w. r. t. the average turnaround times. Furthermore, it is found that RR, P, PLRR, FCFS and LJJ scheduling algorithms have shown the longer average turnaround time measures."},
	"R1":  {"§8.3", "It is found that that average response times computed by the APDRR and RR are shorter than other scheduling algorithms."},
	"R2":  {"§8.3", "It also shows that SPN algorithm produces better average response time compared to other algorithms. However, P, PLRR, FCFS and LJF have shown the worst performance w. r. t. average response time measures"},
	"R3":  {"§8.3", "out of which LJF results in the longest average response times."},
	"R4":  {"§8.3", "Average response times for each algorithm have decreased by increasing the number of CPUs. [...] All scheduling algorithms have shown the improvement w. r. t. average response time measures by increasing the number of CPUs successively from '16' to '128'."},
	"S1":  {"§8.4", "Figure 7 shows that APDRR and RR have produced the shortest average slowdown times compared to other scheduling algorithms."},
	"S2":  {"§8.4", "Figure 7 also presents that SPN has also shown average performance w. r. t. the average slowdown times. It has also shown that PLRR, P, FCFS and LJF have shown the worst performance while resulting in longer average slowdown times."},
	"S3":  {"§8.4", "LJF has shown the longest average slowdown times."},
	"S4a": {"§8.4", "As a result, RR and APDRR have shown the best average slowdown times compared to other scheduling algorithms"},
	"S4b": {"§8.4", "[RR and APDRR ...] presented improvement w. r. t. average slowdown times under the increasing number of CPUs successively from '16' to '128'."},
	"C1":  {"§8.5", "Figure 8 shows that APDRR has produced the shortest total completion times compared to the other scheduling algorithms. Figure 8 also presents that SPN and RR have shown slightly higher total completion times than those for APDRR."},
	"C2":  {"§8.5", "This figure also depicts that P, FCFS and LJF have shown the worst performance, resulting in longer completion times."},
	"C3":  {"§8.5", "Moreover, all scheduling algorithms have shown improvement in total completion times by increasing the number of CPUs for '3%' to '5%' workload of AuverGrid."},
	"C4":  {"§8.5", "As a result, MH and MHR have shown best total completion times."},
	"X1":  {"§8.6", "It can be depicted that APDRR have shown the shorter maximum job stretch times compared to the other scheduling algorithms."},
	"X3":  {"§8.6", "In addition, RR and SPN have shown the average measures of maximum job stretch times."},
	"X2":  {"§8.6", "Figure 9 also shows that P, PLRR, FCFS and LJF have produced the longest maximum job stretch times. Finally, APDRR, SPN and RR have shown the better maximum job stretch times."},
	"K1":  {"§9", "Experimental results show that APDRR has shown the optimal performance from the system perspective while resulting in the least average waiting times, average turnaround times, average slowdown time, total completion times and maximum job stretch times. Moreover, APDRR has also shown the optimal performance from the user perspective while producing the least average response time measures [...] APDRR is an optimal job scheduling policy from system as well as from user perspective."},
}

// notTestable are the result statements no run here can decide, with why.
var notTestable = []struct{ id, why string }{
	{"C4", "MH and MHR are not among the algorithms the paper compares or defines (a leftover from another study); nothing to run"},
	{"X3", "\"the average measures\" places RR and SPN between the best and the worst without an ordering to test; X1 and X2 test both ends"},
}

// Completion8_5 is §8.5's definition of completion time, quoted on the page
// beside the two readings of Figure 8's total completion time.
const Completion8_5 = "Machine Completion time is defined as the time for which a machine 'm' will finalize the processing of the previously assigned tasks as well as of those already planned tasks for the machine"

// byConstruction reports whether a scaling claim is satisfied by any
// work-conserving algorithm in family fr: every window of every size is
// overloaded (offered load per CPU above 1) at the smallest P (with
// everyStep, at the fewer CPUs of every step, the largest of which is the
// second largest P), so adding CPUs shortens every queue whatever the
// order of service. It returns the smallest such load.
func (r *reporter) byConstruction(fr *familyResult, everyStep bool) (bool, float64) {
	low := math.Inf(1)
	for _, size := range sizesOf(fr.ws) {
		ps := slavesIn(fr.ws, size)
		from := ps[0]
		if everyStep && len(ps) > 1 {
			from = ps[len(ps)-2]
		}
		for _, w := range r.windows[size] {
			low = math.Min(low, w.load(from))
		}
	}
	return low > 1 && !math.IsInf(low, 1), low
}

// ledgerEntry is the ledger entry of one claim's verdict on one family;
// a claim of AltClaims has its default claim's quote.
func ledgerEntry(v *Verdict, scope string) analysis.LedgerEntry {
	q := quotes[v.Base()]
	return v.decide(analysis.LedgerEntry{ID: v.ID, Quote: q.text, Section: q.section + " (" + v.Figure + ")", Scope: scope, Alternative: v.Alternative})
}

// familyIn is what a ledger row reads: the report and one family of
// windows with its verdicts (the claims evaluated on it, under one reading
// of total completion time; with AltClaims' beside Claims').
type familyIn struct {
	r        *reporter
	fr       *familyResult
	verdicts []*Verdict
}

// claimRow is the ledger row of claim c: its verdict on the family, with
// a note where a scaling claim is satisfied by construction (every window
// overloaded) and where an APDRR-best claim fails; a claim of AltClaims
// says its reading first.
func claimRow(c Claim) analysis.Claim[*familyIn] {
	return analysis.Claim[*familyIn]{ID: c.ID, Reading: readingNotes[c.Alternative], Check: analysis.One(func(in *familyIn) analysis.LedgerEntry {
		for _, v := range in.verdicts {
			if v.ID == c.ID {
				return in.decide(v)
			}
		}
		q := quotes[c.Base()]
		return analysis.LedgerEntry{Section: q.section + " (" + c.Figure + ")", Quote: q.text, Scope: in.fr.family.String(),
			Verdict: analysis.VerdictNotTestable, Note: "not evaluated on this family"}
	})}
}

// ByConstructionNote starts the note of a scaling claim that held on a
// family whose windows are all overloaded: the verdict is the test's, the
// note says it cannot tell the algorithms apart (the headline counts these).
const ByConstructionNote = "satisfied by construction"

// decide is the ledger entry of verdict v on the family: the test's
// verdict, never changed; notes only explain it.
func (in *familyIn) decide(v *Verdict) analysis.LedgerEntry {
	e := ledgerEntry(v, in.fr.family.String())
	construct, low := in.r.byConstruction(in.fr, v.Steps)
	if v.Scaling && construct && e.Verdict == analysis.VerdictHeld {
		at := "the smallest P"
		if v.Steps {
			at = "the fewer CPUs of every step"
		}
		e.Note = fmt.Sprintf(ByConstructionNote+": every window is overloaded at %s (offered load per CPU ≥ %.2f), "+
			"so more CPUs shorten every queue under any work-conserving algorithm; the test held but cannot tell the algorithms apart", at, low)
	}
	if v.APDRRBest && e.Verdict == analysis.VerdictNotHeld {
		e.Note = analysis.JoinNote(e.Note, "APDRR as published; see the APDRR ablation and the load sweep.")
	}
	return e
}

// ledgerRows are the rows of one family: every claim of Claims, each
// followed by its other readings (AltClaims), then the statements no run
// here can decide.
func ledgerRows() []analysis.Claim[*familyIn] {
	var rows []analysis.Claim[*familyIn]
	for _, c := range Claims {
		rows = append(rows, claimRow(c))
		for _, a := range AltClaims {
			if a.Base() == c.ID {
				rows = append(rows, claimRow(a))
			}
		}
	}
	for _, nt := range notTestable {
		q := quotes[nt.id]
		rows = append(rows, analysis.Claim[*familyIn]{ID: nt.id, Section: q.section, Quote: q.text,
			Check: func(in *familyIn) []analysis.LedgerEntry {
				return []analysis.LedgerEntry{{Scope: in.fr.family.String(), Verdict: analysis.VerdictNotTestable, Note: nt.why}}
			}})
	}
	return rows
}

// makespanRows are the claims on total completion time (Figure 8's, and
// §9's K1, which reads the words as Figure 8 does) again with it read as
// the makespan (reading b).
func makespanRows() []analysis.Claim[*familyIn] {
	var rows []analysis.Claim[*familyIn]
	for _, c := range Claims {
		if !slices.Contains(c.Metrics, timeshared.MCompletion) {
			continue
		}
		rows = append(rows, analysis.Claim[*familyIn]{ID: c.ID + "/makespan",
			Check: analysis.One(func(in *familyIn) analysis.LedgerEntry {
				for _, v := range in.verdicts {
					if v.ID == c.ID {
						e := ledgerEntry(v, in.fr.family.String())
						e.ID, e.Alternative = "", "makespan"
						e.Note = analysis.JoinNote("reading (b): total completion time read as the makespan, which no algorithm changes here", e.Note)
						return e
					}
				}
				return analysis.LedgerEntry{Verdict: analysis.VerdictNotTestable, Note: "not evaluated on this family"}
			})})
	}
	return rows
}

// §4's statements about Figure 2, in the paper's words.
const (
	quoteF2      = "Figure 2 depicts that, job arrivals show a diversity of correlation structures, including short range dependencies, pseudo periodicity, and long range dependence."
	sectionF2    = "§4 (Figure 2)"
	auverGridOut = "the statement is about AuverGrid, which is not in the data: decided on the study's trace instead"
)

// fig2Rows are §4's result statements about Figure 2, decided once on the
// count process of the whole trace (dependence.go states each rule).
func fig2Rows() []analysis.Claim[*reporter] {
	tested := func(f func(d *dependence) analysis.LedgerEntry) func(*reporter) []analysis.LedgerEntry {
		return analysis.One(func(r *reporter) analysis.LedgerEntry {
			e := f(r.dep)
			e.Scope = fmt.Sprintf("whole trace: %s, %d windows of %g s", r.src.Label, r.dep.N, r.fig2.Windows.Width)
			e.N = r.dep.N
			if !r.src.Published {
				e.Note = analysis.JoinNote(e.Note, auverGridOut)
			}
			return e
		})
	}
	return []analysis.Claim[*reporter]{
		{ID: "F2a", Section: sectionF2, Quote: quoteF2,
			Reading: "short range dependencies: the ACF at lag 1 (1024 s) above white noise's 95% bound 1.96/√n",
			Check: tested(func(d *dependence) analysis.LedgerEntry {
				return analysis.LedgerEntry{Verdict: analysis.VerdictOf(d.srd()),
					Statistic: fmt.Sprintf("ACF(1) = %.3f vs bound %.3f", d.ACF1, d.Bound)}
			})},
		{ID: "F2b", Section: sectionF2, Quote: quoteF2,
			Reading: "pseudo periodicity: at the lag of the dominant period (the largest FFT bin above 0.5 cycles/day) the ACF is above that bound and above the ACF at half the period, i.e. the correlation comes back",
			Check: tested(func(d *dependence) analysis.LedgerEntry {
				switch {
				case !d.HasPeak:
					return analysis.LedgerEntry{Verdict: analysis.VerdictNotHeld, Statistic: fmt.Sprintf("no FFT bin above %g cycles/day", PeakMinFreq)}
				case !d.PeriodOK:
					return analysis.LedgerEntry{Verdict: analysis.VerdictNotHeld, Statistic: fmt.Sprintf("dominant period %.1f h: beyond the ACF's lags", d.PeriodHours)}
				}
				return analysis.LedgerEntry{Verdict: analysis.VerdictOf(d.periodic()),
					Statistic: fmt.Sprintf("period %.1f h: ACF(%d) = %.3f vs bound %.3f and ACF(%d) = %.3f", d.PeriodHours, d.LagP, d.ACFP, d.Bound, d.LagP/2, d.ACFH)}
			})},
		{ID: "F2c", Section: sectionF2, Quote: quoteF2,
			Reading: fmt.Sprintf("long range dependence: the Hurst exponent of the counts less their daily profile (aggregated variance) above that of short-memory surrogates "+
				"(%d AR series fitted to the counts, one-sided p < 0.05): held when AR(p ≤ %d, by AIC) is rejected, not held when not even AR(1) is, inconclusive between",
				LRDSurrogates, LRDMaxOrder),
			Check: tested(func(d *dependence) analysis.LedgerEntry {
				if !d.HurstOK {
					return analysis.LedgerEntry{Verdict: analysis.VerdictNotTestable, Note: "too few windows to estimate a Hurst exponent"}
				}
				e := analysis.LedgerEntry{Verdict: d.lrd(),
					Statistic: fmt.Sprintf("H = %.3f; AR(1) surrogates: mean %.3f, p = %.3f; AR(%d): mean %.3f, p = %.3f",
						d.Hurst, d.AR1.Mean, d.AR1.P, d.Order, d.ARp.Mean, d.ARp.P)}
				p := d.ARp.P
				if e.Verdict == analysis.VerdictNotHeld {
					p = d.AR1.P
				}
				e.P = &p
				if e.Verdict == analysis.VerdictInconclusive {
					e.Note = fmt.Sprintf("more than AR(1) short memory, not more than AR(%d): %d windows cannot tell long memory from short memory of high order", d.Order, d.N)
				}
				return e
			})},
		{ID: "F2d", Section: sectionF2, Quote: "Long range dependencies can results in big performance degradation, which effects should be taken into consideration for evaluation of scheduling algorithms.",
			Check: analysis.NotTestable[*reporter]("a statement from the literature ([24, 25]), not a result of the paper's runs: neither the paper nor this study runs the algorithms on arrivals with the dependence taken out to compare")},
		{ID: "F2e", Section: sectionF2, Quote: "Real grid workload 'AuverGrid' has shown rich correlation and scaling behaviour",
			Reading: "rich correlation: F2a and F2b; scaling behaviour: long-range dependence (self-similarity), F2c; held when all three hold",
			Check: tested(func(d *dependence) analysis.LedgerEntry {
				vs := []string{analysis.VerdictOf(d.srd()), analysis.VerdictOf(d.periodic()), d.lrd()}
				e := analysis.LedgerEntry{Verdict: analysis.VerdictHeld, Statistic: fmt.Sprintf("F2a %s, F2b %s, F2c %s", vs[0], vs[1], vs[2])}
				for _, v := range vs {
					switch {
					case v == analysis.VerdictNotHeld:
						e.Verdict = analysis.VerdictNotHeld
					case v != analysis.VerdictHeld && e.Verdict == analysis.VerdictHeld:
						e.Verdict = v
					}
				}
				return e
			})},
		{ID: "F2f", Section: sectionF2, Quote: "which are different from conventional parallel workload [24, 25].",
			Check: analysis.NotTestable[*reporter]("the paper shows no parallel workload's count process and names no statistic in which they differ: the finding is [24, 25]'s, cited")},
	}
}

// ledger is §4's statements about Figure 2 (once, on the whole trace),
// then every result statement of sections 8.1–8.6 and 9, per family of
// windows, in the paper's order; then the claims on total completion time
// under its other reading.
func (r *reporter) ledger() []analysis.LedgerEntry {
	out := analysis.Ledger(fig2Rows(), r)
	for _, fr := range r.fams {
		out = append(out, analysis.Ledger(ledgerRows(), &familyIn{r: r, fr: fr, verdicts: slices.Concat(fr.verdicts, fr.alt)})...)
	}
	makespan := analysis.SubstituteMetric(r.recs, timeshared.MMakespan, timeshared.MCompletion)
	for _, fr := range r.fams {
		out = append(out, analysis.Ledger(makespanRows(), &familyIn{r: r, fr: fr, verdicts: Evaluate(makespan, fr.ws)})...)
	}
	return out
}
