package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

func TestLedgerRendering(t *testing.T) {
	p := 0.003
	es := []analysis.LedgerEntry{
		{ID: "a", Quote: "A is best", Section: "§6", Verdict: analysis.VerdictHeld, P: &p, N: 20},
		{ID: "b", Quote: "B fits", Section: "Table 3", Verdict: analysis.VerdictHeld, InSample: true},
		{ID: "c", Quote: "C | D", Section: "§7", Verdict: analysis.VerdictNotHeld},
		{ID: "d", Quote: "E", Section: "§8", Verdict: analysis.VerdictNotTestable, Note: "no data"},
	}
	if got, want := LedgerCounts(es), "4 claims: 2 held, 1 not held, 0 inconclusive, 1 not testable (of which 1 in sample: 1 held; out of sample 1 of 3 held)"; got != want {
		t.Errorf("LedgerCounts = %q, want %q", got, want)
	}
	var b bytes.Buffer
	if err := WriteLedgerSection(&b, "lead", es); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{"## Claims ledger", "**4 claims:", "| a | §6 | “A is best” |  | **held** |", "held (in sample)", `“C \| D”`, "0.0030"} {
		if !strings.Contains(page, want) {
			t.Errorf("ledger section lacks %q:\n%s", want, page)
		}
	}
	dir := t.TempDir()
	name, err := WriteLedgerFile(dir, "x", analysis.StandardMethod("", "test"), es)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	var file analysis.LedgerFile
	err = json.Unmarshal(raw, &file)
	back := file.Entries
	if err != nil || len(back) != 4 || !back[1].InSample || *back[0].P != p {
		t.Fatalf("x.claims.json does not read back: %v %+v", err, back)
	}
	pub := append(es, analysis.LedgerEntry{ID: "T3", Quote: "Table 3", Verdict: analysis.VerdictNotHeld, Kind: analysis.KindPublished})
	if got, want := LedgerCounts(pub), "4 claims of the paper: 2 held, 1 not held, 0 inconclusive, 1 not testable (of which 1 in sample: 1 held; out of sample 1 of 3 held); and 1 published value: 0 held, 1 not held, 0 inconclusive, 0 not testable"; got != want {
		t.Errorf("LedgerCounts with a published value = %q, want %q", got, want)
	}
	if row := LedgerTable("claims", "", pub).Rows[4]; !strings.Contains(row[4].Text, "(published value)") {
		t.Errorf("published value's verdict cell %q", row[4].Text)
	}
	if LedgerCounts(nil) != "0 claims: 0 held, 0 not held, 0 inconclusive, 0 not testable" {
		t.Errorf("empty ledger: %q", LedgerCounts(nil))
	}
	// One of a kind is named in the singular.
	alt := analysis.LedgerEntry{ID: "a2", Quote: "A is best", Verdict: analysis.VerdictHeld, Alternative: "Algorithm 3"}
	if got, want := LedgerCounts(append(es[:1:1], alt)), "1 claim under the default readings: 1 held, 0 not held, 0 inconclusive, 0 not testable; and 1 row under an alternative reading: 1 held, 0 not held, 0 inconclusive, 0 not testable"; got != want {
		t.Errorf("one of each = %q, want %q", got, want)
	}
}

// TestStatisticNotHigherFails: a "≤" comparison fails only when A is
// significantly higher, and says so (not "not significant").
func TestStatisticNotHigherFails(t *testing.T) {
	c := &analysis.Comparison{Name: "A vs B", Want: analysis.NotHigher}
	for i := 0; i < 12; i++ {
		c.X = append(c.X, float64(10+i))
		c.Y = append(c.Y, float64(i))
	}
	analysis.Test(c)
	if s := Statistic(c, nil); c.Held() || !strings.HasSuffix(s, "(significantly higher)") {
		t.Errorf("held %v, statistic %q", c.Held(), s)
	}
}
