package backfilling

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// sectionArtefact is where the published cells come from: the simulation
// results the authors shipped with the paper (the artefact's
// sim_analysis/metrics_complete files, column avgbsld), not a printed table.
const sectionArtefact = "SC'15 artefact results (metrics_complete)"

// windowsCaveat is said on every ordering's entry: its n counts windows of
// one run, which are not independent.
const windowsCaveat = "n counts consecutive windows of one whole-log run, not independent repetitions: a window's queue carries into the next, so the p-value is optimistic"

// claimsIn is what the paper's own claims are decided on.
type claimsIn struct {
	c      Config
	series []analysis.Point
}

// learned is the study's run of the learned predictor (the scheduler
// easypp-sgd-reqtime), and the others the runs the paper compares it with
// (Algos and References name them).
const (
	learned     = "easypp-sgd"     // EASY++ with the E-Loss SGD prediction, corrected to the request
	learnedEasy = "easypred-sgd"   // EASY (FCFS backfilling) with the same prediction: easypred-sgd-reqtime
	tsafrir     = "easypp-tsafrir" // EASY++ with the last-two average, Tsafrir's corrections: easypp-avg2-tsafrir
)

// The claim that the learned predictor beats clairvoyant backfilling, and
// its two readings of "backfilling with exact running times": EASY's FCFS
// backfilling (the default) or EASY++'s SJBF backfilling.
const (
	clairvoyantClaim = "learned-below-clairvoyant"
	clairvoyantQuote = "[the learned predictor] obtains a lower mean bounded slowdown than backfilling with exact (clairvoyant) running times"
	clairvoyantEASY  = "easy-clairvoyant"
	clairvoyantSJBF  = "easypp-clairvoyant"
)

// scopeLogs is the scope of the paper's own claims.
const scopeLogs = "every log at hand, paired by window"

// paperClaims are the paper's own results about its learned predictor,
// condensed (the paper's text is not under ../shared/papers): each is
// tested over the windows of every log at hand, as the orderings are, once
// the algorithms it names have runs; until then it is not testable.
var paperClaims = []analysis.Claim[claimsIn]{
	{ID: "learned-below-easypp", Scope: scopeLogs, Section: "SC'15 §6 (condensed)",
		Quote:   "[the learned predictor with EASY++'s SJBF backfilling] obtains a lower mean bounded slowdown than EASY++ (Tsafrir's last-two average and corrections)",
		Reading: "read as: " + learned + " below " + tsafrir + " on mean bounded slowdown, per log",
		Check:   below(learned, tsafrir)},
	{ID: clairvoyantClaim, Scope: scopeLogs, Section: "SC'15 §6 (condensed)",
		Quote: clairvoyantQuote,
		Reading: "read as: " + learned + " below " + clairvoyantEASY + " (EASY's backfilling on exact run times) on mean bounded slowdown, per log, the reading the authors' own numbers support (see the interpretations); " +
			"the other, below " + clairvoyantSJBF + ", is the row " + clairvoyantClaim + "/" + clairvoyantSJBF,
		Check: below(learned, clairvoyantEASY)},
	{ID: clairvoyantClaim + "/" + clairvoyantSJBF, Scope: scopeLogs, Section: "SC'15 §6 (condensed)",
		Quote:       clairvoyantQuote,
		Reading:     "other reading: " + learned + " below " + clairvoyantSJBF + " (SJBF backfilling on exact run times) on mean bounded slowdown, per log",
		Alternative: clairvoyantSJBF,
		Check:       below(learned, clairvoyantSJBF)},
	{ID: "learned-sjbf-matters", Scope: scopeLogs, Section: "SC'15 §6 (condensed)",
		Quote:   "[the learned prediction helps most with SJBF ordering of the backfilled jobs (EASY++) rather than with FCFS backfilling (EASY)]",
		Reading: "read as: " + learned + " below " + learnedEasy + " on mean bounded slowdown, per log",
		Check:   below(learned, learnedEasy)},
	{ID: "corrections", Scope: scopeLogs, Section: "SC'15 §5–6 (condensed)",
		Quote: "[the correction applied when a job outlives its prediction (requested time, Tsafrir's step series, recursive doubling) changes the mean bounded slowdown]",
		Check: analysis.NotTestable[claimsIn]("a claim that the corrections change the result, in no stated direction: the registry has every pair " +
			"(easypp-sgd-reqtime, easypp-sgd-tsafrir, easypp-sgd-doubling), but the paper states no ordering to test them against; the grid section compares them with the authors' own numbers")},
}

// below is the check "a's mean bounded slowdown below b's", paired by
// window, one Holm family over the logs at hand.
func below(a, b string) func(claimsIn) []analysis.LedgerEntry {
	return analysis.One(func(in claimsIn) analysis.LedgerEntry {
		var fam []*analysis.Comparison
		var missing []string
		var untested []notRun
		for _, l := range Logs {
			if !slices.Contains(in.c.Logs, l.ID) {
				untested = append(untested, notRunIn(in.c, l))
				continue
			}
			_, xa := analysis.SeriesOf(in.series, l.ID, a, SeriesWindow)
			_, xb := analysis.SeriesOf(in.series, l.ID, b, SeriesWindow)
			if len(xa) == 0 || len(xb) == 0 {
				for _, x := range []struct {
					name string
					v    []float64
				}{{a, xa}, {b, xb}} {
					if len(x.v) == 0 && !slices.Contains(missing, x.name) {
						missing = append(missing, x.name)
					}
				}
				continue
			}
			fam = append(fam, &analysis.Comparison{Name: a + " vs " + b, Scope: l.Label, Want: analysis.Lower, X: xa, Y: xb})
		}
		if len(missing) > 0 {
			return analysis.LedgerEntry{Verdict: analysis.VerdictNotTestable,
				Note: fmt.Sprintf("no runs of %s in this study: it runs them on the SC'15 artefact's inputs, missing here", strings.Join(missing, ", "))}
		}
		analysis.Test(fam...)
		e := analysis.LedgerEntry{Scope: fmt.Sprintf("%s (%d windows per log)", scopeLogs, in.c.Windows), Note: windowsCaveat}
		if len(untested) > 0 {
			e.Note = analysis.JoinNote(e.Note, "not tested on the logs without their SC'15 artefact input: "+notRunText(untested))
		}
		return e.FromVerdict(analysis.Decide(fam), len(fam))
	})
}

// ledger is the study's claims ledger: the published cells (kind
// "published value", cited as the artefact's results), the orderings with
// the windows' caveat, then the paper's own claims.
func ledger(c Config, sum summary, series []analysis.Point) []analysis.LedgerEntry {
	var out []analysis.LedgerEntry
	for _, e := range sum.ledger {
		e.Section = sectionArtefact
		if slices.ContainsFunc(Orderings, func(o Ordering) bool { return strings.HasSuffix(e.ID, "/"+o.ID) }) {
			if e.Verdict != analysis.VerdictNotTestable {
				e.Note = analysis.JoinNote(e.Note, windowsCaveat)
			}
		} else {
			e.Kind = analysis.KindPublished
		}
		out = append(out, e)
	}
	return append(out, analysis.Ledger(paperClaims, claimsIn{c: c, series: series})...)
}
