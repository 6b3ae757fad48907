package federation

import (
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/federated"
	"github.com/gridbench/gridbench/internal/gridway"
)

// withDSA is recs with every DSA-jobs record's value set to dsa(pol, u,
// rep).
func withDSA(recs []analysis.Record, dsa func(pol string, u, rep int) float64) []analysis.Record {
	out := slices.Clone(recs)
	for i, r := range out {
		for u := 0; u < Users; u++ {
			if r.Metric == federated.UserMetric(u, federated.MJobsDSA) {
				out[i].Value = dsa(r.Algorithm, u, r.Rep)
			}
		}
	}
	return out
}

// ledgerByID is the ledger of recs, in order and by id.
func ledgerByID(recs []analysis.Record) ([]analysis.LedgerEntry, map[string]analysis.LedgerEntry) {
	es := Ledger(ledgerInput{pols: gridway.Names, jobs: 550, series: 2, step: 300, recs: recs})
	by := map[string]analysis.LedgerEntry{}
	for _, e := range es {
		by[e.ID] = e
	}
	return es, by
}

// checkBeside checks that alt is decided under the reading named
// reading, with def's quote and section, after def with none but def's
// other readings between.
func checkBeside(t *testing.T, es []analysis.LedgerEntry, def, alt, reading string) {
	t.Helper()
	i := slices.IndexFunc(es, func(e analysis.LedgerEntry) bool { return e.ID == def })
	j := slices.IndexFunc(es, func(e analysis.LedgerEntry) bool { return e.ID == alt })
	if i < 0 || j < 0 {
		t.Fatalf("%s at %d, %s at %d: want both in the ledger", def, i, alt, j)
	}
	if es[i].Alternative != "" || es[j].Alternative != reading || es[j].Quote != es[i].Quote || es[j].Section != es[i].Section {
		t.Errorf("%s (alternative %q) and %s (alternative %q, quote %q): want the default and the reading %q, with the default's quote", def, es[i].Alternative, alt, es[j].Alternative, es[j].Quote, reading)
	}
	if j <= i || slices.ContainsFunc(es[i+1:j], func(e analysis.LedgerEntry) bool { return !strings.HasPrefix(e.ID, def+"/") }) {
		t.Errorf("%s is not beside %s: only %s's other readings may come between", alt, def, def)
	}
}

// interpretation is the Interpretations' account that starts with
// prefix.
func interpretation(t *testing.T, es []analysis.LedgerEntry, prefix string) string {
	t.Helper()
	r := LedgerReadings(es)
	if i := slices.IndexFunc(r, func(s string) bool { return strings.HasPrefix(s, prefix) }); i >= 0 {
		return r[i]
	}
	t.Errorf("no interpretation starting %q in %q", prefix, r)
	return ""
}

