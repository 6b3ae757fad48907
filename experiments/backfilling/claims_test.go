package backfilling

import (
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// window is algo's 20 windows on the first log, at level plus a spread.
func window(algo string, level float64) []analysis.Point {
	var pts []analysis.Point
	for k := 0; k < 20; k++ {
		pts = append(pts, analysis.Point{Workload: Logs[0].ID, Algorithm: algo, Series: SeriesWindow, T: float64(k), Value: level + float64(k%7)})
	}
	return pts
}

// TestPaperClaimsOnceThePredictorRuns: the learned predictor's rows are not
// testable without its runs, held when its windows are below the other's,
// and not held when above.
func TestPaperClaimsOnceThePredictorRuns(t *testing.T) {
	c := Config{Logs: []string{Logs[0].ID}, Windows: 20}
	verdict := func(series []analysis.Point) analysis.LedgerEntry {
		return analysis.Ledger(paperClaims[:1], claimsIn{c: c, series: series})[0]
	}
	if e := verdict(window(tsafrir, 50)); e.Verdict != analysis.VerdictNotTestable {
		t.Errorf("without %s: %q, want not testable", learned, e.Verdict)
	}
	low := append(window(learned, 40), window(tsafrir, 50)...)
	if e := verdict(low); e.Verdict != analysis.VerdictHeld || e.N != 20 || len(e.Results) != 1 {
		t.Errorf("learned 10 below on every window: %+v, want held over 20 windows", e)
	}
	high := append(window(learned, 60), window(tsafrir, 50)...)
	if e := verdict(high); e.Verdict != analysis.VerdictNotHeld {
		t.Errorf("learned above: %q, want not held", e.Verdict)
	}
}

// TestClairvoyantReadings: the claim that the learned predictor beats
// clairvoyant backfilling is decided against EASY clairvoyant by default
// and against EASY++ clairvoyant in a row of its own, marked as the other
// reading: a learned predictor between the two holds the first and not
// the second.
func TestClairvoyantReadings(t *testing.T) {
	c := Config{Logs: []string{Logs[0].ID}, Windows: 20}
	series := append(append(window(learned, 60), window(clairvoyantEASY, 70)...), window(clairvoyantSJBF, 50)...)
	got := map[string]analysis.LedgerEntry{}
	for _, e := range analysis.Ledger(paperClaims, claimsIn{c: c, series: series}) {
		got[e.ID] = e
	}
	def, alt := got[clairvoyantClaim], got[clairvoyantClaim+"/"+clairvoyantSJBF]
	if def.Verdict != analysis.VerdictHeld || def.Alternative != "" || def.Results[0].Comparison != learned+" vs "+clairvoyantEASY {
		t.Errorf("default reading: %q under %q, comparing %v; want held, against %s", def.Verdict, def.Alternative, def.Results, clairvoyantEASY)
	}
	if alt.Verdict != analysis.VerdictNotHeld || alt.Alternative != clairvoyantSJBF || alt.Results[0].Comparison != learned+" vs "+clairvoyantSJBF {
		t.Errorf("other reading: %q under %q, comparing %v; want not held, against %s, marked as the alternative", alt.Verdict, alt.Alternative, alt.Results, clairvoyantSJBF)
	}
}
