package filestudy

import (
	"fmt"
	"math"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/report"
)

// claimsTable tests every claim in each of its workloads: the paired
// comparison algorithm against baseline over the repetitions
// (analysis.Comparison: two-sided Wilcoxon, direction from the rank-biserial
// r) below analysis.Alpha after Holm across the claim's workloads. A claim
// holds when it holds in every one of its workloads. It returns the table
// and the claims held.
func (s *Study) claimsTable(recs []analysis.Record) (*report.Table, int) {
	t := &report.Table{ID: s.Name() + "-claims", Title: fmt.Sprintf("Claims, paired over repetitions, Wilcoxon signed-rank, Holm across each claim's workloads, α = %g", analysis.Alpha),
		Columns: []string{"claim", "workload", "pairs", "mean", "baseline mean", "Δ %", "p", "p (Holm)", "holds here", "claim"}}
	held, minN := 0, 0
	for _, c := range s.Claims {
		text := fmt.Sprintf("%s %s than %s on %s", c.Algorithm, c.Direction, c.Baseline, c.Metric)
		want := analysis.Lower
		if c.Direction == "higher" {
			want = analysis.Higher
		}
		var cs []*analysis.Comparison
		for _, w := range s.Workloads {
			if c.Workload != "" && c.Workload != w.Name {
				continue
			}
			blocks, _ := analysis.Paired(recs, w.Name, c.Metric, []string{c.Algorithm, c.Baseline})
			cmp := &analysis.Comparison{Name: text, Scope: w.Name, Want: want}
			for _, bl := range blocks {
				cmp.X, cmp.Y = append(cmp.X, bl[0]), append(cmp.Y, bl[1])
			}
			cs = append(cs, cmp)
			if minN == 0 || len(blocks) < minN {
				minN = len(blocks)
			}
		}
		analysis.Test(cs...)
		v := analysis.Decide(cs)
		if v.Held() {
			held++
		}
		for _, r := range cs {
			hc := report.Str("yes")
			switch {
			case r.Err != nil:
				hc = report.Str("no (" + r.Err.Error() + ")")
			case r.Reversed():
				hc = report.Str("no (the other way)")
			case !r.Held():
				hc = report.Str("no (not significant)")
			}
			hc.Bad = !r.Held()
			p := math.NaN()
			if r.Err == nil {
				p = r.Res.P
			}
			vc := report.VerdictCell(v)
			t.AddRow(report.Str(text), report.Str(r.Scope), report.Int(r.N), numG(r.MeanA), numG(r.MeanB),
				report.Num(100*(r.MeanA-r.MeanB)/r.MeanB, 2), report.P(p), report.P(r.PAdj), hc, vc)
		}
	}
	if minN > 0 && 2/math.Exp2(float64(minN)) >= analysis.Alpha {
		t.Notes = append(t.Notes, fmt.Sprintf("With n pairs the smallest exact two-sided Wilcoxon p-value is 2/2^n: %d pairs can never reach %g, before Holm; run more repetitions.", minN, analysis.Alpha))
	}
	return t, held
}

// numG is a numeric cell shown with about four significant digits.
func numG(v float64) report.Cell {
	c := report.Num(v, -1)
	c.Text = fmtG(v)
	return c
}
