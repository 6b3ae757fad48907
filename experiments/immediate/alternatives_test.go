package immediate

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// TestAlternativeRowsBesideTheirClaims: each alternative reading is a row
// of its own right after its claim's default rows, with the claim's words,
// its id the claim's with its reading's name, and counted apart from the
// default rows; the page's interpretations give every claim read more than
// one way in the ledger's order.
func TestAlternativeRowsBesideTheirClaims(t *testing.T) {
	specs, recs := records(t, []string{"u_c_hihi", "u_i_hihi", "u_s_hihi"}, PublishedMetrics, 8,
		func(_, _, h string, rep int) float64 { return float64(len(h)) + float64((rep*7+len(h)*3)%5)*1e-3 })
	in := &claimsIn{recs: recs, types: specs}
	ledger := analysis.Ledger(claims, in)
	_, alt := analysis.SplitReadings(ledger)
	if len(alt) != len(alternatives) {
		t.Errorf("%d rows under an alternative reading, want %d", len(alt), len(alternatives))
	}
	for _, a := range alternatives {
		last := slices.IndexFunc(ledger, func(e analysis.LedgerEntry) bool { return e.ID == a.defaults[len(a.defaults)-1] })
		if last < 0 || last+1 == len(ledger) {
			t.Fatalf("%s: default row %s not in the ledger, or last", a.id, a.defaults[len(a.defaults)-1])
		}
		e := ledger[last+1]
		if e.ID != a.id+"/"+a.reading || e.Alternative != a.reading || e.Quote != ledger[last].Quote || !strings.HasPrefix(e.Note, "other reading: ") {
			t.Errorf("after %s: row %s (alternative %q, quote %q, note %q), want %s/%s with its claim's words", ledger[last].ID, e.ID, e.Alternative, e.Quote, e.Note, a.id, a.reading)
		}
	}
	var order []string
	for _, b := range readingBullets(claimReadingResults(in, ledger), ledger) {
		order = append(order, strings.TrimSuffix(strings.Fields(b)[2], ".**")) // "**Reading of X-M3.** …"
	}
	if want := []string{"X-M3", "X-M4", "X-F3", "X-U4", "X-U5", "X-P4", "X-C1"}; !slices.Equal(order, want) {
		t.Errorf("readings on the page in the order %v, want %v", order, want)
	}
}

// TestTypeMeanRows: X-F3, X-U4 and X-P4 are read, as X-M3 and X-U5 are,
// on the mean over each consistency's types (relative to MCT's) by their
// default rows, the reading the paper's own tables hold in full, and on
// every type by their alternative rows. A type on which the claim fails
// fails the alternative row; the mean holds when the other types outweigh
// it.
func TestTypeMeanRows(t *testing.T) {
	types := []string{"u_i_hihi", "u_i_hilo", "u_s_hihi", "u_s_hilo"}
	// SA's proximity: well above kPB's on three types, a little below on u_s_hilo.
	sa := map[string]float64{"u_i_hihi": 0.6, "u_i_hilo": 0.6, "u_s_hihi": 0.6, "u_s_hilo": 0.48}
	specs, recs := records(t, types, []string{"proximity"}, 20, func(tn, _, h string, rep int) float64 {
		jitter := float64((rep*7+len(h)*3)%5) * 1e-3
		if h == "SA" {
			return sa[tn] + jitter
		}
		return 0.5 + jitter
	})
	ledger := analysis.Ledger(claims, &claimsIn{recs: recs, types: specs})
	if e := entryOf(ledger, "X-P4/every-type"); e.Verdict != analysis.VerdictNotHeld || !strings.Contains(e.Statistic, "on u_s_hilo") {
		t.Errorf("SA below kPB on u_s_hilo: X-P4/every-type %q (%s), want not held there", e.Verdict, e.Statistic)
	}
	e := entryOf(ledger, "X-P4")
	if e.Verdict != analysis.VerdictHeld || !strings.Contains(e.Statistic, "2 of 2 comparisons held") || !strings.Contains(e.Statistic, "(proximity / MCT's)") {
		t.Errorf("SA above kPB on the mean of each class: X-P4 %q (%s), want held on the two means relative to MCT's", e.Verdict, e.Statistic)
	}
	// In the paper's own tables the means (the default) hold where every
	// type (the alternative) does not.
	for _, c := range []struct {
		id             string
		types, means   [2]int
		tablePrintedIn string
	}{
		{"X-F3", [2]int{23, 24}, [2]int{6, 6}, "Table 4"},
		{"X-U4", [2]int{21, 24}, [2]int{6, 6}, "Table 5"},
		{"X-P4", [2]int{6, 8}, [2]int{2, 2}, "Table 6"},
	} {
		i := slices.IndexFunc(alternatives, func(a alternative) bool { return a.id == c.id })
		if i < 0 {
			t.Errorf("%s has no alternative reading", c.id)
			continue
		}
		a := alternatives[i]
		if h, n := a.check.publishedSupport(); [2]int{h, n} != c.types || a.reading != readingEveryType {
			t.Errorf("%s/%s: %d of %d in the tables, want %v on every type", c.id, a.reading, h, n, c.types)
		}
		want := fmt.Sprintf("In the paper's own %s: on the means %d of %d, on every type %d of %d", c.tablePrintedIn, c.means[0], c.means[1], c.types[0], c.types[1])
		if why := a.why(); !strings.Contains(why, want) {
			t.Errorf("%s: page says %q, want %q", c.id, why, want)
		}
	}
}

