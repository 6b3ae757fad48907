package report

import (
	"encoding/json"
	"math"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// openpyxlScript loads a workbook with openpyxl, as a Python user would, and
// prints per sheet its title, frozen cell, tables (name, range, columns) and
// header row, plus the active sheet and any warning the reader raised.
const openpyxlScript = `
import json, sys, warnings
import openpyxl
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    wb = openpyxl.load_workbook(sys.argv[1])
    sheets = []
    for ws in wb.worksheets:
        tables = [{"name": t.name, "ref": t.ref, "filter": t.autoFilter.ref if t.autoFilter else "",
                   "columns": [c.name for c in t.tableColumns]} for t in ws.tables.values()]
        header = [c.value for c in next(ws.iter_rows(min_row=1, max_row=1))]
        sheets.append({"title": ws.title, "freeze": ws.freeze_panes, "tables": tables, "header": header})
    # Read-only mode, as pandas and large-file readers use it, trusts each
    # sheet's declared dimension for its size.
    ro = openpyxl.load_workbook(sys.argv[1], read_only=True)
    cells = []
    for ws in ro.worksheets:
        rows = [[{"value": c.value, "type": type(c.value).__name__, "format": c.number_format} for c in row]
                for row in ws.iter_rows()]
        cells.append({"title": ws.title, "max_row": ws.max_row, "max_column": ws.max_column, "rows": rows})
    print(json.dumps({"active": wb.index(wb.active), "sheets": sheets, "readonly": cells,
                      "warnings": [str(w.message) for w in caught]}))
`

// TestWorkbookOpensInOpenpyxl proves the workbook is valid for a real reader
// other than excelize: every sheet has its header frozen and a table whose
// filter covers the header and every row, with the header's column names;
// read-only mode sees every row and column; numbers are numbers with the
// number format their text shows; the Claims sheet has its one shape.
func TestWorkbookOpensInOpenpyxl(t *testing.T) {
	const python = "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import openpyxl").Run(); err != nil {
		t.Skipf("no openpyxl for %s (%v): apt-get install -y python3-openpyxl", python, err)
	}
	path := filepath.Join(t.TempDir(), "out.xlsx")
	odd := &Table{ID: "odd", Columns: []string{"x", "X", ""}}
	odd.AddRow(Int(1), Int(2), Int(3))
	odd.AddRow(Int(4), Int(5), Int(6))
	nums := &Table{ID: "nums", Columns: []string{"share", "duration", "p", "int", "ratio", "flag"}}
	nums.AddRow(Pct(0.589, 1), Seconds(-4359, "−1:12:39"), P(0.0123), Int(7), Num(1.23456, 2), Flag(true))
	nums.AddRow(Pct(1, 0), Seconds(5856, "1:37:36"), P(2e-6), Int(-1), Num(math.Inf(1), 2), Flag(false))
	nums.AddRow(Str("wide"), Str(""), Str(""), Str(""), Str(""), Str(""), Str("past the header"))
	claims := ClaimsSheet()
	p := 0.004
	AddClaims(claims, "immediate", []analysis.LedgerEntry{
		{ID: "X1", Section: "§6", Quote: "MCT is best", Verdict: analysis.VerdictHeld, Statistic: "Wilcoxon", P: &p, N: 20},
		{ID: "X2", Section: "Table 3", Quote: "fits", Verdict: analysis.VerdictNotTestable, InSample: true, Note: "fitted"},
	})
	if err := WriteWorkbook(path, []*Table{sample(), odd, nums, claims}); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(python, "-c", openpyxlScript, path).Output()
	if err != nil {
		t.Fatalf("openpyxl cannot read the workbook: %v\n%s", err, out)
	}
	var got struct {
		Active int
		Sheets []struct {
			Title, Freeze string
			Header        []any
			Tables        []struct {
				Name, Ref, Filter string
				Columns           []string
			}
		}
		Readonly []roSheet
		Warnings []string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(got.Warnings) > 0 {
		t.Errorf("openpyxl warned: %q", got.Warnings)
	}
	if got.Active != 0 {
		t.Errorf("active sheet %d, want the first", got.Active)
	}
	want := []struct {
		title, ref string
		columns    []string
	}{
		{"Table3_makespan", "A1:C3", []string{"instance", "MCT", "kPB"}},
		{"odd", "A1:C3", []string{"x", "X (2)", "Column3"}},
		{"nums", "A1:F4", nums.Columns},
		{"Claims", "A1:M3", ClaimsColumns},
	}
	if len(got.Sheets) != len(want) {
		t.Fatalf("sheets %+v, want %d", got.Sheets, len(want))
	}
	names := map[string]bool{}
	for i, w := range want {
		s := got.Sheets[i]
		if s.Title != w.title || s.Freeze != "A2" {
			t.Errorf("sheet %d: title %q, frozen at %q; want %q frozen at A2", i, s.Title, s.Freeze, w.title)
		}
		if len(s.Tables) != 1 {
			t.Errorf("sheet %s: %d tables, want 1 (the filter)", s.Title, len(s.Tables))
			continue
		}
		tb := s.Tables[0]
		if tb.Ref != w.ref || tb.Filter != w.ref || !slices.Equal(tb.Columns, w.columns) {
			t.Errorf("sheet %s: table %+v, want range and filter %s over %q", s.Title, tb, w.ref, w.columns)
		}
		for k, c := range w.columns {
			if k >= len(s.Header) || s.Header[k] != c {
				t.Errorf("sheet %s: header %v, want the table's columns %q", s.Title, s.Header, w.columns)
				break
			}
		}
		if names[tb.Name] {
			t.Errorf("table name %q used twice", tb.Name)
		}
		names[tb.Name] = true
	}

	checkReadOnly(t, got.Readonly, []*Table{sample(), odd, nums, claims})
}

// roSheet is one sheet as openpyxl's read-only mode sees it: each cell's
// value, Python type and number format.
type roSheet = struct {
	Title     string
	MaxRow    int `json:"max_row"`
	MaxColumn int `json:"max_column"`
	Rows      [][]struct {
		Value        any
		Type, Format string
	}
}

// checkReadOnly checks that openpyxl's read-only mode sees every row and
// column of each table, numbers as numbers with the number format their
// text shows, and booleans as booleans.
func checkReadOnly(t *testing.T, got []roSheet, tables []*Table) {
	t.Helper()
	if len(got) != len(tables) {
		t.Fatalf("read-only mode sees %d sheets, want %d", len(got), len(tables))
	}
	for i, tb := range tables {
		s := got[i]
		width := len(tb.Columns)
		for _, row := range tb.Rows {
			width = max(width, len(row))
		}
		if s.MaxRow != len(tb.Rows)+1 || s.MaxColumn != width || len(s.Rows) != len(tb.Rows)+1 {
			t.Errorf("sheet %s in read-only mode: %d rows × %d columns (%d rows read), want %d × %d",
				s.Title, s.MaxRow, s.MaxColumn, len(s.Rows), len(tb.Rows)+1, width)
			continue
		}
		for r, row := range tb.Rows {
			if len(s.Rows[r+1]) != width {
				t.Errorf("sheet %s row %d: %d cells read, want %d", s.Title, r+2, len(s.Rows[r+1]), width)
				continue
			}
			for c, cell := range row {
				g := s.Rows[r+1][c]
				switch {
				case cell.Boolean:
					if g.Type != "bool" || g.Value != (cell.Value != 0) {
						t.Errorf("sheet %s row %d col %d: %v (%s), want the boolean %v", s.Title, r+2, c+1, g.Value, g.Type, cell.Value != 0)
					}
				case cell.Num && !math.IsInf(cell.Value, 0):
					v, ok := g.Value.(float64)
					want := cell.Format
					if want == "" {
						want = "General"
					}
					if !ok || v != cell.Value || g.Format != want {
						t.Errorf("sheet %s row %d col %d: %v (%s, format %q), want the number %v with format %q",
							s.Title, r+2, c+1, g.Value, g.Type, g.Format, cell.Value, want)
					}
				case cell.Text == "":
					if g.Value != nil {
						t.Errorf("sheet %s row %d col %d: %v, want empty", s.Title, r+2, c+1, g.Value)
					}
				default:
					if g.Value != cell.Text {
						t.Errorf("sheet %s row %d col %d: %v (%s), want the text %q", s.Title, r+2, c+1, g.Value, g.Type, cell.Text)
					}
				}
			}
		}
	}
}
