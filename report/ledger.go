package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// LedgerTable renders a claims ledger (see analysis.LedgerEntry) as one
// table: every claim with its quote, section, scope, verdict, statistic,
// Holm-adjusted p, pairs and note. Held verdicts are marked best, not held
// ones bad; a claim the calibration was fitted on says so in its verdict.
func LedgerTable(id, title string, es []analysis.LedgerEntry) *Table {
	t := &Table{ID: id, Title: title,
		Columns: []string{"id", "section", "claim (paper's words)", "scope", "verdict", "statistic", "p (Holm)", "n", "note"}}
	for _, e := range es {
		v := Str(e.Verdict)
		if e.InSample {
			v.Text += " (in sample)"
		}
		if e.Kind == analysis.KindPublished {
			v.Text += " (published value)"
		}
		v.Best = e.Verdict == analysis.VerdictHeld
		v.Bad = e.Verdict == analysis.VerdictNotHeld
		p := Str("")
		if e.P != nil {
			p = P(*e.P)
		}
		n := Str("")
		if e.N > 0 {
			n = Int(e.N)
		}
		t.AddRow(Str(e.ID), Str(e.Section), Str("“"+e.Quote+"”"), Str(e.Scope), v, Str(e.Statistic), p, n, Str(e.Note))
	}
	t.Notes = []string{"Verdicts are computed from the runs: held / not held at α = 0.05 after Holm within each claim's family; " +
		"inconclusive = too few pairs to ever reach α (a '≤' held with so few pairs is inconclusive too: it could not have failed); not testable = the note says why. " +
		"\"in sample\" marks a claim whose cells a calibrated value was fitted on: it is not a validation; " +
		"\"published value\" marks an equality with a published table's value, counted apart from the paper's claims (a misprint there is not a claim not held)."}
	return t
}

// LedgerCounts renders the verdict counts of es on one line, e.g.
// "22 claims: 14 held, 5 not held, 1 inconclusive, 2 not testable", with
// the in-sample claims counted apart when there are any. The equalities
// with published values (analysis.KindPublished) are counted apart too,
// after the paper's claims, so that the line says what each number counts:
// "29 claims of the paper: …; and 5 published values: 4 held, 1 not
// held"; rows that decide a claim again under an alternative reading
// (LedgerEntry.Alternative) are counted apart in the same way.
func LedgerCounts(es []analysis.LedgerEntry) string {
	claims, pub := analysis.SplitKinds(es)
	def, alt := analysis.SplitReadings(claims)
	of := ""
	switch {
	case len(alt) > 0:
		of = " under the default readings"
	case len(pub) > 0:
		of = " of the paper"
	}
	s := countLine("claim", of, def)
	if len(alt) > 0 {
		s += "; and " + countLine("row", " under an alternative reading", alt)
	}
	if len(pub) > 0 {
		s += "; and " + countLine("published value", "", pub)
	}
	return s
}

// countLine counts es, as noun (Plural) and what follows it.
func countLine(noun, of string, es []analysis.LedgerEntry) string {
	c := analysis.Count(es)
	s := fmt.Sprintf("%d %s%s: %d held, %d not held, %d inconclusive, %d not testable",
		len(es), Plural(len(es), noun), of, c.Held, c.NotHeld, c.Inconclusive, c.NotTestable)
	var in []analysis.LedgerEntry
	for _, e := range es {
		if e.InSample {
			in = append(in, e)
		}
	}
	if len(in) > 0 {
		ci := analysis.Count(in)
		s += fmt.Sprintf(" (of which %d in sample: %d held; out of sample %d of %d held)",
			len(in), ci.Held, c.Held-ci.Held, len(es)-len(in))
	}
	return s
}

// WriteLedgerSection writes a page's "Claims ledger" section: a short
// lead, the verdict counts and the ledger table.
func WriteLedgerSection(w io.Writer, lead string, es []analysis.LedgerEntry) error {
	var b strings.Builder
	b.WriteString("## Claims ledger\n\n")
	if lead != "" {
		b.WriteString(lead + "\n\n")
	}
	fmt.Fprintf(&b, "**%s.**\n\n", LedgerCounts(es))
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	return WriteMarkdown(w, LedgerTable("claims", "", es))
}

// WriteLedgerFile writes es, decided by method m, as
// <paperDir>/<exp>.claims.json (analysis.LedgerFile), atomically, and
// returns the file's name relative to paperDir.
func WriteLedgerFile(paperDir, exp string, m analysis.Method, es []analysis.LedgerEntry) (string, error) {
	name := exp + ".claims.json"
	err := analysis.WriteFileAtomic(filepath.Join(paperDir, name), func(f io.Writer) error {
		return analysis.WriteLedger(f, analysis.NewLedgerFile(exp, m, es))
	})
	return name, err
}
