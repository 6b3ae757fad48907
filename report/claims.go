package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// FormatG renders a mean or a statistic compactly, the same way on every
// page: three significant digits, no decimals from 100 on, scientific
// notation for very small or very large values, "n/a" for NaN.
func FormatG(v float64) string {
	switch a := math.Abs(v); {
	case math.IsNaN(v):
		return "n/a"
	case a != 0 && a < 1e-3, a >= 1e6:
		return fmt.Sprintf("%.3g", v)
	case a >= 100:
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.3g", v)
}

// Statistic renders one comparison of a claim: its name, the means (with
// format, FormatG when nil), the rank-biserial r that decides the direction,
// the number of pairs and the Holm-adjusted p, and what went wrong when it
// did not hold.
func Statistic(c *analysis.Comparison, format func(float64) string) string {
	if format == nil {
		format = FormatG
	}
	if c.Err != nil {
		return fmt.Sprintf("%s: %v", c.Name, c.Err)
	}
	if c.Res.N == 0 {
		return fmt.Sprintf("%s: equal in all %d pairs", c.Name, c.N)
	}
	n := fmt.Sprintf("n=%d", c.N)
	if c.Unpaired {
		n = fmt.Sprintf("n=%d and %d (Mann–Whitney)", len(c.X), len(c.Y))
	}
	s := fmt.Sprintf("%s: means %s vs %s, r=%.2f, %s, p_Holm=%s", c.Name, format(c.MeanA), format(c.MeanB), c.Res.Effect, n, FormatP(c.PAdj))
	switch {
	case c.Reversed():
		s += " (reversed)"
	case !c.Held() && c.Want == analysis.NotHigher:
		s += " (significantly higher)"
	case !c.Held():
		s += " (not significant)"
	}
	return s
}

// Decisive renders a row's verdict by its decisive comparison: the one
// comparison itself, or how many there were and the failing (or weakest)
// one.
func Decisive(v analysis.Verdict, format func(float64) string) string {
	switch {
	case v.Decisive == nil:
		return "no comparison"
	case v.N == 1:
		return "Wilcoxon " + Statistic(v.Decisive, format)
	}
	label := "weakest"
	if !v.Held() {
		label = "failing"
	}
	return fmt.Sprintf("Wilcoxon, %d comparisons; %s: %s", v.N, label, Statistic(v.Decisive, format))
}

// VerdictCell is a claims-table cell with a ledger verdict (see
// analysis.LedgerEntry), marked best when held and bad when not held; with
// a reason it reads e.g. "inconclusive (too few repetitions: at least 7
// needed)".
func VerdictCell(verdict, reason string) Cell {
	c := Str(verdict)
	if reason != "" {
		c.Text += " (" + reason + ")"
	}
	c.Best, c.Bad = verdict == analysis.VerdictHeld, verdict == analysis.VerdictNotHeld
	return c
}

// CountedVerdictCell is the cell of a verdict over several scopes:
// "held 8/8", "partly held (7/8)" or "not held 0/8", best when held and
// bad otherwise.
func CountedVerdictCell(v analysis.Verdict) Cell {
	text := v.Status()
	if v.N > 0 && !strings.Contains(text, "(") {
		text = fmt.Sprintf("%s %d/%d", text, v.HeldN, v.N)
	}
	c := Str(text)
	c.Best, c.Bad = v.Held(), !v.Held()
	return c
}
