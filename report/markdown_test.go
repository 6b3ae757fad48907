package report

import (
	"strings"
	"testing"
)

// A line break in a cell or in the page's title folds to a space: it
// ended the table row (the rest of the cell became a paragraph) or the
// heading.
func TestMarkdownFoldsLineBreaks(t *testing.T) {
	tb := &Table{Columns: []string{"a", "b"}}
	tb.AddRow(Str("one\ntwo"), Str("x | y\r\nz"))
	var b strings.Builder
	if err := WriteMarkdown(&b, tb); err != nil {
		t.Fatal(err)
	}
	if want := "| one two | x \\| y z |\n"; !strings.Contains(b.String(), want) {
		t.Errorf("table %q lacks the row %q", b.String(), want)
	}
	b.Reset()
	if err := WritePageMarkdown(&b, &Page{ID: "p", Title: "multi\nline"}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "# multi line\n\n") {
		t.Errorf("page %q: want the heading on one line", b.String())
	}
	if got, want := MarkdownLiteral("*x* | <b>\ny"), `\*x\* \| \<b\> y`; got != want {
		t.Errorf("MarkdownLiteral = %q, want %q", got, want)
	}
}
