package report

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
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
    print(json.dumps({"active": wb.index(wb.active), "sheets": sheets,
                      "warnings": [str(w.message) for w in caught]}))
`

// TestWorkbookOpensInOpenpyxl proves the workbook is valid for a real reader
// other than excelize: every sheet has its header frozen and a table whose
// filter covers the header and every row, with the header's column names.
func TestWorkbookOpensInOpenpyxl(t *testing.T) {
	const python = "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import openpyxl").Run(); err != nil {
		t.Skipf("no openpyxl for %s (%v): apt-get install -y python3-openpyxl", python, err)
	}
	path := filepath.Join(t.TempDir(), "out.xlsx")
	odd := &Table{ID: "odd", Columns: []string{"x", "X", ""}}
	odd.AddRow(Int(1), Int(2), Int(3))
	odd.AddRow(Int(4), Int(5), Int(6))
	if err := WriteWorkbook(path, []*Table{sample(), odd}); err != nil {
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
}
