package report

import (
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/latextest"
)

// wideTable is wider than a page's line: seven columns, long headers, a long
// text column and numeric cells with intervals.
func wideTable() *Table {
	t := &Table{ID: "wide", Title: "A wide table", Columns: []string{"workload", "a long text column"}}
	for i := range 5 {
		t.Columns = append(t.Columns, strings.Repeat("algorithm ", 1+i%2)+string(rune('A'+i)))
	}
	for r := range 3 {
		row := []Cell{Str("u_c_hihi.0"), Str(strings.Repeat("words that wrap ", 6+r))}
		for range 5 {
			c := Num(12345.678, 3)
			c.Text += " [12000.000, 12700.000]"
			row = append(row, c)
		}
		t.AddRow(row...)
	}
	return t
}

// TestLatexColumnsBoxed: numeric columns of intervals, too wide for the
// line, are wrapped in right-aligned boxes and the font shrinks; pdflatex
// sets the table within the line.
func TestLatexColumnsBoxed(t *testing.T) {
	wide := wideTable()
	specs, _, boxes, size := latexColumns(wide, len(wide.Columns))
	if size == "" {
		t.Fatal("a seven-column table with intervals kept the normal font")
	}
	if !strings.HasPrefix(specs[1], "p{") {
		t.Errorf("long text column: spec %q, want a paragraph column", specs[1])
	}
	if specs[2] != "r" || !strings.HasPrefix(boxes[2], `\parbox[t]{`) {
		t.Errorf("numeric column with intervals: spec %q, box %q; want a right-aligned boxed column", specs[2], boxes[2])
	}
	var b strings.Builder
	writeLongtable(&b, wide)
	got := b.String()
	if !strings.HasPrefix(got, "{"+size+`\sloppy\setlength{\tabcolsep}{3pt}`) || !strings.Contains(got, "\\end{longtable}\n}\n") ||
		!strings.Contains(got, boxes[2]+`{\raggedleft 12345.678 [12000.000, 12700.000]}`) {
		t.Errorf("fitted table not set in its own group and size, or its cells not boxed:\n%s", got)
	}
	out := latextest.Compile(t, t.TempDir(), latextest.Document("\\section{Wide}\n"+got))
	if strings.Contains(out, "in alignment at lines") {
		t.Errorf("a table is wider than the line:\n%s", out)
	}
}
