package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/latextest"
)

var update = flag.Bool("update", false, "rewrite report/testdata/*.golden.* from the current output")

// small is a table with what LaTeX needs escaped, the symbols it lacks, a
// best cell, an empty cell, a short row and numbers of every kind.
func small() *Table {
	t := &Table{ID: "Table 4/completion", Title: "Completion: ours − published (h:mm:ss) & 95% CI",
		Columns: []string{"user", "policy_name", "share", "ours − published", "p (Holm)", "r"}}
	t.AddRow(Str("User-0"), Str("DO-AS"), Pct(0.643, 1), Seconds(-4359, "−1:12:39"), P(0.0123), Cell{Text: "0.91", Value: 0.91, Num: true, Best: true})
	t.AddRow(Str("User-1"), Str("“SO” #1 {x}"), Pct(1, 0), Seconds(5856, "1:37:36"), P(2e-6), Num(math.NaN(), 2))
	t.AddRow(Str("σ ≤ 2 × λ ± 1"), Str(""))
	t.Notes = []string{"Bold: best.\nSecond line of the note."}
	return t
}

func TestLaTeXGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteLaTeX(&b, small()); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "small.golden.tex")
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./report -run LaTeXGolden -update writes it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("LaTeX differs from %s (rerun with -update after checking):\n%s", golden, b.String())
	}
}

// TestLaTeXCompiles typesets the golden table with pdflatex, when it is
// installed, so the escaping is checked by LaTeX itself.
func TestLaTeXCompiles(t *testing.T) {
	dir := t.TempDir()
	var b bytes.Buffer
	if err := WriteLaTeX(&b, small()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "table.tex"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	latextest.Compile(t, dir, latextest.Document("\\begin{table}\\centering\\input{table}\\caption{x}\\end{table}\n"))
}

// A table of thousands of rows is a longtable, \input outside any float,
// that breaks across pages with its header on each: as a tabular (one
// box) pdflatex stopped on "TeX capacity exceeded" at 2,557 rows, and one
// of a few hundred ran off the page, its rows lost.
func TestLaTeXLongTableBreaksAcrossPages(t *testing.T) {
	const rows = 3000
	long := &Table{ID: "long", Title: "Tests", Columns: []string{"workload", "algorithm", "p"}}
	for i := range rows {
		long.AddRow(Str(fmt.Sprintf("row%05d", i)), Str("EASY"), Num(float64(i)/rows, 4))
	}
	var b bytes.Buffer
	if err := WriteLaTeX(&b, long); err != nil {
		t.Fatal(err)
	}
	tex := b.String()
	for _, want := range []string{`needs \usepackage{booktabs,longtable}`, `\begin{longtable}{llr}`, `\endhead`, `\end{longtable}`} {
		if !strings.Contains(tex, want) {
			t.Fatalf("lacks %q:\n%.600s", want, tex)
		}
	}
	if n := strings.Count(tex, "row0"); n != rows {
		t.Fatalf("%d rows written, want %d", n, rows)
	}
	if _, err := exec.LookPath("pdflatex"); err != nil {
		t.Skip("pdflatex not on PATH: the table was checked as text only")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "long.tex"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	latextest.Compile(t, dir, latextest.Document("Before.\n\n\\input{long}\nAfter.\n"))
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not on PATH: the PDF's rows were not counted")
	}
	text, err := exec.Command("pdftotext", "-layout", filepath.Join(dir, "doc.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range strings.Fields(string(text)) {
		if strings.HasPrefix(f, "row") {
			seen[f] = true
		}
	}
	pages := strings.Count(string(text), "\f")
	if len(seen) != rows || strings.Count(string(text), "workload") != pages || pages < rows/60 {
		t.Errorf("the PDF shows %d distinct rows of %d, the header %d times on %d pages", len(seen), rows, strings.Count(string(text), "workload"), pages)
	}
}

// A table of a few rows whose text wraps onto many lines (a claims
// ledger) is a longtable too, set within the line.
func TestLaTeXWrappedTableIsLong(t *testing.T) {
	w := &Table{ID: "ledger", Columns: []string{"id", "claim (paper's words)", "verdict"}}
	for i := range 12 {
		w.AddRow(Str(fmt.Sprintf("c%d", i)), Str(strings.Repeat("a claim in the paper's own words, ", 12)), Str("held"))
	}
	var b bytes.Buffer
	if err := WriteLaTeX(&b, w); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `\begin{longtable}{lp{`) {
		t.Fatalf("want a longtable with the claim wrapped:\n%.800s", b.String())
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ledger.tex"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := latextest.Compile(t, dir, latextest.Document("\\input{ledger}\n")); strings.Contains(out, "Overfull \\hbox") {
		t.Errorf("the table is wider than the line:\n%s", out)
	}
}

// The file's first lines name hyperref when a cell holds a link.
func TestLaTeXNeedsHyperrefForLinks(t *testing.T) {
	l := &Table{ID: "links", Columns: []string{"source"}}
	l.AddRow(Str("[the paper](https://example.org)"))
	var b bytes.Buffer
	if err := WriteLaTeX(&b, l); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `needs \usepackage{booktabs,hyperref}`) {
		t.Errorf("hyperref not named:\n%s", b.String())
	}
}

func TestJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, small()); err != nil {
		t.Fatal(err)
	}
	var got jsonTable
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("%v:\n%s", err, b.String())
	}
	in := small()
	if got.ID != in.ID || got.Title != in.Title || !slices.Equal(got.Columns, in.Columns) || !slices.Equal(got.Notes, in.Notes) || len(got.Rows) != len(in.Rows) {
		t.Fatalf("table does not read back: %+v", got)
	}
	for i, row := range in.Rows {
		if len(got.Rows[i]) != len(row) {
			t.Fatalf("row %d: %d cells, want %d", i, len(got.Rows[i]), len(row))
		}
		for j, c := range row {
			g := got.Rows[i][j]
			finite := c.Num && !math.IsNaN(c.Value) && !math.IsInf(c.Value, 0)
			if g.Text != c.Text || g.Best != c.Best || (g.Value != nil) != finite || finite && (*g.Value != c.Value || g.Format != c.Format) {
				t.Errorf("row %d cell %d: %+v, want %+v", i, j, g, c)
			}
		}
	}
	if !strings.Contains(b.String(), `"value": 0.643`) || !strings.Contains(b.String(), `"format": "0.0%"`) {
		t.Errorf("the share is not stored as the number 0.643 with a percent format:\n%s", b.String())
	}
}

func TestWriteTableFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "gone.tex"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("not ours"), 0o644); err != nil {
		t.Fatal(err)
	}
	names, err := WriteTableFiles(dir, []*Table{small(), {ID: "table-4-completion"}, {ID: "Table 4/completion"}, {ID: "//"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Table-4-completion.tex", "Table-4-completion.json", "table-4-completion-2.tex", "table-4-completion-2.json",
		"Table-4-completion-3.tex", "Table-4-completion-3.json", "table.tex", "table.json"}
	if !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	entries, _ := os.ReadDir(dir)
	var have []string
	for _, e := range entries {
		have = append(have, e.Name())
	}
	want = append(slices.Clone(want), "keep.txt")
	slices.Sort(want)
	if !slices.Equal(have, want) {
		t.Errorf("directory holds %q, want %q (stale gone.tex removed, keep.txt kept)", have, want)
	}
	tex, _ := os.ReadFile(filepath.Join(dir, "Table-4-completion.tex"))
	var b bytes.Buffer
	_ = WriteLaTeX(&b, small())
	if string(tex) != b.String() {
		t.Error("the .tex file is not WriteLaTeX's output")
	}
	if _, err := WriteTableFiles(filepath.Join(dir, "keep.txt", "x"), []*Table{small()}); err == nil {
		t.Error("a directory below a file: want an error")
	}
}

// A number written in its shortest exact form (a mean, a p value of a
// data table) is shown in the LaTeX to 6 significant digits: 17 columns
// of them ran a table 231pt out of the page. Numbers shown as their
// builder formatted them stay, and the table itself keeps every digit.
func TestLaTeXShortensExactNumbers(t *testing.T) {
	tb := &Table{ID: "tests", Columns: []string{"mean", "p", "big", "short", "fixed", "count", "own"}}
	tb.AddRow(Num(192517.58051922423, -1), Num(0.00000095367431640625, -1), Num(2345678.9, -1), Num(0.5, -1),
		Num(1.23456789, 2), Int(123456789), Cell{Text: "0.1234567890", Value: 0.123456789, Num: true})
	tb.AddRow(Num(0.0005102157592773438, -1), Num(-1234.56789, -1), Num(math.Inf(1), -1), Num(math.NaN(), -1),
		Str("0.123456789"), Int(0), Num(21, -1))
	var b bytes.Buffer
	if err := WriteLaTeX(&b, tb); err != nil {
		t.Fatal(err)
	}
	tex := b.String()
	row := func(i int) []string {
		var rows []string
		for _, l := range strings.Split(tex, "\n") {
			if strings.HasSuffix(l, `\\`) && !strings.Contains(l, "mean") {
				rows = append(rows, strings.TrimSpace(strings.TrimSuffix(l, `\\`)))
			}
		}
		return strings.Split(rows[i], " & ")
	}
	if got, want := row(0), []string{"192518", "9.53674e-07", "2345679", "0.5", "1.23", "123456789", "0.1234567890"}; !slices.Equal(got, want) {
		t.Errorf("first row %q, want %q", got, want)
	}
	if got, want := row(1), []string{"0.000510216", "-1234.57", "inf", "n/a", "0.123456789", "0", "21"}; !slices.Equal(got, want) {
		t.Errorf("second row %q, want %q", got, want)
	}
	if !strings.Contains(tex, "% Numbers the .json beside this file holds in full are shown to 6 significant digits.") {
		t.Errorf("no comment says the numbers are shortened:\n%s", tex)
	}
	if tb.Rows[0][0].Text != "192517.58051922423" {
		t.Errorf("the table was changed: %q", tb.Rows[0][0].Text)
	}
	b.Reset()
	if err := WriteLaTeX(&b, small()); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "significant digits") {
		t.Errorf("a table with no number shortened says it has some:\n%s", b.String())
	}
}

