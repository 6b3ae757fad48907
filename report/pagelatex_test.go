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
