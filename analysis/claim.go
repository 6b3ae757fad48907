package analysis

import "fmt"

// Claim is one result statement of a paper as a row of a claims table:
// where the paper says it, its words, how the words were read, what it is
// tested on, and the check that decides it from the results (In, the
// study's own view of its runs). Every study's claims are a []Claim of its
// In, and Ledger turns them into ledger entries the same way for all.
type Claim[In any] struct {
	ID      string
	Section string // where the paper says it, e.g. "§6" or "Fig. 2"
	Quote   string // the paper's words
	// Reading says how vague words were read (the margin, the baseline
	// "good" is measured against); the entry's note starts with it.
	Reading string
	// Scope is what the claim is tested on when its check does not say
	// (a workload, the fresh instances, a window).
	Scope string
	// Published marks an equality with a value of a published table, not
	// a statement of the paper's text: a misprint in the table is not a
	// claim not held, so it is counted apart (see LedgerEntry.Kind).
	Published bool
	// Alternative names the reading of the paper's words the claim is
	// decided under when it is not the default one: its entries are
	// counted apart (see LedgerEntry.Alternative).
	Alternative string
	// Check decides the claim: one entry, or one per scope when the claim
	// is decided separately on each (a stream, a family of windows). Its
	// entries need only what the check found (verdict, statistic, p, n,
	// the note's reason); Ledger fills the rest from the row. Use
	// NotTestable for a statement no run can decide.
	Check func(in In) []LedgerEntry
}

// Ledger decides every claim on in and returns their entries in the
// claims' order. An entry keeps the id, section, quote and scope its check
// set and takes the claim's otherwise; its note is the claim's reading
// followed by the check's note.
func Ledger[In any](claims []Claim[In], in In) []LedgerEntry {
	var out []LedgerEntry
	for _, c := range claims {
		if c.Check == nil {
			panic("analysis: claim " + c.ID + " has no check")
		}
		for _, e := range c.Check(in) {
			out = append(out, c.fill(e))
		}
	}
	return out
}

// fill completes e, one of c's entries, from the row.
func (c Claim[In]) fill(e LedgerEntry) LedgerEntry {
	e.ID = orString(e.ID, c.ID)
	e.Section = orString(e.Section, c.Section)
	e.Quote = orString(e.Quote, c.Quote)
	e.Scope = orString(e.Scope, c.Scope)
	e.Note = JoinNote(c.Reading, e.Note)
	e.Alternative = orString(e.Alternative, c.Alternative)
	if c.Published {
		e.Kind = KindPublished
	}
	return e
}

func orString(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// NotTestable is the check of a statement no run here can decide, with
// the reason.
func NotTestable[In any](why string) func(In) []LedgerEntry {
	return func(In) []LedgerEntry {
		return []LedgerEntry{{Verdict: VerdictNotTestable, Note: why}}
	}
}

// One wraps a check that decides its claim in one entry.
func One[In any](f func(In) LedgerEntry) func(In) []LedgerEntry {
	return func(in In) []LedgerEntry { return []LedgerEntry{f(in)} }
}

// VerdictOf is held when ok, not held otherwise: the verdict of a check
// with no test (one deterministic run, a property of every value).
func VerdictOf(ok bool) string {
	if ok {
		return VerdictHeld
	}
	return VerdictNotHeld
}

// JoinNote joins two parts of a note with "; ", leaving out an empty one.
func JoinNote(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// Substitute returns recs with algorithm from's records relabelled as to
// and to's own records left out, so that a variant or a reading can be
// checked in the place of the algorithm the claims name.
func Substitute(recs []Record, from, to string) []Record {
	return relabel(recs, func(r *Record) *string { return &r.Algorithm }, from, to)
}

// SubstituteMetric does as Substitute for metrics: from's values are
// checked as to's.
func SubstituteMetric(recs []Record, from, to string) []Record {
	return relabel(recs, func(r *Record) *string { return &r.Metric }, from, to)
}

func relabel(recs []Record, field func(*Record) *string, from, to string) []Record {
	var out []Record
	for _, r := range recs {
		switch f := field(&r); *f {
		case to:
			continue
		case from:
			*f = to
		}
		out = append(out, r)
	}
	return out
}

// TooFewNote is the reason of an inconclusive verdict that no data could
// have decided with fewer than MinPairs(family) pairs.
func TooFewNote(family int) string {
	return fmt.Sprintf("too few repetitions: at least %d needed", MinPairs(family))
}
