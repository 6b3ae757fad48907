package report

import (
	"math"
	"strconv"
)

// Table is one rectangular table of a report: a title, column names, rows
// of cells, and notes printed under it.
type Table struct {
	ID      string // short identifier, used as a file or sheet name
	Title   string
	Columns []string
	Rows    [][]Cell
	Notes   []string
}

// Cell is one table entry. A numeric cell keeps its value so spreadsheets
// get numbers, not text; Text is what Markdown shows.
type Cell struct {
	Text  string
	Value float64
	Num   bool
	Best  bool // highlighted: the best value of its group, as decided by the builder
	Bad   bool // highlighted as a problem: a published value we do not reproduce, a claim not held
}

// Str is a text cell.
func Str(s string) Cell { return Cell{Text: s} }

// Num is a numeric cell shown with the given number of decimals (-1: the
// shortest exact form).
func Num(v float64, decimals int) Cell {
	return Cell{Text: FormatFloat(v, decimals), Value: v, Num: !math.IsNaN(v)}
}

// Int is an integer cell.
func Int(n int) Cell { return Cell{Text: strconv.Itoa(n), Value: float64(n), Num: true} }

// FormatFloat formats v with the given decimals; NaN prints as "n/a".
func FormatFloat(v float64, decimals int) string {
	switch {
	case math.IsNaN(v):
		return "n/a"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// AddRow appends a row.
func (t *Table) AddRow(cells ...Cell) { t.Rows = append(t.Rows, cells) }
