package report

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
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
