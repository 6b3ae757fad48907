package pipeline

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// unescapedPipe is a cell boundary of a Markdown table row: a pipe not
// escaped by a backslash (itself not escaped).
var unescapedPipe = regexp.MustCompile(`(^|[^\\])(\\\\)*\|`)

// TestIndexRowsKeepTitlesInTheirCells: a study's title and headline are
// one cell each of paper/README.md's table, shown as written: a title
// "A | B & C" gave a row of 4 cells under a 3-column header, a title of
// two lines split the row, and "*x*" and "<b>" were read as markup. A
// headline is gridbench's own Markdown, as its page renders it: its
// markup is kept (a command in backticks), its pipes and line breaks not.
func TestIndexRowsKeepTitlesInTheirCells(t *testing.T) {
	out := t.TempDir()
	pdir := PaperDir(out)
	if err := os.MkdirAll(pdir, 0o755); err != nil {
		t.Fatal(err)
	}
	idx := map[string]indexEntry{
		"zz-pipes": {Page: "zz-pipes.md", Title: "A | B & C", Headline: "1 | 2", Study: "a.toml"},
		"zz-lines": {Page: "zz-lines.md", Title: "multi\nline\r\ntitle", Headline: "held\nnot held", Study: "b.toml"},
		"zz-marks": {Page: "zz-marks.md", Title: "*x* and <b>y</b> `z` [l](u) a_b_c", Headline: "**h** `gridbench data`", Study: "c.toml"},
	}
	b, err := json.Marshal(idx)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pdir, "index.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeIndex(out, nil); err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(pdir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, l := range strings.Split(string(readme), "\n") {
		if !strings.HasPrefix(l, "|") {
			continue
		}
		if n := len(unescapedPipe.FindAllString(l, -1)); n != 4 {
			t.Errorf("%d cells, want 3: %q", n-1, l)
		}
		for name := range idx {
			if strings.HasPrefix(l, "| ["+name+"]") {
				rows[name] = l
			}
		}
	}
	for name, want := range map[string]string{
		"zz-pipes": `| A \| B \& C | 1 \| 2 |`,
		"zz-lines": `| multi line title | held not held |`,
		"zz-marks": "| \\*x\\* and \\<b\\>y\\</b\\> \\`z\\` \\[l\\](u) a\\_b\\_c | **h** `gridbench data` |",
	} {
		if !strings.HasSuffix(rows[name], want) {
			t.Errorf("%s: row %q, want it to end %q", name, rows[name], want)
		}
	}
}

// results/index.html shows a study's title as written too: "*x*" was
// emphasis there.
func TestHTMLIndexShowsTitlesAsWritten(t *testing.T) {
	out := t.TempDir()
	if err := os.MkdirAll(filepath.Join(out, "results"), 0o755); err != nil {
		t.Fatal(err)
	}
	idx := map[string]indexEntry{"zz": {Page: "zz.md", Title: "*x* and <b>y</b>", Headline: "**h**", Study: "c.toml"}}
	if err := writeHTMLIndex(out, idx); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(out, "results", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); !strings.Contains(s, "<td>*x* and &lt;b&gt;y&lt;/b&gt;</td>") || !strings.Contains(s, "<strong>h</strong>") {
		t.Errorf("index.html:\n%s", s)
	}
}
