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
			"| SDSC-SP2 | EASY-SJBF has a lower mean bounded slowdown than EASY |  |  |  | not testable: " + short + " |",
		} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("quick %v: page lacks %q", quick, want)
			}
		}
	}
}

// TestOrderingsTableGivesLedgerVerdict: the orderings table says what the
// ledger says of each ordering. With fewer windows than Holm over a log's
// three orderings needs (7), every window in the claimed direction, both
// say inconclusive, not "not held"; with 20 windows both say held.
func TestOrderingsTableGivesLedgerVerdict(t *testing.T) {
	kth := Logs[0]
	for _, tc := range []struct {
		windows int
		want    string
	}{{analysis.MinPairs(len(Orderings)) - 1, analysis.VerdictInconclusive}, {Windows, analysis.VerdictHeld}} {
		idx := map[analysis.GroupKey]*analysis.Group{}
		var series []analysis.Point
		for _, a := range Algos {
			idx[analysis.GroupKey{Experiment: Name, Workload: kth.ID, Algorithm: a.ID, Metric: MetricBSLD}] = &analysis.Group{Values: []float64{50}}
			for k := 0; k < tc.windows; k++ {
				v := 50 + float64(k%5)
				if a.ID == "easy" {
					v += 30 + 2*float64(k) // every window above, by a different amount (no ties)
				}
				series = append(series, analysis.Point{Workload: kth.ID, Algorithm: a.ID, Series: SeriesWindow, T: float64(k), Value: v})
			}
		}
		c := Config{Logs: []string{kth.ID}, CPUs: []int{100}, Refs: [][]string{{References[0].ID}}, Algos: Algos, Windows: tc.windows, Tolerance: Tolerance}
		sum := summarize(c, idx, series)
		ledger := ledger(c, sum, series)
		_, sheets := page(c, sum.headline(c.Tolerance), sum)
		var ords *report.Table
		for _, s := range sheets {
			if s.ID == "orderings" {
				ords = s
			}
		}
		if ords == nil {
			t.Fatal("no orderings table")
		}
		verdict := map[string]string{}
		for _, e := range ledger {
			verdict[e.ID] = e.Verdict
		}
		for i, o := range Orderings {
			row := ords.Rows[i]
			if got, led := row[len(row)-1].Text, verdict[kth.ID+"/"+o.ID]; got != tc.want || led != tc.want {
				t.Errorf("%d windows, %s: table %q, ledger %q; want %q in both", tc.windows, o.ID, got, led, tc.want)
			}
		}
	}
}

// TestClairvoyantTableGivesLedgerVerdict: the clairvoyant table's cells
// rule as the ledger does: a log's comparison that did not hold with
// fewer windows than Holm over the logs tested needs is inconclusive, not
// "not held"; with enough windows it is not held.
func TestClairvoyantTableGivesLedgerVerdict(t *testing.T) {
	few := analysis.MinPairs(1) - 1
	sum := summary{clair: []clairRow{{log: Logs[0], ours: 40, theirs: 41,
		def: &analysis.Result{N: few}, alt: &analysis.Result{N: Windows}}}}
	row := clairvoyantTable(sum).Rows[0]
	if got := row[1].Text; !strings.Contains(got, analysis.VerdictInconclusive) || strings.Contains(got, analysis.VerdictNotHeld) {
		t.Errorf("%d windows, not held: cell %q, want inconclusive", few, got)
	}
	if got := row[2].Text; !strings.Contains(got, analysis.VerdictNotHeld) {
		t.Errorf("%d windows, not held: cell %q, want not held", Windows, got)
	}
}