// A long table that runs out of a portrait page's line even in the
// smallest font is set on landscape pages, where it fits; one that fits
// a portrait line, or does once its text columns wrap, stays there.
func TestLaTeXLandscape(t *testing.T) {
	wide := &Table{ID: "wide", Columns: []string{"claim", "scope", "metric", "A", "B", "workload",
		"windows", "mean A", "mean B", "W", "effect r", "p", "p_Holm", "holds"}}
	for i := range 80 {
		wide.AddRow(Str(fmt.Sprintf("W%d", i%7)), Str("n=2000/P=16"), Str("avg_waiting"), Str("APDRR@P=64"), Str("FCFS"),
			Str("n=2000/P=16"), Int(21), Num(192517.58051922423+float64(i), -1), Num(484358.4986828775, -1),
			Int(115), Num(-1, 3), Num(0.00000095367431640625, -1), Num(0.000019073486328125, -1), Str("yes"))
	}
	narrow := &Table{ID: "narrow", Columns: []string{"workload", "algorithm", "p"}}
	for i := range 80 {
		narrow.AddRow(Str(fmt.Sprintf("row%05d", i)), Str("EASY"), Num(float64(i)/80, 4))
	}
	ledger := &Table{ID: "ledger", Columns: []string{"id", "claim (paper's words)", "verdict"}}
	for i := range 40 {
		ledger.AddRow(Str(fmt.Sprintf("c%d", i)), Str(strings.Repeat("a claim in the paper's own words, ", 12)), Str("held"))
	}
	for _, c := range []struct {
		t         *Table
		landscape bool
	}{{wide, true}, {narrow, false}, {ledger, false}} {
		var b bytes.Buffer
		if err := WriteLaTeX(&b, c.t); err != nil {
			t.Fatal(err)
		}
		tex := b.String()
		if got := strings.Contains(tex, `\begin{landscape}`) && strings.Contains(tex, `\end{landscape}`) &&
			strings.Contains(tex, `\usepackage{booktabs,longtable,pdflscape}`); got != c.landscape {
			t.Errorf("%s: landscape %v, want %v:\n%.700s", c.t.ID, got, c.landscape, tex)
			continue
		}
		if log := runsOutOfLine(t, b.Bytes()); log != "" {
			t.Errorf("%s: the table runs out of the line:\n%s", c.t.ID, log)
		}
	}
}

// A table that \tiny with its usual gaps cannot hold but that narrower
// gaps can is set in \tiny with 2pt gaps on a portrait page, and LaTeX
// keeps it to the line.
func TestLaTeXTightestSize(t *testing.T) {
	tight := &Table{ID: "tight"}
	for i := range 11 {
		tight.Columns = append(tight.Columns, fmt.Sprintf("c%d", i))
	}
	for r := range 40 {
		row := make([]Cell, len(tight.Columns))
		for i := range row {
			row[i] = Num(12345.6+float64(r*i), 1)
		}
		tight.AddRow(row...)
	}
	if _, _, _, size := latexColumns(tight, tight.Width()); size != latexSmaller(`\tiny`, 2) {
		t.Fatalf("size %q, want \\tiny with 2pt gaps", size)
	}
	var b bytes.Buffer
	if err := WriteLaTeX(&b, tight); err != nil {
		t.Fatal(err)
	}
	if tex := b.String(); !strings.Contains(tex, `\begin{longtable}`) || strings.Contains(tex, `\begin{landscape}`) {
		t.Errorf("not a longtable on a portrait page:\n%.500s", tex)
	}
	if log := runsOutOfLine(t, b.Bytes()); log != "" {
		t.Errorf("the table runs out of the line:\n%s", log)
	}
}

