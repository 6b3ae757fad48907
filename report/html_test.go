package report

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// fixtureSVG is a figure: a 200x100 box filled with figureRGB.
const fixtureSVG = `<?xml version="1.0"?>
<!-- test figure -->
<svg width="300pt" height="150pt" viewBox="0 0 300 150" xmlns="http://www.w3.org/2000/svg">
<rect x="0" y="0" width="300" height="150" style="fill:#FFFFFF"/>
<rect x="50" y="25" width="200" height="100" style="fill:#0072B2"/>
</svg>
`

// figureRGB is the colour of the fixture's box.
var figureRGB = [3]uint8{0x00, 0x72, 0xB2}

func figures(files map[string]string) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
}

func renderHTML(t *testing.T, p *Page, o HTMLOptions) string {
	t.Helper()
	var b strings.Builder
	if err := WritePageHTML(&b, p, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWritePageHTML(t *testing.T) {
	got := renderHTML(t, testPage(), HTMLOptions{
		Figure: figures(map[string]string{"figures/demo-fig1.svg": fixtureSVG}),
		Link:   func(s string) string { return "../paper/" + s },
	})
	for _, want := range []string{
		"<title>demo — a study</title>",
		"<h1>demo — a study</h1>\n<p><strong>3 of 4 held.</strong> See <code>runs.csv</code> and <a href=\"https://example.org/a_b%20c\">the paper</a>.</p>",
		"<h2>Results &amp; more</h2>\n<h3>Detail</h3>",
		"<caption>Wait (s)</caption>",
		"<th>algorithm</th><th class=\"num\">wait</th><th>note</th>",
		"<tr><td>EASY</td><td class=\"num\"><strong>1.50</strong></td><td><em>fast</em> | 50% ≤ x_1</td></tr>",
		"<p class=\"note\">Means over 20 repetitions.</p>",
		"<ul>\n<li>first <code>a_b</code></li>\n<li>second</li>\n</ul>",
		"<ol>\n<li>one</li>",
		"<figure id=\"figure-1\">\n<svg role=\"img\" aria-label=\"Figure 1: waits\" width=\"300pt\"",
		"<figcaption>Figure 1: waits</figcaption>",
		"<pre><code class=\"language-sh\">gridbench reproduce --only demo</code></pre>",
		"<h2>Claims ledger</h2>\n<p>Every claim.</p>\n<p><strong>2 claims: 1 held, 0 not held, 0 inconclusive, 1 not testable.</strong></p>",
		"<td>“FCFS is fair”</td>",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("HTML lacks %q; got\n%s", want, got)
		}
	}
	if strings.Contains(got, "<?xml") || strings.Contains(got, "test figure") {
		t.Error("the SVG's prolog was kept inside the page")
	}
	// A relative link goes through Link; an absolute one does not.
	p := &Page{ID: "l", Title: "x"}
	p.Para("[runs](../results/x/runs.csv) and [web](https://a.b/) <b>")
	got = renderHTML(t, p, HTMLOptions{Link: func(s string) string { return "up/" + s }})
	for _, want := range []string{`<a href="up/../results/x/runs.csv">runs</a>`, `<a href="https://a.b/">web</a>`, "&lt;b&gt;"} {
		if !strings.Contains(got, want) {
			t.Errorf("HTML lacks %q; got\n%s", want, got)
		}
	}
}

// Without an SVG form the image goes in as a data: URL; with neither, the
// page is refused, naming the figure.
func TestWritePageHTMLFigureFallbacks(t *testing.T) {
	p := &Page{ID: "f", Title: "f"}
	p.Add(&Figure{Path: "figures/a.png", Alt: "A"})
	got := renderHTML(t, p, HTMLOptions{Figure: figures(map[string]string{"figures/a.png": "\x89PNG"})})
	if !strings.Contains(got, `<img alt="A" src="data:image/png;base64,iVBORw==">`) {
		t.Errorf("no data: URL image:\n%s", got)
	}
	// An SVG among the links is taken.
	p.Blocks[0] = &Figure{Path: "figures/a.png", Alt: "A", Links: []string{"other/a-vector.svg"}}
	got = renderHTML(t, p, HTMLOptions{Figure: figures(map[string]string{"other/a-vector.svg": fixtureSVG})})
	if !strings.Contains(got, "<rect x=\"50\"") {
		t.Errorf("the linked SVG was not inlined:\n%s", got)
	}
	err := WritePageHTML(&strings.Builder{}, p, HTMLOptions{Figure: figures(nil)})
	if err == nil || !strings.Contains(err.Error(), "page f: figure figures/a.png") {
		t.Errorf("missing figure: %v", err)
	}
}

// oddBlock is a block kind the renderers do not know.
type oddBlock struct{}

func (*oddBlock) block() {}

func TestWritePageHTMLUnknownBlock(t *testing.T) {
	p := &Page{ID: "u", Title: "u", Blocks: []Block{&oddBlock{}}}
	if err := WritePageHTML(&strings.Builder{}, p, HTMLOptions{}); err == nil || !strings.Contains(err.Error(), "oddBlock") {
		t.Errorf("unknown block: %v", err)
	}
}

// A table's element id is its id as a file name, "table-" before it: an
// HTML id holds no space (immediate's tables are "Table 3" ...), and two
// on one page are never the same, the claims ledger's included.
func TestWritePageHTMLTableAnchors(t *testing.T) {
	p := &Page{ID: "a", Title: "a"}
	for _, id := range []string{"Table 3", "Table 3", "claims", "x/y"} {
		tb := &Table{ID: id, Columns: []string{"v"}}
		tb.AddRow(Num(1, 0))
		p.Add(tb)
	}
	p.Add(&Claims{Entries: []analysis.LedgerEntry{{ID: "c1", Quote: "q", Verdict: analysis.VerdictHeld}}})
	got := renderHTML(t, p, HTMLOptions{})
	var ids []string
	for _, part := range strings.Split(got, `<table id="`)[1:] {
		ids = append(ids, part[:strings.IndexByte(part, '"')])
	}
	want := []string{"table-Table-3", "table-Table-3-2", "table-claims", "table-x-y", "table-claims-2"}
	if !slices.Equal(ids, want) {
		t.Errorf("table ids %q, want %q", ids, want)
	}
}

// A bracket that no "(target)" follows is text, and a link after it in
// the same paragraph is a link of its own (the text up to the line's
// first "](" was taken as one link: "x] and [y").
func TestHTMLInlineBracketBeforeLink(t *testing.T) {
	for in, want := range map[string]string{
		"[x] and [y](u)":        `[x] and <a href="u">y</a>`,
		"[x] [y] then [z](a/b)": `[x] [y] then <a href="a/b">z</a>`,
		"[a [b] c](u) [d]":      `<a href="u">a [b] c</a> [d]`,
		`[x\]](u)`:              `<a href="u">x]</a>`,
		"[x] (u)":               "[x] (u)",
		"[x](u":                 "[x](u",
	} {
		if got := (HTMLOptions{}).inline(in); got != want {
			t.Errorf("inline(%q) = %q, want %q", in, got, want)
		}
	}
}
