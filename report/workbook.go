package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/gridbench/gridbench/analysis"
)

// WriteWorkbook writes one sheet per table into an .xlsx file, atomically.
// Every sheet has a bold frozen header row and filter buttons (the sheet is
// an Excel table); numeric cells are numbers; Best cells are filled green
// and Bad cells red. Sheets are streamed and never re-opened: any excelize
// call on a sheet after its Flush (SetActiveSheet, AutoFilter, styles)
// re-parses its whole XML, seconds and hundreds of MB on the Raw sheet.
// The first sheet is the active one by default.
func WriteWorkbook(path string, sheets []*Table) error {
	if len(sheets) == 0 {
		return fmt.Errorf("workbook %s: no sheets", path)
	}
	f := excelize.NewFile()
	defer f.Close()
	// A fixed creation date keeps the file's bytes stable between runs.
	if err := f.SetDocProps(&excelize.DocProperties{Creator: "gridbench", Created: "2000-01-01T00:00:00Z",
		Modified: "2000-01-01T00:00:00Z", Title: "gridbench reproduction"}); err != nil {
		return err
	}
	st, err := newStyles(f)
	if err != nil {
		return err
	}
	used := map[string]bool{}
	for i, t := range sheets {
		name := sheetName(t.ID, used)
		if i == 0 {
			if err := f.SetSheetName("Sheet1", name); err != nil {
				return err
			}
		} else if _, err := f.NewSheet(name); err != nil {
			return err
		}
		if err := writeSheet(f, name, t, st); err != nil {
			return fmt.Errorf("workbook %s, sheet %s: %w", path, name, err)
		}
	}
	return analysis.WriteFileAtomic(path, func(w io.Writer) error {
		_, err := f.WriteTo(w)
		return err
	})
}

type styles struct{ header, best, bad int }

func newStyles(f *excelize.File) (styles, error) {
	var s styles
	var err error
	if s.header, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill:   excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"DDEBF7"}},
		Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}}); err != nil {
		return s, err
	}
	if s.best, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"C6EFCE"}}}); err != nil {
		return s, err
	}
	if s.bad, err = f.NewStyle(&excelize.Style{Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFC7CE"}}}); err != nil {
		return s, err
	}
	return s, nil
}

func writeSheet(f *excelize.File, name string, t *Table, st styles) error {
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	for i, c := range t.Columns {
		w := float64(len(c)) + 2
		for _, row := range t.Rows {
			if i < len(row) && float64(len(row[i].Text))+2 > w {
				w = float64(len(row[i].Text)) + 2
			}
		}
		if err := sw.SetColWidth(i+1, i+1, min(max(w, 8), 60)); err != nil {
			return err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	cols := tableColumns(t.Columns)
	head := make([]any, len(cols))
	for i, c := range cols {
		head[i] = excelize.Cell{StyleID: st.header, Value: c}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	if len(cols) > 0 {
		// The filter, as a table over the header and every row. AddTable
		// reads the header row back, so it comes right after it.
		last, _ := excelize.CoordinatesToCellName(len(cols), max(len(t.Rows)+1, 2))
		noStripes := false
		if err := sw.AddTable(&excelize.Table{Range: "A1:" + last, StyleName: "TableStyleLight1", ShowRowStripes: &noStripes}); err != nil {
			return err
		}
	}
	for r, row := range t.Rows {
		vals := make([]any, len(row))
		for i, c := range row {
			var v any = c.Text
			if c.Num {
				v = c.Value
			}
			style := 0
			switch {
			case c.Bad:
				style = st.bad
			case c.Best:
				style = st.best
			}
			vals[i] = excelize.Cell{StyleID: style, Value: v}
		}
		cell, _ := excelize.CoordinatesToCellName(1, r+2)
		if err := sw.SetRow(cell, vals); err != nil {
			return err
		}
	}
	return sw.Flush()
}

// tableColumns returns the header texts an Excel table accepts: non-empty
// and unique ignoring case (Excel "repairs" a file that breaks either).
func tableColumns(names []string) []string {
	out := make([]string, len(names))
	used := map[string]bool{}
	for i, n := range names {
		if n == "" {
			n = fmt.Sprintf("Column%d", i+1)
		}
		name := n
		for k := 2; used[strings.ToLower(name)]; k++ {
			name = fmt.Sprintf("%s (%d)", n, k)
		}
		used[strings.ToLower(name)] = true
		out[i] = name
	}
	return out
}

// sheetName makes a valid, unique Excel sheet name (at most 31 characters,
// none of : \ / ? * [ ]).
func sheetName(id string, used map[string]bool) string {
	clean := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:\/?*[]`, r) {
			return '_'
		}
		return r
	}, id)
	if clean == "" {
		clean = "Sheet"
	}
	if len(clean) > 31 {
		clean = clean[:31]
	}
	name := clean
	for i := 2; used[strings.ToLower(name)]; i++ {
		suffix := fmt.Sprintf("~%d", i)
		name = clean[:min(len(clean), 31-len(suffix))] + suffix
	}
	used[strings.ToLower(name)] = true
	return name
}
