package report

import (
	"bytes"
	"encoding/json"
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

// testPage has one block of every kind.
func testPage() *Page {
	p := &Page{ID: "demo", Title: "demo — a study"}
	p.Para("**%d of %d held.** See `runs.csv` and [the paper](https://example.org/a_b%%20c).", 3, 4)
	p.Section("Results & more")
	p.Subsection("Detail")
	t := &Table{ID: "t1", Title: "Wait (s)", Columns: []string{"algorithm", "wait", "note"}}
	best := Num(1.5, 2)
	best.Best = true
	t.AddRow(Str("EASY"), best, Str("*fast* | 50% ≤ x_1"))
	t.AddRow(Str("FCFS"), Num(2.25, 2), Str(""))
	t.Notes = []string{"Means over 20 repetitions."}
	p.Add(t)
	p.Bullets("first `a_b`", "second")
	p.Add(&List{Items: []string{"one", "two"}, Ordered: true})
	p.Add(&Figure{Path: "figures/demo-fig1.png", Alt: "Figure 1: waits"})
	p.Add(&Code{Lang: "sh", Text: "gridbench reproduce --only demo\n"})
	pv := 0.01
	p.Add(&Claims{Lead: "Every claim.", Entries: []analysis.LedgerEntry{
		{ID: "c1", Quote: "EASY waits less", Section: "§5", Verdict: analysis.VerdictHeld, P: &pv, N: 20},
		{ID: "c2", Quote: "FCFS is fair", Section: "§6", Verdict: analysis.VerdictNotTestable, Note: "no fairness metric"},
	}})
	return p
}

func TestWritePageMarkdown(t *testing.T) {
	var b bytes.Buffer
	if err := WritePageMarkdown(&b, testPage()); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"# demo — a study\n\n**3 of 4 held.** See `runs.csv`",
		"\n\n## Results & more\n\n### Detail\n\n**Wait (s)**\n\n| algorithm | wait | note |\n|---|---:|---|\n| EASY | **1.50** | *fast* \\| 50% ≤ x_1 |\n",
		"\nMeans over 20 repetitions.\n\n- first `a_b`\n- second\n\n1. one\n2. two\n\n",
		"![Figure 1: waits](figures/demo-fig1.png)\n\n```sh\ngridbench reproduce --only demo\n```\n\n## Claims ledger\n\nEvery claim.\n\n**2 claims: 1 held, 0 not held, 0 inconclusive, 1 not testable.**\n\n",
		"| c2 | §6 | “FCFS is fair” |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Markdown lacks %q; got\n%s", want, got)
		}
	}
	if err := WritePageMarkdown(&b, &Page{ID: "x", Blocks: []Block{nil}}); err == nil {
		t.Error("a nil block rendered without error")
	}
}

