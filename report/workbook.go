package report

import (
	"archive/zip"
	"bytes"
	"cmp"
	"compress/flate"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/gridbench/gridbench/analysis"
)

// WriteWorkbook writes one sheet per table into an .xlsx file, atomically.
// Every sheet has a bold frozen header row and filter buttons (the sheet is
// an Excel table) and declares its full used range; numeric cells are
// numbers shown with their Format, yes/no cells booleans; Best cells are
// filled green and Bad cells red. Sheets are streamed and never re-opened: any excelize
// call on a sheet after its Flush (SetActiveSheet, AutoFilter, styles)
// re-parses its whole XML, seconds and hundreds of MB on the Raw sheet.
// The first sheet is the active one by default. The same tables give the
// same bytes, so that a workbook's digest changes only with its content.
func WriteWorkbook(path string, sheets []*Table) error {
	if len(sheets) == 0 {
		return fmt.Errorf("workbook %s: no sheets", path)
	}
	f := excelize.NewFile()
	defer f.Close()
	// Level 1 deflate: the Raw sheet's XML is most of the work of the
	// final write, and BestSpeed compresses it in about a third of the
	// default's time for a somewhat larger file; the cells are the same.
	f.SetZipWriter(func(w io.Writer) excelize.ZipWriter {
		zw := zip.NewWriter(w)
		zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
			return flate.NewWriter(w, flate.BestSpeed)
		})
		return zw
	})
	// A fixed creation date keeps every part of the file the same between
	// runs; writeSorted then fixes the order excelize writes them in.
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
	buf, err := f.WriteToBuffer()
	if err != nil {
		return fmt.Errorf("workbook %s: %w", path, err)
	}
	return analysis.WriteFileAtomic(path, func(w io.Writer) error {
		return writeSorted(w, buf.Bytes())
	})
}

// writeSorted writes the zip archive b to w with its members in a fixed
// order, [Content_Types].xml first as OOXML readers expect and then by
// name, so that the same workbook is the same bytes: excelize writes the
// streamed sheets in map order. Members are copied as they were
// compressed, with their headers (excelize leaves every modification time
// zero), so this costs a copy of the compressed bytes.
func writeSorted(w io.Writer, b []byte) error {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return err
	}
	files := slices.Clone(zr.File)
	const first = "[Content_Types].xml"
	slices.SortFunc(files, func(x, y *zip.File) int {
		switch {
		case x.Name == y.Name:
			return 0
		case x.Name == first:
			return -1
		case y.Name == first:
			return 1
		}
		return strings.Compare(x.Name, y.Name)
	})
	zw := zip.NewWriter(w)
	for _, f := range files {
		if err := zw.Copy(f); err != nil {
			return err
		}
	}
	return zw.Close()
}

// styles makes and remembers the cell styles of a workbook: one per
// highlight (none, best, bad) and number format.
type styles struct {
	f      *excelize.File
	header int
	cells  map[styleKey]int
}

type styleKey struct {
	highlight int // 0 none, 1 best, 2 bad
	format    string
}

func newStyles(f *excelize.File) (*styles, error) {
	s := &styles{f: f, cells: map[styleKey]int{{}: 0}}
	var err error
	s.header, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill:   excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"DDEBF7"}},
		Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}})
	return s, err
}

// cell returns the style of c: its number format (numeric cells only) and
// the green fill of a Best cell or the red fill of a Bad one.
func (s *styles) cell(c Cell) (int, error) {
	if !c.Num && !c.Best && !c.Bad {
		return 0, nil // most cells: no map lookup
	}
	k := styleKey{}
	if c.Num {
		k.format = c.Format
	}
	switch {
	case c.Bad:
		k.highlight = 2
	case c.Best:
		k.highlight = 1
	}
	if id, ok := s.cells[k]; ok {
		return id, nil
	}
	st := &excelize.Style{}
	switch k.highlight {
	case 1:
		st.Font = &excelize.Font{Bold: true}
		st.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"C6EFCE"}}
	case 2:
		st.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFC7CE"}}
	}
	if k.format != "" {
		st.CustomNumFmt = &k.format
	}
	id, err := s.f.NewStyle(st)
	if err != nil {
		return 0, fmt.Errorf("number format %q: %w", k.format, err)
	}
	s.cells[k] = id
	return id, nil
}

