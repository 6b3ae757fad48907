package immediate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// An alternative is a claim of sectionSix decided again under another
// reading of its words: a ledger row of its own after the claim's default
// rows, its id the claim's with "/<reading>", counted apart from the
// default rows (LedgerEntry.Alternative). The page's interpretations give
// it beside the default rows, with both results and why the default reads
// the words as it does.
type alternative struct {
	id       string   // the claim's id: the row's is id + "/" + reading
	defaults []string // the claim's default rows, in the ledger's order
	reading  string
	// was and is say how the default rows and this row read the words.
	was, is string
	// why says, on the page, why the default reads the words as it does.
	why   func() string
	check allOf
}

// The alternative readings' names, the ends of their rows' ids.
const (
	readingEveryType    = "every-type"
	readingOneYardstick = "one-yardstick"
)

// The orderings of the claims read again: each default row's, and the
// other half of X-M4's one yardstick.
var (
	m4Good    = ordering{cons: "cs", metric: "makespan", a: []string{"SA"}, b: []string{"OLB"}}
	m4Exempt  = ordering{cons: "i", metric: "makespan", a: []string{"SA"}, b: []string{"MCT"}, worse: true}
	m4NotGood = ordering{cons: "i", metric: "makespan", a: []string{"SA"}, b: []string{"OLB"}, worse: true}
	f3Order   = ordering{cons: "s", metric: "flowtime", a: []string{"SA", "kPB"}, b: []string{"OLB", "MCT", "MET"}}
	u4Order   = ordering{cons: "i", metric: "utilization", a: []string{"MCT", "OLB"}, b: []string{"MET", "SA", "kPB"}}
	p4Order   = ordering{cons: "si", metric: "proximity", a: []string{"SA"}, b: []string{"kPB"}}
)

// alternatives are the claims of sectionSix also read another way, in the
// ledger's order.
var alternatives = []alternative{
	{id: "X-M4", defaults: []string{"X-M4a", "X-M4b"}, reading: readingOneYardstick,
		was: "two yardsticks, \"good\" as better than OLB on the consistent and semi-consistent types (X-M4a), the exception as worse than MCT " +
			"on the inconsistent ones (X-M4b)",
		is: "one yardstick, OLB, the study's for \"good\": SA better than OLB on the consistent and semi-consistent types and, the exception, " +
			"worse than OLB on the inconsistent ones, one Holm family",
		why:   m4Why,
		check: allOf{m4Good, m4NotGood}},
	everyType("X-F3", f3Order),
	everyType("X-U4", u4Order),
	everyType("X-P4", p4Order),
}

// everyType is the claim id, whose default row reads o on the mean over
// the types of each consistency letter of o (typeMean), as X-M3's and
// X-U5's default rows are, read on every type of those letters: the
// paper's own table holds the default reading in full and this one only
// in part (why says so with its counts).
func everyType(id string, o ordering) alternative {
	mean := typeMean(o)
	return alternative{id: id, defaults: []string{id}, reading: readingEveryType,
		was: meanWords(o) + " (" + o.metric + " relative to MCT's on the same instance)",
		is:  o.words() + " on every " + consistencies(o.cons) + " type",
		why: func() string {
			h, n := o.publishedSupport()
			mh, mn := mean.publishedSupport()
			return fmt.Sprintf("Section 6 says this of whole consistency classes, as it says the claims of X-M3 and X-U5; as theirs, the default row "+
				"reads the words the way the paper's own table holds them. In the paper's own %s: on the means %d of %d, on every type %d of %d",
				tableOf[o.metric], mh, mn, h, n)
		},
		check: allOf{o}}
}

// typeMean is ordering o read on the mean over the types of each of its
// consistency letters (values relative to MCT's on the same instance).
func typeMean(o ordering) ordering {
	mean := o
	mean.pools = nil
	for _, c := range o.cons {
		mean.pools = append(mean.pools, string(c))
	}
	return mean
}

// meanWords says what ordering o claims on the mean over its types
// (typeMean): "SA better than kPB on the mean over the semi-consistent
// types and on the mean over the inconsistent types".
func meanWords(o ordering) string {
	mean := typeMean(o)
	return mean.words() + " on the mean over the " + poolWords(mean.pools)
}

// words says what an ordering claims, without where: "SA and kPB better
// than OLB, MCT and MET".
func (c ordering) words() string {
	dir := "better"
	if c.worse {
		dir = "worse"
	}
	return andList(c.a) + " " + dir + " than " + andList(c.b)
}

