package report

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/gridbench/gridbench/analysis"
)

// TestWorkbookBytesRepeat: the same workbook written again is the same
// bytes. excelize writes the streamed sheets in map order, so one write
// pair could agree by chance; twenty in one process hardly can.
func TestWorkbookBytesRepeat(t *testing.T) {
	sheets := func() []*Table {
		var ts []*Table
		for _, id := range []string{"a", "b", "c", "d", "e"} {
			tb := &Table{ID: id, Columns: []string{"x", "y"}}
			tb.AddRow(Str(id), Int(len(id)))
			ts = append(ts, tb)
		}
		return append(ts, sample())
	}
	dir := t.TempDir()
	var first []byte
	for i := range 20 {
		path := filepath.Join(dir, "out.xlsx")
		if err := WriteWorkbook(path, sheets()); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = b
			continue
		}
		if !bytes.Equal(b, first) {
			t.Fatalf("write %d differs from the first: members %q, then %q", i+1, members(t, first), members(t, b))
		}
	}
	names := members(t, first)
	if names[0] != "[Content_Types].xml" || !slices.IsSorted(names[1:]) {
		t.Errorf("members %q, want [Content_Types].xml first and the others by name", names)
	}
}

func members(t *testing.T, b []byte) []string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	return names
}

// TestClaimsSheetAlternative: a row decided under an alternative reading
// names it in the Claims sheet, and a default row leaves the column empty,
// so that the sheet's rows can be counted as claims.json counts them.
func TestClaimsSheetAlternative(t *testing.T) {
	claims := ClaimsSheet()
	AddClaims(claims, "deadline", []analysis.LedgerEntry{
		{ID: "D1", Quote: "EDF misses fewer", Verdict: analysis.VerdictHeld},
		{ID: "D1/per-job", Quote: "EDF misses fewer", Verdict: analysis.VerdictNotHeld, Alternative: "per-job"},
	})
	path := filepath.Join(t.TempDir(), "out.xlsx")
	if err := WriteWorkbook(path, []*Table{claims}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Claims")
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(rows[0], "alternative_reading")
	if col < 0 || len(rows) != 3 {
		t.Fatalf("Claims sheet %q, want an alternative_reading column and two rows", rows)
	}
	cell := func(r int) string {
		if col < len(rows[r]) {
			return rows[r][col]
		}
		return "" // GetRows drops a row's trailing empty cells
	}
	if rows[1][1] != "D1" || cell(1) != "" || rows[2][1] != "D1/per-job" || cell(2) != "per-job" {
		t.Errorf("Claims rows %q, want D1 with no alternative reading and D1/per-job under per-job", rows[1:])
	}
}
