package analysis

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestMinPairs(t *testing.T) {
	// 2/2^n < 0.05 first at n=6 (2/64 = 0.031); with Holm over 2, 4/2^n
	// < 0.05 first at n=7 (0.031).
	for _, c := range []struct{ m, want int }{{1, 6}, {2, 7}, {4, 8}, {10, 9}} {
		if got := MinPairs(c.m); got != c.want {
			t.Errorf("MinPairs(%d) = %d, want %d", c.m, got, c.want)
		}
	}
}

func TestLedgerInconclusive(t *testing.T) {
	// Five pairs, all A far below B: the largest effect there is, yet
	// with Holm over 2 no p can reach α: inconclusive, not "not held".
	x := []float64{1, 2, 3, 4, 5}
	y := []float64{100, 200, 300, 400, 500}
	a := &Comparison{Name: "a", Want: Lower, X: x, Y: y}
	b := &Comparison{Name: "b", Want: Lower, X: x, Y: y}
	Test(a, b)
	e := LedgerEntry{ID: "c1"}.FromVerdict(Decide([]*Comparison{a}), 2)
	if e.Verdict != VerdictInconclusive || e.N != 5 || e.Note != "too few repetitions: at least 7 needed" {
		t.Fatalf("got %+v", e)
	}
	// Reversed with too few pairs is still not held only if significant;
	// seven pairs the other way round hold.
	x7 := []float64{1, 2, 3, 4, 5, 6, 7}
	y7 := []float64{10, 20, 30, 40, 50, 60, 70}
	c := &Comparison{Name: "c", Want: Lower, X: x7, Y: y7}
	Test(c)
	if e := (LedgerEntry{}).FromVerdict(Decide([]*Comparison{c}), 1); e.Verdict != VerdictHeld || e.P == nil {
		t.Fatalf("got %+v", e)
	}
	// No pairs at all (the metric has no value there) is inconclusive,
	// and more repetitions would not help: the note says so.
	none := &Comparison{Name: "none", Scope: "w", Want: Lower}
	Test(none, c)
	if e := (LedgerEntry{}).FromVerdict(Decide([]*Comparison{none, c}), 2); e.Verdict != VerdictInconclusive || e.Note != "no paired values in w" {
		t.Fatalf("no pairs: got %+v", e)
	}
	d := &Comparison{Name: "d", Want: Lower, X: y7, Y: x7}
	Test(d)
	if e := (LedgerEntry{}).FromVerdict(Decide([]*Comparison{d}), 1); e.Verdict != VerdictNotHeld {
		t.Fatalf("reversed: got %+v", e)
	}
}

func TestLedgerNotHigherNeedsPairs(t *testing.T) {
	// "A ≤ B" holds by failing to reject A > B. With two pairs no data
	// could reject it (A far above B here), so the row is inconclusive;
	// with six, enough for a family of one, the same direction of data
	// holds it, and data the other way round reject it.
	below := &Comparison{Name: "a ≤ b", Want: NotHigher, X: []float64{1, 2}, Y: []float64{3, 4}}
	above := &Comparison{Name: "a ≤ b", Want: NotHigher, X: []float64{30, 40}, Y: []float64{3, 4}}
	for _, c := range []*Comparison{below, above} {
		Test(c)
		if !c.Held() {
			t.Fatalf("%v: the comparison itself should hold (it cannot reject)", c.X)
		}
		e := (LedgerEntry{}).FromVerdict(Decide([]*Comparison{c}), 1)
		if e.Verdict != VerdictInconclusive || !strings.Contains(e.Note, "at least 6 needed") {
			t.Errorf("%v vs %v with 2 pairs: got %q (%s), want inconclusive", c.X, c.Y, e.Verdict, e.Note)
		}
	}
	x6, y6 := []float64{1, 2, 3, 4, 5, 6}, []float64{10, 20, 30, 40, 50, 60}
	held := &Comparison{Name: "a ≤ b", Want: NotHigher, X: x6, Y: y6}
	rejected := &Comparison{Name: "a ≤ b", Want: NotHigher, X: y6, Y: x6}
	Test(held)
	Test(rejected)
	if e := (LedgerEntry{}).FromVerdict(Decide([]*Comparison{held}), 1); e.Verdict != VerdictHeld {
		t.Errorf("six pairs below: got %+v, want held", e)
	}
	if e := (LedgerEntry{}).FromVerdict(Decide([]*Comparison{rejected}), 1); e.Verdict != VerdictNotHeld {
		t.Errorf("six pairs above: got %+v, want not held", e)
	}
}