// andList is "a", "a and b", "a, b and c".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// consistencyNames name the consistency letters.
var consistencyNames = map[rune]string{'c': "consistent", 's': "semi-consistent", 'i': "inconsistent"}

// consistencies names the consistency letters of cons: "semi-consistent
// and inconsistent".
func consistencies(cons string) string {
	var names []string
	for _, c := range cons {
		names = append(names, consistencyNames[c])
	}
	return andList(names)
}

// poolWords names single-letter pools: "semi-consistent types and on the
// mean over the inconsistent types".
func poolWords(pools []string) string {
	var names []string
	for _, p := range pools {
		names = append(names, consistencies(p)+" types")
	}
	return strings.Join(names, " and on the mean over the ")
}

// m4Why is why X-M4's default measures its two halves against two
// baselines, from the paper's own Table 3: against either alone, one half
// fails in the table.
func m4Why() string {
	olbI, n := ordering{cons: "i", metric: "makespan", a: []string{"SA"}, b: []string{"OLB"}}.publishedSupport()
	mctCS, m := ordering{cons: "cs", metric: "makespan", a: []string{"SA"}, b: []string{"MCT"}}.publishedSupport()
	gh, gn := m4Good.publishedSupport()
	eh, en := m4Exempt.publishedSupport()
	oh, on := allOf{m4Good, m4NotGood}.publishedSupport()
	mh, mn := allOf{{cons: "cs", metric: "makespan", a: []string{"SA"}, b: []string{"MCT"}}, m4Exempt}.publishedSupport()
	return fmt.Sprintf("Under one yardstick the words cannot hold both ways in the paper's own Table 3: SA's makespan is below OLB's on %d of "+
		"the %d inconsistent instances, so against OLB the exception fails, and below MCT's on %d of the %d consistent and semi-consistent ones, "+
		"so against MCT \"good\" fails (one yardstick: OLB %d of %d comparisons, MCT %d of %d). The default reads each half as the study reads "+
		"its word everywhere, \"good\" against OLB and the exception as \"poor\", against MCT: the table supports them in %d of %d "+
		"and %d of %d", olbI, n, mctCS, m, oh, on, mh, mn, gh, gn, eh, en)
}

// withAlternatives are rows with the row of each alternative after its
// claim's last default row.
func withAlternatives(rows []analysis.Claim[*claimsIn]) []analysis.Claim[*claimsIn] {
	var out []analysis.Claim[*claimsIn]
	for _, c := range rows {
		out = append(out, c)
		for _, a := range alternatives {
			if a.defaults[len(a.defaults)-1] == c.ID {
				out = append(out, a.claim(c))
			}
		}
	}
	return out
}

// claim is the alternative's ledger row; of is its claim's last default row.
func (a alternative) claim(of analysis.Claim[*claimsIn]) analysis.Claim[*claimsIn] {
	rows := "row"
	if len(a.defaults) > 1 {
		rows = "rows"
	}
	return analysis.Claim[*claimsIn]{ID: a.id + "/" + a.reading, Section: of.Section, Quote: of.Quote,
		Reading:     "other reading: " + a.is + "; the default " + rows + ": " + a.was + " (why: Interpretations)",
		Alternative: a.reading, Check: a.check.check}
}

// bullet is the alternative on the page: why the default reads the words
// as it does, then the default rows and the alternative row with their
// verdicts and statistics, as ledger decided them.
func (a alternative) bullet(ledger []analysis.LedgerEntry) string {
	entry := func(id string) analysis.LedgerEntry {
		i := slices.IndexFunc(ledger, func(e analysis.LedgerEntry) bool { return e.ID == id })
		return ledger[i]
	}
	result := func(e analysis.LedgerEntry) string { return fmt.Sprintf("**%s** (%s)", e.Verdict, e.Statistic) }
	var defaults []string
	for _, id := range a.defaults {
		if len(a.defaults) == 1 {
			defaults = append(defaults, result(entry(id)))
			continue
		}
		defaults = append(defaults, id+" "+result(entry(id)))
	}
	alt := a.id + "/" + a.reading
	return fmt.Sprintf("**Reading of %s.** %s. (default) %s: %s; (alternative row %s) %s: %s.",
		a.id, a.why(), a.was, strings.Join(defaults, "; "), alt, a.is, result(entry(alt)))
}
