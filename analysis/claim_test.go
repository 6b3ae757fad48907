package analysis

import "testing"

// TestLedgerFillsFromRow: an entry takes the row's id, section, quote and
// scope unless its check set them, its note is the reading then the
// check's reason, and a published-value row is marked as such.
func TestLedgerFillsFromRow(t *testing.T) {
	claims := []Claim[int]{
		{ID: "c1", Section: "§1", Quote: "q1", Reading: "read as r", Scope: "all",
			Check: One(func(n int) LedgerEntry {
				return LedgerEntry{Verdict: VerdictOf(n > 0), Note: "why"}
			})},
		{ID: "c2", Section: "§2", Quote: "q2", Check: NotTestable[int]("cannot")},
		{ID: "t3", Published: true, Check: func(int) []LedgerEntry {
			return []LedgerEntry{{Scope: "w1", Verdict: VerdictHeld}, {Scope: "w2", Verdict: VerdictNotHeld}}
		}},
	}
	es := Ledger(claims, 1)
	if len(es) != 4 {
		t.Fatalf("%d entries, want 4", len(es))
	}
	if e := es[0]; e.ID != "c1" || e.Section != "§1" || e.Quote != "q1" || e.Scope != "all" || e.Note != "read as r; why" || e.Verdict != VerdictHeld {
		t.Errorf("c1: %+v", e)
	}
	if e := es[1]; e.Verdict != VerdictNotTestable || e.Note != "cannot" || e.Kind != "" {
		t.Errorf("c2: %+v", e)
	}
	if es[2].Kind != KindPublished || es[3].Scope != "w2" || es[3].ID != "t3" {
		t.Errorf("t3: %+v %+v", es[2], es[3])
	}
	if got := Ledger(claims, 0)[0].Verdict; got != VerdictNotHeld {
		t.Errorf("c1 on 0: %q, want not held", got)
	}
}

func TestSubstitute(t *testing.T) {
	recs := []Record{{Algorithm: "a", Value: 1}, {Algorithm: "b", Value: 2}, {Algorithm: "c", Value: 3}}
	got := Substitute(recs, "b", "a")
	if len(got) != 2 || got[0].Algorithm != "a" || got[0].Value != 2 || got[1].Algorithm != "c" {
		t.Errorf("Substitute = %+v", got)
	}
}

// TestLedgerFillsAlternative: a claim decided under another reading marks
// every entry of its check, tested or not, unless the check names a
// reading of its own.
func TestLedgerFillsAlternative(t *testing.T) {
	claims := []Claim[int]{
		{ID: "c/other", Alternative: "other", Check: func(int) []LedgerEntry {
			return []LedgerEntry{{Verdict: VerdictHeld}, {Verdict: VerdictNotTestable}, {Verdict: VerdictHeld, Alternative: "own"}}
		}},
		{ID: "c", Check: NotTestable[int]("default reading")},
	}
	es := Ledger(claims, 0)
	for i, want := range []string{"other", "other", "own", ""} {
		if es[i].Alternative != want {
			t.Errorf("entry %d (%s): alternative %q, want %q", i, es[i].ID, es[i].Alternative, want)
		}
	}
}
