package report

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
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
	if !strings.HasPrefix(got, "{"+size+"\n") || !strings.Contains(got, "\\end{longtable}\n}\n") ||
		!strings.Contains(got, boxes[2]+`{\raggedleft 12345.678 [12000.000, 12700.000]}`) {
		t.Errorf("fitted table not set in its own group and size, or its cells not boxed:\n%s", got)
	}
	out := latextest.Compile(t, t.TempDir(), latextest.Document("\\section{Wide}\n"+got))
	if strings.Contains(out, "in alignment at lines") {
		t.Errorf("a table is wider than the line:\n%s", out)
	}
}

// A page's fragment finds its figures (whose paths are relative to the
// Markdown page in paper/) from a document at the output folder's root, in
// the fragment's folder, or anywhere that \input's it by its path, after
// the output folder has moved, with a space, %, #, ~ and a UTF-8 letter
// in the folder's name, and with the document's own \graphicspath kept:
// it held the absolute folder alone (left out when it had such a
// character) and ../../../paper/, so that a document at the root of a
// moved output folder stopped on "File `figures/demo-fig1' not found".
func TestPageLaTeXFindsFiguresFromEachLayout(t *testing.T) {
	base := t.TempDir()
	out := filepath.Join(base, "my dir_1#x%y~é")
	pageDir := filepath.Join(out, "results", "demo", "page")
	for _, d := range []string{filepath.Join(out, "paper", "figures"), pageDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var pngb bytes.Buffer
	if err := png.Encode(&pngb, image.NewRGBA(image.Rect(0, 0, 40, 20))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "paper", "figures", "demo-fig1.png"), pngb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	home := filepath.ToSlash(filepath.Join(out, "paper")) + "/"
	o := LaTeXOptions{Fragment: "results/demo/page/demo.tex", FromFragment: "../../../paper/", FromRoot: "paper/", Home: home}
	var tex bytes.Buffer
	if err := WritePageLaTeXWith(&tex, testPage(), o); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tex.String(), "{paper/}{"+home+"}") || !strings.Contains(tex.String(), `\CurrentFilePath/`) {
		t.Fatalf("fragment lacks paper/, %s or ../../../paper/ from \\CurrentFilePath:\n%s", home, tex.String()[:2000])
	}
	if err := os.WriteFile(filepath.Join(pageDir, "demo.tex"), tex.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("pdflatex"); err != nil {
		t.Skip("pdflatex not on PATH: the fragment was checked as text only")
	}
	compile := func(dir, input string) {
		t.Helper()
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		// The document has a \graphicspath of its own, which must still work.
		doc := strings.Replace(latextest.Document("\\input{"+input+"}\n"), "\\begin{document}", "\\graphicspath{{mine/}}\n\\begin{document}", 1)
		if out := latextest.Compile(t, dir, doc); !strings.Contains(out, "demo-fig1.png") {
			t.Errorf("%s, \\input{%s}: the figure was not included:\n%s", dir, input, out)
		}
	}
	compile(out, "results/demo/page/demo.tex")
	compile(pageDir, "demo")
	// Copied elsewhere, the fragment finds the figures by the absolute folder.
	if err := os.WriteFile(filepath.Join(base, "copy.tex"), tex.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	compile(base, "copy")
	moved := filepath.Join(base, "moved")
	if err := os.Rename(out, moved); err != nil {
		t.Fatal(err)
	}
	compile(moved, "results/demo/page/demo.tex")
	compile(filepath.Join(moved, "results", "demo", "page"), "demo.tex")
	compile(filepath.Join(base, "elsewhere"), "../moved/results/demo/page/demo")
	compile(filepath.Join(base, "elsewhere"), filepath.ToSlash(filepath.Join(moved, "results", "demo", "page", "demo.tex")))
}

// A folder LaTeX cannot read as it is (a brace, a backslash) is left out.
func TestPageLaTeXLeavesOutFoldersItCannotRead(t *testing.T) {
	var tex bytes.Buffer
	if err := WritePageLaTeXWith(&tex, testPage(), LaTeXOptions{FromRoot: "paper/", Home: "/a{b}/paper/"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tex.String(), `\xdef\gridbench@figs{{paper/}}`) || strings.Contains(tex.String(), "a{b}") {
		t.Errorf("want paper/ alone:\n%s", tex.String()[:1500])
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
	if !strings.HasPrefix(size, `\tiny`) {
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

// A list item, a table row or a header that starts with a bracket ("[x]
// noted", an interval "[0, 1)") is set as text: after \item, a row's end
// \\ or a booktabs rule, LaTeX would read it as an optional argument
// ("Missing number" from "\\ [0, 1)").
func TestLaTeXBracketFirst(t *testing.T) {
	p := &Page{ID: "brackets", Title: "Brackets"}
	p.Bullets("[x] noted", "plain")
	p.Add(&List{Items: []string{"[1] first"}, Sub: [][]string{{"[a] sub"}}})
	short := &Table{ID: "short", Columns: []string{"[lo, hi)", "n"}}
	short.AddRow(Str("[0, 1)"), Int(3))
	short.AddRow(Str("[1, 2)"), Int(4))
	p.Add(short)
	var b bytes.Buffer
	if err := WritePageLaTeX(&b, p); err != nil {
		t.Fatal(err)
	}
	long := &Table{ID: "long", Columns: []string{"interval", "n"}}
	for i := range 40 {
		long.AddRow(Str(fmt.Sprintf("[%d, %d)", i, i+1)), Int(i))
	}
	var f bytes.Buffer
	if err := WriteLaTeX(&f, long); err != nil {
		t.Fatal(err)
	}
	got := b.String() + f.String()
	for _, want := range []string{`\item {}[x] noted`, `\item {}[1] first`, `\item {}[a] sub`, "{}[0, 1) & 3", "{}[1, 2) & 4", `{}[lo, hi) & n`, "{}[39, 40) & 39"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.tex"), f.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	latextest.Compile(t, dir, latextest.Document(b.String()+"\\input{t}\n"))
}
