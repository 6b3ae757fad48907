package roundrobin

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
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

// The scaling claims' "successively from '16' to '128'" is decided under
// both readings: the default rows compare the largest P with the smallest,
// each row /steps every step (one Holm family of all steps). With P = 64
// worse than P = 32 only the step rows fail; and a window overloaded at
// P = 16 but not at P = 64 makes the default rows, not the step rows,
// satisfied by construction.
func TestScalingIsReadBothWays(t *testing.T) {
	var ws []Workload
	for _, p := range []int{16, 32, 64, 128} {
		ws = append(ws, Workload{WorkloadID(Pct(3), p), Pct(3), p})
	}
	rank := map[string]float64{"apdrr": 1, "spn": 2, "rr": 3, "plrr": 4, "p": 5, "fcfs": 6, "ljf": 7}
	scaling := []string{"W3", "R4", "S4b", "C3"}
	for _, tc := range []struct {
		speedup  map[int]float64 // of P over P = 16
		steps    string
		scenario string
	}{
		{map[int]float64{16: 1, 32: 2, 64: 4, 128: 8}, analysis.VerdictHeld, "better at every step"},
		{map[int]float64{16: 1, 32: 3, 64: 2, 128: 4}, analysis.VerdictNotHeld, "P = 64 worse than P = 32"},
	} {
		recs := rankedRecords(ws, rank, func(p int, _ string) float64 { return tc.speedup[p] })
		fr := &familyResult{family: FamilyPercent, ws: ws, verdicts: Evaluate(recs, ws), alt: evaluate(recs, ws, AltClaims)}
		r := &reporter{windows: map[Size][]windowStat{Pct(3): {{load1: 2 * 16}}}}
		es := analysis.Ledger(ledgerRows(), &familyIn{r: r, fr: fr, verdicts: slices.Concat(fr.verdicts, fr.alt)})
		for _, id := range scaling {
			i := slices.IndexFunc(es, func(e analysis.LedgerEntry) bool { return e.ID == id })
			if i < 0 || i+1 >= len(es) {
				t.Fatalf("%s: no row %s and none after it", tc.scenario, id)
			}
			def, alt := es[i], es[i+1]
			if def.Verdict != analysis.VerdictHeld || !strings.HasPrefix(def.Note, ByConstructionNote) {
				t.Errorf("%s: %s %s, note %q: want held, satisfied by construction at P = 16", tc.scenario, id, def.Verdict, def.Note)
			}
			if alt.ID != id+"/"+ReadingSteps || alt.Alternative != ReadingSteps || alt.Quote != def.Quote {
				t.Errorf("%s: row after %s is %s (alternative %q), want %s/%s with its quote", tc.scenario, id, alt.ID, alt.Alternative, id, ReadingSteps)
				continue
			}
			if alt.Verdict != tc.steps || strings.Contains(alt.Note, ByConstructionNote) {
				t.Errorf("%s: %s %s, note %q: want %s, not by construction (P = 64 is not overloaded)", tc.scenario, alt.ID, alt.Verdict, alt.Note, tc.steps)
			}
		}
		for _, v := range fr.alt {
			if !v.Steps {
				continue
			}
			if n := len(v.Better) * 3; len(v.Tests) != n {
				t.Errorf("%s: %s has %d comparisons, want %d (three steps per algorithm)", tc.scenario, v.ID, len(v.Tests), n)
			}
			// Every step tied at the same raw p: Holm over one family of
			// them all multiplies it by their number.
			for _, x := range v.Tests {
				if m := float64(len(v.Tests)); tc.steps == analysis.VerdictHeld && math.Abs(x.PAdj-m*x.Res.P) > 1e-12 {
					t.Errorf("%s: %s %s: p %g, p_Holm %g, want %g (one family of %g)", tc.scenario, v.ID, x.Name, x.Res.P, x.PAdj, m*x.Res.P, m)
				}
			}
		}
	}
}
