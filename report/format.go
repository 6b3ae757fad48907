package report

import (
	"fmt"
	"math"
)

// FormatP renders a p-value the same way on every page: four decimals, or
// scientific notation below 1e-4, "n/a" for NaN.
func FormatP(p float64) string {
	switch {
	case math.IsNaN(p):
		return "n/a"
	case p < 1e-4:
		return fmt.Sprintf("%.1e", p)
	}
	return fmt.Sprintf("%.4f", p)
}

// P is a numeric table cell holding a p-value, shown with FormatP.
func P(p float64) Cell {
	f := "0.0000"
	if p < 1e-4 {
		f = "0.0E+00"
	}
	return Cell{Text: FormatP(p), Value: p, Num: !math.IsNaN(p), Format: f}
}

// Plural is noun as n of it are called: "1 job", "2 jobs" take "job" and
// "jobs".
func Plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}
