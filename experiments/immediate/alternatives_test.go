package immediate

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// TestAlternativeRowsBesideTheirClaims: each alternative reading is a row
// of its own right after its claim's default rows (and its other
// alternatives), with the claim's words, its id the claim's with its
// reading's name, and counted apart from the default rows; the page's
// interpretations give every claim read more than one way in the ledger's
// order.
func TestAlternativeRowsBesideTheirClaims(t *testing.T) {
	specs, recs := records(t, []string{"u_c_hihi", "u_i_hihi", "u_s_hihi"}, PublishedMetrics, 8,
		func(_, _, h string, rep int) float64 { return float64(len(h)) + float64((rep*7+len(h)*3)%5)*1e-3 })
	ledger := analysis.Ledger(claims, &claimsIn{recs: recs, types: specs})
	def, alt := analysis.SplitReadings(ledger)
	nalt := 0
	for _, rs := range readingSets {
		nalt += len(rs.alts)
	}
	if len(alt) != nalt || len(def) != len(ledger)-nalt {
		t.Errorf("%d rows under an alternative reading and %d default rows, want %d and %d", len(alt), len(def), nalt, len(ledger)-nalt)
	}
	for _, rs := range readingSets {
		last := slices.IndexFunc(ledger, func(e analysis.LedgerEntry) bool { return e.ID == rs.defaults[len(rs.defaults)-1] })
		if last < 0 || last+len(rs.alts) >= len(ledger) {
			t.Fatalf("%s: default row %s not in the ledger, or too near its end", rs.id, rs.defaults[len(rs.defaults)-1])
		}
		for k, a := range rs.alts {
			e := ledger[last+1+k]
			if e.ID != rs.id+"/"+a.reading || e.Alternative != a.reading || e.Quote != ledger[last].Quote || !strings.HasPrefix(e.Note, "other reading: ") {
				t.Errorf("row %d after %s: %s (alternative %q, quote %q, note %q), want %s/%s with its claim's words",
					k+1, ledger[last].ID, e.ID, e.Alternative, e.Quote, e.Note, rs.id, a.reading)
			}
		}
	}
	var order []string
	for _, b := range readingBullets(ledger) {
		order = append(order, strings.TrimSuffix(strings.Fields(b)[2], ".**")) // "**Reading of X-M3.** …"
	}
	if want := []string{"X-M3", "X-M4", "X-F3", "X-U4", "X-U5", "X-P4", "X-C1"}; !slices.Equal(order, want) {
		t.Errorf("readings on the page in the order %v, want %v", order, want)
	}
}

// readingsOf is the claim id's readings, failing t when it has none.
func readingsOf(t *testing.T, id string) claimReadings {
	t.Helper()
	i := slices.IndexFunc(readingSets, func(rs claimReadings) bool { return rs.id == id })
	if i < 0 {
		t.Fatalf("%s is read only one way", id)
	}
	return readingSets[i]
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
		{"X-M3", [2]int{5, 8}, [2]int{2, 2}, "Table 3"},
		{"X-F3", [2]int{23, 24}, [2]int{6, 6}, "Table 4"},
		{"X-U4", [2]int{21, 24}, [2]int{6, 6}, "Table 5"},
		{"X-P4", [2]int{6, 8}, [2]int{2, 2}, "Table 6"},
	} {
		rs := readingsOf(t, c.id)
		a := rs.alts[0]
		if h, n := a.test.publishedSupport(); [2]int{h, n} != c.types || a.reading != readingEveryType || len(rs.alts) != 1 {
			t.Errorf("%s/%s: %d of %d in the tables, want %v on every type, its only alternative", c.id, a.reading, h, n, c.types)
		}
		want := fmt.Sprintf("In the paper's own %s: on the means %d of %d, on every type %d of %d", c.tablePrintedIn, c.means[0], c.means[1], c.types[0], c.types[1])
		if why := rs.why(); !strings.Contains(why, want) {
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
	why := readingsOf(t, "X-M4").why()
	for _, want := range []string{"below OLB's on 4 of the 4 inconsistent instances", "below MCT's on 0 of the 8 consistent and semi-consistent ones",
		"one yardstick: OLB 7 of 12 comparisons, MCT 4 of 12", "the table supports them in 7 of 8 and 4 of 4"} {
		if !strings.Contains(why, want) {
			t.Errorf("X-M4's reading on the page: %q, want %q", why, want)
		}
	}
}

// TestEveryReadingIsARow: the other readings of X-M3, X-U5 and X-C1 were
// decided only for the page and never reached claims.json. Each is now a
// ledger row of its own, as every other claim's are: after its claim's
// default row, its id the claim's with the reading's name, marked as an
// alternative; and the page's bullet for the claim gives each with its
// verdict and statistic as the ledger decided them.
func TestEveryReadingIsARow(t *testing.T) {
	specs, recs := records(t, []string{"u_c_hihi", "u_i_hihi", "u_s_hihi"}, PublishedMetrics, 8,
		func(_, _, h string, rep int) float64 { return float64(len(h)) + float64((rep*7+len(h)*3)%5)*1e-3 })
	in := &claimsIn{recs: recs, types: specs}
	ledger := analysis.Ledger(claims, in)
	bullets := readingBullets(ledger)
	for _, c := range []struct {
		id       string
		readings []string
	}{
		{"X-M3", []string{"every-type"}},
		{"X-U5", []string{"every-type", "all-types-mean", "every-semi-consistent-type"}},
		{"X-C1", []string{"across-metrics", "met-on-proximity", "makespan-only"}},
	} {
		def := slices.IndexFunc(ledger, func(e analysis.LedgerEntry) bool { return e.ID == c.id })
		if def < 0 || ledger[def].Alternative != "" {
			t.Fatalf("%s: no default row", c.id)
		}
		i := slices.IndexFunc(bullets, func(b string) bool { return strings.HasPrefix(b, "**Reading of "+c.id+".**") })
		if i < 0 {
			t.Fatalf("%s: no bullet on the page", c.id)
		}
		for k, r := range c.readings {
			id := c.id + "/" + r
			at := def + 1 + k
			if at >= len(ledger) || ledger[at].ID != id {
				t.Errorf("row %d after %s: want %s", k+1, c.id, id)
				continue
			}
			e := ledger[at]
			if e.Alternative != r || e.Quote != ledger[def].Quote || e.Verdict == "" || !strings.HasPrefix(e.Note, "other reading: ") {
				t.Errorf("%s: alternative %q, quote %q, verdict %q, note %q; want alternative %q with its claim's words", id, e.Alternative, e.Quote, e.Verdict, e.Note, r)
			}
			if want := fmt.Sprintf("(alternative row %s) ", id); !strings.Contains(bullets[i], want) {
				t.Errorf("%s's bullet lacks %q: %s", c.id, want, bullets[i])
			}
			if want := fmt.Sprintf("**%s** (%s)", e.Verdict, e.Statistic); !strings.Contains(bullets[i], want) {
				t.Errorf("%s's bullet lacks %s's result %q", c.id, id, want)
			}
		}
	}
}