func TestWriteLedger(t *testing.T) {
	var buf bytes.Buffer
	x := []float64{1, 2, 3, 4, 5, 6, 7}
	y := []float64{10, 20, 30, 40, 50, 60, 70}
	c := &Comparison{Name: "A < B", Scope: "w1", Want: Lower, X: x, Y: y}
	Test(c)
	tested := LedgerEntry{ID: "y"}.FromVerdict(Decide([]*Comparison{c}), 1)
	pub := LedgerEntry{ID: "T3", Verdict: VerdictNotHeld, Kind: KindPublished}
	f := NewLedgerFile("s", StandardMethod("within ±10%", "v1"), []LedgerEntry{{ID: "x", Verdict: VerdictNotTestable, Note: "why"}, tested, pub})
	if err := WriteLedger(&buf, f); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Study     string
		Method    map[string]any
		Claims    LedgerCounts
		Published LedgerCounts `json:"published_values"`
		Entries   []map[string]any
	}
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"id", "quote", "section", "scope", "verdict", "p", "n", "kind"} {
		if _, ok := back.Entries[0][k]; !ok {
			t.Errorf("claims.json entry lacks %q: %s", k, buf.String())
		}
	}
	for _, k := range []string{"alpha", "test", "correction", "published_tolerance", "gridbench_version"} {
		if _, ok := back.Method[k]; !ok {
			t.Errorf("claims.json method lacks %q: %s", k, buf.String())
		}
	}
	if back.Claims.Total != 2 || back.Claims.Held != 1 || back.Published.Total != 1 || back.Published.NotHeld != 1 {
		t.Errorf("counts: claims %+v, published %+v", back.Claims, back.Published)
	}
	rs, _ := back.Entries[1]["results"].([]any)
	if len(rs) != 1 || rs[0].(map[string]any)["scope"] != "w1" || rs[0].(map[string]any)["comparisons"] != 1.0 || back.Entries[0]["kind"] != KindClaim {
		t.Errorf("entry y's results: %s", buf.String())
	}
}

// TestResultsByScope: an entry over two workloads lists one result per
// workload, each with its comparisons counted and its decisive one.
func TestResultsByScope(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7}
	y := []float64{10, 20, 30, 40, 50, 60, 70}
	cs := []*Comparison{
		{Name: "A < B", Scope: "w1", Want: Lower, X: x, Y: y},
		{Name: "A < C", Scope: "w1", Want: Lower, X: x, Y: x},
		{Name: "A < B", Scope: "w2", Want: Lower, X: x, Y: y},
	}
	Test(cs...)
	e := LedgerEntry{}.FromVerdict(Decide(cs), len(cs))
	if len(e.Results) != 2 {
		t.Fatalf("%d results, want one per workload: %+v", len(e.Results), e.Results)
	}
	w1, w2 := e.Results[0], e.Results[1]
	if w1.Scope != "w1" || w1.Comparisons != 2 || w1.Comparison != "A < C" || w1.Held || w2.Scope != "w2" || w2.HeldN != 1 {
		t.Errorf("results %+v", e.Results)
	}
}

func TestUnpairedComparison(t *testing.T) {
	// Two samples of six, every value of A below every value of B: the
	// exact two-sided p is 2/C(12, 6) = 2/924 and r = −1, whatever order
	// the values come in.
	a := &Comparison{Name: "a < b", Want: Lower, X: []float64{6, 1, 5, 2, 4, 3}, Y: []float64{10, 60, 20, 50, 30, 40}, Unpaired: true}
	Test(a)
	if a.Err != nil || math.Abs(a.Res.P-2.0/924) > 1e-12 || a.Res.Effect != -1 || !a.Held() || a.N != 6 {
		t.Fatalf("got %+v (p %g, r %g), want p = 2/924, r = -1, held", a, a.Res.P, a.Res.Effect)
	}
	if e := (LedgerEntry{}).FromVerdict(Decide([]*Comparison{a}), 1); e.Verdict != VerdictHeld || !strings.HasPrefix(e.Statistic, "Mann–Whitney U") {
		t.Errorf("ledger entry %+v", e)
	}
	// Paired by position these values differ by the same sign every
	// time, which a signed-rank test would call significant; as samples
	// they overlap, and the rank-sum test does not.
	x := []float64{10, 11, 12, 13, 14, 15, 16, 17}
	y := []float64{9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5}
	paired := &Comparison{Want: Higher, X: x, Y: y}
	unpaired := &Comparison{Want: Higher, X: x, Y: y, Unpaired: true}
	Test(paired)
	Test(unpaired)
	if !paired.Held() || unpaired.Held() {
		t.Errorf("paired held %v (p %g), unpaired held %v (p %g); want true, false", paired.Held(), paired.Res.P, unpaired.Held(), unpaired.Res.P)
	}
	// Samples of three can never reach α (2/C(6, 3) = 0.1); of four they
	// can (2/70), but not in a Holm family of two (4/70).
	for _, c := range []struct{ n, m int }{{3, 1}, {4, 1}, {4, 2}, {5, 2}} {
		s := make([]float64, c.n)
		u := &Comparison{X: s, Y: s, Unpaired: true}
		if got, want := u.Underpowered(c.m), c.n < MinSamples(c.m); got != want {
			t.Errorf("n=%d, family %d: underpowered %v, want %v", c.n, c.m, got, want)
		}
	}
	if MinSamples(1) != 4 || MinSamples(2) != 5 {
		t.Errorf("MinSamples(1), MinSamples(2) = %d, %d, want 4, 5", MinSamples(1), MinSamples(2))
	}
}
