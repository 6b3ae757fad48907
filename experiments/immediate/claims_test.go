package immediate

import (
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/generators/etc"
)

// TestClaimDirections pins the direction each claim is tested in: "worse"
// is lower on the higher-is-better metrics (utilisation, proximity) and
// higher on the lower-is-better ones (makespan, flowtime).
func TestClaimDirections(t *testing.T) {
	want := map[string]string{
		"X-P6":  "OLB <", // OLB's worst proximity: lowest
		"X-P5":  "MCT <", // MCT's poor proximity
		"X-P2":  " > ",   // kPB and SA's best proximity: highest
		"X-U1":  "MET <", // MET's worst utilisation
		"X-U5":  "OLB >", // OLB's best utilisation
		"X-M5b": "MET >", // MET's poor makespan
		"X-F4":  "MET <", // MET's best flowtime
	}
	var types []etc.Spec
	var recs []analysis.Record
	for _, name := range []string{"u_c_hihi", "u_s_hihi", "u_i_hihi"} {
		s, err := etc.ParseName(name)
		if err != nil {
			t.Fatal(err)
		}
		types = append(types, s)
		for _, m := range []string{"makespan", "flowtime", "utilization", "proximity"} {
			recs = append(recs, synthetic(name, m, 8, func(h string) float64 { return float64(len(h)) })...)
		}
	}
	for _, e := range analysis.Ledger(sectionSix, &claimsIn{recs: recs, types: types}) {
		if op, ok := want[e.ID]; ok {
			if !strings.Contains(e.Statistic, op) {
				t.Errorf("%s (%q): statistic %q, want a comparison %q", e.ID, e.Quote, e.Statistic, op)
			}
			delete(want, e.ID)
		}
	}
	if len(want) != 0 {
		t.Errorf("claims missing from the ledger: %v", want)
	}
}

// synthetic returns records of n fresh instances of type tn in which each
// heuristic's metric is value(h) plus a small per-instance jitter.
func synthetic(tn, metric string, n int, value func(h string) float64) []analysis.Record {
	var recs []analysis.Record
	for rep := 0; rep < n; rep++ {
		for i, h := range PublishedHeuristics {
			jitter := float64((rep*7+i*3)%5) * 1e-3
			recs = append(recs, analysis.Record{Experiment: Name, Workload: partGenerated + tn, Algorithm: h,
				Rep: rep, Metric: metric, Value: value(h) + jitter})
		}
	}
	return recs
}

func entryOf(es []analysis.LedgerEntry, id string) analysis.LedgerEntry {
	for _, e := range es {
		if e.ID == id {
			return e
		}
	}
	return analysis.LedgerEntry{}
}

// TestWorstProximity is the check that was reported "not held 0/48" while
// OLB had the lowest proximity on every instance: lowest proximity is the
// worst, so the claim holds on such data, and fails on the reverse.
func TestWorstProximity(t *testing.T) {
	prox := map[string]float64{"OLB": 0.2, "MCT": 0.5, "MET": 1, "SA": 0.7, "kPB": 0.8}
	recs := synthetic("u_c_hihi", "proximity", 20, func(h string) float64 { return prox[h] })
	e := entryOf(analysis.Ledger(sectionSix, &claimsIn{recs: recs, types: uchihi(t)}), "X-P6")
	if e.Verdict != analysis.VerdictHeld || e.N != 20 {
		t.Errorf("OLB lowest proximity on 20 of 20 instances: verdict %q (n %d, %s), want held", e.Verdict, e.N, e.Statistic)
	}
	recs = synthetic("u_c_hihi", "proximity", 20, func(h string) float64 { return 1.2 - prox[h] })
	if e := entryOf(analysis.Ledger(sectionSix, &claimsIn{recs: recs, types: uchihi(t)}), "X-P6"); e.Verdict != analysis.VerdictNotHeld {
		t.Errorf("OLB highest proximity: verdict %q, want not held", e.Verdict)
	}
}

// TestLedgerIsComplete checks that every claim appears once, with a
// verdict and a note when it could not be tested, even with no data.
func TestLedgerIsComplete(t *testing.T) {
	es := analysis.Ledger(sectionSix, &claimsIn{types: uchihi(t)})
	if len(es) != len(sectionSix) {
		t.Fatalf("%d entries for %d claims", len(es), len(sectionSix))
	}
	seen := map[string]bool{}
	for _, e := range es {
		if seen[e.ID] || e.Quote == "" || e.Section == "" {
			t.Errorf("entry %+v: duplicate id or no quote/section", e)
		}
		seen[e.ID] = true
		if e.Verdict != analysis.VerdictNotTestable || e.Note == "" {
			t.Errorf("%s without data: verdict %q, note %q; want not testable with a reason", e.ID, e.Verdict, e.Note)
		}
	}
}

// TestKPBHeader: the page's header names the machines kPB uses.
func TestKPBHeader(t *testing.T) {
	got := kpbMachines(Config{KPBPercent: 20, GenMachines: 16})
	if want := "the 13 best of 16 machines per job on the published instances, i.e. the ⌊16·20/100⌋ = 3 slowest dropped"; !strings.HasPrefix(got, want) {
		t.Errorf("kpbMachines = %q, want prefix %q", got, want)
	}
	if got := kpbMachines(Config{KPBPercent: 20, GenMachines: 8}); !strings.HasSuffix(got, "the 7 best of 8 on the fresh instances") {
		t.Errorf("quick: kpbMachines = %q", got)
	}
}

// uchihi is the type u_c_hihi.
func uchihi(t *testing.T) []etc.Spec {
	t.Helper()
	s, err := etc.ParseName("u_c_hihi")
	if err != nil {
		t.Fatal(err)
	}
	return []etc.Spec{s}
}
