package paper

import (
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/gridbench/gridbench/results"
)

// WriteWorkbook writes one sheet per table into an .xlsx file, atomically.
// Every sheet has a bold frozen header row and an autofilter; numeric cells
// are numbers; Best cells are filled green and Bad cells red.
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
	f.SetActiveSheet(0)
	return results.WriteFileAtomic(path, func(w io.Writer) error {
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
	head := make([]any, len(t.Columns))
	for i, c := range t.Columns {
		head[i] = excelize.Cell{StyleID: st.header, Value: c}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
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
	if err := sw.Flush(); err != nil {
		return err
	}
	if len(t.Columns) > 0 {
		last, _ := excelize.CoordinatesToCellName(len(t.Columns), max(len(t.Rows)+1, 2))
		if err := f.AutoFilter(name, "A1:"+last, nil); err != nil {
			return err
		}
	}
	return nil
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