// "SO and SO-AS do not follow this behavior" (L-3), where "this behavior"
// is L-2's, DSA jobs rising with saturation, is decided under both
// readings: User-2 not above User-1 (the default) and, in the row after
// it, not rising at every step (L-3/not-every-step). SO's and SO-AS's DSA
// jobs falling from User-0 to User-1 and rising to User-2 hold only the
// second; rising at every step, neither; rising then falling, as Table 3's
// 102 → 145 → 124, both.
func TestL3IsReadBothWays(t *testing.T) {
	completion := func(pol string, u, rep int) float64 { return 3600*float64(1+u) + float64(rep*7%11) }
	for _, tc := range []struct {
		scenario string
		so       [Users]float64
		def, alt string
	}{
		{"falling, then rising", [Users]float64{150, 100, 130}, analysis.VerdictNotHeld, analysis.VerdictHeld},
		{"rising at every step", [Users]float64{100, 120, 140}, analysis.VerdictNotHeld, analysis.VerdictNotHeld},
		{"rising, then falling (Table 3)", [Users]float64{102, 145, 124}, analysis.VerdictHeld, analysis.VerdictHeld},
	} {
		dsa := func(pol string, u, rep int) float64 {
			v := float64(10 + 100*u)
			if pol == "SO" || pol == "SO-AS" {
				v = tc.so[u]
			}
			return v + float64((rep*7+u*3)%11)
		}
		es, by := ledgerByID(withDSA(synthetic(12, completion, func(string, int) float64 { return 0 }), dsa))
		def, alt := by["L-3"], by["L-3/"+altNotEveryStep]
		if def.Verdict != tc.def || alt.Verdict != tc.alt {
			t.Errorf("%s: L-3 %q, L-3/%s %q (%s); want %q and %q", tc.scenario, def.Verdict, altNotEveryStep, alt.Verdict, alt.Statistic, tc.def, tc.alt)
		}
		checkBeside(t, es, "L-3", "L-3/"+altNotEveryStep, altNotEveryStep)
		if s := interpretation(t, es, "L-3,"); !strings.Contains(s, "**"+tc.def+"**") || !strings.Contains(s, "**"+tc.alt+"**") || !strings.Contains(s, "default") {
			t.Errorf("%s: interpretation %q, want both readings' verdicts and which is the default", tc.scenario, s)
		}
		// Both steps of both policies, one Holm family.
		if !strings.Contains(alt.Statistic, "(4 comparisons, one Holm family)") {
			t.Errorf("%s: L-3/%s statistic %q, want the four steps in one family", tc.scenario, altNotEveryStep, alt.Statistic)
		}
	}
	// Two repetitions cannot decide a '≤' either way.
	dsa := func(pol string, u, rep int) float64 { return float64(100+10*u) + float64(rep) }
	if _, by := ledgerByID(withDSA(synthetic(2, completion, func(string, int) float64 { return 0 }), dsa)); by["L-3/"+altNotEveryStep].Verdict != analysis.VerdictInconclusive {
		t.Errorf("two repetitions: L-3/%s %q, want inconclusive", altNotEveryStep, by["L-3/"+altNotEveryStep].Verdict)
	}
}

// "the successive versions [...] improve the results obtained by the
// previous ones" (L-12a and L-12b, the exception's two readings) is
// decided against the version just before (the default) and, in the row
// after each, against every earlier version (/all-earlier). A DO below SO
// but above Normal holds reading A only against the version just before.
func TestL12IsReadBothWays(t *testing.T) {
	dsa := func(pol string, u int) float64 { return float64(10 + 100*u) }
	for _, tc := range []struct {
		scenario string
		level    map[string]float64
		want     map[string]string
	}{
		{"DO between Normal and SO", map[string]float64{"Normal": 2, "SO": 5, "DO": 3, "SO-AS": 2.5, "DO-AS": 1},
			map[string]string{"L-12a": analysis.VerdictHeld, "L-12a/" + altAllEarlier: analysis.VerdictNotHeld, "L-12b": analysis.VerdictNotHeld, "L-12b/" + altAllEarlier: analysis.VerdictNotHeld}},
		{"every version below every earlier one", map[string]float64{"Normal": 5, "SO": 4, "DO": 3, "SO-AS": 2, "DO-AS": 1},
			map[string]string{"L-12a": analysis.VerdictHeld, "L-12a/" + altAllEarlier: analysis.VerdictHeld, "L-12b": analysis.VerdictHeld, "L-12b/" + altAllEarlier: analysis.VerdictHeld}},
	} {
		f := func(pol string, u, rep int) float64 { return 3600*tc.level[pol]*float64(1+u) + float64((rep*7+u*3)%11) }
		es, by := ledgerByID(synthetic(12, f, dsa))
		for id, want := range tc.want {
			if e := by[id]; e.Verdict != want {
				t.Errorf("%s: %s %q (%s), want %q", tc.scenario, id, e.Verdict, e.Statistic, want)
			}
		}
		for _, def := range []string{"L-12a", "L-12b"} {
			checkBeside(t, es, def, def+"/"+altAllEarlier, altAllEarlier)
		}
		// Reading A against every earlier version: DO against Normal and
		// SO, SO-AS against three for User-2, DO-AS against four, every
		// user; reading B adds SO and SO-AS for Users 0-1 and SO-AS's
		// User-2 goes.
		for id, n := range map[string]int{"L-12a/" + altAllEarlier: 6 + 3 + 12, "L-12b/" + altAllEarlier: 2 + 6 + 6 + 12} {
			if r := by[id].Results; len(r) != 1 || r[0].Comparisons != n {
				t.Errorf("%s: %s results %+v, want %d comparisons in one family", tc.scenario, id, r, n)
			}
		}
		s := interpretation(t, es, "L-12,")
		for id := range tc.want {
			if e := by[id]; !strings.Contains(s, id+" **"+e.Verdict+"**") {
				t.Errorf("%s: interpretation %q lacks %s's verdict", tc.scenario, s, id)
			}
		}
	}
}

