package report

import (
	"math"
	"strconv"
	"strings"
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
	// Format is the spreadsheet number format of a numeric cell (an Excel
	// format code such as "0.000" or "0.0%"), so the workbook shows the
	// number as Text does while storing Value; empty means General.
	Format string
	// Boolean marks a yes/no cell: Value is 1 or 0 and the workbook stores
	// a boolean.
	Boolean bool
}

// Str is a text cell, Markdown inline text (plain text: through Literal).
func Str(s string) Cell { return Cell{Text: s} }

// Num is a numeric cell shown with the given number of decimals (-1: the
// shortest exact form).
func Num(v float64, decimals int) Cell {
	return Cell{Text: FormatFloat(v, decimals), Value: v, Num: !math.IsNaN(v), Format: decimalsFormat(decimals)}
}

// Int is an integer cell.
func Int(n int) Cell { return Cell{Text: strconv.Itoa(n), Value: float64(n), Num: true, Format: "0"} }

// Pct is a share shown as a percentage with the given decimals: Pct(0.589,
// 1) reads "58.9%" and the workbook stores 0.589 formatted "0.0%".
func Pct(share float64, decimals int) Cell {
	if math.IsNaN(share) {
		return Str("n/a")
	}
	return Cell{Text: strconv.FormatFloat(100*share, 'f', max(decimals, 0), 64) + "%", Value: share, Num: true,
		Format: decimalsFormat(max(decimals, 0)) + "%"}
}

// Seconds is a duration cell: text is how the page shows it (say
// "1:37:36"), the workbook stores the number of seconds. Seconds, not
// Excel's day fractions, because a negative duration (a difference) has no
// Excel time format.
func Seconds(sec float64, text string) Cell {
	if math.IsNaN(sec) {
		return Str(text)
	}
	return Cell{Text: text, Value: sec, Num: true, Format: `0" s"`}
}

// Flag is a yes/no cell, stored as a boolean in the workbook.
func Flag(b bool) Cell {
	if b {
		return Cell{Text: "true", Value: 1, Boolean: true}
	}
	return Cell{Text: "false", Boolean: true}
}

// decimalsFormat is the number format with the given decimals; General for
// negative decimals (the shortest exact form).
func decimalsFormat(decimals int) string {
	switch {
	case decimals < 0:
		return ""
	case decimals == 0:
		return "0"
	}
	return "0." + strings.Repeat("0", decimals)
}

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

// Width is the number of columns of t: its column names or its longest
// row, whichever is more.
func (t *Table) Width() int {
	width := len(t.Columns)
	for _, row := range t.Rows {
		width = max(width, len(row))
	}
	return width
}

// AddRow appends a row.
func (t *Table) AddRow(cells ...Cell) { t.Rows = append(t.Rows, cells) }
