package roundrobin

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// rankedRecords are 21 windows of each workload of ws on every metric of
// six, each algorithm's values its rank times the window's base over
// scale(P, algorithm).
func rankedRecords(ws []Workload, rank map[string]float64, scale func(p int, a string) float64) []analysis.Record {
	rnd := rand.New(rand.NewPCG(5, 5))
	var recs []analysis.Record
	for rep := 0; rep <= 20; rep++ {
		base := 100 + 50*rnd.Float64()
		for _, w := range ws {
			for _, a := range Algorithms {
				for _, m := range six {
					recs = append(recs, analysis.Record{Experiment: Name, Workload: w.ID, Algorithm: a, Rep: rep, Metric: m,
						Value: base * rank[a] / scale(w.Slaves, a)})
				}
			}
		}
	}
	return recs
}

// familyLedger is the ledger rows of one family of ws on recs, by id.
func familyLedger(t *testing.T, recs []analysis.Record, ws []Workload) ([]analysis.LedgerEntry, map[string]analysis.LedgerEntry) {
	t.Helper()
	fr := &familyResult{family: FamilyPercent, ws: ws, verdicts: Evaluate(recs, ws), alt: evaluate(recs, ws, AltClaims)}
	r := &reporter{windows: map[Size][]windowStat{}}
	es := analysis.Ledger(ledgerRows(), &familyIn{r: r, fr: fr, verdicts: slices.Concat(fr.verdicts, fr.alt)})
	byID := map[string]analysis.LedgerEntry{}
	for _, e := range es {
		byID[e.ID] = e
	}
	return es, byID
}

// §8.5's "P, FCFS and LJF have shown the worst performance" is decided
// under both readings: C2 (APDRR, SPN, RR below them; PLRR, which §8.5
// does not name, left out) and, in the row after it, C2/all-others (every
// other algorithm below them, PLRR included). With PLRR the worst on total
// completion time only the second fails.
func TestC2IsReadBothWays(t *testing.T) {
	ws := []Workload{{WorkloadID(Pct(3), 16), Pct(3), 16}, {WorkloadID(Pct(3), 64), Pct(3), 64}}
	perP := func(p int, _ string) float64 { return float64(p) }
	for _, tc := range []struct {
		plrr     float64
		all      string
		scenario string
	}{
		{4.5, analysis.VerdictHeld, "PLRR between RR and P"},
		{9, analysis.VerdictNotHeld, "PLRR above LJF"},
	} {
		rank := map[string]float64{"apdrr": 1, "spn": 2, "rr": 3, "plrr": tc.plrr, "p": 5, "fcfs": 6, "ljf": 7}
		es, byID := familyLedger(t, rankedRecords(ws, rank, perP), ws)
		c2, alt := byID["C2"], byID["C2/"+ReadingAllOthers]
		if c2.Verdict != analysis.VerdictHeld || c2.Alternative != "" {
			t.Errorf("%s: C2 %s (alternative %q), want held under the default reading", tc.scenario, c2.Verdict, c2.Alternative)
		}
		if alt.Verdict != tc.all || alt.Alternative != ReadingAllOthers || alt.Quote != c2.Quote || alt.Section != c2.Section {
			t.Errorf("%s: C2/%s %s (alternative %q, quote %q), want %s with C2's quote", tc.scenario, ReadingAllOthers, alt.Verdict, alt.Alternative, alt.Quote, tc.all)
		}
		if i := slices.IndexFunc(es, func(e analysis.LedgerEntry) bool { return e.ID == "C2" }); i+1 >= len(es) || es[i+1].ID != alt.ID {
			t.Errorf("%s: C2/%s is not the row after C2", tc.scenario, ReadingAllOthers)
		}
		// One Holm family: the four better algorithms against the three
		// worst, in each workload.
		if n := len(alt.Results); n != len(ws) || alt.Results[0].Comparisons != 4*3 {
			t.Errorf("%s: C2/%s results %+v, want %d workloads of 12 comparisons", tc.scenario, ReadingAllOthers, alt.Results, len(ws))
		}
	}
}