// runsOutOfLine typesets a table file between two paragraphs and returns
// pdflatex's log when a row of its longtable is wider than the line (""
// when none is, or when pdflatex is not installed; a tabular that runs
// out is a paragraph's overfull line, not told from a cell's).
func runsOutOfLine(t *testing.T, table []byte) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.tex"), table, 0o644); err != nil {
		t.Fatal(err)
	}
	if latextest.Compile(t, dir, latextest.Document("Before.\n\n\\input{t}\nAfter.\n")) == "" {
		return ""
	}
	log, err := os.ReadFile(filepath.Join(dir, "doc.log"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), "in alignment") {
		return ""
	}
	return string(log)
}

// A longtable that even a landscape line holds only with its wrapped
// columns narrower than their words (as the roundrobin study's table of
// tests, 17 columns) is split into parts of its columns, each with the
// row's number and the key columns, one after another on landscape
// pages; LaTeX sets every part with no line too wide.
func TestLaTeXSplitsATableTooWideForLandscape(t *testing.T) {
	wide := &Table{ID: "tests", Title: "Every paired comparison", Columns: []string{"family", "claim", "scope", "metric", "A", "B",
		"workload A", "workload B", "windows", "mean A", "mean B", "W", "zeros", "effect r", "p", "p_Holm", "holds"}}
	for i := range 60 {
		wide.AddRow(Str("paper-sized windows"), Str(fmt.Sprintf("S%d", i%9)), Str("n=2000/P=16"), Str("avg_bounded_slowdown"),
			Str("APDRR@P=64"), Str("APDRR@P=16"), Str("n=2000/P=16"), Str("n=2000/P=16"), Int(21),
			Num(192517.58051922423+float64(i), -1), Num(510677.55382472137, -1), Int(115), Int(0), Num(-1, 3),
			Num(0.00000095367431640625, -1), Num(0.00005435943603515625, -1), Str("yes"))
	}
	parts := latexParts(wide, wide.Width())
	if len(parts) < 2 {
		t.Fatalf("parts %v, want the columns split", parts)
	}
	seen := map[int]int{}
	for k, p := range parts {
		if !slices.Equal(p[:3], []int{0, 1, 2}) {
			t.Errorf("part %d: columns %v, want it to start with the keys family, claim, scope (0, 1, 2)", k+1, p)
		}
		for _, i := range p[3:] {
			seen[i]++
		}
	}
	for i := 3; i < wide.Width(); i++ {
		if seen[i] != 1 {
			t.Errorf("column %d (%s) is in %d parts, want 1", i, wide.Columns[i], seen[i])
		}
	}
	var b bytes.Buffer
	if err := WriteLaTeX(&b, wide); err != nil {
		t.Fatal(err)
	}
	tex := b.String()
	if n := strings.Count(tex, `\begin{longtable}`); n != len(parts) || !strings.Contains(tex, `\begin{landscape}`) {
		t.Fatalf("%d longtables, want %d on landscape pages:\n%.900s", n, len(parts), tex)
	}
	for k := range parts {
		want := fmt.Sprintf(`\caption{Every paired comparison (part %d of %d)}`, k+1, len(parts))
		if !strings.Contains(tex, want) {
			t.Errorf("no %s", want)
		}
	}
	if !strings.Contains(tex, "row & family & claim & scope & ") || !strings.Contains(tex, "\n60 & paper-sized windows & S5 & ") {
		t.Errorf("a part does not start with the row's number and the keys:\n%.1500s", tex)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.tex"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if latextest.Compile(t, dir, latextest.Document("\\input{t}\n")) == "" {
		return
	}
	log, err := os.ReadFile(filepath.Join(dir, "doc.log"))
	if err != nil {
		t.Fatal(err)
	}
	if i := strings.Index(string(log), "Overfull"); i >= 0 {
		t.Errorf("a line is too wide:\n%.600s", log[i:])
	}
}
