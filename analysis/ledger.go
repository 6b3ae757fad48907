package analysis

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// The four verdicts of a claims ledger. A verdict is computed from the
// runs, never written by hand.
const (
	VerdictHeld         = "held"
	VerdictNotHeld      = "not held"
	VerdictInconclusive = "inconclusive"
	VerdictNotTestable  = "not testable"
)

// MinPairs is the smallest number of pairs with which a two-sided exact
// Wilcoxon signed-rank test can reach Alpha after Holm over a family of m
// comparisons: with n untied non-zero differences the smallest two-sided p
// is 2/2^n, and Holm multiplies the smallest p by m. Fewer pairs can never
// decide a directional claim, whatever the data.
func MinPairs(m int) int {
	m = max(m, 1)
	for n := 1; ; n++ {
		if float64(m)*math.Pow(2, 1-float64(n)) < Alpha {
			return n
		}
	}
}

// Underpowered reports whether comparison c, tested in a Holm family of
// size m, had too few pairs to ever reach Alpha.
func (c *Comparison) Underpowered(m int) bool { return c.N < MinPairs(m) }

// LedgerEntry is one result statement of a paper with its verdict: the
// shape of paper/<exp>.claims.json, the same for every study.
type LedgerEntry struct {
	ID      string `json:"id"`
	Quote   string `json:"quote"`   // the paper's words
	Section string `json:"section"` // where the paper says it, e.g. "§6" or "Fig. 2"
	Scope   string `json:"scope"`   // what it was tested on (workload, window, ...); empty for the whole study
	// Verdict is one of VerdictHeld, VerdictNotHeld, VerdictInconclusive,
	// VerdictNotTestable.
	Verdict string `json:"verdict"`
	// Statistic names the test and its value, e.g. "Wilcoxon r=-0.82";
	// empty when nothing was tested.
	Statistic string `json:"statistic,omitempty"`
	// P is the Holm-adjusted p of the decisive comparison (nil when no
	// test was run), N its number of pairs.
	P *float64 `json:"p"`
	N int      `json:"n"`
	// Note says why (not testable, inconclusive, satisfied by
	// construction, fitted in sample, ...).
	Note string `json:"note,omitempty"`
	// InSample marks a claim or cell the calibration was fitted on: it
	// cannot count as validated.
	InSample bool `json:"in_sample,omitempty"`
	// Kind is KindPublished for an equality with a published table's
	// value, empty for a statement of the paper's text.
	Kind string `json:"kind,omitempty"`
}

// KindPublished is the Kind of an entry that compares a reproduced value
// with a published table's: a misprint there is not a claim not held.
const KindPublished = "published value"

// FromVerdict fills e's verdict, statistic, p and n from a tested row: held
// when every comparison held, inconclusive when it did not hold and its
// decisive comparison had fewer than MinPairs(family) pairs (the note then
// says how many are needed), not held otherwise.
func (e LedgerEntry) FromVerdict(v Verdict, family int) LedgerEntry {
	c := v.Decisive
	if c == nil {
		e.Verdict = VerdictNotTestable
		if e.Note == "" {
			e.Note = "no comparison could be made"
		}
		return e
	}
	e.N = c.N
	if !math.IsNaN(c.PAdj) {
		p := c.PAdj
		e.P = &p
	}
	if c.Err == nil {
		e.Statistic = fmt.Sprintf("Wilcoxon signed-rank, r=%.2f, means %.4g vs %.4g", c.Res.Effect, c.MeanA, c.MeanB)
	}
	switch {
	case v.Held():
		e.Verdict = VerdictHeld
	case c.N == 0:
		// Nothing to test, not too few repetitions: the metric has no
		// value in the comparison's scope, or its runs failed.
		e.Verdict = VerdictInconclusive
		e.Note = JoinNote(e.Note, "no paired values in "+cmp.Or(c.Scope, "its scope"))
	case !c.Reversed() && c.Underpowered(family):
		e.Verdict = VerdictInconclusive
		e.Note = JoinNote(e.Note, TooFewNote(family))
	default:
		e.Verdict = VerdictNotHeld
	}
	return e
}

// LedgerCounts are a ledger's verdicts counted.
type LedgerCounts struct {
	Held, NotHeld, Inconclusive, NotTestable int
}

// Count counts the verdicts of es.
func Count(es []LedgerEntry) LedgerCounts {
	var c LedgerCounts
	for _, e := range es {
		switch e.Verdict {
		case VerdictHeld:
			c.Held++
		case VerdictNotHeld:
			c.NotHeld++
		case VerdictInconclusive:
			c.Inconclusive++
		default:
			c.NotTestable++
		}
	}
	return c
}

// WriteLedger writes es as the indented JSON array of <exp>.claims.json.
func WriteLedger(w io.Writer, es []LedgerEntry) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if es == nil {
		es = []LedgerEntry{}
	}
	return enc.Encode(es)
}
