package roundrobin

import (
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// The headline counts the claims satisfied by construction only when some
// are: at one window per workload it read "(0 not testable as satisfied
// by construction)".
func TestHeadlineSaysSatisfiedByConstructionWhenAny(t *testing.T) {
	r := &reporter{src: TraceSource{Label: "LCG-2005-1"}, led: []analysis.LedgerEntry{{ID: "W1", Verdict: analysis.VerdictInconclusive}}}
	if h := r.headline(); strings.Contains(h, "by construction") || !strings.HasPrefix(h, "LCG-2005-1: 1 claim: 0 held, 0 not held, 1 inconclusive, 0 not testable; nothing fitted") {
		t.Errorf("none by construction: %q", h)
	}
	r.led = append(r.led, analysis.LedgerEntry{ID: "S1", Verdict: analysis.VerdictNotTestable, Note: "satisfied by construction: every window is overloaded"})
	if h := r.headline(); !strings.Contains(h, "not testable (1 not testable as satisfied by construction); nothing fitted") {
		t.Errorf("one by construction: %q", h)
	}
}
