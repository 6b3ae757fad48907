package report

import (
	"bytes"
	"math"
	"path/filepath"
	"testing"

	"github.com/xuri/excelize/v2"
)

func sample() *Table {
	t := &Table{ID: "Table3/makespan", Title: "Makespan", Columns: []string{"instance", "MCT", "kPB"}}
	t.AddRow(Str("u_c_hihi.0"), Num(11422624.4941, 3), Cell{Text: "12496863.706", Value: 12496863.706, Num: true, Best: true})
	t.AddRow(Str("a|b"), Num(math.NaN(), 3), Cell{Text: "1", Value: 1, Num: true, Bad: true})
	t.Notes = []string{"Bold: best per row."}
	return t
}

func TestMarkdown(t *testing.T) {
	var b bytes.Buffer
	if err := WriteMarkdown(&b, sample()); err != nil {
		t.Fatal(err)
	}
	want := "**Makespan**\n\n| instance | MCT | kPB |\n|---|---:|---:|\n" +
		"| u_c_hihi.0 | 11422624.494 | **12496863.706** |\n| a\\|b | n/a | 1 |\n\nBold: best per row.\n\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWorkbookRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.xlsx")
	other := &Table{ID: "Table3/makespan", Columns: []string{"x"}}
	other.AddRow(Int(3))
	if err := WriteWorkbook(path, []*Table{sample(), other}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	names := f.GetSheetList()
	if len(names) != 2 || names[0] != "Table3_makespan" || names[1] != "Table3_makespan~2" {
		t.Fatalf("sheet names %q", names)
	}
	rows, err := f.GetRows(names[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0][1] != "MCT" || rows[1][0] != "u_c_hihi.0" {
		t.Fatalf("rows %q", rows)
	}
	typ, _ := f.GetCellType(names[0], "B2")
	if typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
		t.Error("numbers must be stored as numbers")
	}
	panes, err := f.GetPanes(names[0])
	if err != nil || !panes.Freeze || panes.YSplit != 1 {
		t.Errorf("header row not frozen: %+v %v", panes, err)
	}
	bestStyle, _ := f.GetCellStyle(names[0], "C2")
	plainStyle, _ := f.GetCellStyle(names[0], "B2")
	if bestStyle == plainStyle {
		t.Error("best cell not highlighted")
	}
}

func TestWorkbookUnwritable(t *testing.T) {
	if err := WriteWorkbook(filepath.Join(t.TempDir(), "missing", "\x00", "x.xlsx"), []*Table{sample()}); err == nil {
		t.Error("expected an error")
	}
}
