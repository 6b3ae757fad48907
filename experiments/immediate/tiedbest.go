package immediate

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/mapping"
)

// tiedBest is Section 8's "none of the methods performs best" as a test.
// On each fresh type and metric the best method is the one with the best
// Friedman mean rank; each other method is compared with it (paired
// Wilcoxon over the instances, one Holm family over every type and metric
// of the reading), and the methods not significantly worse than the best
// are tied for best there. "None performs best" holds when no method is
// tied for best on every type: on each metric apart (perMetric), or on
// every type and metric together.
type tiedBest struct {
	metrics   []string
	perMetric bool
	// metOnProximity compares MET on proximity too, where it is 1 by
	// definition (the metric's reference).
	metOnProximity bool
}

// methods are the methods compared on metric.
func (tb tiedBest) methods(metric string) []string {
	if metric == "proximity" && !tb.metOnProximity {
		return others4("MET")
	}
	return PublishedHeuristics
}

// unit names the cells of a group: those of one metric (types or
// instances), or of every metric.
func (tb tiedBest) unit(cells string) string {
	if tb.perMetric {
		return cells
	}
	return cells + " and metrics"
}

// group is the set of cells "none performs best" is decided on.
func (tb tiedBest) group(metric string) string {
	if tb.perMetric {
		return metric
	}
	return "all metrics"
}

// groups are the groups in order.
func (tb tiedBest) groups() []string {
	if tb.perMetric {
		return tb.metrics
	}
	return []string{"all metrics"}
}

// tiedCell is one type and metric: the methods tied for best there.
type tiedCell struct {
	group string
	tied  map[string]bool
}

// universal returns, per group, the methods tied for best in every cell of
// the group, the number of cells, and the method tied for best in most.
func universal(groups []string, cells []tiedCell) (uni map[string][]string, cellsN map[string]int, most map[string]string, mostN map[string]int) {
	uni, cellsN, most, mostN = map[string][]string{}, map[string]int{}, map[string]string{}, map[string]int{}
	count := map[string]map[string]int{}
	for _, c := range cells {
		cellsN[c.group]++
		if count[c.group] == nil {
			count[c.group] = map[string]int{}
		}
		for h, ok := range c.tied {
			if ok {
				count[c.group][h]++
			}
		}
	}
	for _, g := range groups {
		for _, h := range PublishedHeuristics {
			k := count[g][h]
			if k > 0 && k == cellsN[g] {
				uni[g] = append(uni[g], h)
			}
			if k > mostN[g] {
				most[g], mostN[g] = h, k
			}
		}
	}
	return uni, cellsN, most, mostN
}

// describe says, per group, which method is tied for best everywhere or
// which comes closest.
func (tb tiedBest) describe(cells []tiedCell, unit string) (text string, held, n int) {
	gs := tb.groups()
	uni, cellsN, most, mostN := universal(gs, cells)
	var parts []string
	for _, g := range gs {
		if cellsN[g] == 0 {
			continue
		}
		n++
		if len(uni[g]) > 0 {
			parts = append(parts, fmt.Sprintf("%s: %s tied for best on all %d %s", g, strings.Join(uni[g], ", "), cellsN[g], unit))
			continue
		}
		held++
		parts = append(parts, fmt.Sprintf("%s: none on all %d %s (most: %s on %d)", g, cellsN[g], unit, most[g], mostN[g]))
	}
	return strings.Join(parts, "; "), held, n
}

// publishedCells are the paper's own tables as cells: on one instance per
// type, the methods with the best printed value are tied for best.
func (tb tiedBest) publishedCells() []tiedCell {
	var cells []tiedCell
	for _, m := range tb.metrics {
		d, _ := mapping.Table.Find(m)
		for _, t := range etc.Types() {
			inst := Published[t.Name()+".0"]
			best := math.NaN()
			for _, h := range tb.methods(m) {
				v, _ := inst[h].Get(m)
				if math.IsNaN(best) || (d.Better == analysis.LowerIsBetter && v < best) || (d.Better == analysis.HigherIsBetter && v > best) {
					best = v
				}
			}
			c := tiedCell{group: tb.group(m), tied: map[string]bool{}}
			for _, h := range tb.methods(m) {
				v, _ := inst[h].Get(m)
				c.tied[h] = v == best
			}
			cells = append(cells, c)
		}
	}
	return cells
}

// publishedSupport counts the groups in which no method is best on every
// type of the paper's own tables.
func (tb tiedBest) publishedSupport() (held, n int) {
	_, held, n = tb.describe(tb.publishedCells(), tb.unit("instances"))
	return held, n
}

// comparedIn reports whether method h is compared on some metric of group g.
func (tb tiedBest) comparedIn(g, h string) bool {
	for _, m := range tb.metrics {
		if tb.group(m) == g && slices.Contains(tb.methods(m), h) {
			return true
		}
	}
	return false
}