func TestLatexInline(t *testing.T) {
	for in, want := range map[string]string{
		"plain 50% & x_1":             `plain 50\% \& x\_1`,
		"**bold *em* 3**":             `\textbf{bold \emph{em} 3}`,
		"`a_b%`":                      `\texttt{a\_b\%}`,
		"[t_x](https://e.org/a%20#b)": `\href{https://e.org/a\%20\#b}{t\_x}`,
		// A bracket that no (target) follows is text; a link after it
		// is its own (it was one link, "x] and [y").
		"[x] and [y](u)":   `[x] and \href{u}{y}`,
		"[a [b] c](u) [d]": `\href{u}{a [b] c} [d]`,
		"2 * 3 and **open": `2 * 3 and **open`,
		"≤ ± “q”":          "\\ensuremath{\\leq} \\ensuremath{\\pm} ``q''",
		"`unclosed":        "`unclosed",
		"ρ ∝ sᵢ ÷ µs":      "\\ensuremath{\\rho} \\ensuremath{\\propto} s\\ensuremath{_i} \\ensuremath{\\div} \\ensuremath{\\mu}s",
		// Long code and long words may break (a path, a quoted
		// identifier), a flag's -- stays whole.
		"`results/backfilling/runs.csv`":                       `\texttt{results/\allowbreak{}backfilling/\allowbreak{}runs.csv}`,
		"`gridbench run --reps 2 --out=x`":                     `\texttt{gridbench run --reps 2 --out=\allowbreak{}x}`,
		"`simulate --algo easy-sjbf`":                          `\texttt{simulate --algo easy-\allowbreak{}sjbf}`,
		"a MAX_RUNNING_RESOURCE_FACTOR b_c":                    `a MAX\_\allowbreak{}RUNNING\_\allowbreak{}RESOURCE\_\allowbreak{}FACTOR b\_c`,
		"in results/deadline/timings.md or a/b":                `in results/\allowbreak{}deadline/\allowbreak{}timings.md or a/b`,
		"(timeshare.NewAPDRRAdmit) 12345678901234567890.5 x.y": `(timeshare.\allowbreak{}NewAPDRRAdmit) 12345678901234567890.5 x.y`,
	} {
		if got := latexInline(in); got != want {
			t.Errorf("latexInline(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWritePageLaTeX(t *testing.T) {
	var b bytes.Buffer
	if err := WritePageLaTeX(&b, testPage()); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	// Lines may stretch rather than stick out, inside the fragment only.
	set := "\\expandafter\\edef\\csname gridbench@es\\endcsname{\\the\\emergencystretch}\\emergencystretch=3em\\relax\n\\section{"
	if i, j := strings.Index(got, set), strings.LastIndex(got, "\\emergencystretch=\\csname gridbench@es\\endcsname\\relax\n"); i < 0 || j < i || !strings.HasSuffix(got, "\\emergencystretch=\\csname gridbench@es\\endcsname\\relax\n") {
		t.Errorf("the page does not set \\emergencystretch before its section and restore it at its end:\n%s", got)
	}
	for _, want := range []string{
		"\\section{demo --- a study}\n",
		"\\subsection{Results \\& more}\n\n\\subsubsection{Detail}\n",
		"\\begin{longtable}{lrl}\n\\caption{Wait (s)}\\\\\n\\toprule\nalgorithm & wait & note \\\\\n\\midrule\n\\endhead\nEASY & \\textbf{1.50} & \\emph{fast} | 50\\% \\ensuremath{\\leq} x\\_1 \\\\\n",
		"\\begin{itemize}\n\\item first \\texttt{a\\_b}\n\\item second\n\\end{itemize}\n",
		"\\begin{enumerate}\n\\item one\n",
		"\\includegraphics[width=\\linewidth]{figures/demo-fig1}\n\\par\\smallskip{\\small Figure 1: waits}",
		"\\begin{verbatim}\ngridbench reproduce --only demo\n\\end{verbatim}",
		"\\subsection{Claims ledger}\n\nEvery claim.\n\n\\textbf{2 claims: 1 held, 0 not held, 0 inconclusive, 1 not testable.}",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("LaTeX lacks %q; got\n%s", want, got)
		}
	}
	// With a LaTeX installation, the fragment must compile inside a
	// minimal document (the figure a small blank PNG).
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "figures"), 0o755); err != nil {
		t.Fatal(err)
	}
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewGray(image.Rect(0, 0, 4, 3))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "figures", "demo-fig1.png"), img.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	latextest.Compile(t, dir, latextest.Document(got))
}

func TestWritePageJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WritePageJSON(&b, testPage()); err != nil {
		t.Fatal(err)
	}
	var got struct {
		ID     string
		Title  string
		Blocks []struct {
			Type   string
			Level  int
			Text   string
			Items  []string
			Path   string
			Table  *struct{ ID string }
			Claims []analysis.LedgerEntry
		}
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, x := range got.Blocks {
		types = append(types, x.Type)
	}
	if want := "paragraph heading heading table list list figure code claims"; strings.Join(types, " ") != want || got.ID != "demo" {
		t.Fatalf("id %q, blocks %v, want %s", got.ID, types, want)
	}
	if got.Blocks[3].Table == nil || got.Blocks[3].Table.ID != "t1" || got.Blocks[6].Path != "figures/demo-fig1.png" ||
		len(got.Blocks[8].Claims) != 2 || got.Blocks[8].Claims[0].Verdict != analysis.VerdictHeld {
		t.Errorf("blocks lost their content: %+v", got.Blocks)
	}
}

func TestPageTables(t *testing.T) {
	ts := testPage().Tables()
	if len(ts) != 1 || ts[0].ID != "t1" {
		t.Fatalf("tables %v", ts)
	}
}

