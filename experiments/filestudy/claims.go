package filestudy

import (
	"fmt"
	"math"

	"github.com/gridbench/gridbench/paper"
	"github.com/gridbench/gridbench/results"
)

// claimsTable tests every claim in each of its workloads: the paired
// differences algorithm − baseline over the repetitions must have the
// claimed sign on average and a two-sided Wilcoxon p-value below Alpha
// after Holm across the claim's workloads. A claim holds when it holds in
// every one of its workloads. It returns the table and the claims held.
func (s *Study) claimsTable(recs []results.Record) (*paper.Table, int) {
	t := &paper.Table{ID: s.Name() + "-claims", Title: fmt.Sprintf("Claims, paired over repetitions, Wilcoxon signed-rank, Holm across each claim's workloads, α = %g", Alpha),
		Columns: []string{"claim", "workload", "pairs", "mean", "baseline mean", "Δ %", "p", "p (Holm)", "holds here", "claim"}}
	held, minN := 0, 0
	for _, c := range s.Claims {
		text := fmt.Sprintf("%s %s than %s on %s", c.Algorithm, c.Direction, c.Baseline, c.Metric)
		var ws []string
		for _, w := range s.Workloads {
			if c.Workload == "" || c.Workload == w.Name {
				ws = append(ws, w.Name)
			}
		}
		type row struct {
			n         int
			ma, mb, p float64
			rightSign bool
			reason    string
		}
		rows := make([]row, len(ws))
		ps := make([]float64, len(ws))
		for i, w := range ws {
			blocks, _ := results.Paired(recs, w, c.Metric, []string{c.Algorithm, c.Baseline})
			r := row{n: len(blocks), p: math.NaN()}
			var a, b []float64
			for _, bl := range blocks {
				a, b = append(a, bl[0]), append(b, bl[1])
			}
			r.ma, r.mb = results.Summarize(a).Mean, results.Summarize(b).Mean
			r.rightSign = (c.Direction == "lower" && r.ma < r.mb) || (c.Direction == "higher" && r.ma > r.mb)
			if wr, err := results.Wilcoxon(a, b); err == nil {
				r.p = wr.P
			} else {
				r.reason = err.Error()
			}
			rows[i], ps[i] = r, r.p
			if minN == 0 || r.n < minN {
				minN = r.n
			}
		}
		adj := results.Holm(ps)
		all := len(ws) > 0
		for i := range rows {
			if !(rows[i].rightSign && adj[i] < Alpha) {
				all = false
			}
		}
		verdict := "not held"
		if all {
			verdict = "held"
			held++
		}
		for i, r := range rows {
			here := r.rightSign && adj[i] < Alpha
			hc := paper.Str(map[bool]string{true: "yes", false: "no"}[here])
			switch {
			case r.reason != "":
				hc = paper.Str("no (" + r.reason + ")")
			case !r.rightSign:
				hc = paper.Str("no (mean on the other side)")
			case !here:
				hc = paper.Str("no (not significant)")
			}
			hc.Bad = !here
			vc := paper.Str(verdict)
			vc.Bad = !all
			t.AddRow(paper.Str(text), paper.Str(ws[i]), paper.Int(r.n), numG(r.ma), numG(r.mb),
				paper.Num(100*(r.ma-r.mb)/r.mb, 2), paper.P(r.p), paper.P(adj[i]), hc, vc)
		}
	}
	if minN > 0 && 2/math.Exp2(float64(minN)) >= Alpha {
		t.Notes = append(t.Notes, fmt.Sprintf("With n pairs the smallest exact two-sided Wilcoxon p-value is 2/2^n: %d pairs can never reach %g, before Holm; run more repetitions.", minN, Alpha))
	}
	return t, held
}

// numG is a numeric cell shown with about four significant digits.
func numG(v float64) paper.Cell {
	c := paper.Num(v, -1)
	c.Text = fmtG(v)
	return c
}
