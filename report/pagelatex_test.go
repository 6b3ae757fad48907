package report

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
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

// A page's fragment \input from a document in another folder finds its
// figures through the \graphicspath it carries (the figures' paths are
// relative to the Markdown page, not to the document), added to the
// document's own; a folder LaTeX cannot take is left out.
func TestPageLaTeXInputFromAnotherFolder(t *testing.T) {
	paper, pageDir, docDir := t.TempDir(), t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(paper, "figures"), 0o755); err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	var pngb bytes.Buffer
	if err := png.Encode(&pngb, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(paper, "figures", "demo-fig1.png"), pngb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var tex bytes.Buffer
	o := LaTeXOptions{GraphicsPath: []string{filepath.ToSlash(paper) + "/", "../paper/", "/with space/"}}
	if err := WritePageLaTeXWith(&tex, testPage(), o); err != nil {
		t.Fatal(err)
	}
	want := `\graphicspath{{` + filepath.ToSlash(paper) + `/}{../paper/}}`
	if !strings.Contains(tex.String(), want) || strings.Contains(tex.String(), "with space") {
		t.Fatalf("fragment lacks %q or kept a folder with a space:\n%s", want, tex.String()[:600])
	}
	frag := filepath.Join(pageDir, "demo.tex")
	if err := os.WriteFile(frag, tex.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// The document has a \graphicspath of its own, which must still work.
	doc := strings.Replace(latextest.Document("\\input{"+filepath.ToSlash(frag)+"}\n"), "\\begin{document}",
		"\\graphicspath{{mine/}}\n\\begin{document}", 1)
	out := latextest.Compile(t, docDir, doc)
	if out != "" && strings.Contains(out, "in alignment at lines") {
		t.Errorf("a table is wider than the line:\n%s", out)
	}
}

// A claims ledger whose words are too long for its nine columns even in
// the smallest font: its wrapped columns are narrowed to what the others
// leave, and pdflatex sets it within the line (it stuck out by 36 to 55
// points on the immediate and deadline pages).
func TestLatexLedgerNarrowed(t *testing.T) {
	var es []analysis.LedgerEntry
	for i := range 4 {
		p := 0.5
		es = append(es, analysis.LedgerEntry{ID: fmt.Sprintf("fig%d-load", i), Section: "Klusáček--Rudová, Discussion",
			Quote: "As expected, when the job inter-arrival time increases, the number of delayed jobs decreases.",
			Scope: "FCFS, every stream against the next lighter one", Verdict: analysis.VerdictInconclusive,
			Statistic: "Wilcoxon signed-rank, r=-0.33, means 36.22 vs 40.59", P: &p, N: 2,
			Note: "too few repetitions: at least 8 needed; interpretations-dependent reading"})
	}
	tb := LedgerTable("claims", "", es)
	var b strings.Builder
	writeLongtable(&b, tb)
	specs, _, _, size := latexColumns(tb, tb.Width())
	if size != `\tiny` {
		t.Errorf("font %q, want \\tiny", size)
	}
	share := 0.0
	for _, s := range specs {
		var f float64
		if _, err := fmt.Sscanf(s, "p{%f\\linewidth}", &f); err == nil {
			share += f
		}
	}
	if share > 0.75 {
		t.Errorf("the paragraph columns take %.2f of the line, leaving too little for the others and the gaps: %v", share, specs)
	}
	out := latextest.Compile(t, t.TempDir(), latextest.Document(b.String()))
	if strings.Contains(out, "in alignment at lines") {
		t.Errorf("the ledger is wider than the line:\n%s", out)
	}
}