// TestPageQuoteSubLinks covers block quotes, sub-items, figure links and
// the empty list (a blank line in Markdown, nothing in LaTeX, which has no
// empty itemize).
func TestPageQuoteSubLinks(t *testing.T) {
	p := &Page{ID: "q", Title: "q"}
	p.Add(&Paragraph{Text: "**Quick** run.", Quote: true})
	p.Add(&List{Items: []string{"a", "b"}, Sub: [][]string{{"a1", "a2"}}})
	p.Add(&List{})
	p.Add(&Figure{Path: "figures/q.png", Alt: "Q", Links: []string{"figures/q.svg"}})
	var md, tex bytes.Buffer
	if err := WritePageMarkdown(&md, p); err != nil {
		t.Fatal(err)
	}
	if want := "# q\n\n> **Quick** run.\n\n- a\n  - a1\n  - a2\n- b\n\n\n![Q](figures/q.png) ([svg](figures/q.svg))\n\n"; md.String() != want {
		t.Errorf("Markdown\n%q\nwant\n%q", md.String(), want)
	}
	if err := WritePageLaTeX(&tex, p); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\\begin{quote}\n\\textbf{Quick} run.\n\\end{quote}\n",
		"\\item a\n\\begin{itemize}\n\\item a1\n\\item a2\n\\end{itemize}\n\\item b\n\\end{itemize}\n\n\\begin{figure}"} {
		if !strings.Contains(tex.String(), want) {
			t.Errorf("LaTeX lacks %q; got\n%s", want, tex.String())
		}
	}
}

// TestLatexColumns checks the width estimate: a narrow table keeps the
// normal font, a table of long text gets paragraph columns that share the
// line, and a number column's long header wraps to the numbers' width.
func TestLatexColumns(t *testing.T) {
	narrow := &Table{Columns: []string{"a", "b"}}
	narrow.AddRow(Str("x"), Num(1, 0))
	if specs, wrap, _, size := latexColumns(narrow, 2); strings.Join(specs, "") != "lr" || size != "" || wrap[0]+wrap[1] != 0 {
		t.Errorf("narrow table: %v %v %q", specs, wrap, size)
	}
	long := strings.Repeat("word ", 40)
	wide := &Table{Columns: []string{"id", "claim", "note", "a rather long header over a number"}}
	wide.AddRow(Str("c1"), Str(long), Str(long[:100]), Num(0.5, 2))
	specs, wrap, _, size := latexColumns(wide, 4)
	share := 0.0
	for _, s := range specs[1:3] {
		var f float64
		if _, err := fmt.Sscanf(s, "p{%f\\linewidth}", &f); err != nil {
			t.Fatalf("column %q is not a paragraph column: %v", s, err)
		}
		share += f
	}
	if specs[0] != "l" || specs[3] != "r" || share > 0.95 || share < 0.5 || wrap[3] == 0 || size != "" {
		t.Errorf("wide table: %v (paragraph share %.2f), wrap %v, size %q", specs, share, wrap, size)
	}
}

// A plain title (a study file's words) is shown as written in every
// rendering: "*x*" is not emphasis, "<b>" not a tag, "#" and "%" not
// LaTeX's; a Markdown title keeps its markup.
func TestPlainTitleIsShownAsWritten(t *testing.T) {
	const title = "*x* and <b>y</b> `z` 100% #1 a_b"
	render := func(p *Page) (md, htm, tex string) {
		var a, b, c bytes.Buffer
		if err := WritePageMarkdown(&a, p); err != nil {
			t.Fatal(err)
		}
		if err := WritePageHTML(&b, p, HTMLOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := WritePageLaTeX(&c, p); err != nil {
			t.Fatal(err)
		}
		return a.String(), b.String(), c.String()
	}
	md, htm, tex := render(&Page{ID: "p", Title: Literal(title)})
	if want := "# \\*x\\* and \\<b\\>y\\</b\\> \\`z\\` 100% \\#1 a\\_b\n"; !strings.HasPrefix(md, want) {
		t.Errorf("markdown: %q, want it to begin %q", md[:min(len(md), 80)], want)
	}
	if want := "<h1>*x* and &lt;b&gt;y&lt;/b&gt; `z` 100% #1 a_b</h1>"; !strings.Contains(htm, want) || !strings.Contains(htm, "<title>"+"*x* and &lt;b&gt;y&lt;/b&gt; `z` 100% #1 a_b</title>") {
		t.Errorf("html lacks %q", want)
	}
	if !strings.Contains(tex, `\section{`) || strings.Contains(tex, `\section{\emph`) || !strings.Contains(tex, `100\%`) || !strings.Contains(tex, `\#1`) {
		t.Errorf("latex: %s", tex[:min(len(tex), 400)])
	}
	md, htm, _ = render(&Page{ID: "p", Title: "*x* `z`"})
	if !strings.HasPrefix(md, "# *x* `z`\n") || !strings.Contains(htm, "<h1><em>x</em> <code>z</code></h1>") {
		t.Errorf("a Markdown title lost its markup: %q / %q", md[:min(len(md), 40)], htm)
	}
}
