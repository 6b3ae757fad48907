package filestudy

import (
	"fmt"
	"math"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/report"
)

// claimText is how the page and the warnings name claim c.
func claimText(c Claim) string {
	return fmt.Sprintf("%s %s than %s on %s", c.Algorithm, c.Direction, c.Baseline, c.Metric)
}

// claimWorkloads returns the workloads claim c is tested on, its Holm
// family: the one it names, or every one, less those that do not measure
// its metric (delayed_pct where no job has a deadline).
func (s *Study) claimWorkloads(c Claim) []string {
	var ws []string
	for i := range s.Workloads {
		w := &s.Workloads[i]
		if (c.Workload == "" || c.Workload == w.Name) && w.measures(c.Metric) {
			ws = append(ws, w.Name)
		}
	}
	return ws
}

// PowerWarnings returns one line per claim that reps repetitions can never
// decide: with n pairs the smallest exact two-sided Wilcoxon p is 2/2^n,
// and Holm multiplies it by the number of workloads the claim is tested on
// (analysis.MinPairs). Such a claim can only read "inconclusive"; the
// warning comes before the runs, when more repetitions are still cheap.
func (s *Study) PowerWarnings(reps int) []string {
	var out []string
	for _, c := range s.Claims {
		m := len(s.claimWorkloads(c))
		if need := analysis.MinPairs(m); reps < need {
			family := "one workload"
			if m > 1 {
				family = fmt.Sprintf("Holm over %d workloads", m)
			}
			out = append(out, fmt.Sprintf("claim %q needs at least %d repetitions (Wilcoxon, %s), --reps is %d: it can only read inconclusive",
				claimText(c), need, family, reps))
		}
	}
	return out
}

// claimsResult is the claims tested: the table, the ledger (one entry per
// claim, the shape of every study's claims.json) and the verdicts counted.
type claimsResult struct {
	table  *report.Table
	ledger []analysis.LedgerEntry
	counts analysis.LedgerCounts
	// underpowered counts the inconclusive claims that more repetitions
	// could decide (the others have no paired values at all).
	underpowered int
}

// claimsTable tests every claim in each of its workloads: the paired
// comparison algorithm against baseline over the repetitions
// (analysis.Comparison: two-sided Wilcoxon, direction from the rank-biserial
// r) below analysis.Alpha after Holm across the claim's workloads. A claim
// holds when it holds in every one of its workloads; it is inconclusive
// when it does not and its decisive comparison had fewer pairs than
// analysis.MinPairs of its family, so no data could have made it hold
// (analysis.LedgerEntry.FromVerdict).
func (s *Study) claimsTable(recs []analysis.Record) claimsResult {
	t := &report.Table{ID: s.Name() + "-claims", Title: fmt.Sprintf("Claims, paired over repetitions, Wilcoxon signed-rank, Holm across each claim's workloads, α = %g", analysis.Alpha),
		Columns: []string{"claim", "workload", "pairs", "mean", "baseline mean", "Δ %", "r", "p", "p (Holm)", "holds here", "verdict"},
		Notes: []string{"r is the effect size: the matched-pairs rank-biserial correlation of the algorithm's values less the baseline's " +
			"(−1: lower in every pair, +1: higher in every pair, 0: as often lower as higher, or equal); " +
			"a claim of lower (higher) holds in a workload when r < 0 (r > 0) and p (Holm) < α."}}
	var res claimsResult
	res.ledger = analysis.Ledger(s.claimRows(), recs)
	for _, e := range res.ledger {
		if e.Verdict == analysis.VerdictInconclusive && e.N > 0 {
			res.underpowered++
		}
		for _, r := range e.Results {
			hc := report.Str("yes")
			switch {
			case r.Error != "":
				hc = report.Str("no (" + r.Error + ")")
			case r.Reversed:
				hc = report.Str("no (the other way)")
			case !r.Held:
				hc = report.Str("no (not significant)")
			}
			hc.Bad = !r.Held
			a, b := orNaN(r.MeanA), orNaN(r.MeanB)
			t.AddRow(report.Str(e.Quote), report.Str(r.Scope), report.Int(r.N), numG(a), numG(b),
				report.Num(100*(a-b)/b, 2), report.Num(orNaN(r.R), 2), report.P(orNaN(r.P)), report.P(orNaN(r.PHolm)), hc, inconclusiveCell(e))
		}
	}
	res.table, res.counts = t, analysis.Count(res.ledger)
	if res.underpowered > 0 {
		t.Notes = append(t.Notes, "Inconclusive: with n pairs the smallest exact two-sided Wilcoxon p-value is 2/2^n, "+
			"and Holm multiplies it by the number of workloads the claim is tested on; below the repetitions named, "+
			"no result could have held, so the claim is neither confirmed nor refuted. Run more repetitions (--reps).")
	}
	return res
}

// claimRows are the study file's claims as rows of the claims kit: each
// tested in every workload of its Holm family (claimWorkloads), one
// comparison per workload, so that each entry's results are its table rows.
func (s *Study) claimRows() []analysis.Claim[[]analysis.Record] {
	var rows []analysis.Claim[[]analysis.Record]
	for i, c := range s.Claims {
		text := claimText(c)
		want := analysis.Lower
		if c.Direction == "higher" {
			want = analysis.Higher
		}
		ws := s.claimWorkloads(c)
		rows = append(rows, analysis.Claim[[]analysis.Record]{ID: fmt.Sprintf("claim-%d", i+1), Quote: text, Section: "study file", Scope: c.Workload,
			Check: analysis.One(func(recs []analysis.Record) analysis.LedgerEntry {
				var cs []*analysis.Comparison
				for _, w := range ws {
					blocks, _ := analysis.Paired(recs, w, c.Metric, []string{c.Algorithm, c.Baseline})
					cmp := &analysis.Comparison{Name: text, Scope: w, Want: want}
					for _, bl := range blocks {
						cmp.X, cmp.Y = append(cmp.X, bl[0]), append(cmp.Y, bl[1])
					}
					cs = append(cs, cmp)
				}
				analysis.Test(cs...)
				return analysis.LedgerEntry{}.FromVerdict(analysis.Decide(cs), len(cs))
			})})
	}
	return rows
}

func orNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// inconclusiveCell is e's verdict with its reason when inconclusive.
func inconclusiveCell(e analysis.LedgerEntry) report.Cell {
	if e.Verdict == analysis.VerdictInconclusive {
		return report.VerdictCell(e.Verdict, e.Note)
	}
	return report.VerdictCell(e.Verdict, "")
}

// headline is the claims part of the study's one-line summary.
func (r claimsResult) headline() string {
	h := fmt.Sprintf("%d of %d %s held", r.counts.Held, len(r.ledger), report.Plural(len(r.ledger), "claim"))
	switch n := r.counts.Inconclusive; {
	case n > 0 && n == r.underpowered:
		h += fmt.Sprintf(", %d inconclusive (too few repetitions)", n)
	case n > 0:
		h += fmt.Sprintf(", %d inconclusive", n)
	}
	return h
}

// numG is a numeric cell shown with about four significant digits.
func numG(v float64) report.Cell {
	c := report.Num(v, -1)
	c.Text = fmtG(v)
	return c
}
