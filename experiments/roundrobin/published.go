package roundrobin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// The paper publishes its results as shapes only (Figures 4–9); its only
// numbers are the sizes of its two data sets, in §8.

// PublishedSizes are §8's data sets, by percent of the trace: the
// processes of the 3% and 5% windows of AuverGrid.
var PublishedSizes = map[int]int{3: PaperCounts[0], 5: PaperCounts[1]}

// AuverGridJobs is the job count of AuverGrid as the paper gives it (§4);
// PublishedSizes are its 3% and 5%.
const AuverGridJobs = 404176

// sizesSection, sizesQuote: where the paper gives its data sets' sizes.
const (
	sizesSection = "§8"
	sizesQuote   = "Two data sets have been formed, first by using ‘3%’, and second by using ‘5%’ of the AuverGrid workload (i.e. 12125, and 20208 processes), respectively."
)

// compared lists §8's published window sizes beside ours, each with what
// explains a difference (ReportOutput.Compared, the page's section and
// the ledger's published values are all made from it).
func (r *reporter) compared() []experiments.Comparison {
	var out []experiments.Comparison
	sizes := sizesOf(r.ws)
	for _, size := range sizes {
		pub, ok := PublishedSizes[size.Percent]
		if !ok {
			continue
		}
		n := size.Len(r.cfg.TraceJobs)
		note := fmt.Sprintf("%d%% of %s's %d records; the paper's %d is %d%% of AuverGrid's %d jobs", size.Percent, r.src.Label, r.cfg.TraceJobs, pub, size.Percent, AuverGridJobs)
		if !r.src.Published {
			note += fmt.Sprintf(". AuverGrid is not in the data folder and %s stands in for it, so the window holds %d%% of another trace: "+
				"the paper's definition on a smaller trace, not a result of the simulation", r.src.Label, size.Percent)
			if paper := Jobs(pub); slices.Contains(sizes, paper) {
				note += fmt.Sprintf("; the paper-sized windows %s run the published count on %s (equal by construction, so not counted here)", paper.ID(), r.src.Label)
			}
		}
		out = append(out, experiments.Comparison{Table: "Section 8", Workload: size.ID(), Metric: "jobs",
			Published: float64(pub), Reproduced: float64(n), Match: n == pub, Note: note})
	}
	return out
}

// sizesRow is §8's data sets as a published-value row of the ledger
// (analysis.Claim.Published): one entry per comparison of compared.
var sizesRow = analysis.Claim[*reporter]{ID: "S8", Section: sizesSection + " (data sets)", Quote: sizesQuote, Published: true,
	Check: func(r *reporter) []analysis.LedgerEntry {
		var out []analysis.LedgerEntry
		for _, c := range r.cmp {
			out = append(out, analysis.LedgerEntry{ID: "S8-" + c.Workload, Scope: c.Workload + " window of " + r.src.Label,
				Verdict: analysis.VerdictOf(c.Match), Statistic: fmt.Sprintf("%.0f processes, published %.0f", c.Reproduced, c.Published), Note: c.Note})
		}
		return out
	}}

// publishedEntries are the ledger's published values, sizesRow's entries.
func (r *reporter) publishedEntries() []analysis.LedgerEntry {
	return analysis.Ledger([]analysis.Claim[*reporter]{sizesRow}, r)
}

// publishedSection shows §8's published numbers beside ours (nothing
// when no size of the paper was run, as in the quick configuration).
func (r *reporter) publishedSection() {
	if len(r.cmp) == 0 {
		return
	}
	r.pg.Section("Published numbers: the data sets' sizes")
	r.pg.Para("The paper publishes its results as figures without values; its only numbers are the sizes of its two data sets (%s: \"%s\"). "+
		"They are compared here as published values, counted apart from the claims.", sizesSection, sizesQuote)
	t := &report.Table{ID: Name + "-published", Title: "§8's data sets: processes per window, published beside reproduced",
		Columns: []string{"window", "published", "reproduced", "match", "explanation"}}
	for _, c := range r.cmp {
		m := report.Str("yes")
		m.Best = c.Match
		if !c.Match {
			m = report.Str("no")
			m.Bad = true
		}
		t.AddRow(report.Str(c.Workload), report.Num(c.Published, 0), report.Num(c.Reproduced, 0), m, report.Str(c.Note))
	}
	r.pg.Add(t)
}

// publishedSummary is the headline's clause on the published values:
// what they are and, when they differ, why ("" without any).
func (r *reporter) publishedSummary() string {
	if len(r.cmp) == 0 {
		return ""
	}
	var ids, pub, ours []string
	matched := 0
	for _, c := range r.cmp {
		ids = append(ids, c.Workload)
		pub = append(pub, fmt.Sprintf("%.0f", c.Published))
		ours = append(ours, fmt.Sprintf("%.0f", c.Reproduced))
		if c.Match {
			matched++
		}
	}
	s := fmt.Sprintf("; published values: §8's data sets are %s of AuverGrid (%s processes)", strings.Join(ids, " and "), strings.Join(pub, " and "))
	switch {
	case matched == len(r.cmp):
		s += ", reproduced"
	case !r.src.Published:
		s += fmt.Sprintf("; on %s, which stands in for it, %s records", r.src.Label, strings.Join(ours, " and "))
	default:
		s += fmt.Sprintf("; ours %s", strings.Join(ours, " and "))
	}
	return s
}
