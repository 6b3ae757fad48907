package immediate

import (
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// publishedIndex is the published instances' runs as the report indexes
// them, each cell's mean value(instance, heuristic, metric, published).
func publishedIndex(value func(inst, h, metric string, pub float64) float64) map[analysis.GroupKey]*analysis.Group {
	idx := map[analysis.GroupKey]*analysis.Group{}
	for _, inst := range PublishedInstances {
		for _, h := range PublishedHeuristics {
			for _, m := range PublishedMetrics {
				pub, _ := Published[inst][h].Get(m)
				k := analysis.GroupKey{Experiment: Name, Workload: partPublished + inst, Algorithm: h, Metric: m}
				idx[k] = &analysis.Group{Summary: analysis.Summary{N: 1, Mean: value(inst, h, m, pub)}}
			}
		}
	}
	return idx
}

// TestMismatchNoteSaysWhatThePageSays: X-T3 and X-T4's note said every
// cell that differs was "explained as misprints on the page", also of a
// cell the page lists with "no explanation found". The note now counts
// the page's own explanations.
func TestMismatchNoteSaysWhatThePageSays(t *testing.T) {
	const off = "u_c_hihi.0" // MCT's cell of this instance differs, with no misprint to explain it
	idx := publishedIndex(func(inst, h, metric string, pub float64) float64 {
		for _, m := range Misprints {
			if m.Instance == inst && m.Heuristic == h && m.Metric == metric {
				return m.Ours + 1e-4
			}
		}
		if inst == off && h == "MCT" && metric != "flowtime" {
			return pub * 1.5
		}
		return pub + 1e-4 // printed truncated: a hair above is the same print
	})
	for _, c := range []struct{ metric, note string }{
		{"makespan", "2 cell(s) differ: 1 explained as misprints, 1 with no explanation found (see the page)"},
		{"flowtime", "1 cell(s) differ, explained as misprints on the page"},
		{"utilization", "1 cell(s) differ, no explanation found (see the page)"},
	} {
		_, tm, bullets := publishedTable(idx, c.metric)
		unexplained := 0
		for _, b := range bullets {
			if strings.HasSuffix(b, noExplanation) {
				unexplained++
			}
		}
		e := tableCheck(&claimsIn{tables: map[string]tableMatch{c.metric: tm}}, c.metric)
		if !strings.HasSuffix(e.Note, c.note) || unexplained != tm.unexplained {
			t.Errorf("%s: the page lists %d of %d differing cells with %q; note %q, want it to end %q",
				c.metric, unexplained, len(bullets), noExplanation, e.Note, c.note)
		}
	}
}
