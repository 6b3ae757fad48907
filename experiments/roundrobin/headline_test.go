package roundrobin

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/timeshared"
)

// The headline counts the claims held by construction only when some are:
// at one window per workload it read "(0 not testable as satisfied by
// construction)".
func TestHeadlineSaysSatisfiedByConstructionWhenAny(t *testing.T) {
	r := &reporter{src: TraceSource{Label: "LCG-2005-1"}, led: []analysis.LedgerEntry{{ID: "W1", Verdict: analysis.VerdictInconclusive}}}
	if h := r.headline(); strings.Contains(h, "by construction") || !strings.HasPrefix(h, "LCG-2005-1: 1 claim: 0 held, 0 not held, 1 inconclusive, 0 not testable; nothing fitted") {
		t.Errorf("none by construction: %q", h)
	}
	r.led = append(r.led, analysis.LedgerEntry{ID: "S4b", Verdict: analysis.VerdictHeld, Note: ByConstructionNote + ": every window is overloaded"})
	if h := r.headline(); !strings.Contains(h, "1 held, 0 not held, 1 inconclusive, 0 not testable; of the held under the default readings, 1 by construction; nothing fitted") {
		t.Errorf("one by construction: %q", h)
	}
}

// A scaling claim satisfied by construction keeps the verdict its test
// gave (held), and its note says why that tells the algorithms nothing;
// it was turned into "not testable" by hand.
func TestByConstructionKeepsTheTestsVerdict(t *testing.T) {
	var recs []analysis.Record
	rnd := rand.New(rand.NewPCG(3, 3))
	ws := []Workload{{WorkloadID(Pct(3), 16), Pct(3), 16}, {WorkloadID(Pct(3), 64), Pct(3), 64}}
	for _, w := range ws {
		for rep := 0; rep <= 20; rep++ {
			base := 100 + 50*rnd.Float64()
			for _, a := range Algorithms {
				recs = append(recs, analysis.Record{Experiment: Name, Workload: w.ID, Algorithm: a, Rep: rep, Metric: timeshared.MWaiting, Value: base * 16 / float64(w.Slaves)})
			}
		}
	}
	fr := &familyResult{family: FamilyPercent, ws: ws, verdicts: Evaluate(recs, ws)}
	for _, load1 := range []float64{10 * 16, 0.5 * 16} { // overloaded at P = 16, then not
		r := &reporter{windows: map[Size][]windowStat{Pct(3): {{load1: load1}, {load1: load1 * 2}}}}
		in := &familyIn{r: r, fr: fr, verdicts: fr.verdicts}
		for _, v := range fr.verdicts {
			if v.ID != "W3" {
				continue
			}
			e := in.decide(v)
			if e.Verdict != analysis.VerdictHeld {
				t.Errorf("load %g: W3 %s, want held (the test's verdict)", load1/16, e.Verdict)
			}
			if by := strings.HasPrefix(e.Note, ByConstructionNote); by != (load1 > 16) || by && !strings.Contains(e.Note, "cannot tell the algorithms apart") {
				t.Errorf("load %g: note %q", load1/16, e.Note)
			}
		}
	}
}

// Every claim has the paper's words, and a row's verdict covers all its
// quote states: §8.4's summary ("RR and APDRR have shown the best average
// slowdown times [...] and presented improvement [...]") was one scaling
// row S4 whose verdict said nothing of the ranking; it is S4a (the
// ranking, S1's test) and S4b (the scaling).
func TestEveryClaimHasItsQuote(t *testing.T) {
	byID := map[string]Claim{}
	for _, c := range Claims {
		byID[c.ID] = c
		if quotes[c.ID].text == "" {
			t.Errorf("claim %s has no quote", c.ID)
		}
	}
	s1, s4a, s4b := byID["S1"], byID["S4a"], byID["S4b"]
	if s4a.Scaling || !slices.Equal(sorted(s4a.Better), sorted(s1.Better)) || !slices.Equal(sorted(s4a.Worse), sorted(s1.Worse)) ||
		!strings.Contains(quotes["S4a"].text, "best average slowdown") || strings.Contains(quotes["S4a"].text, "increasing number of CPUs") {
		t.Errorf("S4a %+v, quote %q: want S1's ranking", s4a, quotes["S4a"].text)
	}
	if !s4b.Scaling || !strings.Contains(quotes["S4b"].text, "increasing number of CPUs") || strings.Contains(quotes["S4b"].text, "best") {
		t.Errorf("S4b %+v, quote %q: want the scaling alone", s4b, quotes["S4b"].text)
	}
}

func sorted(xs []string) []string { return slices.Sorted(slices.Values(xs)) }

// Every claim on total completion time is decided under its second reading
// (the makespan) too: §9's K1 ("the least [...] total completion times")
// reads the word as Figure 8 does, so it has a K1/makespan row beside
// C1–C3's.
func TestEveryCompletionClaimHasTheMakespanReading(t *testing.T) {
	ws := []Workload{{WorkloadID(Pct(3), 16), Pct(3), 16}}
	fr := &familyResult{family: FamilyPercent, ws: ws, verdicts: Evaluate(nil, ws)}
	got := map[string]bool{}
	for _, e := range analysis.Ledger(makespanRows(), &familyIn{r: &reporter{}, fr: fr, verdicts: fr.verdicts}) {
		got[e.ID] = true
		if e.Alternative != "makespan" {
			t.Errorf("%s: alternative %q, want makespan", e.ID, e.Alternative)
		}
	}
	for _, c := range Claims {
		if slices.Contains(c.Metrics, timeshared.MCompletion) != got[c.ID+"/makespan"] {
			t.Errorf("%s (metrics %v): row %s/makespan %v", c.ID, c.Metrics, c.ID, got[c.ID+"/makespan"])
		}
	}
}

// The claims table gives each family the ledger's verdict: on three
// windows no comparison can reach alpha after Holm, either way, so the
// table says inconclusive (as the ledger does), not "not held", and does
// not call an APDRR-best claim a non-reproduction.
func TestClaimsTableSaysInconclusive(t *testing.T) {
	ws := []Workload{{WorkloadID(Pct(3), 16), Pct(3), 16}, {WorkloadID(Pct(3), 64), Pct(3), 64}}
	rank := map[string]float64{"apdrr": 1, "spn": 2, "rr": 3, "plrr": 4, "p": 5, "fcfs": 6, "ljf": 7}
	var recs []analysis.Record
	for _, w := range ws {
		for rep := 0; rep < 3; rep++ {
			for _, a := range Algorithms {
				for _, m := range six {
					recs = append(recs, analysis.Record{Experiment: Name, Workload: w.ID, Algorithm: a, Rep: rep, Metric: m,
						Value: rank[a] * float64(100+rep) * 16 / float64(w.Slaves)})
				}
			}
		}
	}
	r := &reporter{pg: &report.Page{}, nWindows: 3, fams: []*familyResult{{family: FamilyPercent, ws: ws, verdicts: Evaluate(recs, ws)}}}
	r.claimsSection()
	tab := r.sheets[0]
	col := slices.Index(tab.Columns, FamilyPercent.String())
	for _, row := range tab.Rows {
		if got := row[col].Text; !strings.HasPrefix(got, analysis.VerdictInconclusive) {
			t.Errorf("%s on 3 windows: %q, want inconclusive", row[0].Text, got)
		}
		if strings.Contains(row[col+1].Text, "non-reproduction") {
			t.Errorf("%s: note %q on an inconclusive verdict", row[0].Text, row[col+1].Text)
		}
	}
}
