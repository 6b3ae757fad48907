package report

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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

func TestFitColumns(t *testing.T) {
	// A table that fits keeps its natural columns.
	small := &Table{Columns: []string{"algorithm", "wait"}}
	small.AddRow(Str("EASY"), Num(1.5, 2))
	if spec, head, boxes, size := fitColumns(small, 2); strings.Join(spec, "") != "lr" || head[0] != "algorithm" || boxes[1] != "" || size != "" {
		t.Errorf("small table: spec %v, head %v, boxes %v, size %q; want natural columns", spec, head, boxes, size)
	}
	wide := wideTable()
	spec, head, boxes, size := fitColumns(wide, len(wide.Columns))
	if size == "" {
		t.Fatal("a seven-column table with intervals was not fitted")
	}
	if !strings.HasPrefix(spec[1], "p{") {
		t.Errorf("long text column: spec %q, want a paragraph column", spec[1])
	}
	if spec[2] != "r" || !strings.HasPrefix(boxes[2], `\parbox[t]{`) || !strings.HasPrefix(head[2], boxes[2]) {
		t.Errorf("numeric column with intervals: spec %q, box %q, head %q; want a right-aligned boxed column", spec[2], boxes[2], head[2])
	}
	var b strings.Builder
	writeLongtable(&b, wide)
	got := b.String()
	if !strings.HasPrefix(got, `{\`+size+`\sloppy\setlength{\tabcolsep}{3pt}`) || !strings.Contains(got, "\\end{longtable}\n}\n") {
		t.Errorf("fitted table not set in its own group and size:\n%s", got)
	}
	compileLaTeX(t, "\\section{Wide}\n"+got)
}

// compileLaTeX runs pdflatex twice (longtable settles its widths on the
// second run) on the fragment inside a minimal document, when pdflatex is
// installed, and fails on an error or a table wider than the line.
func compileLaTeX(t *testing.T, fragment string) {
	t.Helper()
	latex, err := exec.LookPath("pdflatex")
	if err != nil {
		t.Log("pdflatex not on PATH: the LaTeX was checked as text only")
		return
	}
	dir := t.TempDir()
	doc := "\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n\\usepackage[T1]{fontenc}\n\\usepackage{booktabs,longtable,graphicx,hyperref}\n\\begin{document}\n" +
		fragment + "\\end{document}\n"
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	var out []byte
	for range 2 {
		cmd := exec.Command(latex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
		cmd.Dir = dir
		if out, err = cmd.CombinedOutput(); err != nil {
			t.Fatalf("pdflatex: %v\n%s", err, out)
		}
	}
	if strings.Contains(string(out), "in alignment at lines") {
		t.Errorf("a table is wider than the line:\n%s", out)
	}
}
