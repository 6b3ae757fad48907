package immediate

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// A reading is one way to read a claim's words: the check that decides it
// on the fresh instances (its statistic ends with its support in the
// paper's own tables) and that support as counts, held of n.
type reading struct {
	name   string
	check  func(*claimsIn) []analysis.LedgerEntry
	tables func() (held, n int)
}

// claimReadings are the readings of one claim whose words can be read more
// than one way. The first is the default, the claim's row in the ledger:
// the reading the paper's own tables support (TestDefaultReadingsTheTablesSupport);
// the page lists every reading with its result under Interpretations.
type claimReadings struct {
	id, why string
	list    []reading
}

// check decides the claim under its default reading.
func (r claimReadings) check(in *claimsIn) []analysis.LedgerEntry { return r.list[0].check(in) }

// orderingReading is a reading that is an ordering.
func orderingReading(name string, o ordering) reading {
	return reading{name: name, check: o.check, tables: o.publishedSupport}
}

// m3Readings: "k PB performs better for semi-consistent and inconsistent
// matrices" (makespan).
var m3Readings = claimReadings{id: "X-M3",
	why: "Table 3 has kPB below MCT on 5 of the 8 semi-consistent and inconsistent instances, so \"every type\" is not what the paper's table shows; " +
		"it has kPB below MCT on the mean of each consistency's types",
	list: []reading{
		orderingReading("kPB better than MCT on the mean over the semi-consistent types and on the mean over the inconsistent ones (makespan relative to MCT's on the same instance)",
			ordering{cons: "si", metric: "makespan", a: []string{"kPB"}, b: []string{"MCT"}, pools: []string{"s", "i"}}),
		orderingReading("kPB better than MCT on every semi-consistent and inconsistent type",
			ordering{cons: "si", metric: "makespan", a: []string{"kPB"}, b: []string{"MCT"}}),
	}}

// u5Readings: "Overall, OLB is the method that performs best, in
// particular, for semi-consistent matrices" (utilisation; MET left out, it
// is tested in U1 and U2).
var u5Readings = claimReadings{id: "X-U5",
	why: "Table 5 supports \"overall\" under neither reading of it: OLB is best in 20 of 36 comparisons over the types, and on the mean over all types " +
		"it is below MCT and kPB; only \"in particular, for semi-consistent matrices\" holds in the table, on the mean over those types",
	list: []reading{
		orderingReading("OLB better than MCT, SA and kPB on the mean over the semi-consistent types (utilisation relative to MCT's)",
			ordering{cons: "s", metric: "utilization", a: []string{"OLB"}, b: []string{"MCT", "SA", "kPB"}, pools: []string{"s"}}),
		orderingReading("OLB better than MCT, SA and kPB on every type",
			ordering{cons: "csi", metric: "utilization", a: []string{"OLB"}, b: []string{"MCT", "SA", "kPB"}}),
		orderingReading("OLB better than MCT, SA and kPB on the mean over all types",
			ordering{cons: "csi", metric: "utilization", a: []string{"OLB"}, b: []string{"MCT", "SA", "kPB"}, pools: []string{"csi"}}),
		orderingReading("OLB better than MCT, SA and kPB on every semi-consistent type",
			ordering{cons: "s", metric: "utilization", a: []string{"OLB"}, b: []string{"MCT", "SA", "kPB"}}),
	}}

// c1Readings: Section 8's "none of the methods performs best; rather, their
// performance depends on the grid scenarios …", said of the four
// parameters §8 names (makespan, flowtime, resource utilization, matching
// proximity).
var c1Readings = claimReadings{id: "X-C1",
	why: "§8 says the performance depends on the grid scenario (heterogeneity and consistency) and that the method is to be chosen for the scenario " +
		"\"and also if we were interested in a concrete parameter (makespan, flowtime, resource utilization or matching proximity)\": the scenario " +
		"decides for each parameter apart. MET is left out on proximity, of which it is the reference (its proximity is 1 by definition; §6: \"Except for MET\")",
	list: []reading{
		tiedBest{metrics: PublishedMetrics, perMetric: true}.reading(
			"on each of the four metrics, no method tied for best on every type"),
		tiedBest{metrics: PublishedMetrics}.reading(
			"across the four metrics: no method tied for best on every type and metric"),
		tiedBest{metrics: PublishedMetrics, perMetric: true, metOnProximity: true}.reading(
			"on each of the four metrics, MET compared on proximity too"),
		tiedBest{metrics: []string{"makespan"}, perMetric: true}.reading(
			"on makespan only"),
	}}

// readingSets are the claims read more than one way, in the ledger's order.
var readingSets = []claimReadings{m3Readings, u5Readings, c1Readings}

// readingResult is one reading of a claim with its entry, for the page.
type readingResult struct {
	name      string
	isDefault bool
	entry     analysis.LedgerEntry
}

// claimReadingResults decides every other reading of every claim read
// more than one way; the default's entry is the claim's, already decided
// in ledger.
func claimReadingResults(in *claimsIn, ledger []analysis.LedgerEntry) map[string][]readingResult {
	out := map[string][]readingResult{}
	for _, rs := range readingSets {
		i := slices.IndexFunc(ledger, func(e analysis.LedgerEntry) bool { return e.ID == rs.id })
		out[rs.id] = []readingResult{{name: rs.list[0].name, isDefault: true, entry: ledger[i]}}
		for _, r := range rs.list[1:] {
			out[rs.id] = append(out[rs.id], readingResult{name: r.name, entry: r.check(in)[0]})
		}
	}
	return out
}

// readingBullets are the page's interpretations of the claims read more
// than one way, in the ledger's order: each reading with its verdict and
// statistic, the alternatives' (rows of their own) as ledger decided them.
func readingBullets(res map[string][]readingResult, ledger []analysis.LedgerEntry) []string {
	type bullet struct {
		at   int // the claim's first row in ledger
		text string
	}
	at := func(id string) int {
		return slices.IndexFunc(ledger, func(e analysis.LedgerEntry) bool { return e.ID == id })
	}
	var bs []bullet
	for _, rs := range readingSets {
		var parts []string
		for _, r := range res[rs.id] {
			tag := "other reading"
			if r.isDefault {
				tag = "default"
			}
			parts = append(parts, fmt.Sprintf("(%s) %s: **%s** (%s)", tag, r.name, r.entry.Verdict, r.entry.Statistic))
		}
		bs = append(bs, bullet{at(rs.id), fmt.Sprintf("**Reading of %s.** %s. %s.", rs.id, rs.why, strings.Join(parts, "; "))})
	}
	for _, a := range alternatives {
		bs = append(bs, bullet{at(a.defaults[0]), a.bullet(ledger)})
	}
	slices.SortStableFunc(bs, func(x, y bullet) int { return cmp.Compare(x.at, y.at) })
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.text
	}
	return out
}