// withQueued is recs with User-2's queued job-hours on the whole grid,
// q(pol, rep), in the paper run and in reps jitter repetitions.
func withQueued(recs []analysis.Record, reps int, q func(pol string, rep int) float64) []analysis.Record {
	out := slices.Clone(recs)
	add := func(w string, rep int) {
		for _, pol := range gridway.Names {
			out = append(out, analysis.Record{Experiment: Name, Workload: w, Algorithm: pol, Rep: rep,
				Metric: federated.UserMetric(2, StateHoursMetric("total", "queued")), Value: q(pol, rep)})
		}
	}
	add(WorkloadPaper, 0)
	for rep := 0; rep < reps; rep++ {
		add(WorkloadJitter, rep)
	}
	return out
}

// Figures 6–10's groups (L-13) are decided as an ordering of the queued
// regions (the default) and, in the rows after it, with "similar" read as
// an equivalence: the first group's (L-13/similar-first) not testable,
// with why; SO-AS's and DO-AS's queued job-hours within the margin of
// each other (L-13/similar-second). SO-AS's region half as large again as
// DO-AS's holds the ordering but not the equivalence.
func TestL13IsReadBothWays(t *testing.T) {
	dsa := func(pol string, u int) float64 { return float64(10 + 100*u) }
	f := func(pol string, u, rep int) float64 { return 3600*float64(1+u) + float64(rep*7%11) }
	for _, tc := range []struct {
		scenario string
		reps     int
		soas     float64
		spread   float64 // of SO-AS's queued job-hours over the repetitions
		similar  string
	}{
		{"SO-AS 5% above DO-AS", 12, 105, 1, analysis.VerdictHeld},
		{"SO-AS 50% above DO-AS", 12, 150, 1, analysis.VerdictNotHeld},
		{"SO-AS 5% above DO-AS, two repetitions far apart", 2, 105, 5, analysis.VerdictInconclusive},
	} {
		q := func(pol string, rep int) float64 {
			noise := float64((rep*7)%5) - 2
			switch pol {
			case "SO-AS":
				return tc.soas + tc.spread*noise
			case "DO-AS":
				return 100 + float64((rep*3)%5) - 2
			}
			return 10 + noise/4
		}
		es, by := ledgerByID(withQueued(synthetic(tc.reps, f, dsa), tc.reps, q))
		def, first, second := by["L-13"], by["L-13/"+altSimilarFirst], by["L-13/"+altSimilarSecond]
		if tc.reps > 2 && def.Verdict != analysis.VerdictHeld {
			t.Errorf("%s: L-13 %q (%s), want held", tc.scenario, def.Verdict, def.Statistic)
		}
		if second.Verdict != tc.similar || !strings.Contains(second.Note, "margin ±15.0%") {
			t.Errorf("%s: L-13/%s %q (%s; %s), want %q with its margin stated", tc.scenario, altSimilarSecond, second.Verdict, second.Statistic, second.Note, tc.similar)
		}
		if first.Verdict != analysis.VerdictNotTestable || !strings.Contains(first.Note, "13:27:13") {
			t.Errorf("%s: L-13/%s %q (%s), want not testable, with Table 4's reason", tc.scenario, altSimilarFirst, first.Verdict, first.Note)
		}
		checkBeside(t, es, "L-13", "L-13/"+altSimilarFirst, altSimilarFirst)
		checkBeside(t, es, "L-13", "L-13/"+altSimilarSecond, altSimilarSecond)
		if s := interpretation(t, es, "L-13,"); !strings.Contains(s, "**"+second.Verdict+"**") || !strings.Contains(s, "**"+analysis.VerdictNotTestable+"**") {
			t.Errorf("%s: interpretation %q, want every reading's verdict", tc.scenario, s)
		}
	}
}
