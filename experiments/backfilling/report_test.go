package backfilling

import (
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/report"
)

// TestLogsNotRunAreListed: with only KTH-SP2 in the data root, the
// published cells and orderings of the three other logs are on the page
// and in the ledger as not run, and the headline says how many and how to
// fetch them; with the quick configuration they are said to be left out
// of it.
func TestLogsNotRunAreListed(t *testing.T) {
	kth := Logs[0]
	idx := map[analysis.GroupKey]*analysis.Group{}
	var series []analysis.Point
	for _, a := range Algos {
		v := 50.0
		if p, ok := kth.Published[a.ID]; ok {
			v = p
		}
		idx[analysis.GroupKey{Experiment: Name, Workload: kth.ID, Algorithm: a.ID, Metric: MetricBSLD}] = &analysis.Group{Values: []float64{v}}
		for k := 0; k < Windows; k++ {
			series = append(series, analysis.Point{Workload: kth.ID, Algorithm: a.ID, Series: SeriesWindow, T: float64(k), Value: v + float64(k%5)})
		}
	}
	for _, quick := range []bool{false, true} {
		c := Config{Logs: []string{kth.ID}, CPUs: []int{100}, Refs: [][]string{{References[0].ID}}, Algos: Algos, Windows: Windows, Tolerance: Tolerance, Quick: quick}
		sum := summarize(c, idx, series)
		ledger := ledger(c, sum, series)
		head := sum.headline(c.Tolerance)
		wantHead := "5 of 5 computed cells within ±10% (all out of sample: nothing fitted); 3 of 3 orderings held; 15 published cells and 9 orderings not run: " +
			"CTC-SP2, SDSC-SP2 and SDSC-BLUE are not in the data root (`gridbench data fetch sc15-ctc-sp2 sc15-sdsc-sp2 sc15-sdsc-blue`)"
		short := "not run (log absent)"
		if quick {
			wantHead = "5 of 5 computed cells within ±10% (all out of sample: nothing fitted); 3 of 3 orderings held; 15 published cells and 9 orderings not run: " +
				"CTC-SP2, SDSC-SP2 and SDSC-BLUE are left out of the quick configuration"
			short = "not run (quick configuration)"
		}
		if head != wantHead {
			t.Errorf("quick %v: headline\n%s\nwant\n%s", quick, head, wantHead)
		}
		_, published := analysis.SplitKinds(ledger)
		counts := analysis.Count(published)
		if counts.Total != 20 || counts.Held != 5 || counts.NotTestable != 15 {
			t.Errorf("quick %v: published values %+v, want 20: 5 held, 15 not testable", quick, counts)
		}
		unrunOrderings := 0
		for _, e := range ledger {
			if strings.HasSuffix(e.ID, "-below-easy") && e.Verdict == analysis.VerdictNotTestable && strings.HasPrefix(e.Note, "not run: ") {
				unrunOrderings++
			}
		}
		if unrunOrderings != 9 {
			t.Errorf("quick %v: %d orderings not run in the ledger, want 9", quick, unrunOrderings)
		}
		pg, _ := page(c, head, sum)
		var b strings.Builder
		if err := report.WritePageMarkdown(&b, pg); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			"| CTC-SP2 | EASY | 49.57 | " + short + " |",
			"| SDSC-BLUE | EASY++ (reqtime) | 16.83 | " + short + " |",
			"| SDSC-SP2 | EASY-SJBF has a lower mean bounded slowdown than EASY |  |  |  | " + short + " |",
		} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("quick %v: page lacks %q", quick, want)
			}
		}
	}
}
