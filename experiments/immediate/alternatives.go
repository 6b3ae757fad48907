package immediate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// claimReadings is a claim of sectionSix whose words can be read more
// than one way. Its default rows read them one way, the one the paper's
// own tables support (TestDefaultReadingsTheTablesSupport); each other
// reading, an alternative, is a ledger row of its own after the claim's
// last default row, its id the claim's with "/<reading>", counted apart
// from the default rows (LedgerEntry.Alternative). The page's
// interpretations give the claim in one bullet: why the default reads the
// words as it does, then every reading with its result.
type claimReadings struct {
	id       string   // the claim's id
	defaults []string // the claim's default rows, in the ledger's order
	was      string   // how the default rows read the words
	// why says, on the page, why the default reads the words as it does.
	why  func() string
	alts []alternative
}

// An alternative is one other reading of a claim's words.
type alternative struct {
	reading string // its name, the end of its row's id
	is      string // how it reads the words
	test    test
}

// A test decides a reading on the fresh instances, its statistic ending
// with its support in the paper's own tables, and counts that support,
// held of n: an ordering, an allOf or a tiedBest.
type test interface {
	check(*claimsIn) []analysis.LedgerEntry
	publishedSupport() (held, n int)
}

// The alternatives' names, the ends of their rows' ids.
const (
	readingEveryType      = "every-type"
	readingOneYardstick   = "one-yardstick"
	readingAllTypesMean   = "all-types-mean"
	readingEverySemiType  = "every-semi-consistent-type"
	readingAcrossMetrics  = "across-metrics"
	readingMETOnProximity = "met-on-proximity"
	readingMakespanOnly   = "makespan-only"
)

// The orderings and tests of the claims read more than one way: each
// default row's, and the other half of X-M4's one yardstick.
var (
	m3Order   = ordering{cons: "si", metric: "makespan", a: []string{"kPB"}, b: []string{"MCT"}}
	m4Good    = ordering{cons: "cs", metric: "makespan", a: []string{"SA"}, b: []string{"OLB"}}
	m4Exempt  = ordering{cons: "i", metric: "makespan", a: []string{"SA"}, b: []string{"MCT"}, worse: true}
	m4NotGood = ordering{cons: "i", metric: "makespan", a: []string{"SA"}, b: []string{"OLB"}, worse: true}
	f3Order   = ordering{cons: "s", metric: "flowtime", a: []string{"SA", "kPB"}, b: []string{"OLB", "MCT", "MET"}}
	u4Order   = ordering{cons: "i", metric: "utilization", a: []string{"MCT", "OLB"}, b: []string{"MET", "SA", "kPB"}}
	// u5Order is X-U5 on the semi-consistent types, "in particular";
	// u5Overall on every type, and u5AllTypesMean on the mean over all
	// types. MET is left out: it is tested in U1 and U2.
	u5Order        = ordering{cons: "s", metric: "utilization", a: []string{"OLB"}, b: []string{"MCT", "SA", "kPB"}}
	u5Overall      = ordering{cons: "csi", metric: "utilization", a: []string{"OLB"}, b: []string{"MCT", "SA", "kPB"}}
	u5AllTypesMean = ordering{cons: "csi", metric: "utilization", a: []string{"OLB"}, b: []string{"MCT", "SA", "kPB"}, pools: []string{"csi"}}
	p4Order        = ordering{cons: "si", metric: "proximity", a: []string{"SA"}, b: []string{"kPB"}}
	c1Default      = tiedBest{metrics: PublishedMetrics, perMetric: true}
)

// c1Words say what X-C1's default row decides (c1Default).
const c1Words = "on each of the four metrics, no method tied for best on every type"

// readingSets are the claims of sectionSix read more than one way, in the
// ledger's order.
var readingSets = []claimReadings{
	everyType("X-M3", m3Order),
	{id: "X-M4", defaults: []string{"X-M4a", "X-M4b"},
		was: "two yardsticks, \"good\" as better than OLB on the consistent and semi-consistent types (X-M4a), the exception as worse than MCT " +
			"on the inconsistent ones (X-M4b)",
		why: m4Why,
		alts: []alternative{{reading: readingOneYardstick,
			is: "one yardstick, OLB, the study's for \"good\": SA better than OLB on the consistent and semi-consistent types and, the exception, " +
				"worse than OLB on the inconsistent ones, one Holm family",
			test: allOf{m4Good, m4NotGood}}}},
	everyType("X-F3", f3Order),
	everyType("X-U4", u4Order),
	{id: "X-U5", defaults: []string{"X-U5"},
		was: meanWords(u5Order) + " (utilization relative to MCT's on the same instance)",
		why: u5Why,
		alts: []alternative{
			{reading: readingEveryType, is: u5Overall.words() + " on every type", test: u5Overall},
			{reading: readingAllTypesMean, is: u5Overall.words() + " on the mean over all types (utilization relative to MCT's on the same instance)",
				test: u5AllTypesMean},
			{reading: readingEverySemiType, is: u5Order.words() + " on every semi-consistent type", test: u5Order},
		}},
	everyType("X-P4", p4Order),
	{id: "X-C1", defaults: []string{"X-C1"},
		was: c1Words + " (MET left out on proximity)",
		why: c1Why,
		alts: []alternative{
			{reading: readingAcrossMetrics, is: "across the four metrics: no method tied for best on every type and metric",
				test: tiedBest{metrics: PublishedMetrics}},
			{reading: readingMETOnProximity, is: "on each of the four metrics, MET compared on proximity too",
				test: tiedBest{metrics: PublishedMetrics, perMetric: true, metOnProximity: true}},
			{reading: readingMakespanOnly, is: "on makespan only, no method tied for best on every type",
				test: tiedBest{metrics: []string{"makespan"}, perMetric: true}},
		}},
}