// check is decide in the shape of a test (alternatives.go): the entries a
// ledger row takes, here one.
func (tb tiedBest) check(in *claimsIn) []analysis.LedgerEntry {
	return []analysis.LedgerEntry{tb.decide(in)}
}

func (tb tiedBest) decide(in *claimsIn) analysis.LedgerEntry {
	e := analysis.LedgerEntry{Scope: freshScope(in.types)}
	var cells []tiedCell
	var family []*analysis.Comparison
	cmpsOf := map[string][]*analysis.Comparison{} // group + method → its comparisons with the best
	pairs := 0
	type pending struct {
		cell tiedCell
		best string
		cmps map[string]*analysis.Comparison
	}
	var todo []pending
	for _, m := range tb.metrics {
		d, _ := mapping.Table.Find(m)
		want := analysis.Lower
		if d.Better == analysis.HigherIsBetter {
			want = analysis.Higher
		}
		hs := tb.methods(m)
		for _, t := range in.types {
			blocks, _ := analysis.Paired(in.recs, partGenerated+t.Name(), m, hs)
			if len(blocks) < 2 {
				continue
			}
			ranked := make([][]float64, len(blocks))
			for i, bl := range blocks {
				ranked[i] = append([]float64(nil), bl...)
				if want == analysis.Higher {
					for j := range ranked[i] {
						ranked[i][j] = -ranked[i][j]
					}
				}
			}
			fr, err := analysis.Friedman(ranked)
			if err != nil {
				continue
			}
			bi := argsort(fr.MeanRanks)[0]
			p := pending{cell: tiedCell{group: tb.group(m), tied: map[string]bool{}}, best: hs[bi], cmps: map[string]*analysis.Comparison{}}
			for j, h := range hs {
				if j == bi {
					continue
				}
				c := &analysis.Comparison{Name: hs[bi] + " " + want.Op() + " " + h + " (" + m + ")", Scope: t.Name(), Want: want}
				for _, bl := range blocks {
					c.X, c.Y = append(c.X, bl[bi]), append(c.Y, bl[j])
				}
				family = append(family, c)
				p.cmps[h] = c
				cmpsOf[p.cell.group+"/"+h] = append(cmpsOf[p.cell.group+"/"+h], c)
			}
			if pairs == 0 || len(blocks) < pairs {
				pairs = len(blocks)
			}
			todo = append(todo, p)
		}
	}
	if len(todo) == 0 {
		e.Verdict, e.Note = analysis.VerdictNotTestable, noFresh
		return e
	}
	analysis.Test(family...)
	for _, p := range todo {
		p.cell.tied[p.best] = true
		for h, c := range p.cmps {
			p.cell.tied[h] = !c.Held() // not significantly worse than the best
		}
		cells = append(cells, p.cell)
	}
	text, held, n := tb.describe(cells, tb.unit("types"))
	tables, ph, pn := tb.describe(tb.publishedCells(), tb.unit("instances"))
	e.N = pairs
	e.Statistic = fmt.Sprintf("%s; in the paper's own tables: none best on every instance in %d of %d (%s)", text, ph, pn, tables)
	// The entry's p is the weakest exclusion: for each method of each
	// group, the smallest adjusted p with which it is worse than a best;
	// the largest of these (a method never worse than the best has none).
	worst, ok := 0.0, true
	for _, g := range tb.groups() {
		for _, h := range PublishedHeuristics {
			cs := cmpsOf[g+"/"+h]
			if len(cs) == 0 {
				// Best in every cell, or never compared in the group.
				ok = ok && !tb.comparedIn(g, h)
				continue
			}
			pmin := math.Inf(1)
			for _, c := range cs {
				if c.Err == nil && (c.Res.Effect < 0) == (c.Want == analysis.Lower) && c.Res.Effect != 0 {
					pmin = math.Min(pmin, c.PAdj)
				}
			}
			if math.IsInf(pmin, 1) {
				ok = false
				continue
			}
			worst = math.Max(worst, pmin)
		}
	}
	if ok {
		e.P = &worst
	}
	switch {
	case held == n:
		e.Verdict = analysis.VerdictHeld
	case pairs < analysis.MinPairs(len(family)):
		e.Verdict, e.Note = analysis.VerdictInconclusive, analysis.TooFewNote(len(family))
	default:
		e.Verdict = analysis.VerdictNotHeld
	}
	e.Note = analysis.JoinNote(e.Note, fmt.Sprintf("tied for best: the best by Friedman mean rank on the type and every method not significantly worse "+
		"than it (paired Wilcoxon, Holm over the %d comparisons of every type and metric); p: the weakest exclusion, the largest over "+
		"the methods of the smallest adjusted p with which each is worse than a best", len(family)))
	return e
}