// TestOneYardstick: X-M4's default measures "good" against OLB (X-M4a) and
// the exception against MCT (X-M4b); the alternative row measures both
// halves against OLB. On makespans ordered as in the paper's Table 3 (SA
// between MCT and OLB on every type) the default rows hold and the one
// yardstick does not: SA is better than OLB on the inconsistent types too.
// The page says why from Table 3's own counts.
func TestOneYardstick(t *testing.T) {
	makespan := map[string]float64{"MCT": 1, "kPB": 1.1, "SA": 1.2, "OLB": 2, "MET": 3}
	specs, recs := records(t, []string{"u_c_hihi", "u_i_hihi", "u_s_hihi"}, []string{"makespan"}, 20, func(_, _, h string, rep int) float64 {
		return makespan[h] + float64((rep*7+len(h)*3)%5)*1e-3
	})
	ledger := analysis.Ledger(claims, &claimsIn{recs: recs, types: specs})
	for id, want := range map[string]string{"X-M4a": analysis.VerdictHeld, "X-M4b": analysis.VerdictHeld, "X-M4/one-yardstick": analysis.VerdictNotHeld} {
		if e := entryOf(ledger, id); e.Verdict != want {
			t.Errorf("%s %q (%s), want %s", id, e.Verdict, e.Statistic, want)
		}
	}
	e := entryOf(ledger, "X-M4/one-yardstick")
	if e.Alternative != readingOneYardstick || !strings.Contains(e.Statistic, "2 of 3 comparisons held; failing: SA > OLB (makespan)") {
		t.Errorf("X-M4/one-yardstick: alternative %q, %s; want the exception against OLB failing", e.Alternative, e.Statistic)
	}
	i := slices.IndexFunc(alternatives, func(a alternative) bool { return a.id == "X-M4" })
	if i < 0 {
		t.Fatal("X-M4 has no alternative reading")
	}
	why := alternatives[i].why()
	for _, want := range []string{"below OLB's on 4 of the 4 inconsistent instances", "below MCT's on 0 of the 8 consistent and semi-consistent ones",
		"one yardstick: OLB 7 of 12 comparisons, MCT 4 of 12", "the table supports them in 7 of 8 and 4 of 4"} {
		if !strings.Contains(why, want) {
			t.Errorf("X-M4's reading on the page: %q, want %q", why, want)
		}
	}
}