// everyType is the claim id, whose default row reads o on the mean over
// the types of each consistency letter of o (typeMean), read on every type
// of those letters: the paper's own table holds the default reading in
// full and this one only in part (why says so with its counts).
func everyType(id string, o ordering) claimReadings {
	mean := typeMean(o)
	return claimReadings{id: id, defaults: []string{id},
		was: meanWords(o) + " (" + o.metric + " relative to MCT's on the same instance)",
		why: func() string {
			h, n := o.publishedSupport()
			mh, mn := mean.publishedSupport()
			return fmt.Sprintf("Section 6 says this of whole consistency classes; the default row reads the words the way the paper's own table "+
				"holds them, on the mean over each class's types. In the paper's own %s: on the means %d of %d, on every type %d of %d",
				tableOf[o.metric], mh, mn, h, n)
		},
		alts: []alternative{{reading: readingEveryType, is: o.words() + " on every " + consistencies(o.cons) + " type", test: o}}}
}

// u5Why is why X-U5's default reads "in particular, for semi-consistent
// matrices" on the mean over those types, from the paper's own Table 5:
// "overall" holds there under no reading of it.
func u5Why() string {
	eh, en := u5Overall.publishedSupport()
	mh, mn := u5AllTypesMean.publishedSupport()
	dh, dn := typeMean(u5Order).publishedSupport()
	sh, sn := u5Order.publishedSupport()
	return fmt.Sprintf("Table 5 supports \"overall\" under neither reading of it: OLB is better in %d of %d comparisons over the types, "+
		"and on the mean over all types in %d of %d; only \"in particular, for semi-consistent matrices\" holds in the table, on the mean over "+
		"those types (%d of %d; on every semi-consistent type %d of %d)", eh, en, mh, mn, dh, dn, sh, sn)
}

// c1Why is why X-C1's default decides "none performs best" on each
// metric apart, with MET left out on proximity.
func c1Why() string {
	return "§8 says the performance depends on the grid scenario (heterogeneity and consistency) and that the method is to be chosen for the scenario " +
		"\"and also if we were interested in a concrete parameter (makespan, flowtime, resource utilization or matching proximity)\": the scenario " +
		"decides for each parameter apart. MET is left out on proximity, of which it is the reference (its proximity is 1 by definition; §6: \"Except for MET\")"
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

// withAlternatives are rows with the rows of each claim's alternatives
// after its last default row.
func withAlternatives(rows []analysis.Claim[*claimsIn]) []analysis.Claim[*claimsIn] {
	var out []analysis.Claim[*claimsIn]
	for _, c := range rows {
		out = append(out, c)
		for _, rs := range readingSets {
			if rs.defaults[len(rs.defaults)-1] == c.ID {
				for _, a := range rs.alts {
					out = append(out, rs.claim(a, c))
				}
			}
		}
	}
	return out
}

// rowID is the id of alternative a's row.
func (rs claimReadings) rowID(a alternative) string { return rs.id + "/" + a.reading }

// claim is alternative a's ledger row; of is the claim's last default row.
func (rs claimReadings) claim(a alternative, of analysis.Claim[*claimsIn]) analysis.Claim[*claimsIn] {
	rows := "row"
	if len(rs.defaults) > 1 {
		rows = "rows"
	}
	return analysis.Claim[*claimsIn]{ID: rs.rowID(a), Section: of.Section, Quote: of.Quote,
		Reading:     "other reading: " + a.is + "; the default " + rows + ": " + rs.was + " (why: Interpretations)",
		Alternative: a.reading, Check: a.test.check}
}

// bullet is the claim on the page: why the default reads the words as it
// does, then the default rows and each alternative's row with their
// verdicts and statistics, as ledger decided them.
func (rs claimReadings) bullet(ledger []analysis.LedgerEntry) string {
	entry := func(id string) analysis.LedgerEntry {
		i := slices.IndexFunc(ledger, func(e analysis.LedgerEntry) bool { return e.ID == id })
		return ledger[i]
	}
	result := func(e analysis.LedgerEntry) string { return fmt.Sprintf("**%s** (%s)", e.Verdict, e.Statistic) }
	var defaults []string
	for _, id := range rs.defaults {
		if len(rs.defaults) == 1 {
			defaults = append(defaults, result(entry(id)))
			continue
		}
		defaults = append(defaults, id+" "+result(entry(id)))
	}
	parts := []string{fmt.Sprintf("(default) %s: %s", rs.was, strings.Join(defaults, "; "))}
	for _, a := range rs.alts {
		parts = append(parts, fmt.Sprintf("(alternative row %s) %s: %s", rs.rowID(a), a.is, result(entry(rs.rowID(a)))))
	}
	return fmt.Sprintf("**Reading of %s.** %s. %s.", rs.id, rs.why(), strings.Join(parts, "; "))
}

// readingBullets are the page's interpretations of the claims read more
// than one way, in the ledger's order.
func readingBullets(ledger []analysis.LedgerEntry) []string {
	var out []string
	for _, rs := range readingSets {
		out = append(out, rs.bullet(ledger))
	}
	return out
}