// MaxSheetRows is the most rows of values an Excel sheet holds: 1,048,576
// rows, the header's included.
const MaxSheetRows = excelize.TotalRows - 1

func writeSheet(f *excelize.File, name string, t *Table, st *styles) error {
	if len(t.Rows) > MaxSheetRows {
		return fmt.Errorf("%d rows, more than an Excel sheet holds (%d)", len(t.Rows), MaxSheetRows)
	}
	// The dimension (the used range) is written by NewStreamWriter, so it
	// is set first. Readers that trust it, like openpyxl's read-only mode,
	// see only column A when it says A1.
	width := t.Width()
	last, err := excelize.CoordinatesToCellName(max(width, 1), len(t.Rows)+1)
	if err != nil {
		return err
	}
	if err := f.SetSheetDimension(name, "A1:"+last); err != nil {
		return err
	}
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
	// SetRow encodes a row before it returns, so one slice serves all.
	var vals []any
	for r, row := range t.Rows {
		vals = slices.Grow(vals[:0], len(row))[:len(row)]
		for i, c := range row {
			var v any = c.Text
			switch {
			case c.Text == "" && !c.Num:
				v = nil // blank, not an empty string: readers see a missing value
			case c.Boolean:
				v = c.Value != 0
			case c.Num && !math.IsInf(c.Value, 0):
				v = c.Value
			}
			style, err := st.cell(c)
			if err != nil {
				return err
			}
			if style == 0 && v != nil {
				// SetRow writes a bare value as it writes a Cell of
				// style 0, without the Cell's allocation (a bare nil it
				// would skip: the blank cell stays a Cell).
				vals[i] = v
				continue
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

// ClaimsColumns are the columns of the workbook's Claims sheet: a claims
// ledger entry (analysis.LedgerEntry) with its study, the same for every
// study so that one filter spans them all; kind tells a claim of the
// paper's text from an equality with a published value, and
// alternative_reading names the reading a row decides a claim again under
// (empty under the default readings), so that the headline counts, which
// keep those rows apart, can be recovered from the sheet.
var ClaimsColumns = []string{"study", "id", "section", "quote", "scope", "verdict", "statistic", "p", "n", "in_sample", "note", "kind",
	"alternative_reading"}

// ClaimsSheet is the workbook's Claims sheet, empty; AddClaims fills it.
func ClaimsSheet() *Table {
	return &Table{ID: "Claims", Title: "Every result statement of the papers with its verdict", Columns: ClaimsColumns}
}

// AddClaims appends study's ledger to a Claims sheet, one row per entry:
// the quote as the paper words it, the verdict without decoration (in
// sample is its own column), p and n empty when no test was run, the
// alternative reading named on a row decided under one.
func AddClaims(t *Table, study string, es []analysis.LedgerEntry) {
	for _, e := range es {
		v := Str(e.Verdict)
		v.Best = e.Verdict == analysis.VerdictHeld
		v.Bad = e.Verdict == analysis.VerdictNotHeld
		p, n := Str(""), Str("")
		if e.P != nil {
			p = P(*e.P)
		}
		if e.N > 0 {
			n = Int(e.N)
		}
		t.AddRow(Str(study), Str(e.ID), Str(e.Section), Str(e.Quote), Str(e.Scope), v, Str(e.Statistic), p, n,
			Flag(e.InSample), Str(e.Note), Str(cmp.Or(e.Kind, analysis.KindClaim)), Str(e.Alternative))
	}
}
